import { describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { VENDOR_DEV_SECRET as SERVER_DEV_SECRET } from '../../server/src/config.js';
import { GAMES, gameView, playRound } from './games.js';
import { LANGS } from './texts.js';
import { createSim } from './server.js';
import { sign, verify, VENDOR_DEV_SECRET } from './signing.js';
import { transferStore } from './transfer.js';
import { betLog, betLogCall } from './bet-log.js';

describe('signing', () => {
  it('matches the example of docs/vendor-protocol.md', () => {
    const body = '{"token":"q0vXn3o2b1Qm0yq4nBvJ8zQ2m6c0lZr5hX2lYb3c9sE","transactionId":"TX-1001","roundId":"R-77","amount":"12.50","currency":"USD"}';
    expect(sign('example-vendor-secret-0001', body)).toBe('e742df170d7da74c168a066bb6c62dd87831311e08a6954e175099d8e2043276');
    expect(verify('example-vendor-secret-0001', body, 'E742DF170D7DA74C168A066BB6C62DD87831311E08A6954E175099D8E2043276')).toBe(true);
    expect(verify('example-vendor-secret-0001', body + ' ', sign('example-vendor-secret-0001', body))).toBe(false);
    expect(verify('example-vendor-secret-0001', body, 'nothex')).toBe(false);
  });
  it('uses the same development secret as the portal', () => expect(VENDOR_DEV_SECRET).toBe(SERVER_DEV_SECRET));
});

describe('transfer store', () => {
  const dep = (id: string, amount = '10.00', playerId = 'p1') => ({ playerId, transactionId: id, amount, currency: 'USD' });
  it('applies a deposit once per transaction id and refuses a different request under the same id', () => {
    const s = transferStore();
    const a = s.handle('AG', 'deposit', dep('T1'));
    const b = s.handle('AG', 'deposit', dep('T1'));
    expect(a).toEqual(b);
    expect(s.balanceOf('AG', 'p1')).toBe(1000n);
    expect(s.handle('AG', 'deposit', dep('T1', '11.00'))).toMatchObject({ http: 409, body: { code: 'TRANSACTION_CONFLICT' } });
    expect(s.balanceOf('BBIN', 'p1')).toBe(0n);
  });
  it('refuses a withdrawal beyond the balance, and keeps the refusal for the id', () => {
    const s = transferStore();
    s.handle('AG', 'deposit', dep('T1', '5.00'));
    expect(s.handle('AG', 'withdraw', dep('W1', '6.00'))).toMatchObject({ http: 402, body: { code: 'INSUFFICIENT_FUNDS', balance: '5.00' } });
    s.handle('AG', 'deposit', dep('T2', '5.00'));
    expect(s.handle('AG', 'withdraw', dep('W1', '6.00'))).toMatchObject({ http: 402 });
    expect(s.handle('AG', 'withdraw', dep('W2', '6.00'))).toMatchObject({ http: 200, body: { balance: '4.00' } });
    expect(s.handle('AG', 'status', { transactionId: 'W1' })).toMatchObject({ body: { state: 'refused' } });
  });
  it('answers PLAYER_UNKNOWN for the balance of a player it holds no wallet for (never credited, or forgotten in a restart)', () => {
    const s = transferStore();
    expect(s.handle('AG', 'balance', { playerId: 'p1' })).toMatchObject({ http: 404, body: { status: 'ERROR', code: 'PLAYER_UNKNOWN' } });
    // A session alone opens no wallet.
    s.handle('AG', 'session', { playerId: 'p1', token: 'tok-p1-0000000000000', currency: 'USD' });
    expect(s.handle('AG', 'balance', { playerId: 'p1' })).toMatchObject({ http: 404, body: { code: 'PLAYER_UNKNOWN' } });
    s.handle('AG', 'deposit', dep('T1', '5.00'));
    s.handle('AG', 'withdraw', dep('W1', '5.00'));
    // Emptied is still known: "0.00".
    expect(s.handle('AG', 'balance', { playerId: 'p1' })).toMatchObject({ http: 200, body: { status: 'OK', balance: '0.00', currency: 'USD' } });
    s.forget('AG', 'p1');
    expect(s.handle('AG', 'balance', { playerId: 'p1' })).toMatchObject({ http: 404, body: { code: 'PLAYER_UNKNOWN' } });
  });
  it('simulates timeouts (not applied), lost answers (applied) and failures, for the next N calls', () => {
    const s = transferStore();
    s.setFault('timeout', 1);
    expect(s.handle('AG', 'deposit', dep('T1'))).toEqual({ http: 'hang' });
    expect(s.handle('AG', 'status', { transactionId: 'T1' })).toMatchObject({ body: { state: 'unknown' } });
    s.setFault('lost', 1);
    expect(s.handle('AG', 'deposit', dep('T2'))).toEqual({ http: 'hang' });
    expect(s.handle('AG', 'status', { transactionId: 'T2' })).toMatchObject({ body: { state: 'applied', kind: 'deposit', amount: '10.00' } });
    expect(s.handle('AG', 'deposit', dep('T2'))).toMatchObject({ http: 200, body: { balance: '10.00' } });
    s.setFault('fail', 2);
    expect(s.handle('AG', 'deposit', dep('T3'))).toMatchObject({ http: 500 });
    expect(s.handle('AG', 'deposit', dep('T3'))).toMatchObject({ http: 500 });
    expect(s.handle('AG', 'deposit', dep('T3'))).toMatchObject({ http: 200, body: { balance: '20.00' } });
  });
  it('a status call with close tombstones an unknown id: it can never be applied later', () => {
    const s = transferStore();
    expect(s.handle('AG', 'status', { transactionId: 'T9', close: true })).toMatchObject({ body: { state: 'closed' } });
    expect(s.handle('AG', 'deposit', dep('T9'))).toMatchObject({ http: 409, body: { code: 'TRANSACTION_CLOSED' } });
    expect(s.balanceOf('AG', 'p1')).toBe(0n);
    s.handle('AG', 'deposit', dep('T10'));
    expect(s.handle('AG', 'status', { transactionId: 'T10', close: true })).toMatchObject({ body: { state: 'applied' } });
  });
});

describe('games', () => {
  it('every category pays stake × multiplier', () => {
    for (const [cat, g] of Object.entries(GAMES)) {
      const r = playRound(cat as keyof typeof GAMES, g.choices[0], 200n, () => 0);
      expect(r.payout).toBe((200n * BigInt(r.multiplierPct)) / 100n);
    }
    expect(playRound('RNG', 'spin', 100n, () => 4).payout).toBe(2500n);
  });

  it("tells every category's round in each language, with nothing left unfilled", () => {
    for (const lang of LANGS) {
      for (const cat of Object.keys(GAMES) as (keyof typeof GAMES)[]) {
        for (const draw of [0, 1, 4]) {
          const r = playRound(cat, GAMES[cat].choices[0], 100n, (n) => draw % n, lang);
          expect(r.text, `${lang} ${cat}`).not.toMatch(/[{}]|undefined/);
          expect(r.text.length).toBeGreaterThan(0);
        }
        const view = gameView(cat, lang);
        expect(view.choices.map((c) => c.value)).toEqual(GAMES[cat].choices);
      }
    }
    expect(playRound('FISH', 'shark', 100n, () => 0, 'cn').text).toBe('您捕到了鲨鱼！');
    expect(playRound('ELOTT', 'big', 100n, () => 5, 'km').text).toBe('គ្រាប់ឡុកឡាក់ 6 6 6 = 18 (បីដូចគ្នា)');
  });
});

describe('http', () => {
  const start = async (fetchImpl?: typeof fetch) => {
    const sim = createSim({ apsaraUrl: 'http://portal', secretOf: () => VENDOR_DEV_SECRET, categoryOf: () => 'MINI', transferVendors: new Set(['AG']), hangMs: 200, fetchImpl });
    await new Promise<void>((r) => sim.server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(sim.server.address() as AddressInfo).port}`;
    return { sim, base, close: () => new Promise<void>((r) => { sim.server.closeAllConnections(); sim.server.close(() => r()); }) };
  };
  const signed = (base: string, path: string, body: object, secret = VENDOR_DEV_SECRET) => {
    const raw = JSON.stringify(body);
    return fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-signature': sign(secret, raw) }, body: raw });
  };

  it('the transfer API checks the signature and the vendor', async () => {
    const { base, close } = await start();
    try {
      const ok = await signed(base, '/transfer/AG/deposit', { playerId: 'p1', transactionId: 'T1', amount: '3.00', currency: 'USD' });
      expect(ok.status).toBe(200);
      expect(await ok.json()).toMatchObject({ status: 'OK', balance: '3.00' });
      expect((await signed(base, '/transfer/AG/balance', { playerId: 'p1' }, 'another-secret-000000')).status).toBe(401);
      expect((await signed(base, '/transfer/CQ9/balance', { playerId: 'p1' })).status).toBe(404);
      expect(await (await signed(base, '/transfer/AG/balance', { playerId: 'p1' })).json()).toMatchObject({ balance: '3.00', currency: 'USD' });
      const admin = await fetch(`${base}/admin/faults`, { method: 'POST', body: JSON.stringify({ mode: 'timeout', count: 1 }) });
      expect(admin.status).toBe(200);
      await expect(signed(base, '/transfer/AG/deposit', { playerId: 'p1', transactionId: 'T2', amount: '3.00', currency: 'USD' })).rejects.toThrow();
    } finally {
      await close();
    }
  });

  it('a seamless round: balance, bet, win when there is one, endRound — all signed', async () => {
    const calls: { url: string; body: any; sigOk: boolean }[] = [];
    let balance = 100_00n;
    const fake = (async (url: string, init: RequestInit) => {
      const raw = String(init.body);
      const body = JSON.parse(raw);
      calls.push({ url, body, sigOk: verify(VENDOR_DEV_SECRET, raw, (init.headers as Record<string, string>)['x-signature']) });
      const call = url.split('/').pop();
      if (call === 'bet') balance -= BigInt(Math.round(Number(body.amount) * 100));
      if (call === 'win') balance += BigInt(Math.round(Number(body.amount) * 100));
      const b = (Number(balance) / 100).toFixed(2);
      if (call === 'bet' && body.amount === '999.00') return new Response(JSON.stringify({ status: 'ERROR', code: 'INSUFFICIENT_FUNDS', message: 'no', balance: b }), { status: 402 });
      return new Response(JSON.stringify({ status: 'OK', displayName: 'demo', currency: 'USD', balance: b }));
    }) as unknown as typeof fetch;
    const { base, close } = await start(fake);
    try {
      const page = await fetch(`${base}/launch/CQ9/G1?token=tok-123456789012345&lang=en&returnUrl=${encodeURIComponent('http://localhost:8080/electronic')}`);
      const html = await page.text();
      expect(html).toContain('Coin flip');
      expect(html).toContain('href="http://localhost:8080/electronic"');
      expect(html).toContain('<b id="balance">100.00</b>');
      expect(calls[0]).toMatchObject({ url: 'http://portal/vendor-api/CQ9/authenticate', sigOk: true });

      calls.length = 0;
      const r = await (await fetch(`${base}/play/CQ9/G1`, { method: 'POST', body: JSON.stringify({ token: 'tok-123456789012345', stake: '2.00', choice: 'HEADS' }) })).json();
      expect(r.ok).toBe(true);
      const names = calls.map((c) => c.url.split('/').pop());
      expect(names).toEqual(r.win === '0.00' ? ['balance', 'bet', 'endRound'] : ['balance', 'bet', 'win', 'endRound']);
      expect(calls.every((c) => c.sigOk)).toBe(true);
      const bet = calls[1].body;
      expect(bet).toMatchObject({ amount: '2.00', currency: 'USD', gameCode: 'G1' });
      expect(calls.at(-1)!.body.roundId).toBe(bet.roundId);
      expect(r.balance).toBe(r.win === '0.00' ? '98.00' : '101.90');

      const refused = await (await fetch(`${base}/play/CQ9/G1`, { method: 'POST', body: JSON.stringify({ token: 'tok-123456789012345', stake: '999.00', choice: 'HEADS' }) })).json();
      expect(refused).toMatchObject({ ok: false, code: 'INSUFFICIENT_FUNDS', message: 'Not enough balance for this stake' });
    } finally {
      await close();
    }
  });

  it("a game page in the launch's language: Khmer or Chinese words, rounds and refusals in it, English for a language it does not know", async () => {
    const fake = (async (url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body));
      if (url.endsWith('/bet') && body.amount === '999.00') return new Response(JSON.stringify({ status: 'ERROR', code: 'INSUFFICIENT_FUNDS', message: 'no', balance: '100.00' }), { status: 402 });
      return new Response(JSON.stringify({ status: 'OK', displayName: 'demo', currency: 'USD', balance: '100.00' }));
    }) as unknown as typeof fetch;
    const { base, close } = await start(fake);
    try {
      const km = await (await fetch(`${base}/launch/CQ9/G1?token=tok-123456789012345&lang=km&returnUrl=${encodeURIComponent('http://localhost:8080/electronic')}`)).text();
      expect(km).toContain('<html lang="km">');
      expect(km).toContain('<title>CQ9 · បោះកាក់</title>');
      expect(km).toContain('<button class="choice" data-choice="HEADS">ក្បាល</button>');
      expect(km).toContain('<label>ប្រាក់ភ្នាល់ <input');
      expect(km).toContain('>← ត្រឡប់ទៅទំព័រដើម</a>');
      expect(km).toContain('សមតុល្យ <b id="balance">100.00</b>');
      expect(km).toContain('"lang":"km"');
      const script = km.split('<script>')[1].split('</script>')[0];
      expect(() => new Function(script)).not.toThrow();
      expect(script).toContain('{text} — អ្នកឈ្នះ {amount}');
      const cn = await (await fetch(`${base}/launch/CQ9/G1?token=tok-123456789012345&lang=cn`)).text();
      expect(cn).toContain('<html lang="zh-CN">');
      expect(cn).toContain('>反面</button>');
      expect(await (await fetch(`${base}/launch/CQ9/G1?token=tok-123456789012345&lang=fr`)).text()).toContain('<html lang="en">');

      const play = (body: object) => fetch(`${base}/play/CQ9/G1`, { method: 'POST', body: JSON.stringify({ token: 'tok-123456789012345', choice: 'HEADS', ...body }) }).then((r) => r.json());
      expect(await play({ lang: 'cn', stake: 'abc' })).toMatchObject({ ok: false, code: 'AMOUNT_INVALID', message: '请输入投注额，例如 1.00' });
      expect(await play({ lang: 'km', stake: '999.00' })).toMatchObject({ ok: false, code: 'INSUFFICIENT_FUNDS', message: 'សមតុល្យមិនគ្រប់គ្រាន់សម្រាប់ប្រាក់ភ្នាល់នេះទេ' });
      expect(await play({ lang: 'zz', stake: '0' })).toMatchObject({ ok: false, code: 'AMOUNT_INVALID', message: 'Enter a stake above zero' });
      expect((await play({ lang: 'cn', stake: '1.00' })).text).toMatch(/^硬币：(正面|反面)$/);
      expect((await play({ stake: '1.00' })).text).toMatch(/^Coin: (Heads|Tails)$/);
      // A transfer launch the vendor does not know says so in the page's language.
      expect(await (await fetch(`${base}/launch/AG/X1?token=unknown-token-000000000&lang=km`)).text()).toContain('អ្នកផ្គត់ផ្គង់ហ្គេមមិនស្គាល់ការបើកនេះទេ');
    } finally {
      await close();
    }
  });

  it('a transfer vendor page plays against the vendor wallet of the launch token', async () => {
    const { base, close } = await start();
    try {
      await signed(base, '/transfer/AG/session', { playerId: 'p7', token: 'launch-token-0123456789', currency: 'USD' });
      await signed(base, '/transfer/AG/deposit', { playerId: 'p7', transactionId: 'T7', amount: '5.00', currency: 'USD' });
      expect(await (await fetch(`${base}/launch/AG/X1?token=launch-token-0123456789`)).text()).toContain('<b id="balance">5.00</b>');
      const r = await (await fetch(`${base}/play/AG/X1`, { method: 'POST', body: JSON.stringify({ token: 'launch-token-0123456789', stake: '1.00', choice: 'TAILS' }) })).json();
      expect(r.ok).toBe(true);
      expect(['4.00', '5.95']).toContain(r.balance);
      expect((await (await fetch(`${base}/launch/AG/X1?token=unknown-token-000000000`)).text())).toContain('not known to the vendor');
    } finally {
      await close();
    }
  });
});

describe('bet log (transfer vendors)', () => {
  const opts = { transferVendors: new Set(['AG', 'PT']), secretOf: () => VENDOR_DEV_SECRET };
  const call = (log: ReturnType<typeof betLog>, vendor: string, body: object | string, secret = VENDOR_DEV_SECRET) => {
    const raw = typeof body === 'string' ? body : JSON.stringify(body);
    return betLogCall(log, opts, vendor, raw, sign(secret, raw));
  };
  const round = (vendor: string, roundId: string, playerId = 'p1') =>
    ({ vendor, playerId, gameCode: 'G1', roundId, stake: 200n, payout: 390n, currency: 'USD', status: 'closed' as const, openedAt: new Date('2026-01-02T03:04:05Z'), closedAt: new Date('2026-01-02T03:04:06Z') });

  it('pages the rounds of one vendor from a cursor; the last cursor gives nothing new', () => {
    const log = betLog('log1');
    for (let i = 1; i <= 5; i++) log.record(round('AG', `R${i}`));
    log.record(round('PT', 'P1'));
    const first = call(log, 'AG', { since: '', limit: 2 });
    expect(first).toMatchObject({ http: 200, body: { status: 'OK', next: 'log1.2' } });
    expect(first.body.bets).toEqual([
      { roundId: 'R1', playerId: 'p1', gameCode: 'G1', stake: '2.00', payout: '3.90', currency: 'USD', status: 'closed', openedAt: '2026-01-02T03:04:05.000Z', closedAt: '2026-01-02T03:04:06.000Z' },
      expect.objectContaining({ roundId: 'R2' }),
    ]);
    const rest = call(log, 'AG', { since: first.body.next, limit: 100 });
    expect((rest.body.bets as { roundId: string }[]).map((b) => b.roundId)).toEqual(['R3', 'R4', 'R5']);
    expect(rest.body.next).toBe('log1.5');
    expect(call(log, 'AG', { since: 'log1.5', limit: 100 }).body).toEqual({ status: 'OK', bets: [], next: 'log1.5' });
    // Without limit: the default page; another vendor's log is its own.
    expect((call(log, 'PT', { since: '' }).body.bets as unknown[]).length).toBe(1);
    expect(call(log, 'AG', { since: 'log1.99' }).body).toEqual({ status: 'OK', bets: [], next: 'log1.5' });
  });

  it('after a restart (a new log), a cursor of the old one reads the new log from its beginning', () => {
    const before = betLog('boot1');
    for (let i = 1; i <= 5; i++) before.record(round('AG', `R${i}`));
    const cursor = call(before, 'AG', { since: '' }).body.next;
    expect(cursor).toBe('boot1.5');
    // The simulator restarts: its memory, and so its log, starts again, and two rounds are played.
    const after = betLog('boot2');
    after.record(round('AG', 'N1'));
    after.record(round('AG', 'N2'));
    const page = call(after, 'AG', { since: cursor });
    expect((page.body.bets as { roundId: string }[]).map((b) => b.roundId)).toEqual(['N1', 'N2']);
    expect(page.body.next).toBe('boot2.2');
    // A bare number, the cursor of a simulator from before logs were named, is another log's too.
    expect((call(after, 'AG', { since: '57' }).body.bets as unknown[]).length).toBe(2);
    // Two simulators started apart draw different logs.
    expect(betLog().cursorOf(1)).not.toBe(betLog().cursorOf(1));
  });

  it('refuses a bad signature, a vendor that is not a transfer vendor, and a malformed body', () => {
    const log = betLog();
    log.record(round('AG', 'R1'));
    expect(call(log, 'AG', { since: '' }, 'another-secret-000000')).toMatchObject({ http: 401, body: { code: 'SIGNATURE_INVALID' } });
    expect(betLogCall(log, opts, 'AG', '{"since":""}', undefined)).toMatchObject({ http: 401 });
    expect(call(log, 'CQ9', { since: '' })).toMatchObject({ http: 404, body: { code: 'VENDOR_UNKNOWN' } });
    expect(call(log, 'AG', 'not json')).toMatchObject({ http: 400, body: { code: 'BAD_REQUEST' } });
    for (const since of ['abc', 'log.', '.5', 'LOG.5', 'a.b', '5.5.5']) expect(call(log, 'AG', { since }), since).toMatchObject({ http: 400, body: { code: 'BAD_REQUEST' } });
    expect(call(log, 'AG', { since: '', limit: 0 })).toMatchObject({ http: 400 });
    expect(call(log, 'AG', { since: '', limit: 1001 })).toMatchObject({ http: 400 });
  });

  it('records every round played on a transfer vendor page, served signed over HTTP', async () => {
    const sim = createSim({ apsaraUrl: 'http://portal', secretOf: () => VENDOR_DEV_SECRET, categoryOf: () => 'MINI', transferVendors: new Set(['AG']), hangMs: 200 });
    await new Promise<void>((r) => sim.server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(sim.server.address() as AddressInfo).port}`;
    const post = (path: string, body: object, secret = VENDOR_DEV_SECRET) => {
      const raw = JSON.stringify(body);
      return fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-signature': sign(secret, raw) }, body: raw });
    };
    try {
      await post('/transfer/AG/session', { playerId: 'p9', token: 'launch-token-9999999999', currency: 'USD' });
      await post('/transfer/AG/deposit', { playerId: 'p9', transactionId: 'T9', amount: '5.00', currency: 'USD' });
      const played = [];
      for (let i = 0; i < 2; i++) played.push(await (await fetch(`${base}/play/AG/X1`, { method: 'POST', body: JSON.stringify({ token: 'launch-token-9999999999', stake: '1.00', choice: 'TAILS' }) })).json());
      // A refused round (more than the wallet holds) is not a round.
      const refused = await (await fetch(`${base}/play/AG/X1`, { method: 'POST', body: JSON.stringify({ token: 'launch-token-9999999999', stake: '50.00', choice: 'TAILS' }) })).json();
      expect(refused.ok).toBe(false);
      const res = await post('/transfer/AG/bets', { since: '', limit: 10 });
      expect(res.status).toBe(200);
      const v = await res.json();
      expect(v.next).toMatch(/^[a-z0-9]+\.2$/);
      expect(v.bets.map((b: { roundId: string }) => b.roundId)).toEqual(played.map((p) => p.roundId));
      for (const [i, b] of v.bets.entries()) {
        expect(b).toMatchObject({ playerId: 'p9', gameCode: 'X1', stake: '1.00', payout: played[i].win, currency: 'USD', status: 'closed' });
        expect(Date.parse(b.closedAt)).toBeGreaterThanOrEqual(Date.parse(b.openedAt));
      }
      expect((await post('/transfer/AG/bets', { since: '' }, 'another-secret-000000')).status).toBe(401);
      expect((await post('/transfer/CQ9/bets', { since: '' })).status).toBe(404);
    } finally {
      sim.server.closeAllConnections();
      await new Promise<void>((r) => sim.server.close(() => r()));
    }
  });
});
