import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startHarness, type Harness } from '../../../test/harness.js';
import { makeMember } from '../../../test/money-helpers.js';

let h: Harness;
let ops: string;
let n = 0;
const uname = (p: string) => `${p}${Date.now().toString(36).slice(-5)}${++n}`;

const send = (payload: Record<string, unknown>, token = ops, host?: string) => h.call({ method: 'POST', url: '/ops/messages', token, host, payload, lang: 'en' });
const inbox = (token: string, page = 1, host?: string) => h.call({ method: 'GET', url: `/wps/messages?page=${page}`, token, host });
const unread = async (token: string, host?: string) => (await h.call({ method: 'GET', url: '/wps/relay/CSP_unreadCount', token, host })).json().value.count as number;
const infoUnread = async (token: string) => (await h.call({ method: 'GET', url: '/wps/member/info', token })).json().value.unreadCount as number;
const count = async (table: 'messages' | 'message_states') => Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(h.database.db)).rows[0].n);

beforeAll(async () => {
  h = await startHarness();
  ops = await h.opsLogin();
});
afterAll(async () => {
  await h?.close();
});

describe('the member inbox', () => {
  it('a message to one member reaches them alone, counts as unread until read, and is audited', async () => {
    const a = await makeMember(h, uname('ma'));
    const b = await makeMember(h, uname('mb'));
    const username = (await h.database.db.selectFrom('members').select('username').where('id', '=', a.id).executeTakeFirstOrThrow()).username;
    const res = await send({ title: '  Your withdrawal  ', body: 'It was paid this morning.', toUsername: username });
    expect(res.statusCode, res.body).toBe(200);
    const sent = res.json().value;
    expect(sent).toMatchObject({ title: 'Your withdrawal', toUsername: username, sentBy: 'opsadmin' });

    const box = (await inbox(a.token)).json().value;
    expect(box).toMatchObject({ total: 1, unread: 1, pageSize: 20 });
    expect(box.items[0]).toMatchObject({ id: sent.id, title: 'Your withdrawal', body: 'It was paid this morning.', broadcast: false, read: false });
    expect(await unread(a.token)).toBe(1);
    expect(await infoUnread(a.token)).toBe(1);
    expect((await inbox(b.token)).json().value.total).toBe(0);

    const read = await h.call({ method: 'POST', url: `/wps/messages/${sent.id}/read`, token: a.token });
    expect(read.json().value).toEqual({ unread: 0 });
    // Reading again changes nothing and still answers.
    expect((await h.call({ method: 'POST', url: `/wps/messages/${sent.id}/read`, token: a.token })).json().value).toEqual({ unread: 0 });
    expect((await inbox(a.token)).json().value.items[0].read).toBe(true);
    expect(await infoUnread(a.token)).toBe(0);

    const audit = await h.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'message.send').where('target_id', '=', a.id.toString()).execute();
    expect(audit).toHaveLength(1);
  });

  it('a message to everyone reaches members who had joined, not those who join later; each reads and deletes it for themselves', async () => {
    const before = await makeMember(h, uname('mc'));
    const alsoBefore = await makeMember(h, uname('mn'));
    const res = await send({ title: 'Maintenance on Sunday', body: 'Games pause 02:00–03:00.', toAll: true });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().value.id as string;
    expect(res.json().value.toUsername).toBeNull();
    await new Promise((r) => setTimeout(r, 20));
    const after = await makeMember(h, uname('md'));
    const other = await makeMember(h, uname('me'));

    expect((await inbox(before.token)).json().value.items.map((m: { id: string }) => m.id)).toContain(id);
    expect((await inbox(after.token)).json().value.items.map((m: { id: string }) => m.id)).not.toContain(id);

    const del = await h.call({ method: 'DELETE', url: `/wps/messages/${id}`, token: before.token });
    expect(del.statusCode, del.body).toBe(200);
    expect((await inbox(before.token)).json().value.items.map((m: { id: string }) => m.id)).not.toContain(id);
    // Deleting twice: it is gone for them.
    expect((await h.call({ method: 'DELETE', url: `/wps/messages/${id}`, token: before.token })).statusCode).toBe(404);
    // Deleted for them alone: another member who had joined still has it, unread.
    const theirs = (await inbox(alsoBefore.token)).json().value.items.find((m: { id: string }) => m.id === id);
    expect(theirs).toMatchObject({ id, read: false, broadcast: true });
    // Nor did reading or deleting it reach a member who joined later.
    expect((await inbox(other.token)).json().value.total).toBe(0);
  });

  it('read-all marks every unread message read, only the member\'s own', async () => {
    const m = await makeMember(h, uname('mf'));
    const o = await makeMember(h, uname('mg'));
    const [mu, ou] = await Promise.all([m, o].map(async (x) => (await h.database.db.selectFrom('members').select('username').where('id', '=', x.id).executeTakeFirstOrThrow()).username));
    for (const t of ['One', 'Two', 'Three']) expect((await send({ title: t, body: 'x', toUsername: mu })).statusCode).toBe(200);
    expect((await send({ title: 'Theirs', body: 'x', toUsername: ou })).statusCode).toBe(200);
    expect(await unread(m.token)).toBe(3);
    const res = await h.call({ method: 'POST', url: '/wps/messages/read-all', token: m.token });
    expect(res.json().value).toEqual({ unread: 0 });
    expect(await unread(o.token)).toBe(1);
  });

  it('pages by 20, newest first', async () => {
    const m = await makeMember(h, uname('mh'));
    const username = (await h.database.db.selectFrom('members').select('username').where('id', '=', m.id).executeTakeFirstOrThrow()).username;
    for (let i = 1; i <= 21; i++) expect((await send({ title: `Note ${i}`, body: 'x', toUsername: username })).statusCode).toBe(200);
    const first = (await inbox(m.token, 1)).json().value;
    expect(first.items).toHaveLength(20);
    expect(first.items[0].title).toBe('Note 21');
    expect(first.total).toBe(21);
    const second = (await inbox(m.token, 2)).json().value;
    expect(second.items.map((x: { title: string }) => x.title)).toEqual(['Note 1']);
  });

  it('trial accounts have no inbox and cannot be written to (spec §4)', async () => {
    const trial = await makeMember(h, uname('mt'), { type: 4 });
    const username = (await h.database.db.selectFrom('members').select('username').where('id', '=', trial.id).executeTakeFirstOrThrow()).username;
    const refused = await send({ title: 'Hi', body: 'x', toUsername: username });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('MESSAGE_RECIPIENT_TRIAL');
    expect((await send({ title: 'To all', body: 'x', toAll: true })).statusCode).toBe(200);
    expect((await inbox(trial.token)).json().value).toMatchObject({ total: 0, unread: 0, items: [] });
    expect(await unread(trial.token)).toBe(0);
    expect((await h.call({ method: 'POST', url: '/wps/messages/read-all', token: trial.token })).json().code).toBe('TRIAL_NEED_REAL_ACCOUNT');
  });
});

describe('sending once per key', () => {
  it('a repeated send under one key delivers one message; the same key for another message is refused', async () => {
    const a = await makeMember(h, uname('mk'));
    const username = (await h.database.db.selectFrom('members').select('username').where('id', '=', a.id).executeTakeFirstOrThrow()).username;
    const key = `msg-${uname('k')}`;
    const body = { title: 'Bonus credited', body: 'Your weekly bonus is in your wallet.', toUsername: username, idempotencyKey: key };
    const before = await count('messages');
    const all = await Promise.all([send(body), send(body), send(body)]);
    expect(all.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(all.map((r) => r.json().value.id)).size).toBe(1);
    expect(all.filter((r) => r.json().value.replayed === false)).toHaveLength(1);
    expect(await count('messages')).toBe(before + 1);
    expect(await unread(a.token)).toBe(1);

    const other = await send({ ...body, title: 'Another title' });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('IDEMPOTENCY_CONFLICT');
    const broadcast = { title: 'Happy new year', body: 'Games and gifts all week.', toAll: true, idempotencyKey: `msg-${uname('b')}` };
    expect((await send(broadcast)).json().value.replayed).toBe(false);
    expect((await send(broadcast)).json().value.replayed).toBe(true);
    expect(await count('messages')).toBe(before + 2);
  });
});

describe('bad input, other members and other sites', () => {
  it('refuses bad bodies with a code and a message, and writes nothing', async () => {
    const m = await makeMember(h, uname('mi'));
    const username = (await h.database.db.selectFrom('members').select('username').where('id', '=', m.id).executeTakeFirstOrThrow()).username;
    const before = await count('messages');
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'T', body: 'x' }, 'VALIDATION_FAILED'],
      [{ title: 'T', body: 'x', toUsername: username, toAll: true }, 'VALIDATION_FAILED'],
      [{ title: '   ', body: 'x', toAll: true }, 'VALIDATION_FAILED'],
      [{ title: 'T', body: '', toAll: true }, 'VALIDATION_FAILED'],
      [{ title: 'a\nb', body: 'x', toAll: true }, 'VALIDATION_FAILED'],
      [{ title: 't'.repeat(101), body: 'x', toAll: true }, 'VALIDATION_FAILED'],
      [{ title: 'T', body: 'b'.repeat(2001), toAll: true }, 'VALIDATION_FAILED'],
      [{ title: 'T', body: 'x', toAll: false }, 'VALIDATION_FAILED'],
      [{ title: 'T', body: 'x', toUsername: 'nobody_here' }, 'MESSAGE_RECIPIENT_UNKNOWN'],
      [{ title: 'T', body: 'x', toUsername: 'lotus01' }, 'MESSAGE_RECIPIENT_UNKNOWN'],
    ];
    for (const [payload, code] of cases) {
      const res = await send(payload);
      expect(res.json(), JSON.stringify(payload)).toMatchObject({ success: false, code });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
    }
    expect(await count('messages')).toBe(before);
  });

  it("a member cannot read or delete another member's message, nor one of another site; ids are checked", async () => {
    const a = await makeMember(h, uname('mj'));
    const b = await makeMember(h, uname('mk'));
    const username = (await h.database.db.selectFrom('members').select('username').where('id', '=', a.id).executeTakeFirstOrThrow()).username;
    const id = (await send({ title: 'Private', body: 'x', toUsername: username })).json().value.id as string;
    const states = await count('message_states');
    expect((await h.call({ method: 'POST', url: `/wps/messages/${id}/read`, token: b.token })).statusCode).toBe(404);
    expect((await h.call({ method: 'DELETE', url: `/wps/messages/${id}`, token: b.token })).statusCode).toBe(404);
    const lotus = await makeMember(h, uname('ml'), { merchant: 'LOTUS', host: 'lotus.localhost' });
    expect((await h.call({ method: 'POST', url: `/wps/messages/${id}/read`, token: lotus.token, host: 'lotus.localhost' })).statusCode).toBe(404);
    expect((await inbox(lotus.token, 1, 'lotus.localhost')).json().value.total).toBe(0);
    for (const bad of ['0', 'abc', '-1', '1.5']) expect((await h.call({ method: 'POST', url: `/wps/messages/${bad}/read`, token: a.token })).statusCode).toBe(400);
    expect(await count('message_states')).toBe(states);
    expect((await inbox(a.token)).json().value.items[0].read).toBe(false);
  });

  it('checks who calls: members and visitors cannot send, finance may read the sent list but not send', async () => {
    const m = await makeMember(h, uname('mm'));
    expect((await h.call({ method: 'POST', url: '/ops/messages', token: m.token, payload: { title: 'T', body: 'x', toAll: true } })).statusCode).toBe(401);
    expect((await h.call({ method: 'GET', url: '/wps/messages' })).statusCode).toBe(401);
    await h.addOperator('APSARA', `finmsg${n}`, 'Finance-Pass-12', 'finance');
    const finance = await h.opsLogin(`finmsg${n}`, 'Finance-Pass-12');
    expect((await send({ title: 'T', body: 'x', toAll: true }, finance)).statusCode).toBe(403);
    const list = await h.call({ method: 'GET', url: '/ops/messages', token: finance });
    expect(list.statusCode).toBe(200);
    expect(list.json().value.items.length).toBeGreaterThan(0);
    // A LOTUS operator sees none of APSARA's messages.
    await h.addOperator('LOTUS', `lotusmsg${n}`, 'Lotus-Ops-Pass-1', 'support');
    const lotusOps = await h.opsLogin(`lotusmsg${n}`, 'Lotus-Ops-Pass-1', 'lotus.localhost');
    expect((await h.call({ method: 'GET', url: '/ops/messages', token: lotusOps, host: 'lotus.localhost' })).json().value.total).toBe(0);
  });
});
