import { InMemoryDueInstants, sendHandlerFakes, sendCommand } from '../../../testing';
import { SendNotificationHandler } from '../send-notification/send-notification.handler';
import { CheckDueNotifications } from './check-due-notifications.command';
import { CheckDueNotificationsHandler } from './check-due-notifications.handler';

const T0 = '2026-09-10T08:30:00.000Z';
const at = (ms: number): string => new Date(Date.parse(T0) + ms).toISOString();

function setup() {
  const fakes = sendHandlerFakes({}, T0);
  const { clock, uow, deliveries, inbox, wakeUp, channels } = fakes;
  const send = new SendNotificationHandler(...fakes.args, fakes.series.port);
  const check = new CheckDueNotificationsHandler(
    uow,
    clock,
    new InMemoryDueInstants(deliveries, channels.sends),
    wakeUp,
    channels.sendsWakeUp,
  );
  return { clock, uow, deliveries, inbox, wakeUp, send, check };
}

describe('CheckDueNotifications (the minutely safety net)', () => {
  it('only checks: nothing due leaves the deliveries alone and moves the wake-up to the next instant', async () => {
    const t = setup();
    await t.send.execute(sendCommand({ scheduledAt: at(5000) }));
    t.wakeUp.calls.length = 0;
    const result = await t.uow.run(() => t.check.execute(new CheckDueNotifications()));
    expect(result).toEqual({ nextDueAt: at(5000), overdue: false });
    expect(t.wakeUp.calls).toEqual([at(5000)]);
  });

  it('hands what is due to the wake-up at its past instant instead of sending it', async () => {
    const t = setup();
    const { delivery } = await t.send.execute(sendCommand({ scheduledAt: at(1000) }));
    t.clock.set(at(2000));
    t.wakeUp.calls.length = 0;
    expect(await t.uow.run(() => t.check.execute(new CheckDueNotifications()))).toEqual({
      nextDueAt: at(1000),
      overdue: true,
    });
    expect(t.wakeUp.calls).toEqual([at(1000)]);
    expect(t.inbox.items).toEqual([]);
    expect((await t.deliveries.findById(null, delivery.id))?.status).toBe('scheduled');
  });

  it('with nothing live plans nothing, and runs in a transaction of its own when none is open', async () => {
    const t = setup();
    let joined: boolean | undefined;
    const run = t.uow.run.bind(t.uow);
    t.uow.run = (work) => {
      joined ??= t.uow.active() !== undefined;
      return run(work);
    };
    expect(await t.check.execute(new CheckDueNotifications())).toEqual({
      nextDueAt: null,
      overdue: false,
    });
    expect(joined).toBe(false);
    expect(t.wakeUp.calls).toEqual([]);
  });
});
