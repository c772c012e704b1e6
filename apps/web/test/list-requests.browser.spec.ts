import { type Request } from 'playwright-core';
import { issueToken, newPage, signInByPasting, useWebSuite } from './support/web-daemon';

// Issue 31: every change the page made loaded its lists twice — once because it asked, once
// because the event stream then reported the change. Counted here on the wire, in Chromium
// against the real daemon.

const suite = useWebSuite();

/** A GET of one of the page's lists (the reminders by status, the inbox). */
const isListRead = (request: Request) =>
  request.method() === 'GET' && /\/v1\/users\/[^/]+\/(notifications|inbox)\?/.test(request.url());

describe('list reads per change', () => {
  it('reloads once for a change the page made, and once for a change made elsewhere', async () => {
    const token = await issueToken(suite.admin, 'counter');
    const { context, page } = await newPage(suite.browser);
    await signInByPasting(page, suite.daemon.url, token);
    await page.getByText('Nothing scheduled').waitFor();
    const reads: string[] = [];
    page.on('request', (request) => {
      if (isListRead(request)) {
        reads.push(new URL(request.url()).search);
      }
    });

    await page.getByLabel('What').fill('call mum');
    await page.getByLabel('When').fill('in 3 hours');
    await page.getByRole('button', { name: 'Remind me' }).click();
    await page.getByRole('listitem').filter({ hasText: 'call mum' }).waitFor();
    // Past the page's 150 ms coalescing of events, so that the event of its own change is not
    // folded into the next one's reload (a slower machine only separates them more).
    await page.waitForTimeout(500);
    // A change from elsewhere (the CLI, another tab): its event is the page's only news of it.
    // Events arrive in order, so once it shows, the event of the page's own change was read.
    const elsewhere = await suite.admin.post('/v1/users/counter/notifications', {
      title: 'from the CLI',
      message: '',
      scheduledAt: new Date(Date.now() + 7_200_000).toISOString(),
    });
    expect(elsewhere.status).toBe(201);
    await page.getByRole('listitem').filter({ hasText: 'from the CLI' }).waitFor();

    // One reload each: the scheduled, sent and canceled lists and the inbox (no missed list:
    // the daemon's inbox notice says what was missed).
    const oneReload = [
      '?status=scheduled&limit=200',
      '?status=sent&limit=200',
      '?status=canceled&limit=200',
      '?limit=200',
    ].sort();
    expect(reads.sort()).toEqual([...oneReload, ...oneReload].sort());
    await context.close();
  });
});
