/** Makes webhook signing secrets (the domain and handlers never touch `crypto`). */
export interface SecretGenerator {
  /** A new random secret, URL-safe text. */
  next(): string;
}
