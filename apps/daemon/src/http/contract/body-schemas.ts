import { IssueUserToken, StartSession } from '@tickler/auth';
import {
  CancelNotification,
  UncancelNotification,
  DeleteNotification,
  DeliverDueNotifications,
  DigestInput,
  MarkInboxRead,
  NotificationSourceInput,
  PlannedNotificationInput,
  PushKeysInput,
  ParseTime,
  PushSubscriptionInput,
  QuietHoursInput,
  ReconcileScheduled,
  RepeatInput,
  RegisterSubscription,
  RemoveSubscription,
  RescheduleNotification,
  ResumeSubscription,
  ConfirmSubscription,
  SendNotification,
  SendNotificationNow,
  SendNotifications,
  SnoozeInboxItem,
  UpdateRecipientProfile,
} from '@tickler/notifications';
import { MIGRATE_BODY_SCHEMA } from '../../migrate/migrate-request';
import { type Schema } from '../route';
import { CALENDAR_BODY_SCHEMAS } from './calendar-schemas';
import { bodyOf, classSchema, ref } from './command-schemas';

const RECIPIENT = ['recipientId'];
const RECIPIENT_AND_ID = ['recipientId', 'id'];

/**
 * Every request body by its name in `components.schemas`, each derived from the command the
 * route dispatches (see command-schemas.ts): a field added to a command appears here, in the
 * OpenAPI document and in the bad-input fuzzer without another edit.
 */
export const BODY_SCHEMAS: Readonly<Record<string, Schema>> = {
  SendNotificationBody: bodyOf(SendNotification, { fromPath: RECIPIENT }),
  EditNotificationBody: bodyOf(RescheduleNotification, { fromPath: RECIPIENT_AND_ID }),
  CancelNotificationBody: bodyOf(CancelNotification, { fromPath: RECIPIENT_AND_ID }),
  UncancelNotificationBody: bodyOf(UncancelNotification, { fromPath: RECIPIENT_AND_ID }),
  DeleteNotificationBody: bodyOf(DeleteNotification, { fromPath: RECIPIENT_AND_ID }),
  SendNotificationNowBody: bodyOf(SendNotificationNow, { fromPath: RECIPIENT_AND_ID }),
  MarkInboxReadBody: bodyOf(MarkInboxRead, { fromPath: ['recipientId', 'inboxId'] }),
  SnoozeInboxItemBody: bodyOf(SnoozeInboxItem, { fromPath: ['recipientId', 'inboxId'] }),
  RegisterSubscriptionBody: bodyOf(RegisterSubscription, { fromPath: RECIPIENT }),
  ResumeSubscriptionBody: bodyOf(ResumeSubscription, { fromPath: RECIPIENT_AND_ID }),
  ConfirmSubscriptionBody: bodyOf(ConfirmSubscription, { fromPath: RECIPIENT_AND_ID }),
  RemoveSubscriptionBody: bodyOf(RemoveSubscription, { fromPath: RECIPIENT_AND_ID }),
  IssueUserTokenBody: bodyOf(IssueUserToken, { fromPath: ['userId'] }),
  StartSessionBody: bodyOf(StartSession),
  DeliverDueBody: bodyOf(DeliverDueNotifications),
  ReconcileBody: bodyOf(ReconcileScheduled),
  // At the HTTP boundary the person is the user: a batch item and a plan entry name their
  // recipient `userId` (user-naming.ts translates both ways).
  BatchItem: bodyOf(SendNotification, { rename: { recipientId: 'userId' } }),
  SendNotificationsBody: bodyOf(SendNotifications, {
    replace: { items: (items) => ({ ...items, items: ref('BatchItem') }) },
  }),
  NotificationSourceInput: classSchema(NotificationSourceInput),
  RepeatInput: classSchema(RepeatInput),
  ParseTimeBody: bodyOf(ParseTime),
  PushSubscriptionInput: classSchema(PushSubscriptionInput),
  PushKeysInput: classSchema(PushKeysInput),
  UpdateProfileBody: bodyOf(UpdateRecipientProfile, { fromPath: RECIPIENT }),
  QuietHoursInput: classSchema(QuietHoursInput),
  DigestInput: classSchema(DigestInput),
  PlannedNotificationInput: bodyOf(PlannedNotificationInput, { rename: { recipientId: 'userId' } }),
  ...CALENDAR_BODY_SCHEMAS,
  MigrateDatabaseBody: MIGRATE_BODY_SCHEMA,
};
