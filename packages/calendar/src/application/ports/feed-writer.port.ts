/** One scheduled reminder as the feed shows it. */
export interface FeedItem {
  readonly id: string;
  readonly title: string;
  readonly message: string;
  readonly url: string | null;
  /** ISO UTC. */
  readonly scheduledAt: string;
  readonly updatedAt: string;
  /** The producer app (`calendar`, …) or null for a person's own reminder. */
  readonly app: string | null;
}

/** Writes the iCalendar text of a person's feed. */
export interface FeedWriter {
  write(items: readonly FeedItem[], name: string): string;
}

/** Feed tokens: made at random, stored only as a hash. */
export interface FeedSecrets {
  generate(): string;
  hash(token: string): string;
}
