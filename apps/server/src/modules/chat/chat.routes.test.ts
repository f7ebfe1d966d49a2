import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startHarness, type Harness } from '../../../test/harness.js';
import { makeMember, newKey } from '../../../test/money-helpers.js';

let h: Harness;
let admin: string;
let support: string;
let finance: string;
let n = 0;
const uname = (p: string) => `${p}${Date.now().toString(36).slice(-5)}${++n}`;
const LOTUS = 'lotus.localhost';

type Msg = { id: string; sender: string; operatorName: string | null; body: unknown };
type Conv = { id: string; topic: string; status: string; closedBy: string | null; unread: number; messages: Msg[]; earlier: boolean };
type Summary = { id: string; username: string; waiting: boolean; unread: number; assignedTo: string | null; lastMessage: string | null; status: string };

const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown, host?: string) =>
  h.call({ method, url, token, host, lang: 'en', ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const launch = async (token: string, topic = 'deposit') => {
  const res = await call('POST', '/wps/relay/CBS_launchChat', token, { topic });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as Conv;
};
const say = (token: string, body: string, key = newKey('chat')) => call('POST', '/wps/chat/messages', token, { body, idempotencyKey: key });
const answer = (id: string, body: string, token = support, key = newKey('reply')) => call('POST', `/ops/chats/${id}/messages`, token, { body, idempotencyKey: key });
const mine = async (token: string, query = '') => (await call('GET', `/wps/chat${query}`, token)).json().value.conversation as Conv | null;
const queue = async (status = 'open', token = support) => (await call('GET', `/ops/chats?status=${status}`, token)).json().value as { items: Summary[]; waiting: number; total: number };
const lines = async () => Number((await sql<{ n: string }>`select count(*)::text as n from chat_messages`.execute(h.database.db)).rows[0]!.n);

beforeAll(async () => {
  h = await startHarness();
  admin = await h.opsLogin();
  await h.addOperator('APSARA', 'chatsup01', 'Support-Pass-1', 'support');
  await h.addOperator('APSARA', 'chatfin01', 'Finance-Pass-1', 'finance');
  support = await h.opsLogin('chatsup01', 'Support-Pass-1');
  finance = await h.opsLogin('chatfin01', 'Finance-Pass-1');
});
afterAll(async () => {
  await h?.close();
});

describe('chat: the member side', () => {
  it('tells visitors what the chat offers; a site without chat says so', async () => {
    const apsara = (await call('GET', '/wps/relay/CBS_modelList')).json().value;
    expect(apsara).toMatchObject({ enabled: true, topics: ['deposit', 'withdrawal', 'account', 'games', 'promotions', 'other'], hours: { en: '09:00–24:00 (GMT+7), every day' } });
    expect((await call('GET', '/wps/chat/models')).json().value).toEqual(apsara);
    expect((await call('GET', '/wps/chat/models', undefined, undefined, LOTUS)).json().value).toEqual({ enabled: false, topics: [], hours: null });
    const lotusMember = await makeMember(h, uname('chl'), { merchant: 'LOTUS', host: LOTUS });
    const refused = await call('POST', '/wps/chat/launch', lotusMember.token, { topic: 'deposit' }, LOTUS);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('CHAT_DISABLED');
    expect((await call('POST', '/wps/chat/launch', undefined, { topic: 'deposit' })).statusCode).toBe(401);
  });

  it('opens one conversation with the greeting; launching again (two tabs) answers the same one', async () => {
    const m = await makeMember(h, uname('chm'));
    expect(await mine(m.token)).toBeNull();
    const [a, b] = await Promise.all([launch(m.token, 'withdrawal'), launch(m.token, 'games')]);
    expect(a.id).toBe(b.id);
    expect(a).toMatchObject({ status: 'open', closedBy: null });
    expect(a.messages).toHaveLength(1);
    expect(a.messages[0]).toMatchObject({ sender: 'system', body: { en: expect.stringMatching(/^Hello!/), km: expect.any(String), cn: expect.any(String) } });
    const open = (await sql<{ n: string }>`select count(*)::text as n from chat_conversations where member_id = ${m.id} and status = 'open'`.execute(h.database.db)).rows[0]!.n;
    expect(open).toBe('1');
  });

  it('sends a line once per key; the same key with other words is a conflict; bad lines write nothing', async () => {
    const m = await makeMember(h, uname('chs'));
    await launch(m.token);
    const key = newKey('line');
    const first = await say(m.token, '  I deposited 50.00 an hour ago  ', key);
    expect(first.json().value).toMatchObject({ replayed: false, message: { sender: 'member', body: 'I deposited 50.00 an hour ago' } });
    const again = await say(m.token, 'I deposited 50.00 an hour ago', key);
    expect(again.json().value).toMatchObject({ replayed: true, message: { id: first.json().value.message.id } });
    const conflict = await say(m.token, 'Something else', key);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().code).toBe('IDEMPOTENCY_CONFLICT');

    const before = await lines();
    for (const body of ['', '   ', 'x'.repeat(1001), '<script>alert(1)</script>', 'nul\u0000byte']) {
      const res = await say(m.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await call('POST', '/wps/chat/messages', m.token, { body: 'no key' })).statusCode).toBe(400);
    expect((await call('POST', '/wps/chat/launch', m.token, { topic: 'casino' })).statusCode).toBe(400);
    expect(await lines()).toBe(before);
  });

  it('refuses a line with no open conversation, and trial accounts', async () => {
    const m = await makeMember(h, uname('chn'));
    const res = await say(m.token, 'hello?');
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('CHAT_NOT_OPEN');
    const trial = await makeMember(h, uname('cht'), { type: 4 });
    expect((await call('POST', '/wps/chat/launch', trial.token, { topic: 'other' })).json().code).toBe('TRIAL_NEED_REAL_ACCOUNT');
  });
});

describe('chat: operators answer', () => {
  it('a waiting conversation is answered; the member reads it (unread, then read) and hears of it on the balance stream', async () => {
    const m = await makeMember(h, uname('cha'));
    const c = await launch(m.token);
    await say(m.token, 'Where is my deposit?');
    const waiting = await queue('waiting');
    const row = waiting.items.find((i) => i.id === c.id)!;
    expect(row).toMatchObject({ waiting: true, unread: 1, assignedTo: null, lastMessage: 'Where is my deposit?', status: 'open' });
    expect(waiting.waiting).toBeGreaterThanOrEqual(1);

    const events: string[] = [];
    const stop = h.app.eventBus.subscribe((e) => {
      if (e.memberId === m.id.toString() && e.change) events.push(e.change);
    });
    const reply = await answer(c.id, 'It was credited a minute ago; please refresh your balance.');
    stop();
    expect(reply.statusCode, reply.body).toBe(200);
    const msg = reply.json().value.message as Msg;
    expect(msg).toMatchObject({ sender: 'operator', operatorName: 'chatsup01' });
    expect(events).toEqual([`chat:${c.id}:${msg.id}`]);

    const after = (await queue('open')).items.find((i) => i.id === c.id)!;
    expect(after).toMatchObject({ waiting: false, unread: 0, assignedTo: 'chatsup01' });
    expect((await queue('waiting')).items.map((i) => i.id)).not.toContain(c.id);

    const seen = (await mine(m.token))!;
    expect(seen.unread).toBe(1);
    expect(seen.messages.at(-1)).toMatchObject({ id: msg.id, body: 'It was credited a minute ago; please refresh your balance.' });
    const newer = (await mine(m.token, `?after=${seen.messages.at(-2)!.id}`))!;
    expect(newer.messages.map((x) => x.id)).toEqual([msg.id]);
    expect((await call('POST', '/wps/chat/read', m.token)).json().value).toEqual({ unread: 0 });
    expect((await mine(m.token))!.unread).toBe(0);
  });

  it('reading marks up to the newest line on the reader\'s screen: a line that came after stays unread, and the mark never moves back', async () => {
    const m = await makeMember(h, uname('chr'));
    const c = await launch(m.token);
    await say(m.token, 'First question');
    const first = (await answer(c.id, 'First answer')).json().value.message as Msg;
    const onScreen = (await mine(m.token))!;
    expect(onScreen.messages.at(-1)!.id).toBe(first.id);
    // A second answer lands between the member's refresh and their read.
    expect((await answer(c.id, 'Second answer')).statusCode).toBe(200);
    expect((await call('POST', '/wps/chat/read', m.token, { upTo: first.id })).json().value).toEqual({ unread: 1 });
    expect((await mine(m.token))!.unread).toBe(1);
    // An older read arriving late changes nothing.
    expect((await call('POST', '/wps/chat/read', m.token, { upTo: onScreen.messages[0]!.id })).json().value).toEqual({ unread: 1 });
    // A mark past the last line stops at it.
    expect((await call('POST', '/wps/chat/read', m.token, { upTo: '999999999999' })).json().value).toEqual({ unread: 0 });

    // The operator side works the same way.
    const mine1 = (await say(m.token, 'Thanks')).json().value.message as Msg;
    await say(m.token, 'One more thing');
    expect((await call('POST', `/ops/chats/${c.id}/read`, support, { upTo: mine1.id })).json().value).toEqual({ unread: 1 });
    expect((await queue('open')).items.find((i) => i.id === c.id)!.unread).toBe(1);
    expect((await call('POST', `/ops/chats/${c.id}/read`, support)).json().value).toEqual({ unread: 0 });

    for (const upTo of ['0', '-1', '1.5', 'abc', 7]) {
      const bad = await call('POST', '/wps/chat/read', m.token, { upTo });
      expect(bad.statusCode, String(upTo)).toBe(400);
      expect(bad.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await call('POST', '/wps/chat/read', m.token, { upTo: first.id, extra: 1 })).statusCode).toBe(400);
  });

  it('the operator closes it: the member sees it closed, cannot write, and may start a new one', async () => {
    const m = await makeMember(h, uname('chc'));
    const c = await launch(m.token);
    const closed = await call('POST', `/ops/chats/${c.id}/close`, support);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().value).toMatchObject({ status: 'closed' });
    expect((await call('POST', `/ops/chats/${c.id}/close`, support)).json().code).toBe('CHAT_NOT_OPEN');
    expect((await answer(c.id, 'late')).json().code).toBe('CHAT_NOT_OPEN');
    const seen = (await mine(m.token))!;
    expect(seen).toMatchObject({ id: c.id, status: 'closed', closedBy: 'operator' });
    expect(seen.messages.at(-1)).toMatchObject({ sender: 'system', body: { en: expect.stringContaining('ended') } });
    expect((await say(m.token, 'wait')).json().code).toBe('CHAT_NOT_OPEN');
    const fresh = await launch(m.token, 'other');
    expect(fresh.id).not.toBe(c.id);
    expect(fresh.topic).toBe('other');
    const audit = (await sql<{ action: string }>`select action from audit_log where target_type = 'chat' and target_id = ${c.id}`.execute(h.database.db)).rows;
    expect(audit.map((a) => a.action)).toEqual(['chat.close']);
  });

  it('the queue shows who ended a conversation, its last system line in the operator\'s language, and filters to the operator\'s own', async () => {
    const m = await makeMember(h, uname('chq'));
    const c = await launch(m.token);
    await say(m.token, 'Hello?');
    const other = await launch((await makeMember(h, uname('chq'))).token);
    // Nobody took either yet: "mine" is empty of both.
    const mineOnly = async (token: string, status = 'open') => ((await call('GET', `/ops/chats?status=${status}&assigned=me`, token)).json().value.items as Summary[]).map((i) => i.id);
    expect(await mineOnly(support)).not.toContain(c.id);
    expect((await answer(c.id, 'Hi, how can I help?')).statusCode).toBe(200);
    expect(await mineOnly(support)).toContain(c.id);
    expect(await mineOnly(support)).not.toContain(other.id);
    expect(await mineOnly(admin)).not.toContain(c.id);
    expect((await call('GET', '/ops/chats?assigned=someone', support)).statusCode).toBe(400);

    expect((await call('POST', `/ops/chats/${c.id}/close`, support)).statusCode).toBe(200);
    const km = await h.call({ method: 'GET', url: '/ops/chats?status=closed', token: support, lang: 'km' });
    const row = (km.json().value.items as (Summary & { closedBy: string })[]).find((i) => i.id === c.id)!;
    expect(row).toMatchObject({ status: 'closed', closedBy: 'operator', lastMessage: 'សេវាអតិថិជនបានបញ្ចប់ការសន្ទនានេះ។ អ្នកអាចចាប់ផ្ដើមការសន្ទនាថ្មីបានគ្រប់ពេល។' });
    expect(await mineOnly(support, 'closed')).toContain(c.id);
    const detail = await h.call({ method: 'GET', url: `/ops/chats/${c.id}`, token: support, lang: 'cn' });
    expect(detail.json().value).toMatchObject({ closedBy: 'operator', lastMessage: '客服已结束本次会话，您可随时发起新的会话。' });
    expect((await call('GET', `/ops/chats/${other.id}`, support)).json().value.closedBy).toBeNull();
  });

  it('the member ends it themselves', async () => {
    const m = await makeMember(h, uname('che'));
    const c = await launch(m.token);
    const ended = await call('POST', '/wps/chat/close', m.token);
    expect(ended.json().value).toMatchObject({ id: c.id, status: 'closed', closedBy: 'member', unread: 0 });
    expect((await call('POST', '/wps/chat/close', m.token)).json().code).toBe('CHAT_NOT_OPEN');
  });

  it('finance reads but does not answer; another site cannot see or answer; members cannot reach operator calls', async () => {
    const m = await makeMember(h, uname('chr'));
    const c = await launch(m.token);
    expect((await call('GET', `/ops/chats/${c.id}`, finance)).statusCode).toBe(200);
    expect((await answer(c.id, 'hi', finance)).json().code).toBe('OPERATOR_FORBIDDEN');
    expect((await call('POST', `/ops/chats/${c.id}/close`, finance)).statusCode).toBe(403);
    await h.addOperator('LOTUS', 'lotuschat', 'Lotus-Ops-Pass-1', 'admin');
    const lotus = await h.opsLogin('lotuschat', 'Lotus-Ops-Pass-1', LOTUS);
    expect((await call('GET', `/ops/chats/${c.id}`, lotus, undefined, LOTUS)).json().code).toBe('CHAT_NOT_FOUND');
    expect((await call('POST', `/ops/chats/${c.id}/messages`, lotus, { body: 'hi', idempotencyKey: newKey('x') }, LOTUS)).json().code).toBe('CHAT_NOT_FOUND');
    expect((await call('GET', '/ops/chats', lotus, undefined, LOTUS)).json().value.items.map((i: Summary) => i.id)).not.toContain(c.id);
    expect((await call('GET', '/ops/chats', m.token)).statusCode).toBe(401);
    expect((await call('GET', '/ops/chats?status=maybe', admin)).statusCode).toBe(400);
  });

  it('pages long conversations: the latest 50, then the 50 before', async () => {
    const m = await makeMember(h, uname('chp'));
    const c = await launch(m.token);
    for (let i = 1; i <= 60; i++) await answer(c.id, `line ${i}`);
    const latest = (await mine(m.token))!;
    expect(latest.messages).toHaveLength(50);
    expect(latest.earlier).toBe(true);
    expect(latest.messages.at(-1)!.body).toBe('line 60');
    const older = (await mine(m.token, `?before=${latest.messages[0]!.id}`))!;
    expect(older.messages.map((x) => x.body)).toEqual([{ en: expect.any(String), km: expect.any(String), cn: expect.any(String) }, ...Array.from({ length: 10 }, (_, i) => `line ${i + 1}`)]);
    expect(older.earlier).toBe(false);
  });

  it('closes conversations left idle past the site\'s hours, once, telling the member', async () => {
    const m = await makeMember(h, uname('chi'));
    const c = await launch(m.token);
    await sql`update chat_conversations set last_message_at = now() - interval '25 hours' where id = ${c.id}`.execute(h.database.db);
    const closed = await h.app.chat.closeIdle();
    expect(closed).toBeGreaterThanOrEqual(1);
    expect((await mine(m.token))!).toMatchObject({ status: 'closed', closedBy: 'system' });
    expect(await h.app.chat.closeIdle()).toBe(0);

    // A member who wrote last is waiting for the site: never closed for quiet.
    const waiting = await makeMember(h, uname('chw'));
    const w = await launch(waiting.token);
    expect(w.unread).toBe(0);
    await say(waiting.token, 'Hello? Anyone?');
    await sql`update chat_conversations set last_message_at = now() - interval '100 hours' where id = ${w.id}`.execute(h.database.db);
    await h.app.chat.closeIdle();
    expect((await mine(waiting.token))!.status).toBe('open');
    expect((await queue('waiting')).items.map((i) => i.id)).toContain(w.id);
  });

  it('an admin sets the chat up in the site settings; a bad setting is refused with its field', async () => {
    const before = (await call('GET', '/ops/config', admin)).json().value.chat;
    expect(before).toMatchObject({ enabled: true, idleCloseHours: 24 });
    const next = { ...before, topics: ['withdrawal', 'other'], hours: 'Always on' };
    const saved = await h.call({ method: 'PATCH', url: '/ops/config/chat', token: admin, payload: next });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call('GET', '/wps/chat/models')).json().value).toEqual({ enabled: true, topics: ['withdrawal', 'other'], hours: 'Always on' });
    const m = await makeMember(h, uname('chg'));
    expect((await call('POST', '/wps/chat/launch', m.token, { topic: 'deposit' })).json().code).toBe('VALIDATION_FAILED');
    const bad = await h.call({ method: 'PATCH', url: '/ops/config/chat', token: admin, payload: { ...before, idleCloseHours: 0 } });
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(JSON.stringify(bad.json())).toContain('chat.idleCloseHours');
    expect((await h.call({ method: 'PATCH', url: '/ops/config/chat', token: support, payload: before })).json().code).toBe('OPERATOR_FORBIDDEN');
    expect((await h.call({ method: 'PATCH', url: '/ops/config/chat', token: admin, payload: before })).statusCode).toBe(200);
  });
});
