import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { fromMinor, toMinor } from '@apsara/contracts';
import { startHarness, type Harness } from '../../../test/harness.js';
import { fund, mainBalance, makeMember, multipart, newKey, PNG } from '../../../test/money-helpers.js';

/*
 * A team built the way it grows, with money moved the way members move it: a bank deposit approved by
 * an operator, a withdrawal paid, slot spins. The agent center must see exactly that team's records.
 *
 *   boss (agent) ─┬─ sub (agent) ── deep (member)
 *                 ├─ payer (member: deposits 100.00)
 *                 └─ player (member: 3 spins of 1.00)
 *   stranger (member, no upline), rival (agent) ── rivalKid (member), lotusBoss (agent of LOTUS)
 */

let h: Harness;
let admin: string;
let n = 0;
const uname = (p: string) => `${p}${Date.now().toString(36).slice(-4)}${++n}`;

type M = { id: bigint; token: string; username: string };
const member = async (prefix: string, opts: Parameters<typeof makeMember>[2] = {}): Promise<M> => {
  const username = uname(prefix);
  return { ...(await makeMember(h, username, opts)), username };
};

let boss: M, sub: M, deep: M, payer: M, player: M, stranger: M, rival: M, rivalKid: M, lotusBoss: M;
let withdrawalAmount: string;

const get = (url: string, token: string, host?: string) => h.call({ method: 'GET', url, token, host, lang: 'en' });
const q = (params: Record<string, string>) => `?${new URLSearchParams(params).toString()}`;
const open = (token: string, body: Record<string, unknown>, host?: string) => h.call({ method: 'PUT', url: '/wps/agent/accounts', token, host, lang: 'en', payload: body });
const count = async (table: string) => Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(h.database.db)).rows[0].n);

beforeAll(async () => {
  h = await startHarness();
  admin = await h.opsLogin();
  boss = await member('boss', { type: 1 });
  sub = await member('sub', { type: 1, parent: boss.id });
  deep = await member('deep', { parent: sub.id, realName: 'Sok Dara', paymentPassword: '2468' });
  payer = await member('payer', { parent: boss.id });
  player = await member('player', { parent: boss.id });
  stranger = await member('stranger');
  rival = await member('rival', { type: 1 });
  rivalKid = await member('rivalkid', { parent: rival.id });
  lotusBoss = await member('lotusboss', { type: 1, merchant: 'LOTUS', host: 'lotus.localhost' });

  // payer: a bank transfer of 100.00, approved by an operator.
  const dep = await h.call({
    method: 'POST',
    url: '/wps/v2/deposit/bank',
    token: payer.token,
    lang: 'en',
    ...multipart([
      { name: 'channelId', value: 'bank-transfer' },
      { name: 'amount', value: '100.00' },
      { name: 'reference', value: 'ABA 100' },
      { name: 'idempotencyKey', value: newKey('dep') },
      { name: 'receipt', filename: 'r.png', type: 'image/png', data: PNG },
    ]),
  });
  expect(dep.statusCode, dep.body).toBe(200);
  expect((await h.call({ method: 'POST', url: `/ops/deposits/${dep.json().value.id}/approve`, token: admin, lang: 'en' })).statusCode).toBe(200);

  // deep: funded by an adjustment (not a deposit), then withdraws 60.00, approved and paid.
  await fund(h, admin, deep.id, '200.00');
  const card = await h.call({ method: 'POST', url: '/wps/member/bank-cards', token: deep.token, lang: 'en', payload: { bankName: 'ABA Bank', accountName: 'Sok Dara', accountNumber: '0001 2345 6789', paymentPassword: '2468' } });
  expect(card.statusCode, card.body).toBe(200);
  const wd = await h.call({ method: 'POST', url: '/wps/v2/withdraw', token: deep.token, lang: 'en', payload: { bankCardId: card.json().value.id, amount: '60.00', paymentPassword: '2468', idempotencyKey: newKey('wd') } });
  expect(wd.statusCode, wd.body).toBe(200);
  for (const step of ['approve', 'paid']) {
    expect((await h.call({ method: 'POST', url: `/ops/withdrawals/${wd.json().value.id}/${step}`, token: admin, lang: 'en' })).statusCode).toBe(200);
  }
  // What left the member's wallet when it was paid (the amount, whatever the fee).
  const { rows } = await sql<{ amount: bigint }>`select e.amount from ledger_entries e join accounts a on a.id = e.account_id join ledger_transactions t on t.id = e.transaction_id
    where a.member_id = ${deep.id} and a.kind = 'MAIN' and t.type = 'WITHDRAWAL'`.execute(h.database.db);
  expect(rows).toHaveLength(1);
  withdrawalAmount = fromMinor(-rows[0].amount);

  // player: three spins of 1.00; rivalKid plays too (never in boss's figures).
  await fund(h, admin, player.id, '50.00');
  await fund(h, admin, rivalKid.id, '50.00');
  for (const who of [player, player, player, rivalKid]) {
    const spin = await h.call({ method: 'POST', url: '/wps/inhouse/slot/spin', token: who.token, payload: { bet: '1.00', idempotencyKey: newKey('spin') } });
    expect(spin.statusCode, spin.body).toBe(200);
  }
  // ...and a Mines game of 2.00 left open: listed in team bets, not counted in the figures until it settles.
  const mines = await h.call({ method: 'POST', url: '/wps/inhouse/mines/start', token: player.token, payload: { amount: '2.00', mines: 3, idempotencyKey: newKey('mines') } });
  expect(mines.statusCode, mines.body).toBe(200);
}, 120_000);
afterAll(() => h?.close());

describe('who may use the agent center', () => {
  const urls = ['/wps/agent/team/overview', '/wps/agent/downlines', '/wps/agent/team/transactions', '/wps/agent/team/bets', '/wps/agent/team/profit'];

  it('members get 403 AGENT_ONLY and visitors 401, on every call; opening an account writes nothing', async () => {
    for (const url of urls) {
      const res = await get(url, payer.token);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 'AGENT_ONLY', message: 'Only agents can use the agent center' });
      expect((await h.call({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    const before = await count('members');
    const res = await open(payer.token, { kind: 'member', username: uname('nope'), password: 'Passw0rd9', confirmPassword: 'Passw0rd9' });
    expect(res.json().code).toBe('AGENT_ONLY');
    expect(await count('members')).toBe(before);
  });
});

describe('GET /wps/agent/team/overview', () => {
  it('counts the whole team at every level and its money and play, and nothing outside it', async () => {
    const res = await get('/wps/agent/team/overview', boss.token);
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().value;
    expect(v.members).toEqual({ total: 4, direct: 3, agents: 1, joined: 4, active: 1 });
    const balances = await Promise.all([sub, deep, payer, player].map(async (m) => toMinor((await mainBalance(h, m.token)).balance)));
    expect(v.balance).toBe(fromMinor(balances.reduce((a, b) => a + b, 0n)));
    expect(v.deposits).toEqual({ count: 1, amount: '100.00' });
    expect(v.withdrawals).toEqual({ count: 1, amount: withdrawalAmount });
    // The three settled spins; the open Mines game waits for its result.
    expect(v.bets).toMatchObject({ rounds: 3, stake: '3.00' });
    expect(toMinor(v.bets.profit)).toBe(toMinor(v.bets.payout) - toMinor('3.00'));
    expect(Date.parse(v.to) - Date.parse(v.from)).toBe(7 * 86_400_000);
  });

  it('a downline agent sees only their own part of the team', async () => {
    const v = (await get('/wps/agent/team/overview', sub.token)).json().value;
    expect(v.members).toEqual({ total: 1, direct: 1, agents: 0, joined: 1, active: 0 });
    expect(v.deposits).toEqual({ count: 0, amount: '0.00' });
    expect(v.withdrawals.count).toBe(1);
  });

  it('a range in the past finds no money or play, and the joined count follows the range', async () => {
    const v = (await get(`/wps/agent/team/overview${q({ from: '2025-01-01T00:00:00Z', to: '2025-01-31T00:00:00Z' })}`, boss.token)).json().value;
    expect(v.members).toMatchObject({ total: 4, joined: 0, active: 0 });
    expect(v.bets).toEqual({ rounds: 0, stake: '0.00', payout: '0.00', profit: '0.00' });
    expect(v.deposits.count).toBe(0);
  });

  it('refuses a range longer than 90 days, a reversed one, and unknown parameters', async () => {
    for (const query of [q({ from: '2025-01-01T00:00:00Z', to: '2025-06-01T00:00:00Z' }), q({ from: '2025-02-01T00:00:00Z', to: '2025-01-01T00:00:00Z' }), q({ from: 'yesterday' }), '?team=all']) {
      const res = await get(`/wps/agent/team/overview${query}`, boss.token);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('GET /wps/agent/downlines', () => {
  it('lists direct downlines by default, newest first, with balance, level, upline and an agent’s team size', async () => {
    const v = (await get('/wps/agent/downlines', boss.token)).json().value;
    expect(v).toMatchObject({ page: 1, pageSize: 20, total: 3 });
    expect(v.items.map((d: { username: string }) => d.username)).toEqual([player.username, payer.username, sub.username]);
    const subRow = v.items.find((d: { username: string }) => d.username === sub.username);
    expect(subRow).toMatchObject({ id: sub.id.toString(), isAgent: true, type: 1, level: 1, upline: boss.username, teamSize: 1, status: 'active', balance: '0.00' });
    expect(v.items.find((d: { username: string }) => d.username === payer.username)).toMatchObject({ isAgent: false, teamSize: 0, balance: '100.00' });
  });

  it('scope=all reaches every level; kind and a part of a username narrow it; wildcards are taken literally', async () => {
    const all = (await get(`/wps/agent/downlines${q({ scope: 'all' })}`, boss.token)).json().value;
    expect(all.total).toBe(4);
    expect(all.items.find((d: { username: string }) => d.username === deep.username)).toMatchObject({ level: 2, upline: sub.username });
    expect((await get(`/wps/agent/downlines${q({ scope: 'all', kind: 'agent' })}`, boss.token)).json().value.items.map((d: { username: string }) => d.username)).toEqual([sub.username]);
    expect((await get(`/wps/agent/downlines${q({ scope: 'all', kind: 'member' })}`, boss.token)).json().value.total).toBe(3);
    const part = deep.username.slice(1, 6).toUpperCase();
    expect((await get(`/wps/agent/downlines${q({ scope: 'all', username: part })}`, boss.token)).json().value.items.map((d: { username: string }) => d.username)).toEqual([deep.username]);
    expect((await get(`/wps/agent/downlines${q({ scope: 'all', username: '%' })}`, boss.token)).json().value.total).toBe(0);
    // Nobody outside the team, by any search.
    expect((await get(`/wps/agent/downlines${q({ scope: 'all', username: stranger.username })}`, boss.token)).json().value.total).toBe(0);
    expect((await get(`/wps/agent/downlines${q({ scope: 'all', username: rivalKid.username })}`, boss.token)).json().value.total).toBe(0);
  });

  it('refuses bad filters', async () => {
    for (const query of ['?scope=everyone', '?kind=boss', '?page=0', '?page=abc', `?username=${'x'.repeat(65)}`]) {
      expect((await get(`/wps/agent/downlines${query}`, boss.token)).statusCode, query).toBe(400);
    }
  });
});

describe('GET /wps/agent/team/transactions', () => {
  it('shows the team’s movements with whose they were, and one member’s when named', async () => {
    const v = (await get('/wps/agent/team/transactions', boss.token)).json().value;
    const users = new Set(v.items.map((i: { username: string }) => i.username));
    expect([...users].sort()).toEqual([deep.username, payer.username, player.username].sort());
    expect(v.items.find((i: { type: string }) => i.type === 'DEPOSIT')).toMatchObject({ username: payer.username, amount: '100.00', detail: { kind: 'deposit' } });
    expect(v.items.find((i: { type: string }) => i.type === 'WITHDRAWAL')).toMatchObject({ username: deep.username, amount: `-${withdrawalAmount}` });

    const one = (await get(`/wps/agent/team/transactions${q({ username: deep.username.toUpperCase() })}`, boss.token)).json().value;
    expect(one.items.length).toBeGreaterThan(0);
    expect(one.items.every((i: { username: string }) => i.username === deep.username)).toBe(true);
    const deposits = (await get(`/wps/agent/team/transactions${q({ type: 'DEPOSIT' })}`, boss.token)).json().value;
    expect(deposits.total).toBe(1);
  });

  it('a username outside the team — a stranger, another agent’s member, the agent themself, another site’s — is unknown', async () => {
    for (const username of [stranger.username, rivalKid.username, boss.username, lotusBoss.username, 'nobody_at_all']) {
      const res = await get(`/wps/agent/team/transactions${q({ username })}`, boss.token);
      expect(res.statusCode, username).toBe(404);
      expect(res.json()).toMatchObject({ code: 'TEAM_MEMBER_UNKNOWN', message: 'No one in your team has that username' });
    }
    // A downline agent cannot look up or sideways either.
    expect((await get(`/wps/agent/team/transactions${q({ username: payer.username })}`, sub.token)).statusCode).toBe(404);
    expect((await get(`/wps/agent/team/transactions${q({ username: deep.username })}`, sub.token)).statusCode).toBe(200);
  });
});

describe('GET /wps/agent/team/bets', () => {
  it('shows the team’s rounds with totals, without the players’ provably-fair data', async () => {
    const v = (await get('/wps/agent/team/bets', boss.token)).json().value;
    expect(v.total).toBe(4);
    expect(v.items.every((i: { username: string }) => i.username === player.username)).toBe(true);
    expect(v.items[0]).not.toHaveProperty('fair');
    // The open Mines game is listed, its win/loss not known; the totals' win/loss is the three spins'.
    expect(v.items[0]).toMatchObject({ gameCode: 'MINES', status: 'open', stake: '2.00', profit: null, play: { game: 'MINES', mines: 3, safe: 0, outcome: 'open' } });
    expect(v.totals).toMatchObject({ rounds: 4, stake: '5.00', open: { rounds: 1, stake: '2.00' } });
    const spins = v.items.slice(1) as { payout: string }[];
    expect(toMinor(v.totals.profit)).toBe(spins.reduce((s, i) => s + toMinor(i.payout), 0n) - toMinor('3.00'));
    expect((await get(`/wps/agent/team/bets${q({ username: payer.username })}`, boss.token)).json().value.total).toBe(0);
    expect((await get(`/wps/agent/team/bets${q({ username: rivalKid.username })}`, boss.token)).json().code).toBe('TEAM_MEMBER_UNKNOWN');
    // The rival sees only their own member's round.
    expect((await get('/wps/agent/team/bets', rival.token)).json().value.total).toBe(1);
  });
});

describe('GET /wps/agent/team/profit', () => {
  it('gives one row per direct downline (an agent’s with their team), busiest first, and totals of the team', async () => {
    const v = (await get('/wps/agent/team/profit', boss.token)).json().value;
    expect(v.total).toBe(3);
    expect(v.items.map((r: { username: string }) => r.username)).toEqual([player.username, ...[payer.username, sub.username].sort()]);
    const row = (u: string) => v.items.find((r: { username: string }) => r.username === u);
    expect(row(sub.username)).toMatchObject({ isAgent: true, accounts: 2, deposits: '0.00', withdrawals: withdrawalAmount, rounds: 0 });
    expect(row(payer.username)).toMatchObject({ isAgent: false, accounts: 1, deposits: '100.00', withdrawals: '0.00' });
    expect(row(player.username)).toMatchObject({ rounds: 3, stake: '3.00' });
    expect(v.totals).toMatchObject({ accounts: 4, deposits: '100.00', withdrawals: withdrawalAmount, rounds: 3, stake: '3.00' });
    expect(toMinor(v.totals.profit)).toBe(toMinor(v.totals.payout) - toMinor(v.totals.stake));
    expect((await get('/wps/agent/team/profit?page=2', boss.token)).json().value).toMatchObject({ items: [], total: 3 });
  });
});

describe('PUT /wps/agent/accounts (open account)', () => {
  it('opens a member under the agent, who can then sign in with the password given', async () => {
    const username = uname('newm');
    const res = await open(boss.token, { kind: 'member', username, password: 'Fresh-Pass1', confirmPassword: 'Fresh-Pass1', nickname: '  Lucky  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ username, type: 0, affiliateCode: null });
    const row = await h.database.db.selectFrom('members').select(['parent_id', 'nickname', 'register_method', 'merchant_id']).where('username', '=', username).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ parent_id: boss.id, nickname: 'Lucky', register_method: 'AGENT' });
    const token = await h.login(username, 'Fresh-Pass1');
    expect((await mainBalance(h, token)).balance).toBe('0.00');
    const direct = (await get(`/wps/agent/downlines${q({ username })}`, boss.token)).json().value.items;
    expect(direct).toHaveLength(1);
    expect(direct[0]).toMatchObject({ nickname: 'Lucky', level: 1 });
  });

  it('opens an agent with an invitation code of their own that registration accepts', async () => {
    const username = uname('newa');
    const res = await open(boss.token, { kind: 'agent', username, password: 'Fresh-Pass1', confirmPassword: 'Fresh-Pass1' });
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().value;
    expect(v.type).toBe(1);
    expect(v.affiliateCode).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    const check = await h.call({ method: 'GET', url: `/wps/agent/affiliate?code=${v.affiliateCode}`, lang: 'en' });
    expect(check.json().value.valid).toBe(true);
    // The new agent has an agent center of their own, empty.
    const token = await h.login(username, 'Fresh-Pass1');
    expect((await get('/wps/agent/team/overview', token)).json().value.members.total).toBe(0);
  });

  it('refuses a taken username (any case) and invalid fields with a message per field, writing nothing', async () => {
    const before = await Promise.all([count('members'), count('accounts')]);
    const taken = await open(boss.token, { kind: 'member', username: stranger.username.toUpperCase(), password: 'Fresh-Pass1', confirmPassword: 'Fresh-Pass1' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'USERNAME_TAKEN', message: 'This username is already taken' });

    const bad = await open(boss.token, { kind: 'member', username: 'a b', password: '1', confirmPassword: '2' });
    expect(bad.statusCode).toBe(400);
    const fields = bad.json().fields.map((f: { field: string }) => f.field);
    expect(fields).toEqual(['username', 'password', 'confirmPassword']);
    expect(bad.json().fields.every((f: { message: string }) => f.message.length > 0)).toBe(true);

    const empty = await open(boss.token, { kind: 'member' });
    expect(empty.json().fields.map((f: { rule: string }) => f.rule)).toEqual(['required', 'required', 'required']);
    for (const body of [{ kind: 'boss', username: uname('x'), password: 'Fresh-Pass1', confirmPassword: 'Fresh-Pass1' }, { kind: 'member', username: uname('x'), password: 'Fresh-Pass1', confirmPassword: 'Fresh-Pass1', parentId: '1' }, { kind: 'member', username: uname('x'), password: 'Fresh-Pass1', confirmPassword: 'Fresh-Pass1', nickname: 'n'.repeat(33) }]) {
      expect((await open(boss.token, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    // In Khmer, the messages are Khmer.
    const km = await h.call({ method: 'PUT', url: '/wps/agent/accounts', token: boss.token, lang: 'km', payload: { kind: 'member', username: 'a b', password: 'Fresh-Pass1', confirmPassword: 'Fresh-Pass1' } });
    expect(km.json().fields[0].message).toMatch(/[\u1780-\u17FF]/);
    expect(await Promise.all([count('members'), count('accounts')])).toEqual(before);
  });

  it('a LOTUS agent opens accounts on LOTUS only', async () => {
    const username = uname('lotusm');
    const res = await open(lotusBoss.token, { kind: 'member', username, password: 'Fresh-Pass1', confirmPassword: 'Fresh-Pass1' }, 'lotus.localhost');
    expect(res.statusCode, res.body).toBe(200);
    const row = await h.database.db.selectFrom('members').innerJoin('merchants', 'merchants.id', 'members.merchant_id').select(['merchants.code', 'members.parent_id']).where('username', '=', username).executeTakeFirstOrThrow();
    expect(row).toEqual({ code: 'LOTUS', parent_id: lotusBoss.id });
    // The same name is still free on the default site: usernames are per site.
    expect((await open(boss.token, { kind: 'member', username, password: 'Fresh-Pass1', confirmPassword: 'Fresh-Pass1' })).statusCode).toBe(200);
  });
});

describe('bad input to the agent center', () => {
  const before = () => Promise.all([count('members'), count('accounts')]);

  it('hostile or malformed bodies and queries get a 4xx with a code and a message, and write nothing', async () => {
    const start = await before();
    const bodies: unknown[] = [
      {},
      { kind: 'member', username: "' OR '1'='1'; DROP TABLE members; --", password: 'Fresh-Pass1', confirmPassword: 'Fresh-Pass1' },
      { kind: 'member', username: '<script>alert(1)</script>', password: 'Fresh-Pass1', confirmPassword: 'Fresh-Pass1' },
      { kind: 'member', username: 'a'.repeat(201), password: 'Fresh-Pass1', confirmPassword: 'Fresh-Pass1' },
      { kind: 'member', username: ['x'], password: 1, confirmPassword: null },
      { kind: 'agent', username: uname('ok'), password: 'Fresh-Pass1', confirmPassword: 'Fresh-Pass1', type: 42 },
      [],
      'text',
    ];
    for (const payload of bodies) {
      const res = await open(boss.token, payload as Record<string, unknown>);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json()).toMatchObject({ success: false, code: expect.stringMatching(/^[A-Z_]+$/), message: expect.any(String) });
      expect(res.body).not.toContain('<script>');
    }
    for (const url of [
      `/wps/agent/team/transactions${q({ username: "x' OR 1=1 --" })}`,
      `/wps/agent/team/transactions${q({ type: 'FREE_MONEY' })}`,
      `/wps/agent/team/bets${q({ username: 'a'.repeat(65) })}`,
      `/wps/agent/team/bets${q({ category: 'CASINO' })}`,
      `/wps/agent/team/profit${q({ page: '-1' })}`,
      `/wps/agent/team/transactions${q({ from: '2025-01-01T00:00:00Z', to: '2025-06-01T00:00:00Z' })}`,
      `/wps/agent/team/profit${q({ from: '2020-01-01T00:00:00Z', to: '2026-01-01T00:00:00Z' })}`,
    ]) {
      const res = await get(url, boss.token);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.json().code).toMatch(/^[A-Z_]+$/);
    }
    expect(await before()).toEqual(start);
  });
});
