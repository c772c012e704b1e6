import { runHostileClient } from './scenarios/hostile-client.scenario';
import { daemonPerFile } from '@tickler/testing';

const shared = daemonPerFile({ build: true, tempPrefix: 'tickler-rel-' });

describe('scenario 13: a hostile client against the real daemon (fast variant)', () => {
  it('refuses huge arrays and deep nesting in every body field with 400, closes slow unauthenticated clients, caps streams and connections, and exits when its pipe reader does', async () => {
    const result = await runHostileClient(shared.daemon, {
      slowConnections: 50,
      authenticatedSlowloris: false,
      streams: 20,
      idleConnections: 280,
    });
    expect(result.violations).toEqual([]);
  }, 120_000);
});
