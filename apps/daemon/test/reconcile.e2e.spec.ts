import { type NotificationJson, type Page } from '@tickler/notifications';
import { daemonPerFile, type ErrorBody } from '@tickler/testing';

const shared = daemonPerFile();

const at = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString();

describe('POST /v1/reconcile', () => {
  it('creates, leaves unchanged, patches and withdraws by (user, sourceKey, rule)', async () => {
    const plan = [
      {
        userId: 'amy',
        sourceKey: 'bins-1',
        title: 'Bins',
        message: 'out tonight',
        scheduledAt: at(1),
      },
      {
        userId: 'ben',
        sourceKey: 'bins-1',
        title: 'Bins',
        message: 'out tonight',
        scheduledAt: at(1),
      },
      {
        userId: 'amy',
        sourceKey: 'party',
        title: 'Party',
        message: 'in an hour',
        eventAt: at(3),
        rule: 'lead:3600',
      },
    ];
    const first = await shared.api.post('/v1/reconcile', { sourceApp: 'household', planned: plan });
    expect(first).toMatchObject({
      status: 200,
      body: { created: 3, updated: 0, unchanged: 0, withdrawn: 0 },
    });
    const again = await shared.api.post('/v1/reconcile', { sourceApp: 'household', planned: plan });
    expect(again.body).toMatchObject({ created: 0, updated: 0, unchanged: 3, withdrawn: 0 });

    const amy = await shared.api.get<Page<NotificationJson>>('/v1/users/amy/notifications');
    const party = amy.body.items.find((n) => n.title === 'Party')!;
    expect(Date.parse(party.scheduledAt!)).toBe(Date.parse(plan[2]!.eventAt!) - 3_600_000);
    expect(party.source).toMatchObject({ app: 'household', key: 'party', rule: 'lead:3600' });

    const changed = await shared.api.post('/v1/reconcile', {
      sourceApp: 'household',
      planned: [{ ...plan[0]!, message: 'out NOW' }, plan[2]],
    });
    expect(changed.body).toMatchObject({ created: 0, updated: 1, unchanged: 1, withdrawn: 1 });
    const ben = await shared.api.get<Page<NotificationJson>>('/v1/users/ben/notifications');
    expect(ben.body.items.map((n) => n.status)).toEqual(['canceled']);
  });

  it('answers 400 naming every bad entry field, and changes nothing', async () => {
    const res = await shared.api.post<ErrorBody>('/v1/reconcile', {
      sourceApp: 'household',
      planned: [
        { userId: 'amy', sourceKey: 'x', title: 'ok', message: '', scheduledAt: at(1) },
        { userId: 'no spaces', sourceKey: '', title: 'bad', message: '', scheduledAt: 'soon' },
      ],
    });
    expect(res.status).toBe(400);
    const paths = res.body.error.fields!.map((f) => f.path);
    expect(paths).toEqual(
      expect.arrayContaining(['planned.1.userId', 'planned.1.sourceKey', 'planned.1.scheduledAt']),
    );
    const amy = await shared.api.get<Page<NotificationJson>>('/v1/users/amy/notifications');
    expect(amy.body.items.some((n) => n.source?.key === 'x')).toBe(false);
  });

  it('answers 400 for a bad lead rule', async () => {
    const res = await shared.api.post<ErrorBody>('/v1/reconcile', {
      sourceApp: 'household',
      planned: [
        {
          userId: 'amy',
          sourceKey: 'r',
          title: 't',
          message: '',
          eventAt: at(2),
          rule: 'an hour before',
        },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields!.length).toBeGreaterThan(0);
  });
});
