import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchStats } from '../src/lib/batcher.js';
import { startHarness, type Harness } from './harness.js';

/**
 * Bearer checks and wallet reads of concurrent requests share round trips on a PostgreSQL server
 * (session and wallet repositories, lib/batcher.ts). Sharing must never mix callers up: each request
 * gets its own member, its own merchant's view, and a token shown to the wrong site is refused, as
 * when each asks alone. Runs on both engines; on PostgreSQL it also checks that the asks were grouped.
 */
describe('requests that arrive together', () => {
  let h: Harness;
  let demo: string;
  let lotus: string;
  beforeAll(async () => {
    h = await startHarness();
    demo = await h.login('demo01', 'Demo1234');
    lotus = await h.login('lotus01', 'Lotus1234', 'lotus.localhost');
  });
  afterAll(() => h?.close());

  it('each get their own member and merchant, and a token on the wrong site is refused', async () => {
    const currencies = {
      demo: (await h.call({ method: 'GET', url: '/wps/member/info', token: demo })).json().value.currency,
      lotus: (await h.call({ method: 'GET', url: '/wps/member/info', token: lotus, host: 'lotus.localhost' })).json().value.currency,
    };
    expect(currencies.demo).not.toBe(currencies.lotus);
    const before = batchStats()['session-lookup'] ?? { items: 0, groups: 0 };
    const asks = Array.from({ length: 10 }, (_, i) =>
      i % 3 === 0
        ? { token: demo, host: 'localhost', who: 'demo01' }
        : i % 3 === 1
          ? { token: lotus, host: 'lotus.localhost', who: 'lotus01' }
          : { token: i % 2 ? demo : lotus, host: i % 2 ? 'lotus.localhost' : 'localhost', who: null },
    );
    const answers = await Promise.all(
      asks.map(async (a) => {
        const [info, funds] = await Promise.all([
          h.call({ method: 'GET', url: '/wps/member/info', token: a.token, host: a.host }),
          h.call({ method: 'GET', url: '/wps/member/info/funds/consolidated', token: a.token, host: a.host }),
        ]);
        return { a, info, funds };
      }),
    );
    for (const { a, info, funds } of answers) {
      if (a.who === null) {
        expect(info.statusCode).toBe(401);
        expect(funds.statusCode).toBe(401);
        continue;
      }
      expect(info.statusCode).toBe(200);
      expect(info.json().value.account).toBe(a.who);
      expect(funds.statusCode).toBe(200);
      // Each sees its own merchant's currency, as in its member record.
      expect(funds.json().value.currency).toBe(info.json().value.currency);
      expect(funds.json().value.currency).toBe(a.who === 'demo01' ? currencies.demo : currencies.lotus);
    }
    if (h.database.kind === 'postgres') {
      const after = batchStats()['session-lookup'];
      expect(after.items - before.items).toBeGreaterThanOrEqual(20);
      expect(after.groups - before.groups).toBeLessThan(after.items - before.items);
    }
  });

  it('a signed-out token is refused at once, also when it shares a round trip with live ones', async () => {
    const gone = await h.login('demo01', 'Demo1234');
    expect((await h.call({ method: 'DELETE', url: '/wps/session/logout', token: gone })).statusCode).toBe(200);
    const [dead, alive] = await Promise.all([
      h.call({ method: 'GET', url: '/wps/v2/wallets/balance', token: gone }),
      h.call({ method: 'GET', url: '/wps/v2/wallets/balance', token: demo }),
    ]);
    expect(dead.statusCode).toBe(401);
    expect(alive.statusCode).toBe(200);
  });
});
