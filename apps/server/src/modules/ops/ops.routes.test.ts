import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startHarness, OPS_ADMIN, type Harness } from '../../../test/harness.js';
import { bootstrapOperator } from './ops.bootstrap.js';

let h: Harness;
let admin: string;
let finance: string;
let support: string;
beforeAll(async () => {
  h = await startHarness();
  await h.addOperator('APSARA', 'finance01', 'Finance-Pass-1', 'finance');
  await h.addOperator('APSARA', 'support01', 'Support-Pass-1', 'support');
  await h.addOperator('LOTUS', 'lotusops', 'Lotus-Ops-Pass-1', 'admin');
  admin = await h.opsLogin();
  finance = await h.opsLogin('finance01', 'Finance-Pass-1');
  support = await h.opsLogin('support01', 'Support-Pass-1');
});
afterAll(() => h.close());
beforeEach(async () => {
  await h.database.db.deleteFrom('auth_throttles').execute();
});

const db = () => h.database.db;
const memberId = async (username: string) => (await db().selectFrom('members').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id.toString();
const count = async (table: string, where = sql`true`) =>
  Number((await sql<{ n: bigint }>`select count(*)::int8 as n from ${sql.table(table)} where ${where}`.execute(db())).rows[0].n);
const adjust = (id: string, payload: unknown, token = admin, opts: { host?: string; lang?: string } = {}) =>
  h.call({ method: 'POST', url: `/ops/members/${id}/adjustments`, payload: payload as object, token, lang: 'en', ...opts });
let keySeq = 0;
const key = () => `test-key-${Date.now()}-${++keySeq}`;

/** Rows and a digest of every table an adjustment or a sign-in could touch. */
const TABLES = ['members', 'accounts', 'ledger_transactions', 'ledger_entries', 'ledger_holds', 'audit_log', 'operators', 'operator_sessions', 'sessions'] as const;
const snapshot = async () => {
  const out: Record<string, string> = {};
  for (const t of TABLES) {
    const { rows } = await sql<{ n: bigint; d: string | null }>`select count(*)::int8 as n, md5(string_agg(t::text, '|' order by t::text)) as d from ${sql.table(t)} t`.execute(db());
    out[t] = `${rows[0].n}:${rows[0].d}`;
  }
  return out;
};

describe('bootstrap operator', () => {
  it('creates exactly one admin on the default merchant, and a restart creates nothing', async () => {
    const ops = await db().selectFrom('operators as o').innerJoin('merchants as m', 'm.id', 'o.merchant_id').select(['o.username', 'o.role', 'o.password_hash', 'm.code']).where('o.role', '=', 'admin').where('m.code', '=', 'APSARA').execute();
    expect(ops).toHaveLength(1);
    expect(ops[0]).toMatchObject({ username: OPS_ADMIN.username, role: 'admin', code: 'APSARA' });
    expect(ops[0].password_hash).toMatch(/^\$argon2id\$/);

    const logged: string[] = [];
    const log = { info: (o: object, m: string) => logged.push(JSON.stringify(o) + m), warn: (o: object, m: string) => logged.push(JSON.stringify(o) + m) };
    // A restart with the same variables, and one with changed variables: neither adds nor resets anyone.
    expect(await bootstrapOperator(db(), OPS_ADMIN, log)).toEqual({ created: false, reason: 'has-operators' });
    expect(await bootstrapOperator(db(), { username: 'other', password: 'Other-Pass-123' }, log)).toEqual({ created: false, reason: 'has-operators' });
    expect(await bootstrapOperator(db(), undefined, log)).toEqual({ created: false, reason: 'not-configured' });
    expect(await count('operators', sql`role = 'admin' and merchant_id = (select id from merchants where code = 'APSARA')`)).toBe(1);
    expect(logged.join('\n')).not.toContain(OPS_ADMIN.password);
  });

  it('on a merchant without operators it creates one, logs the name and never the password', async () => {
    const fresh = await startHarness({ OPS_BOOTSTRAP_USER: '', OPS_BOOTSTRAP_PASSWORD: '' });
    try {
      const n = async () => Number((await sql<{ n: bigint }>`select count(*)::int8 as n from operators`.execute(fresh.database.db)).rows[0].n);
      expect(await n()).toBe(0);
      const logged: string[] = [];
      const log = { info: (o: object, m: string) => logged.push(JSON.stringify(o) + m), warn: (o: object, m: string) => logged.push(JSON.stringify(o) + m) };
      const given = { username: 'firstboss', password: 'First-Boss-Pass-9' };
      expect(await bootstrapOperator(fresh.database.db, given, log)).toEqual({ created: true });
      expect(await bootstrapOperator(fresh.database.db, given, log)).toEqual({ created: false, reason: 'has-operators' });
      expect(await n()).toBe(1);
      expect(logged.join('\n')).toContain('firstboss');
      expect(logged.join('\n')).not.toContain(given.password);
      expect((await fresh.call({ method: 'POST', url: '/ops/session/login', payload: given })).json().value.role).toBe('admin');
    } finally {
      await fresh.close();
    }
  });
});

describe('operator sessions', () => {
  it('login returns a token and role; only its hash is stored; /ops/me names the operator; logout kills it', async () => {
    const res = await h.call({ method: 'POST', url: '/ops/session/login', payload: { username: 'OpsAdmin', password: OPS_ADMIN.password } });
    expect(res.statusCode).toBe(200);
    const { token, role } = res.json().value;
    expect(role).toBe('admin');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await count('operator_sessions', sql`token_hash = ${token}`)).toBe(0);

    const me = await h.call({ method: 'GET', url: '/ops/me', token });
    expect(me.json()).toMatchObject({ success: true, value: { username: OPS_ADMIN.username, role: 'admin', merchantCode: 'APSARA', lastLoginAt: expect.any(String) } });

    const out = await h.call({ method: 'DELETE', url: '/ops/session/logout', token });
    expect(out.json()).toEqual({ success: true, value: { loggedOut: true } });
    const after = await h.call({ method: 'GET', url: '/ops/me', token, lang: 'en' });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ success: false, code: 'OPERATOR_NOT_LOGGED_IN', message: 'Operator sign-in required, please log in to the back office' });
    expect((await h.call({ method: 'DELETE', url: '/ops/session/logout', token })).statusCode).toBe(401);
    expect((await h.call({ method: 'GET', url: '/ops/me', token, lang: 'km' })).json().message).toMatch(/[\u1780-\u17ff]/);
    expect((await h.call({ method: 'GET', url: '/ops/me', token, lang: 'cn' })).json().message).toMatch(/[\u4e00-\u9fff]/);
  });

  it('idle and absolute expiry both end an operator session', async () => {
    const idle = await h.opsLogin();
    await sql`update operator_sessions set last_seen_at = now() - interval '31 minutes' where revoked_at is null and operator_id = (select id from operators where username = ${OPS_ADMIN.username})`.execute(db());
    expect((await h.call({ method: 'GET', url: '/ops/me', token: idle })).statusCode).toBe(401);
    const old = await h.opsLogin();
    await sql`update operator_sessions set expires_at = now() - interval '1 second' where revoked_at is null and operator_id = (select id from operators where username = ${OPS_ADMIN.username})`.execute(db());
    expect((await h.call({ method: 'GET', url: '/ops/me', token: old })).statusCode).toBe(401);
    admin = await h.opsLogin();
  });

  it('a member token never works on /ops, an operator token never works on /wps', async () => {
    const member = await h.login('demo01', 'Demo1234');
    const onOps = await h.call({ method: 'GET', url: '/ops/me', token: member });
    expect(onOps.statusCode).toBe(401);
    expect(onOps.json().code).toBe('OPERATOR_NOT_LOGGED_IN');
    expect((await adjust(await memberId('demo01'), { amount: '1.00', reason: 'self credit', idempotencyKey: key() }, member)).statusCode).toBe(401);
    const onWps = await h.call({ method: 'GET', url: '/wps/member/info', token: admin });
    expect(onWps.statusCode).toBe(401);
    expect(onWps.json().code).toBe('NOT_LOGGED_IN');
    // A member's logout cannot end an operator session either.
    expect((await h.call({ method: 'DELETE', url: '/wps/session/logout', token: admin })).statusCode).toBe(401);
    expect((await h.call({ method: 'GET', url: '/ops/me', token: admin })).statusCode).toBe(200);
  });

  it('an operator token is scoped to its merchant; a merchant operator signs in on its own host only', async () => {
    expect((await h.call({ method: 'GET', url: '/ops/me', token: admin, host: 'lotus.localhost' })).statusCode).toBe(401);
    expect((await h.call({ method: 'POST', url: '/ops/session/login', payload: { username: 'lotusops', password: 'Lotus-Ops-Pass-1' } })).statusCode).toBe(401);
    const lotus = await h.opsLogin('lotusops', 'Lotus-Ops-Pass-1', 'lotus.localhost');
    expect((await h.call({ method: 'GET', url: '/ops/me', token: lotus, host: 'lotus.localhost' })).json().value.merchantCode).toBe('LOTUS');
    expect((await h.call({ method: 'GET', url: '/ops/me', token: lotus })).statusCode).toBe(401);
  });

  it('wrong passwords: one message for unknown and wrong; the fifth failure locks that address out of that operator', async () => {
    const attempt = (password: string, ip: string, username = 'finance01') =>
      h.call({ method: 'POST', url: '/ops/session/login', payload: { username, password }, ip, lang: 'en' });
    const unknown = await attempt('whatever-1', '192.0.2.10', 'ghostops');
    const wrong = await attempt('wrong-pass-1', '192.0.2.10');
    for (const r of [unknown, wrong]) expect(r.json()).toMatchObject({ success: false, code: 'ACCOUNT_OR_PASSWORD_WRONG', message: 'Account or password is wrong' });
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await attempt(`wrong-${i}`, '192.0.2.10')).json().code);
    expect(codes).toEqual(['ACCOUNT_OR_PASSWORD_WRONG', 'ACCOUNT_OR_PASSWORD_WRONG', 'ACCOUNT_OR_PASSWORD_WRONG', 'TOO_MANY_REQUESTS']);
    const locked = await attempt('Finance-Pass-1', '192.0.2.10');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('Too many requests, try again in 5 min');
    // The owner elsewhere is not locked out.
    expect((await attempt('Finance-Pass-1', '198.18.0.7')).statusCode).toBe(200);
    await db().updateTable('auth_throttles').set({ locked_until: new Date(Date.now() - 1000) }).where('key', 'like', 'ops-login-lock:%:192.0.2.10').execute();
    expect((await attempt('Finance-Pass-1', '192.0.2.10')).statusCode).toBe(200);
  });

  it('a parallel burst of guesses gets no more password checks than the lock allows', async () => {
    const burst = await Promise.all(
      Array.from({ length: 15 }, (_, i) => h.call({ method: 'POST', url: '/ops/session/login', payload: { username: 'support01', password: `burst-${i}` }, ip: '192.0.2.20' })),
    );
    const codes = burst.map((r) => r.json().code);
    expect(codes.filter((c) => c === 'ACCOUNT_OR_PASSWORD_WRONG').length).toBeLessThanOrEqual(4);
    expect(codes.every((c) => ['ACCOUNT_OR_PASSWORD_WRONG', 'TOO_MANY_REQUESTS'].includes(c))).toBe(true);
  });
});

describe('roles', () => {
  it('support may look but not adjust or read the audit log; finance adjusts but cannot read the audit log', async () => {
    expect((await h.call({ method: 'GET', url: '/ops/me', token: support })).json().value.role).toBe('support');
    const before = await snapshot();
    const refused = await adjust(await memberId('demo01'), { amount: '10.00', reason: 'support tries', idempotencyKey: key() }, support);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ success: false, code: 'OPERATOR_FORBIDDEN', message: 'Your operator role does not allow this action' });
    expect(await snapshot()).toEqual(before);
    expect((await h.call({ method: 'GET', url: '/ops/audit', token: support })).statusCode).toBe(403);
    expect((await h.call({ method: 'GET', url: '/ops/audit', token: finance })).json().code).toBe('OPERATOR_FORBIDDEN');
    expect((await h.call({ method: 'GET', url: '/ops/audit', token: admin })).statusCode).toBe(200);
  });
});

describe('POST /ops/members/:id/adjustments', () => {
  const balanceOf = async (token: string, host?: string) => (await h.call({ method: 'GET', url: '/wps/member/info', token, host })).json().value.balance;

  it('credits and debits the main wallet against the ADJUSTMENTS house account, audited, visible to the member', async () => {
    const id = await memberId('demo01');
    const memberToken = await h.login('demo01', 'Demo1234');
    expect(await balanceOf(memberToken)).toBe('0.00');

    const credit = await adjust(id, { amount: '150', reason: 'Goodwill credit', idempotencyKey: key() }, finance);
    expect(credit.statusCode).toBe(200);
    const c = credit.json().value;
    expect(c).toMatchObject({ memberId: id, amount: '150.00', currency: 'USD', balanceBefore: '0.00', balanceAfter: '150.00', replayed: false });
    expect(await balanceOf(memberToken)).toBe('150.00');

    const debit = (await adjust(id, { amount: '-20.50', reason: 'Correction of a double credit', idempotencyKey: key() })).json().value;
    expect(debit).toMatchObject({ amount: '-20.50', balanceBefore: '150.00', balanceAfter: '129.50', replayed: false });
    expect(await balanceOf(memberToken)).toBe('129.50');

    // Ledger: two balanced ADJUSTMENT postings, member leg and house leg, with balances after.
    const entries = await db()
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
      .innerJoin('accounts as a', 'a.id', 'e.account_id')
      .select(['t.id as tx', 't.type', 'a.kind', 'a.code', 'a.member_id', 'e.amount', 'e.balance_after'])
      .where('t.id', 'in', [BigInt(c.transactionId), BigInt(debit.transactionId)])
      .orderBy('e.id')
      .execute();
    expect(entries.map((e) => [e.type, e.code ?? e.kind, e.amount, e.balance_after])).toEqual([
      ['ADJUSTMENT', 'MAIN', 15000n, 15000n],
      ['ADJUSTMENT', 'ADJUSTMENTS', -15000n, -15000n],
      ['ADJUSTMENT', 'MAIN', -2050n, 12950n],
      ['ADJUSTMENT', 'ADJUSTMENTS', 2050n, -12950n],
    ]);
    const total = (await sql<{ t: bigint }>`select coalesce(sum(balance),0)::int8 as t from accounts where merchant_id = (select id from merchants where code = 'APSARA')`.execute(db())).rows[0].t;
    expect(total).toBe(0n);

    // One audit row per adjustment, with operator, before and after, reason and address.
    const audit = await db().selectFrom('audit_log').selectAll().where('action', '=', 'member.adjustment').where('target_id', '=', id).orderBy('id').execute();
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ target_type: 'member', before: { balance: '0.00' }, after: { balance: '150.00', amount: '150.00' }, reason: 'Goodwill credit', ip: '127.0.0.1' });
    expect(audit[0].ledger_transaction_id).toBe(BigInt(c.transactionId));
    expect(audit[1]).toMatchObject({ before: { balance: '150.00' }, after: { balance: '129.50', amount: '-20.50' } });
    expect(audit[0].operator_id).toBe((await db().selectFrom('operators').select('id').where('username', '=', 'finance01').executeTakeFirstOrThrow()).id);
    expect(c.auditId).toBe(audit[0].id.toString());
  });

  it('a debit beyond the balance is INSUFFICIENT_FUNDS and writes nothing', async () => {
    const id = await memberId('agent01');
    const before = await snapshot();
    const res = await adjust(id, { amount: '-0.01', reason: 'debit below zero', idempotencyKey: key() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, code: 'INSUFFICIENT_FUNDS', message: 'Insufficient balance' });
    expect(await snapshot()).toEqual(before);
    // Held funds are not available either.
    await adjust(id, { amount: '10.00', reason: 'fund for a hold test', idempotencyKey: key() });
    const account = await db().selectFrom('accounts').select('id').where('member_id', '=', BigInt(id)).where('kind', '=', 'MAIN').executeTakeFirstOrThrow();
    await db().updateTable('accounts').set({ held: 600n }).where('id', '=', account.id).execute();
    const snap = await snapshot();
    expect((await adjust(id, { amount: '-4.01', reason: 'beyond the available', idempotencyKey: key() })).json().code).toBe('INSUFFICIENT_FUNDS');
    expect(await snapshot()).toEqual(snap);
    expect((await adjust(id, { amount: '-4.00', reason: 'exactly the available', idempotencyKey: key() })).json().value.balanceAfter).toBe('6.00');
    await db().updateTable('accounts').set({ held: 0n }).where('id', '=', account.id).execute();
  });

  it('a replayed key returns the original result and writes no second audit row; a changed body is a 409', async () => {
    const id = await memberId('flagged01');
    const body = { amount: '75.25', reason: 'Promotion payout', idempotencyKey: key() };
    const first = (await adjust(id, body)).json().value;
    const second = await adjust(id, body, finance);
    expect(second.statusCode).toBe(200);
    expect(second.json().value).toEqual({ ...first, replayed: true });
    const third = await Promise.all([adjust(id, body), adjust(id, body)]);
    for (const r of third) expect(r.json().value.transactionId).toBe(first.transactionId);
    expect(await count('audit_log', sql`ledger_transaction_id = ${BigInt(first.transactionId)}`)).toBe(1);
    expect(await count('audit_log', sql`action = 'member.adjustment' and target_id = ${id}`)).toBe(1);
    expect(await count('ledger_transactions', sql`idempotency_key = ${`ops-adjustment:${body.idempotencyKey}`}`)).toBe(1);

    const before = await snapshot();
    for (const changed of [{ ...body, amount: '75.26' }, { ...body, amount: '-75.25' }, { ...body, reason: 'A different reason' }]) {
      const res = await adjust(id, changed);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'IDEMPOTENCY_CONFLICT', message: 'This request was already made with different details' });
    }
    // The same key for another member is a different request too.
    expect((await adjust(await memberId('demo01'), body)).statusCode).toBe(409);
    expect(await snapshot()).toEqual(before);
  });

  it("another merchant's member is not found, from either side; each merchant adjusts its own in its currency", async () => {
    const lotusMember = await memberId('lotus01');
    const lotusOps = await h.opsLogin('lotusops', 'Lotus-Ops-Pass-1', 'lotus.localhost');
    const before = await snapshot();
    const cross = await adjust(lotusMember, { amount: '5.00', reason: 'cross merchant', idempotencyKey: key() });
    expect(cross.statusCode).toBe(404);
    expect(cross.json()).toMatchObject({ code: 'ACCOUNT_NOT_FOUND', message: 'Account not found' });
    expect((await adjust(await memberId('demo01'), { amount: '5.00', reason: 'cross merchant', idempotencyKey: key() }, lotusOps, { host: 'lotus.localhost' })).statusCode).toBe(404);
    // The APSARA operator's token presented on the LOTUS host is no one.
    expect((await adjust(lotusMember, { amount: '5.00', reason: 'cross merchant', idempotencyKey: key() }, admin, { host: 'lotus.localhost' })).statusCode).toBe(401);
    const unknown = await adjust('987654321', { amount: '5.00', reason: 'nobody home', idempotencyKey: key() });
    expect(unknown.statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);

    const own = await adjust(lotusMember, { amount: '500.00', reason: 'Welcome credit', idempotencyKey: key() }, lotusOps, { host: 'lotus.localhost' });
    expect(own.json().value).toMatchObject({ currency: 'THB', balanceAfter: '500.00' });
    const lotusMemberToken = await h.login('lotus01', 'Lotus1234', 'lotus.localhost');
    expect(await balanceOf(lotusMemberToken, 'lotus.localhost')).toBe('500.00');
    // The same idempotency key is independent per merchant.
    const sharedKey = key();
    expect((await adjust(await memberId('demo01'), { amount: '1.00', reason: 'shared key one', idempotencyKey: sharedKey })).statusCode).toBe(200);
    expect((await adjust(lotusMember, { amount: '2.00', reason: 'shared key two', idempotencyKey: sharedKey }, lotusOps, { host: 'lotus.localhost' })).json().value.replayed).toBe(false);
  });

  it('trial accounts hold no real money', async () => {
    const res = await adjust(await memberId('trial01'), { amount: '5.00', reason: 'trial credit', idempotencyKey: key() });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('TRIAL_NEED_REAL_ACCOUNT');
  });
});

describe('bad input to the operator API: a 4xx with code and message, nothing written', () => {
  const SQLI = "' OR '1'='1'; DROP TABLE audit_log; --";
  const HTML = '<script>alert(1)</script>';
  const ok = { amount: '10.00', reason: 'a fine reason', idempotencyKey: 'bad-input-key-1' };
  const cases: { name: string; id?: string; payload: unknown; code?: string; field?: string }[] = [
    { name: 'zero', payload: { ...ok, amount: '0' }, field: 'amount' },
    { name: 'zero with places', payload: { ...ok, amount: '0.00' }, field: 'amount' },
    { name: 'negative zero', payload: { ...ok, amount: '-0.00' }, field: 'amount' },
    { name: 'three decimals', payload: { ...ok, amount: '10.005' }, field: 'amount' },
    { name: 'exponent', payload: { ...ok, amount: '1e3' }, field: 'amount' },
    { name: 'huge', payload: { ...ok, amount: '1000000000000.01' }, field: 'amount' },
    { name: 'credit above the adjustment cap', payload: { ...ok, amount: '1000000000.01' }, field: 'amount' },
    { name: 'debit above the adjustment cap', payload: { ...ok, amount: '-99999999999.00' }, field: 'amount' },
    { name: 'absurdly long', payload: { ...ok, amount: '9'.repeat(5000) }, field: 'amount' },
    { name: 'non-numeric', payload: { ...ok, amount: 'ten' }, field: 'amount' },
    { name: 'empty amount', payload: { ...ok, amount: '' }, field: 'amount' },
    { name: 'spaces', payload: { ...ok, amount: ' 10.00' }, field: 'amount' },
    { name: 'number, not string', payload: { ...ok, amount: 10 }, field: 'amount' },
    { name: 'SQL in amount', payload: { ...ok, amount: SQLI }, field: 'amount' },
    { name: 'missing amount', payload: { reason: ok.reason, idempotencyKey: ok.idempotencyKey }, field: 'amount' },
    { name: 'missing reason', payload: { amount: '10.00', idempotencyKey: ok.idempotencyKey }, field: 'reason' },
    { name: 'short reason', payload: { ...ok, reason: ' ab  ' }, field: 'reason' },
    { name: 'oversized reason', payload: { ...ok, reason: 'x'.repeat(201) }, field: 'reason' },
    { name: 'HTML reason', payload: { ...ok, reason: HTML }, field: 'reason' },
    { name: 'control characters in reason', payload: { ...ok, reason: 'nul\u0000byte here' }, field: 'reason' },
    { name: 'missing key', payload: { amount: '10.00', reason: ok.reason }, field: 'idempotencyKey' },
    { name: 'short key', payload: { ...ok, idempotencyKey: 'abc' }, field: 'idempotencyKey' },
    { name: 'SQL in key', payload: { ...ok, idempotencyKey: SQLI }, field: 'idempotencyKey' },
    { name: 'unknown field', payload: { ...ok, memberId: '1' } },
    { name: 'body not an object', payload: ['x'] },
    { name: 'id not numeric', id: 'abc', payload: ok, field: 'id' },
    { name: 'id zero', id: '0', payload: ok, field: 'id' },
    { name: 'id negative', id: '-1', payload: ok, field: 'id' },
    { name: 'id beyond bigint', id: '99999999999999999999', payload: ok, field: 'id' },
    { name: 'SQL in id', id: encodeURIComponent("1 OR 1=1"), payload: ok, field: 'id' },
  ];

  it.each(cases)('$name', async (c) => {
    const id = c.id ?? (await memberId('demo01'));
    const before = await snapshot();
    const res = await adjust(id, c.payload);
    expect(res.statusCode, res.body.slice(0, 300)).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    const body = res.json();
    expect(body).toMatchObject({ success: false, code: expect.stringMatching(/^[A-Z_]+$/), message: expect.any(String) });
    expect(body.message.length).toBeGreaterThan(3);
    if (c.field) expect(body.fields.map((f: { field: string }) => f.field)).toContain(c.field);
    expect(res.body).not.toContain('<script>');
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    { name: 'login: empty', payload: {} },
    { name: 'login: wrong types', payload: { username: 1, password: ['x'] } },
    { name: 'login: SQL', payload: { username: SQLI, password: SQLI } },
    { name: 'login: HTML', payload: { username: HTML, password: 'x' } },
    { name: 'login: oversized', payload: { username: 'a'.repeat(500), password: 'b'.repeat(500) } },
  ])('$name', async (c) => {
    const before = await snapshot();
    const res = await h.call({ method: 'POST', url: '/ops/session/login', payload: c.payload, lang: 'en' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toMatchObject({ success: false, code: expect.any(String), message: expect.any(String) });
    expect(await snapshot()).toEqual(before);
  });

  it('audit query limits', async () => {
    for (const q of ['limit=0', 'limit=51', 'limit=x', 'before=abc', `before=${encodeURIComponent(SQLI)}`]) {
      const res = await h.call({ method: 'GET', url: `/ops/audit?${q}`, token: admin });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('GET /ops/audit', () => {
  it('pages newest first, 50 at most, with a cursor', async () => {
    const id = await memberId('demo01');
    for (let i = 0; i < 3; i++) await adjust(id, { amount: '1.00', reason: `paging row ${i}`, idempotencyKey: key() });
    const all: string[] = [];
    let before: string | null = null;
    do {
      const res = await h.call({ method: 'GET', url: `/ops/audit?limit=2${before ? `&before=${before}` : ''}`, token: admin });
      expect(res.statusCode).toBe(200);
      const v: { items: { id: string }[]; nextBefore: string | null } = res.json().value;
      expect(v.items.length).toBeLessThanOrEqual(2);
      all.push(...v.items.map((i) => i.id));
      before = v.nextBefore;
    } while (before);
    const ids = all.map(BigInt);
    expect([...ids].sort((a, b) => (a > b ? -1 : 1))).toEqual(ids);
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBe(await count('audit_log', sql`merchant_id = (select id from merchants where code = 'APSARA')`));

    const page = (await h.call({ method: 'GET', url: '/ops/audit', token: admin })).json().value;
    expect(page.items.length).toBeLessThanOrEqual(50);
    expect(page.items[0]).toMatchObject({ action: 'member.adjustment', reason: 'paging row 2', operatorUsername: OPS_ADMIN.username, targetType: 'member', targetId: id, targetName: 'demo01', before: { balance: expect.any(String) } });
    // Only this merchant's rows.
    expect(page.items.some((i: { operatorUsername: string }) => i.operatorUsername === 'lotusops')).toBe(false);
    // A row naming another site's member (written by hand: no route does) does not show that member's name.
    const lotusMember = (await sql<{ id: string }>`select m.id::text as id from members m join merchants x on x.id = m.merchant_id where x.code = 'LOTUS' limit 1`.execute(h.database.db)).rows[0]!.id;
    await sql`insert into audit_log (merchant_id, action, target_type, target_id) select id, 'member.adjustment', 'member', ${lotusMember} from merchants where code = 'APSARA'`.execute(h.database.db);
    expect((await h.call({ method: 'GET', url: '/ops/audit?limit=1', token: admin })).json().value.items[0]).toMatchObject({ targetId: lotusMember, targetName: null });
  });

  it('the audit log cannot be changed or removed, not even by the database owner', async () => {
    const before = await count('audit_log');
    await expect(sql`update audit_log set reason = 'rewritten'`.execute(db())).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log`.execute(db())).rejects.toThrow(/append-only/);
    await expect(sql`truncate audit_log`.execute(db())).rejects.toThrow(/append-only/);
    expect(await count('audit_log')).toBe(before);
    expect(await count('audit_log', sql`reason = 'rewritten'`)).toBe(0);
  });
});

describe('OpenAPI', () => {
  it('lists the operator calls under the ops tag', async () => {
    const doc = (await h.call({ method: 'GET', url: '/docs/json' })).json();
    for (const [path, method] of [['/ops/session/login', 'post'], ['/ops/session/logout', 'delete'], ['/ops/me', 'get'], ['/ops/members/{id}/adjustments', 'post'], ['/ops/audit', 'get']]) {
      expect(doc.paths[path]?.[method]?.tags, `${method} ${path}`).toEqual(['ops']);
    }
    const body = doc.paths['/ops/members/{id}/adjustments'].post.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(expect.arrayContaining(['amount', 'reason', 'idempotencyKey']));
  });
});
