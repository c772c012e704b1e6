import {
  type Clock,
  type CommandHandler,
  CORE_TOKENS,
  parseInstant,
  toIsoUtc,
} from '@tickler/core';
import { inject, injectable } from 'inversify';
import { NOTIFICATIONS_TOKENS } from '../../../shared/notifications.tokens';
import { loadOwnedDelivery } from '../ports/load-owned-delivery';
import { toNotificationView } from '../notification-view.mapper';
import { channelsOf } from '../send-notification/new-delivery-of';
import { type NotificationView } from '../../../shared/application/notification.view';
import { type NotificationDeliveryRepository } from '../ports/notification-delivery.repository';
import { type TransactionRunner } from '../../../shared/application/ports/transaction-runner.port';
import { type DeliveryWakeUp } from '../../../shared/application/ports/wake-up.port';
import { InvalidArgumentError } from '@tickler/core/domain';
import { type RecurringSeries } from '../ports/recurring-series.port';
import { SERIES_TOKENS } from '../../../shared/series.tokens';
import { checkWhenFields, resolveWhenField } from '../when-field';
import { CancelNotification } from '../cancel-notification/cancel-notification.command';
import { CancelNotificationHandler } from '../cancel-notification/cancel-notification.handler';
import { RescheduleNotification } from './reschedule-notification.command';

/** The fields that edit a row; none may come with `status: "canceled"`. */
const EDIT_FIELDS = [
  'title',
  'message',
  'url',
  'scheduledAt',
  'when',
  'timeZone',
  'channels',
  'channel',
  'repeat',
] as const;

/** Handles `RescheduleNotification`: edits the scheduled delivery and, when its instant moved, the wake-up, in one transaction. */
@injectable()
export class RescheduleNotificationHandler implements CommandHandler<RescheduleNotification> {
  static readonly handles = RescheduleNotification;

  constructor(
    @inject(CORE_TOKENS.UnitOfWork) private readonly uow: TransactionRunner,
    @inject(CORE_TOKENS.Clock) private readonly clock: Clock,
    @inject(NOTIFICATIONS_TOKENS.DeliveryRepository)
    private readonly deliveries: NotificationDeliveryRepository,
    @inject(NOTIFICATIONS_TOKENS.WakeUp) private readonly wakeUp: DeliveryWakeUp,
    @inject(SERIES_TOKENS.RecurringSeries) private readonly series: RecurringSeries,
    @inject(CancelNotificationHandler) private readonly canceler: CancelNotificationHandler,
  ) {}

  execute(command: RescheduleNotification): Promise<NotificationView> {
    if (command.status === 'canceled') {
      return this.cancel(command);
    }
    return this.uow.run(async (tx) => {
      checkWhenFields(RescheduleNotification.type, command);
      const delivery = await loadOwnedDelivery(
        this.deliveries,
        tx,
        command.recipientId,
        command.id,
        // The row lock first, as the dispatcher takes it (see loadOwnedDelivery).
        { forUpdate: true },
      );
      const loadedStatus = delivery.status;
      const channels = channelsOf(command);
      const content = {
        ...(command.title !== undefined ? { title: command.title } : {}),
        ...(command.message !== undefined ? { message: command.message } : {}),
        ...(command.url !== undefined ? { url: command.url === '' ? null : command.url } : {}),
        ...(channels !== undefined ? { channels } : {}),
      };
      const now = toIsoUtc(this.clock.now());
      const resolved = await resolveWhenField(command, now, () =>
        this.series.zoneOf(tx, command.recipientId),
      );
      const answer = (view: NotificationView): NotificationView =>
        resolved === undefined ? view : { ...view, resolvedWhen: resolved };
      const scheduledAt = resolved?.instant ?? command.scheduledAt;
      const series = await this.series.seriesOf(tx, delivery.id);
      // "This one" unless the person says otherwise (issue 31); a new repeat can only mean the
      // series, so it takes the series when no scope is given.
      const scope = command.scope ?? (command.repeat !== undefined ? 'series' : 'this');
      if (series !== undefined && scope === 'series') {
        const edit = { content, repeat: command.repeat, scheduledAt };
        const edited = await series.edit(tx, delivery, edit, now);
        return answer({ ...toNotificationView(edited), repeat: series.view() });
      }
      if (series !== undefined && command.repeat !== undefined) {
        throw new InvalidArgumentError(
          'scope',
          'a new repeat changes the series: give scope "series"',
        );
      }
      delivery.reschedule(
        {
          ...content,
          ...(scheduledAt !== undefined
            ? { scheduledAt: parseInstant(scheduledAt, 'scheduledAt') }
            : {}),
        },
        now,
      );
      await this.deliveries.save(tx, delivery, { status: loadedStatus });
      if (scheduledAt !== undefined && delivery.dueAt !== null) {
        await this.wakeUp.wakeAt(tx, delivery.dueAt);
      }
      tx.recordEvents(delivery.pullEvents());
      if (command.repeat !== undefined) {
        // A new series named in no zone follows the zone `when` was read in.
        const repeat = {
          ...command.repeat,
          timeZone: command.repeat.timeZone ?? resolved?.timeZone,
        };
        const started = await this.series.startOn(tx, delivery, repeat, now);
        return answer({ ...toNotificationView(delivery), repeat: started.view() });
      }
      return answer(toNotificationView(delivery));
    });
  }

  /** `PATCH {status: "canceled"}`: the cancel command's rules and answer, nothing edited with it. */
  private async cancel(command: RescheduleNotification): Promise<NotificationView> {
    const edited = EDIT_FIELDS.find((field) => command[field] !== undefined);
    if (edited !== undefined) {
      throw new InvalidArgumentError(
        edited,
        `status "canceled" cancels the notification: send ${edited} in another request`,
      );
    }
    const cancel = Object.assign(new CancelNotification(), {
      recipientId: command.recipientId,
      id: command.id,
      ...(command.scope !== undefined ? { scope: command.scope } : {}),
    });
    return this.canceler.execute(cancel);
  }
}
