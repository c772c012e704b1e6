import { DeliverDueNotifications } from '../delivery/application/deliver-due-notifications/deliver-due-notifications.command';
import { DeliverDueNotificationsHandler } from '../delivery/application/deliver-due-notifications/deliver-due-notifications.handler';
import { DueTimeRules } from '../delivery/application/deliver-due-notifications/due-time-rules';
import { MissedNotices } from '../delivery/application/deliver-due-notifications/missed-notices';
import { SendNotificationHandler } from '../delivery/application/send-notification/send-notification.handler';
import { sendHandlerFakes } from './handler-fixtures';

/**
 * The create and dispatch handlers on one set of fakes (profiles included), the clock at `now`:
 * `send` creates, `run` is one dispatcher run. For the tests of the profile's rules.
 */
export function dispatcherFakes(now: string) {
  const fakes = sendHandlerFakes({}, now);
  const send = new SendNotificationHandler(...fakes.args, fakes.series.port);
  const deliver = new DeliverDueNotificationsHandler(
    fakes.uow,
    fakes.clock,
    fakes.deliveries,
    fakes.wakeUp,
    fakes.channels.firing,
    fakes.options,
    new MissedNotices(fakes.ids, fakes.inbox),
    new DueTimeRules(fakes.ids, fakes.rules, fakes.deliveries, fakes.options),
  );
  const run = () => deliver.execute(new DeliverDueNotifications());
  return { ...fakes, send, run };
}
