import { randomBytes } from 'node:crypto';
import { injectable } from 'inversify';
import { type SecretGenerator } from '../application/ports/secret-generator.port';

/** 256 random bits, base64url: the webhook signing secret. */
@injectable()
export class RandomSecretGenerator implements SecretGenerator {
  next(): string {
    return `whsec_${randomBytes(32).toString('base64url')}`;
  }
}
