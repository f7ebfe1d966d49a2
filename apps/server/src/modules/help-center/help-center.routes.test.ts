import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startHarness, type Harness } from '../../../test/harness.js';
import { seedHelpCenter } from '../../db/seed-help-center.js';

let h: Harness;
let admin: string;
let support: string;
let lotusAdmin: string;
const LOTUS = 'lotus.localhost';
const KEYS = ['account', 'deposit', 'games', 'app', 'responsible', 'agent', 'feedback', 'chat'];

type Topic = { key: string; icon: string; title: string; body: string; action: { kind: string; path?: string } };
type OpsTopic = { id: string; key: string; sort: number; icon: string; title: unknown; body: unknown; action: { kind: string; path?: string }; enabled: boolean };

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, opts: { token?: string; host?: string; lang?: string; payload?: unknown } = {}) =>
  h.call({ method, url, token: opts.token, host: opts.host, lang: opts.lang, ...(opts.payload === undefined ? {} : { payload: opts.payload as Record<string, unknown> }) });

const portal = async (opts: { host?: string; lang?: string; query?: string } = {}) => {
  const res = await call('GET', `/wps/system/helpCenter${opts.query ?? ''}`, opts);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as { lang: string; topics: Topic[] };
};
const opsList = async (token = admin, host?: string) => {
  const res = await call('GET', '/ops/help-topics', { token, host, lang: 'en' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.items as OpsTopic[];
};
const create = (payload: Record<string, unknown>, token = admin, host?: string) => call('POST', '/ops/help-topics', { token, host, lang: 'en', payload });
const patch = (id: string, payload: unknown, token = admin, host?: string) => call('PATCH', `/ops/help-topics/${id}`, { token, host, lang: 'en', payload });
const move = (id: string, direction: string, token = admin) => call('POST', `/ops/help-topics/${id}/move`, { token, lang: 'en', payload: { direction } });
const remove = (id: string, token = admin, host?: string) => call('DELETE', `/ops/help-topics/${id}`, { token, host, lang: 'en' });

/** Every help topic and every audit row, as text: a refused call changes neither. */
const snapshot = async () => {
  const { rows } = await sql<{ t: string; a: string }>`
    select (select coalesce(string_agg(h::text, '|' order by h.id), '') from help_topics h) as t,
           (select count(*)::text from audit_log) as a`.execute(h.database.db);
  return rows[0];
};
const audits = async (id: string) =>
  (await sql<{ action: string; before: unknown; after: unknown }>`select action, before, after from audit_log where target_type = 'help_topic' and target_id = ${id} order by id`.execute(h.database.db)).rows;

const topic = (extra: Record<string, unknown> = {}) => ({
  key: 'withdraw-limits',
  icon: 'wallet',
  title: { en: 'Withdrawal limits', km: 'ដែនកំណត់ដកប្រាក់', cn: '提款限额' },
  body: { en: 'Up to 5 a day.\n\nAsk us for more.', km: 'រហូតដល់ 5 ដងក្នុងមួយថ្ងៃ។', cn: '每天最多5次。' },
  action: { kind: 'path', path: '/member/withdraw' },
  ...extra,
});

beforeAll(async () => {
  h = await startHarness();
  admin = await h.opsLogin();
  await h.addOperator('APSARA', 'helpsupport', 'Support-Pass-1', 'support');
  support = await h.opsLogin('helpsupport', 'Support-Pass-1');
  await h.addOperator('LOTUS', 'lotushelp', 'Lotus-Help-Pass-1', 'admin');
  lotusAdmin = await h.opsLogin('lotushelp', 'Lotus-Help-Pass-1', LOTUS);
});
afterAll(async () => {
  await h?.close();
});

describe('help center: what the portal reads', () => {
  it('gives each demo site the eight seeded topics in order, in the request language', async () => {
    const en = await portal({ lang: 'en' });
    expect(en.lang).toBe('en');
    expect(en.topics.map((t) => t.key)).toEqual(KEYS);
    expect(en.topics[0]).toEqual({ key: 'account', icon: 'user', title: 'Account and login', body: expect.stringContaining('Register with a username'), action: { kind: 'none' } });
    expect(en.topics.find((t) => t.key === 'app')!.action).toEqual({ kind: 'path', path: '/download' });
    expect(en.topics.find((t) => t.key === 'feedback')!.action).toEqual({ kind: 'feedback' });
    expect(en.topics.find((t) => t.key === 'chat')!.action).toEqual({ kind: 'chat' });

    const cn = await portal({ lang: 'zh-CN,zh;q=0.9' });
    expect(cn.lang).toBe('cn');
    expect(cn.topics[0]!.title).toBe('账号与登录');
    const km = await portal({ lang: 'km' });
    expect(km.topics[0]!.title).toBe('គណនី និងការចូល');
    // `lang` in the query wins over the header; with neither, the site's own language (Khmer).
    expect((await portal({ lang: 'en', query: '?lang=cn' })).topics[0]!.title).toBe('账号与登录');
    const plain = await portal();
    expect(plain.lang).toBe('km');
    expect(plain.topics[0]!.title).toBe('គណនី និងការចូល');
    // The other demo site has its own copy.
    const lotus = await portal({ host: LOTUS, lang: 'en' });
    expect(lotus.topics.map((t) => t.key)).toEqual(KEYS);
  });

  it('seeds idempotently: running the seed again adds nothing', async () => {
    const before = await snapshot();
    await seedHelpCenter(h.database.db, ['APSARA', 'LOTUS']);
    expect(await snapshot()).toEqual(before);
  });

  it('needs no token, and a missing language falls back to the site language, then English', async () => {
    const res = await create(topic({ key: 'only-english', title: { en: 'Only English', km: 'តែអង់គ្លេស' }, body: 'One body for all.', action: { kind: 'none' } }), lotusAdmin, LOTUS);
    expect(res.statusCode, res.body).toBe(200);
    const cn = await portal({ host: LOTUS, lang: 'cn' });
    const t = cn.topics.find((x) => x.key === 'only-english')!;
    expect(t.title).toBe('តែអង់គ្លេស');
    expect(t.body).toBe('One body for all.');
    // Not on the other site.
    expect((await portal({ lang: 'cn' })).topics.some((x) => x.key === 'only-english')).toBe(false);
    expect((await remove(res.json().value.id, lotusAdmin, LOTUS)).statusCode).toBe(200);
  });
});

describe('help center: a stored row the contract no longer accepts', () => {
  it('is left out of the popup, not the reason it fails', async () => {
    const made = await create(topic({ key: 'soon-retired' }));
    expect(made.statusCode, made.body).toBe(200);
    // An icon since taken out of the list, written straight into the table (as an old row would be).
    await sql`update help_topics set icon = 'retired-icon', action_path = '/a b' where id = ${BigInt(made.json().value.id)}`.execute(h.database.db);
    // Any change through the API drops the node's cached copy of the site's topics.
    const first = (await opsList())[0]!;
    expect((await patch(first.id, { enabled: true })).statusCode).toBe(200);
    const seen = await portal({ lang: 'en' });
    expect(seen.topics.some((x) => x.key === 'soon-retired')).toBe(false);
    expect(seen.topics.map((x) => x.key)).toEqual(expect.arrayContaining(['account', 'deposit']));
    // Operators still see it (as the default icon and no action), to put it right.
    expect((await opsList()).find((x) => x.key === 'soon-retired')).toMatchObject({ icon: 'help', action: { kind: 'none' } });
    await sql`delete from help_topics where id = ${BigInt(made.json().value.id)}`.execute(h.database.db);
    expect((await patch(first.id, { enabled: true })).statusCode).toBe(200);
  });
});

describe('help center: operators', () => {
  it('lists, creates, edits, switches off and on, moves and deletes, each audited; the portal sees each change at once', async () => {
    const listed = await opsList();
    expect(listed.map((t) => t.key)).toEqual(KEYS);
    expect(listed.every((t) => t.enabled)).toBe(true);
    // Support reads the list.
    expect((await opsList(support)).length).toBe(8);

    const made = await create(topic());
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().value.id as string;
    expect(made.json().value).toMatchObject({ key: 'withdraw-limits', icon: 'wallet', enabled: true, action: { kind: 'path', path: '/member/withdraw' }, sort: 90 });
    let seen = await portal({ lang: 'en' });
    expect(seen.topics.at(-1)).toEqual({ key: 'withdraw-limits', icon: 'wallet', title: 'Withdrawal limits', body: 'Up to 5 a day.\n\nAsk us for more.', action: { kind: 'path', path: '/member/withdraw' } });

    const edited = await patch(id, { title: { en: 'Daily withdrawal limits', km: 'ដែនកំណត់ប្រចាំថ្ងៃ' }, action: { kind: 'chat' }, icon: 'withdraw' });
    expect(edited.statusCode, edited.body).toBe(200);
    seen = await portal({ lang: 'en' });
    expect(seen.topics.at(-1)).toMatchObject({ title: 'Daily withdrawal limits', icon: 'withdraw', action: { kind: 'chat' } });

    expect((await patch(id, { enabled: false })).statusCode).toBe(200);
    expect((await portal({ lang: 'en' })).topics.some((t) => t.key === 'withdraw-limits')).toBe(false);
    expect((await opsList()).find((t) => t.id === id)!.enabled).toBe(false);
    expect((await patch(id, { enabled: true })).statusCode).toBe(200);

    // Up one place: before "chat"; at the top already, nothing moves.
    const moved = await move(id, 'up');
    expect(moved.statusCode, moved.body).toBe(200);
    expect((moved.json().value.items as OpsTopic[]).map((t) => t.key)).toEqual([...KEYS.slice(0, 7), 'withdraw-limits', 'chat']);
    expect((await portal({ lang: 'en' })).topics.map((t) => t.key)).toEqual([...KEYS.slice(0, 7), 'withdraw-limits', 'chat']);
    const firstId = (await opsList())[0]!.id;
    const top = await move(firstId, 'up');
    expect((top.json().value.items as OpsTopic[])[0]!.id).toBe(firstId);
    expect((await move(id, 'down')).statusCode).toBe(200);
    expect((await opsList()).at(-1)!.id).toBe(id);
    // Or a sort of its own: first.
    expect((await patch(id, { sort: 0 })).statusCode).toBe(200);
    expect((await portal({ lang: 'en' })).topics[0]!.key).toBe('withdraw-limits');

    const gone = await remove(id);
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await portal({ lang: 'en' })).topics.map((t) => t.key)).toEqual(KEYS);
    expect((await remove(id)).statusCode).toBe(404);

    const rows = await audits(id);
    expect(rows.map((r) => r.action)).toEqual(['help_topic.create', 'help_topic.update', 'help_topic.update', 'help_topic.update', 'help_topic.move', 'help_topic.move', 'help_topic.update', 'help_topic.delete']);
    expect(rows[1]!.before).toMatchObject({ title: { en: 'Withdrawal limits' }, action: { kind: 'path' } });
    expect(rows[1]!.after).toMatchObject({ title: { en: 'Daily withdrawal limits' }, action: { kind: 'chat' } });
    expect(rows[2]).toMatchObject({ before: { enabled: true }, after: { enabled: false } });
    expect(rows.at(-1)!.before).toMatchObject({ key: 'withdraw-limits' });
    // The move put the order back to what it was: positions renumbered 10, 20, …
    expect((await opsList()).map((t) => t.sort)).toEqual(KEYS.map((_, i) => (i + 1) * 10));
  });

  it('refuses bad input with a 400 naming the field, and writes nothing', async () => {
    const someId = (await opsList())[0]!.id;
    const before = await snapshot();
    const bad: Array<[string, Record<string, unknown>]> = [
      ['key', topic({ key: 'A' })],
      ['key', topic({ key: 'has space' })],
      ['key', topic({ key: 'x'.repeat(41) })],
      ['key', topic({ key: 'Upper-Case' })],
      ['title', topic({ title: '' })],
      ['title', topic({ title: '   ' })],
      ['title', topic({ title: { km: 'គ្មានអង់គ្លេស' } })],
      ['title', topic({ title: 'x'.repeat(121) })],
      ['title', topic({ title: undefined })],
      ['body', topic({ body: 'x'.repeat(4001) })],
      ['body', topic({ body: { en: 'ok', cn: 'x'.repeat(4001) } })],
      ['icon', topic({ icon: 'skull' })],
      ['action', topic({ action: { kind: 'path', path: 'https://evil.example' } })],
      ['action', topic({ action: { kind: 'path', path: '//evil.example' } })],
      ['action', topic({ action: { kind: 'path', path: '/\\evil.example' } })],
      ['action', topic({ action: { kind: 'path', path: '/a//b' } })],
      ['action', topic({ action: { kind: 'path', path: 'javascript:alert(1)' } })],
      ['action', topic({ action: { kind: 'path', path: '/x"><script>' } })],
      ['action', topic({ action: { kind: 'path' } })],
      ['action', topic({ action: { kind: 'redirect' } })],
      ['extra', topic({ extra: 1 })],
    ];
    for (const [field, payload] of bad) {
      const res = await create(payload);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      // The answer names the field that is wrong.
      const named = (res.json().fields ?? []).map((f: { field: string }) => f.field);
      expect(named.some((f: string) => f === field || f.startsWith(`${field}.`)), `${field}: ${res.body}`).toBe(true);
    }
    // The site's own language (Khmer on the demo sites): a title in English alone is refused, by field.
    const noKm = await create(topic({ title: { en: 'English only' } }));
    expect(noKm.statusCode).toBe(400);
    expect(noKm.json().fields).toEqual([expect.objectContaining({ field: 'title.km', rule: 'siteLanguage' })]);
    expect((await patch(someId, { title: { en: 'English only' } })).statusCode).toBe(400);
    for (const p of [{}, { key: 'Bad Key' }, { sort: -1 }, { enabled: 'yes' }, { action: { kind: 'path', path: '//x' } }, { body: 'x'.repeat(4001) }]) {
      const res = await patch(someId, p);
      expect(res.statusCode, JSON.stringify(p)).toBe(400);
    }
    for (const id of ['abc', '0', '-1', '1'.repeat(19)]) {
      expect((await patch(id, { enabled: false })).statusCode).toBe(400);
      expect((await remove(id)).statusCode).toBe(400);
    }
    expect((await move(someId, 'sideways')).statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 409 for a key the site already has, 404 for another site\'s topic, 403 for support; nothing written', async () => {
    const lotusTopic = (await opsList(lotusAdmin, LOTUS))[0]!;
    const mine = (await opsList())[1]!;
    const before = await snapshot();
    const dup = await create(topic({ key: 'account' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('HELP_TOPIC_KEY_TAKEN');
    const rename = await patch(mine.id, { key: 'account' });
    expect(rename.statusCode).toBe(409);

    for (const res of [await patch(lotusTopic.id, { enabled: false }), await remove(lotusTopic.id), await move(lotusTopic.id, 'down'), await patch('999999999', { enabled: false })]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().code).toBe('HELP_TOPIC_NOT_FOUND');
    }

    for (const res of [await create(topic(), support), await patch(mine.id, { enabled: false }, support), await move(mine.id, 'up', support), await remove(mine.id, support)]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().code).toBe('OPERATOR_FORBIDDEN');
    }
    expect((await call('GET', '/ops/help-topics')).statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);
    // Keys are per site: Lotus has its own seeded 'account' (409 there too), and a key new to both
    // sites can be made on each.
    const other = await create(topic({ key: 'account', title: 'Account' }), lotusAdmin, LOTUS);
    expect(other.statusCode).toBe(409);
    const fresh = await create(topic({ key: 'lotus-only', title: 'Lotus only' }), lotusAdmin, LOTUS);
    expect(fresh.statusCode, fresh.body).toBe(200);
    const onApsara = await create(topic({ key: 'lotus-only', title: 'Apsara too' }));
    expect(onApsara.statusCode, onApsara.body).toBe(200);
    await remove(fresh.json().value.id, lotusAdmin, LOTUS);
    await remove(onApsara.json().value.id);
  });

  it('lets a key be kept on edit and a body be cleared', async () => {
    const t = (await opsList())[2]!;
    const same = await patch(t.id, { key: t.key, body: null });
    expect(same.statusCode, same.body).toBe(200);
    expect((await portal({ lang: 'en' })).topics.find((x) => x.key === t.key)!.body).toBe('');
    expect((await patch(t.id, { body: t.body })).statusCode).toBe(200);
  });
});
