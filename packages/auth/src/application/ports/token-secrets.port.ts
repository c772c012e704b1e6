/** Bearer secrets: made, hashed for storage and compared (handlers never touch `crypto`). */
export interface TokenSecrets {
  /** A new bearer secret (URL-safe text). */
  generate(): string;
  /** What is stored for a token: a one-way hash. */
  hash(token: string): string;
  /** Constant-time equality of two secrets. */
  same(a: string, b: string): boolean;
}
