import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { FEEDBACK_PER_HOUR, FEEDBACK_PER_HOUR_PER_ADDRESS } from '@apsara/contracts';
import { CAPTCHA_ANSWER, startHarness, type Harness } from '../../../test/harness.js';
import { makeMember } from '../../../test/money-helpers.js';

let h: Harness;
let n = 0;
let ipSeq = 0;
const uname = (p: string) => `${p}${Date.now().toString(36).slice(-5)}${++n}`;
/** Each test sends from an address of its own, so the hourly limit of one never reaches another. */
const nextIp = () => `10.9.0.${++ipSeq}`;
const TEXT = 'My deposit of 50.00 has not arrived after two hours.';

const send = (payload: Record<string, unknown>, opts: { token?: string; host?: string; lang?: string; ip?: string } = {}) =>
  h.call({ method: 'PUT', url: '/wps/feedback', payload, token: opts.token, host: opts.host, lang: opts.lang ?? 'en', ip: opts.ip ?? nextIp() });
const count = async () => Number((await sql<{ n: string }>`select count(*) as n from feedback`.execute(h.database.db)).rows[0].n);

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('PUT /wps/feedback', () => {
  it('takes a visitor\'s feedback with name and contact, trimmed, and an operator reads it', async () => {
    const res = await send({ type: 1, content: `  ${TEXT}  `, sender: ' Dara ', contact: 'dara@example.com', captcha: CAPTCHA_ANSWER });
    expect(res.statusCode, res.body).toBe(200);
    const sent = res.json().value;
    expect(sent.status).toBe('open');
    const ops = await h.opsLogin();
    const list = (await h.call({ method: 'GET', url: '/ops/feedback?status=open', token: ops })).json().value;
    const mine = list.items.find((i: { id: string }) => i.id === sent.id);
    expect(mine).toMatchObject({ type: 1, content: TEXT, sender: 'Dara', contact: 'dara@example.com', memberId: null, username: null, status: 'open', reply: null });
  });

  it("files a member's feedback under their account, whatever name they type, without a contact", async () => {
    const m = await makeMember(h, uname('fb'));
    const res = await send({ type: 3, content: TEXT, sender: 'Somebody Else', contact: 'x', captcha: CAPTCHA_ANSWER }, { token: m.token });
    expect(res.statusCode, res.body).toBe(200);
    const row = await h.database.db.selectFrom('feedback').selectAll().where('id', '=', BigInt(res.json().value.id)).executeTakeFirstOrThrow();
    expect(row.member_id).toBe(m.id);
    expect(row.sender).toMatch(/^fb/);
    expect(row.contact).toBeNull();
    const mine = (await h.call({ method: 'GET', url: '/wps/feedback', token: m.token })).json().value;
    expect(mine.total).toBe(1);
    expect(mine.items[0]).toMatchObject({ id: res.json().value.id, type: 3, content: TEXT, status: 'open', reply: null });
  });

  it('refuses bad input with a code and a message in the caller\'s language, and writes nothing', async () => {
    const before = await count();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ type: 1, content: 'too short', sender: 'Dara', captcha: CAPTCHA_ANSWER }, 400, 'VALIDATION_FAILED'],
      [{ type: 1, content: `   ${'x'.repeat(19)}   `, sender: 'Dara', captcha: CAPTCHA_ANSWER }, 400, 'VALIDATION_FAILED'],
      [{ type: 1, content: 'y'.repeat(201), sender: 'Dara', captcha: CAPTCHA_ANSWER }, 400, 'VALIDATION_FAILED'],
      [{ type: 5, content: TEXT, sender: 'Dara', captcha: CAPTCHA_ANSWER }, 400, 'VALIDATION_FAILED'],
      [{ type: 'deposit', content: TEXT, sender: 'Dara', captcha: CAPTCHA_ANSWER }, 400, 'VALIDATION_FAILED'],
      // Nothing is coerced into a type: not null, "", false or [] into 0 ("others"), nor "1" or true into 1.
      ...([null, '', false, [], '1', true, 1.5] as unknown[]).map((type): [Record<string, unknown>, number, string] => [{ type, content: TEXT, sender: 'Dara', captcha: CAPTCHA_ANSWER }, 400, 'VALIDATION_FAILED']),
      [{ content: TEXT, sender: 'Dara', captcha: CAPTCHA_ANSWER }, 400, 'VALIDATION_FAILED'],
      [{ type: 1, content: `${TEXT}\u0000`, sender: 'Dara', captcha: CAPTCHA_ANSWER }, 400, 'VALIDATION_FAILED'],
      [{ type: 1, content: TEXT, sender: 'Da\nra', captcha: CAPTCHA_ANSWER }, 400, 'VALIDATION_FAILED'],
      [{ type: 1, content: TEXT, sender: 'Dara', captcha: CAPTCHA_ANSWER, memberId: '1' }, 400, 'VALIDATION_FAILED'],
      [{ type: 1, content: TEXT, captcha: CAPTCHA_ANSWER }, 400, 'FEEDBACK_SENDER_REQUIRED'],
      [{ type: 1, content: TEXT, sender: '   ', captcha: CAPTCHA_ANSWER }, 400, 'FEEDBACK_SENDER_REQUIRED'],
      [{ type: 1, content: TEXT, sender: 'Dara' }, 400, 'CAPTCHA_REQUIRED'],
      [{ type: 1, content: TEXT, sender: 'Dara', captcha: 'nope' }, 400, 'CAPTCHA_INVALID'],
    ];
    for (const [payload, status, code] of cases) {
      const res = await send(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json(), JSON.stringify(payload)).toMatchObject({ success: false, code });
      expect(res.json().message).toBeTruthy();
    }
    const km = await send({ type: 1, content: TEXT, captcha: CAPTCHA_ANSWER }, { lang: 'km' });
    expect(km.json().message).toBe('សូមបញ្ចូលឈ្មោះរបស់អ្នក');
    // A token that was sent must be good: a stale one is not quietly filed as a visitor's feedback.
    const stale = await send({ type: 1, content: TEXT, sender: 'Dara', captcha: CAPTCHA_ANSWER }, { token: 'x'.repeat(40) });
    expect(stale.statusCode).toBe(401);
    expect(await count()).toBe(before);
  });

  it('counts characters as a person does: 20 Khmer or emoji characters are enough, 201 are too many', async () => {
    const khmer = 'ការដាក់ប្រាក់របស់ខ្ញុំមិនទាន់ចូល';
    expect([...khmer].length).toBeGreaterThanOrEqual(20);
    expect((await send({ type: 1, content: khmer, sender: 'ដារ៉ា', captcha: CAPTCHA_ANSWER })).statusCode).toBe(200);
    expect((await send({ type: 0, content: '🎰'.repeat(20), sender: 'Dara', captcha: CAPTCHA_ANSWER })).statusCode).toBe(200);
    expect((await send({ type: 0, content: '🎰'.repeat(201), sender: 'Dara', captcha: CAPTCHA_ANSWER })).statusCode).toBe(400);
  });

  it(`takes at most ${FEEDBACK_PER_HOUR_PER_ADDRESS} an hour from one address and ${FEEDBACK_PER_HOUR} from one member, and says when to come back`, async () => {
    const ip = nextIp();
    for (let i = 0; i < FEEDBACK_PER_HOUR_PER_ADDRESS; i++) expect((await send({ type: 0, content: TEXT, sender: 'Dara', captcha: CAPTCHA_ANSWER }, { ip })).statusCode).toBe(200);
    const before = await count();
    const over = await send({ type: 0, content: TEXT, sender: 'Dara', captcha: CAPTCHA_ANSWER }, { ip });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(over.json().message).toMatch(/in (59|60) min/);
    // A refused captcha costs no quota.
    const ip2 = nextIp();
    for (let i = 0; i < FEEDBACK_PER_HOUR_PER_ADDRESS + 2; i++) await send({ type: 0, content: TEXT, sender: 'Dara', captcha: 'wrong' }, { ip: ip2 });
    expect((await send({ type: 0, content: TEXT, sender: 'Dara', captcha: CAPTCHA_ANSWER }, { ip: ip2 })).statusCode).toBe(200);
    // A member is counted wherever they send from (each send here comes from a new address).
    const m = await makeMember(h, uname('fl'));
    for (let i = 0; i < FEEDBACK_PER_HOUR; i++) expect((await send({ type: 0, content: TEXT, captcha: CAPTCHA_ANSWER }, { token: m.token })).statusCode).toBe(200);
    expect((await send({ type: 0, content: TEXT, captcha: CAPTCHA_ANSWER }, { token: m.token })).statusCode).toBe(429);
    // Another member behind the same address as the first is not held back by them.
    const shared = nextIp();
    const a = await makeMember(h, uname('fa'));
    const b = await makeMember(h, uname('fb'));
    for (let i = 0; i < FEEDBACK_PER_HOUR; i++) await send({ type: 0, content: TEXT, captcha: CAPTCHA_ANSWER }, { token: a.token, ip: shared });
    expect((await send({ type: 0, content: TEXT, captcha: CAPTCHA_ANSWER }, { token: a.token, ip: shared })).statusCode).toBe(429);
    expect((await send({ type: 0, content: TEXT, captcha: CAPTCHA_ANSWER }, { token: b.token, ip: shared })).statusCode).toBe(200);
    expect(await count()).toBe(before + 1 + FEEDBACK_PER_HOUR * 2 + 1);
  });

  it('holds to the hourly limit when sends with valid captchas arrive all at once', async () => {
    const m = await makeMember(h, uname('fp'));
    const before = await count();
    const all = await Promise.all(Array.from({ length: FEEDBACK_PER_HOUR + 4 }, () => send({ type: 0, content: TEXT, captcha: CAPTCHA_ANSWER }, { token: m.token })));
    expect(all.filter((r) => r.statusCode === 200)).toHaveLength(FEEDBACK_PER_HOUR);
    expect(all.filter((r) => r.statusCode === 429).every((r) => r.json().code === 'TOO_MANY_REQUESTS')).toBe(true);
    expect(await count()).toBe(before + FEEDBACK_PER_HOUR);
  });

  it('lets a trial account send feedback (it is not a money action); the answer is beside it, not in an inbox', async () => {
    const trial = await makeMember(h, uname('ft'), { type: 4 });
    const sent = await send({ type: 4, content: TEXT, captcha: CAPTCHA_ANSWER }, { token: trial.token });
    expect(sent.statusCode).toBe(200);
    const ops = await h.opsLogin();
    expect((await h.call({ method: 'POST', url: `/ops/feedback/${sent.json().value.id}/resolve`, token: ops, payload: { reply: 'Thanks, noted.' } })).statusCode).toBe(200);
    expect((await h.call({ method: 'GET', url: '/wps/feedback', token: trial.token })).json().value.items[0].reply).toBe('Thanks, noted.');
    const rows = await h.database.db.selectFrom('messages').select('id').where('member_id', '=', trial.id).execute();
    expect(rows).toHaveLength(0);
  });

  it('keeps merchants apart: a LOTUS member sees only their own, a LOTUS operator only LOTUS feedback', async () => {
    const lotus = await makeMember(h, uname('fk'), { merchant: 'LOTUS', host: 'lotus.localhost' });
    const sent = await send({ type: 2, content: TEXT, captcha: CAPTCHA_ANSWER }, { token: lotus.token, host: 'lotus.localhost' });
    expect(sent.statusCode, sent.body).toBe(200);
    // The LOTUS token does not work on the APSARA host.
    expect((await h.call({ method: 'GET', url: '/wps/feedback', token: lotus.token })).statusCode).toBe(401);
    await h.addOperator('LOTUS', `lotusops${n}`, 'Lotus-Ops-Pass-1', 'support');
    const lotusOps = await h.opsLogin(`lotusops${n}`, 'Lotus-Ops-Pass-1', 'lotus.localhost');
    const theirs = (await h.call({ method: 'GET', url: '/ops/feedback', token: lotusOps, host: 'lotus.localhost' })).json().value;
    expect(theirs.items.map((i: { id: string }) => i.id)).toEqual([sent.json().value.id]);
    const apsaraOps = await h.opsLogin();
    const ours = (await h.call({ method: 'GET', url: '/ops/feedback', token: apsaraOps })).json().value;
    expect(ours.items.some((i: { id: string }) => i.id === sent.json().value.id)).toBe(false);
    // Nor can an APSARA operator answer it.
    const cross = await h.call({ method: 'POST', url: `/ops/feedback/${sent.json().value.id}/resolve`, token: apsaraOps, payload: { reply: 'Looking into it.' } });
    expect(cross.statusCode).toBe(404);
  });
});

describe('operators answer feedback', () => {
  it('resolves open feedback once, audited; the member reads the reply; a second answer is a 409', async () => {
    const m = await makeMember(h, uname('fr'));
    const id = (await send({ type: 1, content: TEXT, captcha: CAPTCHA_ANSWER }, { token: m.token })).json().value.id as string;
    const ops = await h.opsLogin();
    const res = await h.call({ method: 'POST', url: `/ops/feedback/${id}/resolve`, token: ops, payload: { reply: '  The deposit was credited at 14:02.  ' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ id, status: 'resolved', reply: 'The deposit was credited at 14:02.', resolvedBy: 'opsadmin' });
    const mine = (await h.call({ method: 'GET', url: '/wps/feedback', token: m.token })).json().value.items[0];
    expect(mine).toMatchObject({ id, status: 'resolved', reply: 'The deposit was credited at 14:02.' });
    expect(mine.resolvedAt).toBeTruthy();
    const audit = await h.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'feedback.resolve').where('target_id', '=', id).execute();
    expect(audit).toHaveLength(1);
    // The answer also lands in the member's inbox, unread; this member never chose a language, so the
    // title is in the site's default (Khmer on the demo site).
    const inbox = (await h.call({ method: 'GET', url: '/wps/messages', token: m.token })).json().value;
    expect(inbox.unread).toBe(1);
    expect(inbox.items[0]).toMatchObject({ title: `មតិកែលម្អ #${id} របស់អ្នកមានចម្លើយហើយ`, body: 'The deposit was credited at 14:02.', broadcast: false, read: false });
    // A member who reads English gets the English title.
    await h.database.db.updateTable('members').set({ language: 'en' }).where('id', '=', m.id).execute();
    const second = (await send({ type: 2, content: TEXT, captcha: CAPTCHA_ANSWER }, { token: m.token })).json().value.id as string;
    expect((await h.call({ method: 'POST', url: `/ops/feedback/${second}/resolve`, token: ops, payload: { reply: 'Paid at 09:00.' } })).statusCode).toBe(200);
    const after = (await h.call({ method: 'GET', url: '/wps/messages', token: m.token })).json().value;
    expect(after.items[0]).toMatchObject({ title: `Your feedback #${second} has an answer`, body: 'Paid at 09:00.' });
    const again = await h.call({ method: 'POST', url: `/ops/feedback/${id}/resolve`, token: ops, payload: { reply: 'Another answer' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('FEEDBACK_ALREADY_RESOLVED');
    const resolved = (await h.call({ method: 'GET', url: '/ops/feedback?status=resolved&type=1', token: ops })).json().value;
    expect(resolved.items.map((i: { id: string }) => i.id)).toContain(id);
    expect(resolved.items.every((i: { status: string; type: number }) => i.status === 'resolved' && i.type === 1)).toBe(true);
    const open = (await h.call({ method: 'GET', url: '/ops/feedback?status=open', token: ops })).json().value;
    expect(open.items.map((i: { id: string }) => i.id)).not.toContain(id);
    expect((await h.call({ method: 'GET', url: '/ops/feedback?type=3', token: ops })).json().value.items.map((i: { id: string }) => i.id)).not.toContain(id);
    for (const bad of ['type=', 'type=5', 'type=x', 'status=closed']) expect((await h.call({ method: 'GET', url: `/ops/feedback?${bad}`, token: ops })).statusCode, bad).toBe(400);
  });

  it('checks roles, the body and the id; members and visitors cannot use the operator calls', async () => {
    const id = (await send({ type: 0, content: TEXT, sender: 'Dara', captcha: CAPTCHA_ANSWER })).json().value.id as string;
    await h.addOperator('APSARA', `fin${n}`, 'Finance-Pass-12', 'finance');
    const finance = await h.opsLogin(`fin${n}`, 'Finance-Pass-12');
    expect((await h.call({ method: 'GET', url: '/ops/feedback', token: finance })).statusCode).toBe(200);
    expect((await h.call({ method: 'POST', url: `/ops/feedback/${id}/resolve`, token: finance, payload: { reply: 'ok' } })).statusCode).toBe(403);
    const ops = await h.opsLogin();
    for (const payload of [{}, { reply: '   ' }, { reply: 'r'.repeat(501) }, { reply: 'ok', extra: 1 }]) {
      const res = await h.call({ method: 'POST', url: `/ops/feedback/${id}/resolve`, token: ops, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    for (const bad of ['0', '-1', 'abc', '99999999999']) {
      const res = await h.call({ method: 'POST', url: `/ops/feedback/${bad}/resolve`, token: ops, payload: { reply: 'ok' } });
      expect([400, 404], bad).toContain(res.statusCode);
    }
    const m = await makeMember(h, uname('fm'));
    expect((await h.call({ method: 'GET', url: '/ops/feedback', token: m.token })).statusCode).toBe(401);
    expect((await h.call({ method: 'GET', url: '/ops/feedback' })).statusCode).toBe(401);
    expect((await h.call({ method: 'GET', url: '/wps/feedback' })).statusCode).toBe(401);
    expect((await h.call({ method: 'GET', url: '/ops/feedback?status=closed', token: ops })).statusCode).toBe(400);
    const row = await h.database.db.selectFrom('feedback').select('status').where('id', '=', BigInt(id)).executeTakeFirstOrThrow();
    expect(row.status).toBe('open');
  });
});
