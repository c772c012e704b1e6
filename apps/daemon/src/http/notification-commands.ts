import {
  CancelNotification,
  DeleteNotification,
  DeliverDueNotifications,
  GetNotification,
  ListInbox,
  ListNotifications,
  ListSubscriptions,
  MarkInboxRead,
  ReconcileScheduled,
  RegisterSubscription,
  RemoveSubscription,
  RescheduleNotification,
  ResumeSubscription,
  SendNotification,
  SendNotificationNow,
  SendNotifications,
} from '@tickler/notifications';

/**
 * Command types the HTTP routes dispatch, by their stable `static type` (the bus routes by it,
 * and the command's class-validator rules validate the body).
 */
export const NOTIFICATION_COMMANDS = {
  send: SendNotification.type,
  sendMany: SendNotifications.type,
  list: ListNotifications.type,
  get: GetNotification.type,
  reschedule: RescheduleNotification.type,
  cancel: CancelNotification.type,
  delete: DeleteNotification.type,
  sendNow: SendNotificationNow.type,
  deliverDue: DeliverDueNotifications.type,
  inboxList: ListInbox.type,
  inboxMarkRead: MarkInboxRead.type,
  subscriptionRegister: RegisterSubscription.type,
  subscriptionResume: ResumeSubscription.type,
  subscriptionList: ListSubscriptions.type,
  subscriptionRemove: RemoveSubscription.type,
  reconcile: ReconcileScheduled.type,
} as const;
