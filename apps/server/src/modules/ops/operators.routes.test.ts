import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { OPS_ADMIN, startHarness, type Harness } from '../../../test/harness.js';
import { makeMember } from '../../../test/money-helpers.js';

let h: Harness;
let admin: string;
let n = 0;
const uname = (p: string) => `${p}${Date.now().toString(36).slice(-5)}${++n}`;
const LOTUS = 'lotus.localhost';
const PASS = 'Operator-Pass-9';

type Op = { id: string; username: string; role: string; status: string; lastLoginAt: string | null; me: boolean };

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token?: string, payload?: unknown, host?: string) =>
  h.call({ method, url, token, host, lang: 'en', ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const make = async (role: 'admin' | 'finance' | 'support', token = admin) => {
  const username = uname(role.slice(0, 3));
  const res = await call('POST', '/ops/operators', token, { username, password: PASS, role });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as Op;
};
const operators = async (token = admin) => (await call('GET', '/ops/operators', token)).json().value.items as Op[];
const auditOf = async (id: string) =>
  (await sql<{ action: string; before: unknown; after: unknown }>`select action, before, after from audit_log where target_type = 'operator' and target_id = ${id} and action <> 'operator.login' order by id`.execute(h.database.db)).rows;
const count = async () => Number((await sql<{ n: string }>`select count(*)::text as n from operators`.execute(h.database.db)).rows[0]!.n);

beforeAll(async () => {
  h = await startHarness();
  admin = await h.opsLogin();
});
afterAll(async () => {
  await h?.close();
});

describe('operator accounts', () => {
  it('an admin creates an operator who then signs in with their role; the password is in no answer and no audit row', async () => {
    const op = await make('finance');
    expect(op).toMatchObject({ role: 'finance', status: 'active', lastLoginAt: null, me: false });
    const token = await h.opsLogin(op.username, PASS);
    const me = (await call('GET', '/ops/me', token)).json().value;
    expect(me).toMatchObject({ username: op.username, role: 'finance' });
    const list = await operators();
    expect(list.find((o) => o.id === op.id)!.lastLoginAt).not.toBeNull();
    expect(list.find((o) => o.username === OPS_ADMIN.username)).toMatchObject({ me: true, role: 'admin' });
    const rows = await auditOf(op.id);
    expect(rows.map((r) => r.action)).toEqual(['operator.create']);
    expect(JSON.stringify(rows)).not.toContain(PASS);
    const stored = (await sql<{ password_hash: string }>`select password_hash from operators where id = ${op.id}`.execute(h.database.db)).rows[0]!;
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('refuses bad input with the field and writes nothing', async () => {
    const before = await count();
    const taken = await call('POST', '/ops/operators', admin, { username: OPS_ADMIN.username.toUpperCase(), password: PASS, role: 'support' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('USERNAME_TAKEN');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ username: 'ab', password: PASS, role: 'support' }, 'username'],
      [{ username: 'has space', password: PASS, role: 'support' }, 'username'],
      [{ username: uname('x'), password: 'short1', role: 'support' }, 'password'],
      [{ username: uname('x'), password: 'onlyletterslong', role: 'support' }, 'password'],
      [{ username: uname('x'), password: '1234567890123', role: 'support' }, 'password'],
      [{ username: uname('x'), password: PASS, role: 'owner' }, 'role'],
      [{ username: uname('x'), password: PASS, role: 'support', extra: 1 }, ''],
    ];
    for (const [payload, field] of cases) {
      const res = await call('POST', '/ops/operators', admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      if (field) expect(JSON.stringify(res.json())).toContain(field);
    }
    expect(await count()).toBe(before);
  });

  it('only admins manage operators', async () => {
    const fin = await make('finance');
    const sup = await make('support');
    for (const who of [await h.opsLogin(fin.username, PASS), await h.opsLogin(sup.username, PASS)]) {
      expect((await call('GET', '/ops/operators', who)).json().code).toBe('OPERATOR_FORBIDDEN');
      expect((await call('POST', '/ops/operators', who, { username: uname('z'), password: PASS, role: 'admin' })).statusCode).toBe(403);
      expect((await call('PATCH', `/ops/operators/${sup.id}`, who, { role: 'admin' })).statusCode).toBe(403);
      expect((await call('POST', `/ops/operators/${sup.id}/password`, who, { password: 'Another-Pass-2' })).statusCode).toBe(403);
    }
    const member = await makeMember(h, uname('opm'));
    expect((await call('GET', '/ops/operators', member.token)).statusCode).toBe(401);
    expect((await operators()).find((o) => o.id === sup.id)!.role).toBe('support');
  });

  it('a role change applies to the next request; disabling ends every session and refuses sign-in; enabling lets them back', async () => {
    const op = await make('support');
    const token = await h.opsLogin(op.username, PASS);
    expect((await call('GET', '/ops/audit', token)).statusCode).toBe(403);
    const promoted = await call('PATCH', `/ops/operators/${op.id}`, admin, { role: 'admin' });
    expect(promoted.json().value).toMatchObject({ role: 'admin' });
    expect((await call('GET', '/ops/audit', token)).statusCode).toBe(200);

    const disabled = await call('PATCH', `/ops/operators/${op.id}`, admin, { status: 'disabled' });
    expect(disabled.json().value).toMatchObject({ status: 'disabled' });
    expect((await call('GET', '/ops/me', token)).statusCode).toBe(401);
    const refused = await call('POST', '/ops/session/login', undefined, { username: op.username, password: PASS });
    expect(refused.json().code).toBe('ACCOUNT_DISABLED');
    await call('PATCH', `/ops/operators/${op.id}`, admin, { status: 'active' });
    expect(await h.opsLogin(op.username, PASS)).toBeTruthy();
    const actions = (await auditOf(op.id)).map((r) => r.action);
    expect(actions).toEqual(['operator.create', 'operator.update', 'operator.update', 'operator.update']);
    expect((await auditOf(op.id))[2]!.after).toMatchObject({ status: 'disabled', sessionsEnded: 1 });
  });

  it('nobody changes their own role or status; two admins demoting each other at once leave one admin', async () => {
    const me = (await operators()).find((o) => o.me)!;
    const self = await call('PATCH', `/ops/operators/${me.id}`, admin, { role: 'support' });
    expect(self.statusCode).toBe(409);
    expect(self.json().code).toBe('OPERATOR_SELF_CHANGE');
    expect((await call('PATCH', `/ops/operators/${me.id}`, admin, { status: 'disabled' })).json().code).toBe('OPERATOR_SELF_CHANGE');

    // Leave exactly two active admins, a and b, then let each demote the other at the same moment.
    const a = await make('admin');
    const b = await make('admin');
    const aToken = await h.opsLogin(a.username, PASS);
    const bToken = await h.opsLogin(b.username, PASS);
    for (const o of (await operators()).filter((x) => x.role === 'admin' && x.status === 'active' && x.id !== a.id && x.id !== b.id)) {
      expect((await call('PATCH', `/ops/operators/${o.id}`, aToken, { role: 'support' })).statusCode).toBe(200);
    }
    const [ab, ba] = await Promise.all([call('PATCH', `/ops/operators/${b.id}`, aToken, { role: 'support' }), call('PATCH', `/ops/operators/${a.id}`, bToken, { role: 'support' })]);
    const codes = [ab, ba].map((r) => (r.statusCode === 200 ? 'ok' : r.json().code));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(1);
    // The loser either found itself no longer admin (refused by role) or saw the change would leave none.
    expect(codes.find((c) => c !== 'ok')).toMatch(/^(OPERATOR_FORBIDDEN|OPERATOR_LAST_ADMIN)$/);
    const left = (await sql<{ n: string }>`select count(*)::text as n from operators o join merchants m on m.id = o.merchant_id where m.code = 'APSARA' and o.role = 'admin' and o.status = 'active'`.execute(h.database.db)).rows[0]!.n;
    expect(left).toBe('1');
    // Put the bootstrap admin back for the tests after this one.
    const winner = codes[0] === 'ok' ? aToken : bToken;
    expect((await call('PATCH', `/ops/operators/${me.id}`, winner, { role: 'admin' })).statusCode).toBe(200);
    admin = await h.opsLogin();
  });

  it('an admin disabled a moment ago cannot finish a change begun before', async () => {
    // b promotes c while a disables b, at the same moment, several times: never both.
    for (let round = 0; round < 4; round++) {
      const a = await make('admin');
      const b = await make('admin');
      const c = await make('support');
      const aToken = await h.opsLogin(a.username, PASS);
      const bToken = await h.opsLogin(b.username, PASS);
      const [disable, promote] = await Promise.all([call('PATCH', `/ops/operators/${b.id}`, aToken, { status: 'disabled' }), call('PATCH', `/ops/operators/${c.id}`, bToken, { role: 'admin' })]);
      expect(disable.statusCode, disable.body).toBe(200);
      const cNow = (await operators()).find((o) => o.id === c.id)!;
      if (promote.statusCode === 200) {
        // b's change went first: it is audited before b was disabled.
        const order = (await sql<{ target_id: string }>`select target_id from audit_log where action = 'operator.update' and target_id in (${b.id}, ${c.id}) order by id`.execute(h.database.db)).rows.map((r) => r.target_id);
        expect(order).toEqual([c.id, b.id]);
        expect(cNow.role).toBe('admin');
      } else {
        expect([401, 403]).toContain(promote.statusCode);
        expect(cNow.role).toBe('support');
      }
      await call('PATCH', `/ops/operators/${a.id}`, admin, { status: 'disabled' });
      await call('PATCH', `/ops/operators/${c.id}`, admin, { role: 'support', status: 'disabled' });
    }
  });

  it('an admin sets a password: the old one stops working and the operator is signed out', async () => {
    const op = await make('support');
    const token = await h.opsLogin(op.username, PASS);
    const reset = await call('POST', `/ops/operators/${op.id}/password`, admin, { password: 'Fresh-Pass-77' });
    expect(reset.json().value).toEqual({ changed: true, sessionsEnded: 1 });
    expect((await call('GET', '/ops/me', token)).statusCode).toBe(401);
    expect((await call('POST', '/ops/session/login', undefined, { username: op.username, password: PASS })).json().code).toBe('ACCOUNT_OR_PASSWORD_WRONG');
    expect(await h.opsLogin(op.username, 'Fresh-Pass-77')).toBeTruthy();
    expect((await call('POST', `/ops/operators/99999999/password`, admin, { password: 'Fresh-Pass-77' })).json().code).toBe('OPERATOR_NOT_FOUND');
    // One's own password needs the current one: not through the admin's reset.
    const me = (await operators()).find((o) => o.me)!;
    expect((await call('POST', `/ops/operators/${me.id}/password`, admin, { password: 'Taken-Over-1' })).json().code).toBe('OPERATOR_SELF_CHANGE');
    expect(await h.opsLogin()).toBeTruthy();
    expect(JSON.stringify(await auditOf(op.id))).not.toContain('Fresh-Pass-77');
  });

  it('an operator changes their own password with the current one; their other sessions end, this one stays', async () => {
    const op = await make('support');
    const first = await h.opsLogin(op.username, PASS);
    const second = await h.opsLogin(op.username, PASS);
    const wrong = await call('POST', '/ops/me/password', second, { currentPassword: 'Not-The-Pass-1', newPassword: 'Brand-New-Pass-3' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('OPERATOR_PASSWORD_WRONG');
    const same = await call('POST', '/ops/me/password', second, { currentPassword: PASS, newPassword: PASS });
    expect(same.json().code).toBe('VALIDATION_FAILED');
    const ok = await call('POST', '/ops/me/password', second, { currentPassword: PASS, newPassword: 'Brand-New-Pass-3' });
    expect(ok.json().value).toEqual({ changed: true, sessionsEnded: 1 });
    expect((await call('GET', '/ops/me', first)).statusCode).toBe(401);
    expect((await call('GET', '/ops/me', second)).statusCode).toBe(200);
    expect(await h.opsLogin(op.username, 'Brand-New-Pass-3')).toBeTruthy();
  });

  it("another site's operators do not exist here", async () => {
    await h.addOperator('LOTUS', 'lotusopsx', 'Lotus-Ops-Pass-1', 'admin');
    const lotus = await h.opsLogin('lotusopsx', 'Lotus-Ops-Pass-1', LOTUS);
    const lotusList = (await call('GET', '/ops/operators', lotus, undefined, LOTUS)).json().value.items as Op[];
    expect(lotusList.map((o) => o.username)).toEqual(['lotusopsx']);
    const mine = (await operators())[0]!;
    expect((await call('PATCH', `/ops/operators/${mine.id}`, lotus, { role: 'support' }, LOTUS)).json().code).toBe('OPERATOR_NOT_FOUND');
    expect((await call('POST', `/ops/operators/${mine.id}/password`, lotus, { password: 'Hijack-Pass-1' }, LOTUS)).json().code).toBe('OPERATOR_NOT_FOUND');
  });

  it('the audit log narrows by action and everything under it, target and operator, and hides sign-ins', async () => {
    const op = await make('support');
    await h.opsLogin(op.username, PASS);
    await call('PATCH', `/ops/operators/${op.id}`, admin, { role: 'finance' });
    // Rows of other things, so a filter that did nothing would show them.
    const config = (await call('GET', '/ops/config', admin)).json().value;
    expect((await call('PATCH', '/ops/config/referral', admin, config.referral)).statusCode).toBe(200);
    await sql`insert into audit_log (merchant_id, operator_id, action, target_type, target_id) select merchant_id, id, 'deposit.online.expired', 'deposit', '1' from operators where username = ${OPS_ADMIN.username}`.execute(h.database.db);
    await sql`insert into audit_log (merchant_id, operator_id, action, target_type, target_id) select merchant_id, id, 'operator_x.create', 'operator_x', '1' from operators where username = ${OPS_ADMIN.username}`.execute(h.database.db);
    type Entry = { id: string; action: string; targetType: string | null; targetId: string | null; operatorId: string | null };
    const page = async (query: string) => {
      const res = await call('GET', `/ops/audit?${query}`, admin);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().value.items as Entry[];
    };
    const all = await page('limit=50');
    // The filtered pages reach further back than this page of everything: compare within its reach.
    const oldest = BigInt(all.at(-1)!.id);
    const ids = (rows: Entry[]) => rows.map((e) => e.id).filter((id) => BigInt(id) >= oldest);
    const where = (pick: (e: Entry) => boolean) => ids(all.filter(pick));
    expect(all.some((e) => e.action === 'operator.login')).toBe(true);
    expect(all.some((e) => e.action === 'config.update')).toBe(true);

    expect(ids(await page('signIns=hide'))).toEqual(where((e) => e.action !== 'operator.login'));
    expect(ids(await page('action=operator.update'))).toEqual(where((e) => e.action === 'operator.update'));
    // `operator` is every operator action, not `operator_x` (the `_` is no wildcard) nor config.
    for (const q of ['action=operator.', 'action=operator']) expect(ids(await page(q)), q).toEqual(where((e) => e.action.startsWith('operator.')));
    expect(ids(await page('action=deposit.online'))).toEqual(where((e) => e.action === 'deposit.online.expired'));
    expect((await page('action=deposit.online.expired')).map((e) => e.action)).toEqual(['deposit.online.expired']);
    expect(ids(await page('action=operator_x'))).toEqual(where((e) => e.action === 'operator_x.create'));

    const onOne = await page(`targetType=operator&targetId=${op.id}&signIns=hide`);
    expect(onOne.map((e) => e.action)).toEqual(['operator.update', 'operator.create']);
    // An operator target is named by its username; a deposit is not named, and neither is a kind this
    // server does not name.
    expect(onOne.map((e) => (e as Entry & { targetName: string | null }).targetName)).toEqual([op.username, op.username]);
    expect((await page('action=deposit.online.expired'))[0]).toMatchObject({ targetName: null });
    expect((await page('action=operator_x'))[0]).toMatchObject({ targetName: null });
    const me = (await operators()).find((o) => o.me)!;
    expect(ids(await page(`operatorId=${me.id}`))).toEqual(where((e) => e.operatorId === me.id));
    expect(ids(await page(`operatorId=${op.id}`))).toEqual(where((e) => e.operatorId === op.id));

    for (const bad of ['action=DROP%20TABLE', 'action=a..b', 'action=.a', 'targetType=x%25', 'operatorId=abc', 'signIns=maybe']) {
      const res = await call('GET', `/ops/audit?${bad}`, admin);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });
});
