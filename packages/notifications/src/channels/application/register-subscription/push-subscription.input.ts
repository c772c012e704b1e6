import { Type } from 'class-transformer';
import {
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** The keys of a browser's PushSubscription (RFC 8291). */
export class PushKeysInput {
  /** The browser's ECDH public key: base64url of a 65-byte uncompressed P-256 point. */
  @IsString()
  @MaxLength(100)
  @Matches(BASE64URL, { message: 'p256dh must be base64url text' })
  p256dh!: string;

  /** The authentication secret: base64url of 16 bytes. */
  @IsString()
  @MaxLength(100)
  @Matches(BASE64URL, { message: 'auth must be base64url text' })
  auth!: string;
}

/**
 * A browser's PushSubscription as `subscription.toJSON()` gives it. The shape is checked here;
 * the push adapter checks the rest when it prepares the target (the key lengths, the point on
 * the curve, the address rule for the endpoint).
 */
export class PushSubscriptionInput {
  /** The push resource at the browser vendor's push service (https). */
  @IsString()
  @MaxLength(2048)
  @Matches(/^https:\/\//, { message: 'endpoint must be an https URL' })
  endpoint!: string;

  /** When the browser will drop the subscription (ms since epoch), or null; not stored. */
  @IsOptional() @IsNumber() expirationTime?: number | null;

  @ValidateNested()
  @Type(() => PushKeysInput)
  keys!: PushKeysInput;
}
