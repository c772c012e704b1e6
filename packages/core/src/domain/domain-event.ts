/**
 * An immutable fact recorded by an aggregate. Plain data only, so it can be stored in the
 * queue for durable subscribers and streamed to clients without serialisation surprises.
 */
export interface DomainEvent<TPayload extends object = Record<string, unknown>> {
  /** Unique id of this event (used by projectors to ignore redeliveries). */
  readonly eventId: string;
  /** Stable routing name, e.g. `notifications.sent`. Never a class name. */
  readonly type: string;
  /** Id of the aggregate that recorded the event. */
  readonly aggregateId: string;
  /** When it happened: ISO-8601 UTC text as written by `toIsoUtc`. */
  readonly occurredAt: string;
  /** Plain values describing what happened (never the aggregate itself). */
  readonly payload: TPayload;
}
