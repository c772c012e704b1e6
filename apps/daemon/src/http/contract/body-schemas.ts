import {
  DigestInput,
  EscalateInput,
  FallbackInput,
  NotificationSourceInput,
  PlannedNotificationInput,
  PreferenceInput,
  PushKeysInput,
  PushSubscriptionInput,
  QuietHoursInput,
  RepeatInput,
  SendNotification,
} from '@tickler/notifications';
import { MIGRATE_BODY_SCHEMA } from '../../migrate/migrate-request';
import { type Schema } from '../route';
import { bodyOf, classSchema } from './command-schemas';

/**
 * The request schemas that are no route's own body: nested inputs (`$ref`ed from the commands'
 * schemas), a batch's item, and bodies that are no command. A route's body is declared on the
 * route as the command it dispatches (`RouteSpec.requestBody`, see openapi.ts): a field added
 * to a command appears in the OpenAPI document and the bad-input fuzzer without another edit.
 */
export const BODY_SCHEMAS: Readonly<Record<string, Schema>> = {
  // At the HTTP boundary the person is the user: a batch item and a plan entry name their
  // recipient `userId` (user-naming.ts translates both ways).
  BatchItem: bodyOf(SendNotification, { rename: { recipientId: 'userId' } }),
  NotificationSourceInput: classSchema(NotificationSourceInput),
  RepeatInput: classSchema(RepeatInput),
  EscalateInput: classSchema(EscalateInput),
  FallbackInput: classSchema(FallbackInput),
  PushSubscriptionInput: classSchema(PushSubscriptionInput),
  PushKeysInput: classSchema(PushKeysInput),
  QuietHoursInput: classSchema(QuietHoursInput),
  DigestInput: classSchema(DigestInput),
  PreferenceInput: classSchema(PreferenceInput),
  PlannedNotificationInput: bodyOf(PlannedNotificationInput, { rename: { recipientId: 'userId' } }),
  MigrateDatabaseBody: MIGRATE_BODY_SCHEMA,
};
