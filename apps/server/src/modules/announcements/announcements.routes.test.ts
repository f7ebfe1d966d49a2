import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ANNOUNCEMENT_RULES, LIST_PAGE_SIZE } from '@apsara/contracts';
import { startHarness, type Harness } from '../../../test/harness.js';
import { makeMember } from '../../../test/money-helpers.js';

let h: Harness;
let ops: string;
let finance: string;
let lotusOps: string;
let n = 0;
const uname = (p: string) => `${p}${Date.now().toString(36).slice(-5)}${++n}`;
const LOTUS = 'lotus.localhost';

type Listed = {
  banners: Array<{ id: string; groupName: string; url: string | null; linkageType: string | null; art: string | null; imageUrl: string | null; title: unknown; subtitle: unknown; eyebrow: unknown; cta: unknown; sequence: number }>;
  player: Array<{ id: string; title: unknown; content: unknown; pinned: boolean; publishedAt: string }>;
  popup: Array<{ id: string; execution: string; version: string; title: unknown }>;
  promotion: Array<{ id: string; url: string | null; announcementImages: Array<{ sequence: number; url: string }> }>;
  agent: Array<{ id: string; title: unknown }>;
  serverTime: string;
};
type OpsItem = { id: string; kind: string; phase: string; active: boolean; pinned: boolean; sort: number; title: unknown; execution: string | null; updatedAt: string };
type OpsPage = { items: OpsItem[]; page: number; pageSize: number; total: number };

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, opts: { token?: string; host?: string; lang?: string; payload?: unknown } = {}) =>
  h.call({ method, url, token: opts.token, host: opts.host, lang: opts.lang ?? 'en', ...(opts.payload === undefined ? {} : { payload: opts.payload as Record<string, unknown> }) });
const listed = async (query = '', opts: { token?: string; host?: string } = {}) => {
  const res = await call('GET', `/wps/announcements${query}`, opts);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as Listed;
};
const create = (payload: Record<string, unknown>, token = ops, host?: string) => call('POST', '/ops/announcements', { token, host, payload });
const patch = (id: string, payload: Record<string, unknown>, token = ops, host?: string) => call('PATCH', `/ops/announcements/${id}`, { token, host, payload });
const opsPage = async (query: string, opts: { token?: string; host?: string } = {}) => {
  const res = await call('GET', `/ops/announcements${query}`, { token: opts.token ?? ops, host: opts.host });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as OpsPage;
};
const count = async () => Number((await sql<{ n: string }>`select count(*)::text as n from announcements`.execute(h.database.db)).rows[0]!.n);
const audits = async (id: string) => (await sql<{ action: string }>`select action from audit_log where target_type = 'announcement' and target_id = ${id} order by id`.execute(h.database.db)).rows.map((r) => r.action);

const HOUR = 3_600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const notice = (extra: Record<string, unknown> = {}) => ({ kind: 'player', title: { en: 'Maintenance tonight', km: 'ការថែទាំយប់នេះ' }, content: 'Slots pause from 02:00 to 02:30.', startsAt: at(-HOUR), ...extra });

beforeAll(async () => {
  h = await startHarness();
  ops = await h.opsLogin();
  const finName = uname('fin');
  await h.addOperator('APSARA', finName, 'Finance-Pass-1', 'finance');
  finance = await h.opsLogin(finName, 'Finance-Pass-1');
  await h.addOperator('LOTUS', 'lotusann', 'Lotus-Ops-Pass-1', 'admin');
  lotusOps = await h.opsLogin('lotusann', 'Lotus-Ops-Pass-1', LOTUS);
});
afterAll(async () => {
  await h?.close();
});

describe('announcements: what the portal reads', () => {
  it('gives a visitor the seeded banners, notices (pinned first) and promotion notice; agent notices stay out', async () => {
    const v = await listed();
    expect(v.banners.map((b) => [b.groupName, b.art, b.url, b.linkageType])).toEqual([
      ['w_home', 'welcome', '/promotions', 'INTERNAL'],
      ['w_home', 'live', '/live', 'INTERNAL'],
      ['w_home', 'slots', '/rng', 'INTERNAL'],
      ['w_home', 'sports', '/sports', 'INTERNAL'],
    ]);
    expect(v.banners[0]!.title).toMatchObject({ en: 'Welcome bonus on your first deposit', km: expect.any(String), cn: expect.any(String) });
    expect(v.player).toHaveLength(4);
    expect(v.player[0]).toMatchObject({ pinned: true, title: { en: 'Welcome to the new lobby' } });
    expect(v.player.slice(1).every((p) => !p.pinned)).toBe(true);
    expect(v.popup).toEqual([]);
    expect(v.promotion).toHaveLength(1);
    expect(v.promotion[0]).toMatchObject({ url: '/promotions', announcementImages: [] });
    expect(v.agent).toEqual([]);
    expect(Math.abs(Date.parse(v.serverTime) - Date.now())).toBeLessThan(60_000);
  });

  it('answers the spec relay call alike, by type code; H is accepted with no group; an unknown code is a 400 in the caller\'s language', async () => {
    const relay = await call('GET', '/wps/relay/MCSFE_getListAnnouncements?types=B,PL,PU,PR,H&platform=W');
    expect(relay.statusCode, relay.body).toBe(200);
    const direct = await listed('?types=B,PL,PU,PR,H&platform=W');
    expect({ ...relay.json().value, serverTime: '' }).toEqual({ ...direct, serverTime: '' });

    const onlyNotices = await listed('?types=pl');
    expect(onlyNotices.player).toHaveLength(4);
    expect(onlyNotices.banners).toEqual([]);
    const h0 = await listed('?types=H');
    expect([h0.banners, h0.player, h0.popup, h0.promotion, h0.agent]).toEqual([[], [], [], [], []]);

    const bad = await call('GET', '/wps/announcements?types=B,XX');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    const km = await call('GET', '/wps/announcements?platform=X', { lang: 'km' });
    expect(km.statusCode).toBe(400);
    expect(km.json().message).toMatch(/[\u1780-\u17FF]/);
  });

  it('keeps each site to its own announcements', async () => {
    const apsara = await listed();
    const lotus = await listed('', { host: LOTUS });
    expect(lotus.banners).toHaveLength(4);
    const ids = new Set([...apsara.banners, ...apsara.player].map((x) => x.id));
    expect([...lotus.banners, ...lotus.player].some((x) => ids.has(x.id))).toBe(false);

    const made = await create(notice({ title: 'Only on Lotus' }), lotusOps, LOTUS);
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().value.id as string;
    expect((await listed('?types=PL', { host: LOTUS })).player.map((p) => p.id)).toContain(id);
    expect((await listed('?types=PL')).player.map((p) => p.id)).not.toContain(id);
    // Apsara's operator cannot see or change it: it does not exist for them.
    const foreign = await patch(id, { active: false });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('ANNOUNCEMENT_NOT_FOUND');
    expect((await opsPage(`?around=${id}`)).items.map((i) => i.id)).not.toContain(id);
    const one = await call('GET', `/ops/announcements/${id}`, { token: ops });
    expect(one.statusCode).toBe(404);
    expect(one.json()).toMatchObject({ success: false, code: 'ANNOUNCEMENT_NOT_FOUND', message: 'This announcement does not exist' });
    expect((await call('GET', `/ops/announcements/${id}`, { token: lotusOps, host: LOTUS })).json().value).toMatchObject({ id, title: 'Only on Lotus' });
  });

  it('shows members-only notices to members, visitor banners to visitors, and agent notices to agents only', async () => {
    const membersOnly = (await create(notice({ title: 'For members', audience: 'members' }))).json().value.id as string;
    const visitorsOnly = (
      await create({ kind: 'banner', groupName: 'w_register', art: 'welcome', title: 'Sign up today', url: '/register', linkageType: 'INTERNAL', audience: 'visitors', startsAt: at(-HOUR) })
    ).json().value.id as string;
    const member = await makeMember(h, uname('annm'));
    const agent = await makeMember(h, uname('anna'), { type: 1 });

    const visitor = await listed('?types=B,PL,AG');
    expect(visitor.player.map((p) => p.id)).not.toContain(membersOnly);
    expect(visitor.banners.map((b) => b.id)).toContain(visitorsOnly);
    expect(visitor.agent).toEqual([]);

    const asMember = await listed('?types=B,PL,AG', { token: member.token });
    expect(asMember.player.map((p) => p.id)).toContain(membersOnly);
    expect(asMember.banners.map((b) => b.id)).not.toContain(visitorsOnly);
    expect(asMember.agent).toEqual([]);

    const asAgent = await listed('?types=AG', { token: agent.token });
    expect(asAgent.agent.map((a) => a.title)).toEqual([expect.objectContaining({ en: 'Contracts are settled after each period' }), expect.objectContaining({ en: 'Opening accounts for your team' })]);
    expect(asAgent.player).toEqual([]);
  });

  it('shows an announcement only between its start and its end', async () => {
    const later = (await create(notice({ title: 'Next week', startsAt: at(HOUR), endsAt: at(2 * HOUR) }))).json().value as OpsItem;
    expect(later.phase).toBe('scheduled');
    const closed = (await create(notice({ title: 'Yesterday', startsAt: at(-3 * HOUR), endsAt: at(-2 * HOUR) }))).json().value as OpsItem;
    expect(closed.phase).toBe('ended');
    const ids = (await listed('?types=PL')).player.map((p) => p.id);
    expect(ids).not.toContain(later.id);
    expect(ids).not.toContain(closed.id);
  });
});

describe('announcements: operators', () => {
  it('writes each kind, audited, and the portal shows it at once', async () => {
    const popup = await create({ kind: 'popup', title: 'Festival weekend', content: 'Double points all weekend.', execution: 'daily', imageUrl: 'https://cdn.example.com/festival.jpg', url: '/promotions', linkageType: 'INTERNAL', startsAt: at(-HOUR) });
    expect(popup.statusCode, popup.body).toBe(200);
    const p = popup.json().value as OpsItem;
    expect(p).toMatchObject({ kind: 'popup', execution: 'daily', phase: 'showing', active: true });
    const promo = await create({ kind: 'promotion', title: 'Lucky wheel', content: 'Spin once a day.', imageUrl: '/banners/wheel.jpg', url: 'https://apsara.example.com/wheel', linkageType: 'EXTERNAL', startsAt: at(-HOUR) });
    expect(promo.statusCode, promo.body).toBe(200);
    const agentNote = await create({ kind: 'agent', title: 'Salary day moved', content: 'Paid on Tuesday this week.', startsAt: at(-HOUR) });
    expect(agentNote.statusCode, agentNote.body).toBe(200);

    const v = await listed('?types=PU,PR');
    expect(v.popup.map((x) => x.id)).toEqual([p.id]);
    expect(v.promotion.find((x) => x.id === promo.json().value.id)).toMatchObject({ url: 'https://apsara.example.com/wheel', announcementImages: [{ sequence: 1, url: '/banners/wheel.jpg' }] });
    expect(await audits(p.id)).toEqual(['announcement.create']);

    const list = (await opsPage(`?kind=popup&around=${p.id}`)).items;
    expect(list.map((i) => i.kind)).toEqual(list.map(() => 'popup'));
    expect(list.map((i) => i.id)).toContain(p.id);
  });

  it('switches one off (gone from the portal at once), and a popup changed gets a new version', async () => {
    const made = (await create({ kind: 'popup', title: 'Version test', content: 'First words.', execution: 'once', startsAt: at(-HOUR) })).json().value as OpsItem;
    const first = (await listed('?types=PU')).popup.find((x) => x.id === made.id)!;
    await new Promise((r) => setTimeout(r, 5));
    const edited = await patch(made.id, { content: 'Second words.' });
    expect(edited.statusCode, edited.body).toBe(200);
    const second = (await listed('?types=PU')).popup.find((x) => x.id === made.id)!;
    expect(second.version).not.toBe(first.version);

    const off = await patch(made.id, { active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().value).toMatchObject({ active: false, phase: 'off' });
    expect((await listed('?types=PU')).popup.map((x) => x.id)).not.toContain(made.id);
    expect(await audits(made.id)).toEqual(['announcement.create', 'announcement.update', 'announcement.update']);
  });

  it('refuses what a kind cannot be, with the field, and writes nothing', async () => {
    const before = await count();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ kind: 'banner', title: 'No group', art: 'live', startsAt: at(0) }, 'groupName'],
      [{ kind: 'banner', groupName: 'w_home', title: 'No picture', startsAt: at(0) }, 'imageUrl'],
      [{ kind: 'player', title: 'Linked', content: 'x', url: '/promotions', linkageType: 'INTERNAL', startsAt: at(0) }, 'url'],
      [{ kind: 'player', title: 'No words', startsAt: at(0) }, 'content'],
      [{ kind: 'popup', title: 'How often?', content: 'x', startsAt: at(0) }, 'execution'],
      [{ kind: 'player', title: 'Execution', content: 'x', execution: 'once', startsAt: at(0) }, 'execution'],
      [{ kind: 'banner', groupName: 'w_home', art: 'live', title: 'Open redirect', url: '//evil.example.com', linkageType: 'INTERNAL', startsAt: at(0) }, 'url'],
      [{ kind: 'banner', groupName: 'w_home', art: 'live', title: 'Script', url: 'javascript:alert(1)', linkageType: 'EXTERNAL', startsAt: at(0) }, 'url'],
      [{ kind: 'banner', groupName: 'w_home', art: 'live', title: 'Plain http', url: 'http://example.com', linkageType: 'EXTERNAL', startsAt: at(0) }, 'url'],
      [{ kind: 'banner', groupName: 'w_home', art: 'live', title: 'Half a link', url: '/live', startsAt: at(0) }, 'url'],
      [{ kind: 'promotion', title: 'Image', content: 'x', imageUrl: 'data:image/png;base64,AAAA', startsAt: at(0) }, 'imageUrl'],
      [{ kind: 'agent', title: 'Audience', content: 'x', audience: 'members', startsAt: at(0) }, 'audience'],
      [{ kind: 'banner', groupName: 'w_home', art: 'live', title: 'Backslash host', url: '/\\evil.example.com', linkageType: 'INTERNAL', startsAt: at(0) }, 'url'],
      [{ kind: 'banner', groupName: 'w_home', art: 'live', title: 'NUL in a link', url: '/a\u0000b', linkageType: 'INTERNAL', startsAt: at(0) }, 'url'],
      [{ kind: 'promotion', title: 'Control in an image', content: 'x', imageUrl: '/a\u0001b', startsAt: at(0) }, 'imageUrl'],
      [{ kind: 'promotion', title: 'Backslash image', content: 'x', imageUrl: '/\\evil.example.com/x.png', startsAt: at(0) }, 'imageUrl'],
      [notice({ title: '   ' }), 'title'],
      [notice({ content: { en: 'ok', km: ' ' } }), 'content'],
      [notice({ title: 'NUL\u0000title' }), 'title'],
      [notice({ content: 'NUL\u0000content' }), 'content'],
      [notice({ startsAt: '0001-01-01T00:00:00Z' }), 'startsAt'],
      [notice({ endsAt: '2200-01-01T00:00:00Z' }), 'endsAt'],
      [notice({ endsAt: at(-2 * HOUR) }), 'endsAt'],
      [notice({ startsAt: 'tomorrow' }), 'startsAt'],
      [notice({ title: '' }), 'title'],
      [notice({ title: { km: 'គ្មានភាសាអង់គ្លេស' } }), 'title'],
      [notice({ content: 'x'.repeat(4001) }), 'content'],
      [notice({ sort: -1 }), 'sort'],
      [notice({ kind: 'marquee' }), 'kind'],
      [notice({ surprise: true }), ''],
    ];
    for (const [payload, field] of cases) {
      const res = await create(payload);
      expect(res.statusCode, `${JSON.stringify(payload).slice(0, 80)} → ${res.body}`).toBe(400);
      const body = res.json();
      expect(body.code).toBe('VALIDATION_FAILED');
      if (field) expect(JSON.stringify(body), field).toContain(field);
    }
    expect(await count()).toBe(before);
  });

  it('refuses a change that leaves the row half of its kind, and an empty change; the row stays as it was', async () => {
    const made = (await create({ kind: 'popup', title: 'Keep me whole', content: 'x', execution: 'session', startsAt: at(-HOUR) })).json().value as OpsItem;
    const broken = await patch(made.id, { execution: null });
    expect(broken.statusCode).toBe(400);
    expect(JSON.stringify(broken.json())).toContain('execution');
    const noEnd = await patch(made.id, { endsAt: at(-2 * HOUR) });
    expect(noEnd.statusCode).toBe(400);
    expect((await patch(made.id, {})).statusCode).toBe(400);
    expect((await patch('0', { active: false })).statusCode).toBe(400);
    expect((await patch('99999999', { active: false })).json().code).toBe('ANNOUNCEMENT_NOT_FOUND');
    const row = (await call('GET', `/ops/announcements/${made.id}`, { token: ops })).json().value as OpsItem;
    expect(row).toMatchObject({ execution: 'session', active: true, updatedAt: made.updatedAt });
    expect(await audits(made.id)).toEqual(['announcement.create']);
  });

  it('lets finance read and not write; members and visitors cannot reach the operator calls', async () => {
    expect((await call('GET', '/ops/announcements', { token: finance })).statusCode).toBe(200);
    const before = await count();
    const refused = await create(notice(), finance);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('OPERATOR_FORBIDDEN');
    const some = (await call('GET', '/ops/announcements', { token: finance })).json().value.items[0] as OpsItem;
    expect((await call('GET', `/ops/announcements/${some.id}`, { token: finance })).json().value).toMatchObject({ id: some.id, updatedAt: some.updatedAt });
    expect((await patch(some.id, { active: false }, finance)).statusCode).toBe(403);
    const member = await makeMember(h, uname('annx'));
    expect((await create(notice(), member.token)).statusCode).toBe(401);
    expect((await call('GET', '/ops/announcements', { token: member.token })).statusCode).toBe(401);
    expect((await call('GET', `/ops/announcements/${some.id}`, { token: member.token })).statusCode).toBe(401);
    expect((await call('GET', `/ops/announcements/${some.id}`)).statusCode).toBe(401);
    expect((await call('POST', '/ops/announcements', { payload: notice() })).statusCode).toBe(401);
    expect(await count()).toBe(before);
  });
});

describe('announcements: the operators\' list, page by page', () => {
  // Lotus, so the other tests' writes on Apsara do not move these pages.
  const onLotus = { token: '', host: LOTUS };
  beforeAll(() => {
    onLotus.token = lotusOps;
  });
  const make = async (payload: Record<string, unknown>) => {
    const res = await create(payload, lotusOps, LOTUS);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value as OpsItem;
  };
  const agentNote = (i: number, extra: Record<string, unknown> = {}) => ({ kind: 'agent', title: `Agent note ${i}`, content: 'x', startsAt: at(-HOUR), ...extra });
  /** The list's order: switched-on first, then pinned, then sort, then the newest. */
  const inOrder = (items: OpsItem[]) =>
    items.every((a, i) => {
      const b = items[i + 1];
      if (!b) return true;
      const key = (x: OpsItem) => [x.active ? 0 : 1, x.pinned ? 0 : 1, x.sort, -Number(x.id)];
      const [ka, kb] = [key(a), key(b)];
      const d = ka.findIndex((v, j) => v !== kb[j]);
      return d === -1 || ka[d]! < kb[d]!;
    });

  it('answers 20 a page with the total, every row once, in the portal\'s order', async () => {
    const made: OpsItem[] = [];
    for (let i = 0; i < LIST_PAGE_SIZE + 3; i++) made.push(await make(agentNote(i, { sort: i % 3 })));
    const first = await opsPage('?kind=agent', onLotus);
    expect(first).toMatchObject({ page: 1, pageSize: LIST_PAGE_SIZE });
    expect(first.total).toBeGreaterThanOrEqual(LIST_PAGE_SIZE + 3);
    expect(first.items).toHaveLength(LIST_PAGE_SIZE);
    const pages = Math.ceil(first.total / LIST_PAGE_SIZE);
    const all = [...first.items];
    for (let p = 2; p <= pages; p++) {
      const next = await opsPage(`?kind=agent&page=${p}`, onLotus);
      expect(next).toMatchObject({ page: p, total: first.total });
      all.push(...next.items);
    }
    expect(all).toHaveLength(first.total);
    expect(new Set(all.map((a) => a.id)).size).toBe(first.total);
    expect(all.every((a) => a.kind === 'agent')).toBe(true);
    expect(inOrder(all)).toBe(true);
    for (const m of made) expect(all.map((a) => a.id)).toContain(m.id);
    // Past the last page: no rows, the total still said.
    expect(await opsPage(`?kind=agent&page=${pages + 1}`, onLotus)).toMatchObject({ items: [], page: pages + 1, total: first.total });
    expect(await opsPage('?kind=agent&page=100000', onLotus)).toMatchObject({ items: [], page: 100000, total: first.total });
    // Every kind together: the site's whole count, kind by kind.
    const everything = await opsPage('', onLotus);
    expect(everything.total).toBeGreaterThan(first.total);
    expect(everything.items.map((a) => a.kind)).toEqual([...everything.items.map((a) => a.kind)].sort());
  });

  it('filters by where each stands; the four phases add up to the whole list', async () => {
    const scheduled = await make(notice({ title: 'Lotus later', startsAt: at(HOUR) }));
    const ended = await make(notice({ title: 'Lotus past', startsAt: at(-3 * HOUR), endsAt: at(-HOUR) }));
    const off = await make(notice({ title: 'Lotus off', active: false }));
    const showing = await make(notice({ title: 'Lotus now', endsAt: at(HOUR) }));
    const all = await opsPage('?kind=player', onLotus);
    let sum = 0;
    for (const [phase, mine] of [['scheduled', scheduled], ['ended', ended], ['off', off], ['showing', showing]] as const) {
      expect(mine.phase).toBe(phase);
      const page = await opsPage(`?kind=player&phase=${phase}&around=${mine.id}`, onLotus);
      expect(page.items.map((a) => a.id), phase).toContain(mine.id);
      expect(page.items.every((a) => a.phase === phase), phase).toBe(true);
      sum += page.total;
    }
    expect(sum).toBe(all.total);
    // A phase filter across every kind holds no other phase either.
    const allOff = await opsPage('?phase=off', onLotus);
    expect(allOff.items.every((a) => a.phase === 'off')).toBe(true);
  });

  it('finds the page holding an announcement (around=); one the list does not hold leaves the page asked for', async () => {
    const newest = await make(agentNote(99, { sort: 10_000 }));
    const found = await opsPage(`?kind=agent&around=${newest.id}`, onLotus);
    expect(found.page).toBe(Math.ceil(found.total / LIST_PAGE_SIZE));
    expect(found.items.map((a) => a.id)).toContain(newest.id);
    // Filtered out (it is showing, not off), or on another site, or no such id: the page asked for.
    expect(await opsPage(`?kind=agent&phase=off&around=${newest.id}`, onLotus)).toMatchObject({ page: 1 });
    const apsaraNote = (await create(notice({ title: 'Apsara only' }))).json().value as OpsItem;
    const elsewhere = await opsPage(`?kind=player&page=2&around=${apsaraNote.id}`, onLotus);
    expect(elsewhere.page).toBe(2);
    expect(elsewhere.items.map((a) => a.id)).not.toContain(apsaraNote.id);
    expect(await opsPage(`?kind=agent&around=999999999`, onLotus)).toMatchObject({ page: 1 });
    // And on the site that has it, the first page of player notices holds it unless more crowd it out.
    const home = await opsPage(`?kind=player&around=${apsaraNote.id}`);
    expect(home.items.map((a) => a.id)).toContain(apsaraNote.id);
  });

  it('reads one announcement as the list shows it; another site\'s id or none at all is not found, in the caller\'s language', async () => {
    const mine = await make(notice({ title: { en: 'One to read', km: 'មួយសម្រាប់អាន' }, pinned: true, sort: 7 }));
    const one = await call('GET', `/ops/announcements/${mine.id}`, { token: lotusOps, host: LOTUS });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().value).toEqual(mine);
    for (const [lang, script] of [['km', /[\u1780-\u17FF]/], ['cn', /[\u4e00-\u9fff]/]] as const) {
      const foreign = await call('GET', `/ops/announcements/${mine.id}`, { token: ops, lang });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().code).toBe('ANNOUNCEMENT_NOT_FOUND');
      expect(foreign.json().message).toMatch(script);
    }
    expect((await call('GET', '/ops/announcements/999999999999', { token: ops })).json().code).toBe('ANNOUNCEMENT_NOT_FOUND');
  });

  it('is in the OpenAPI document under ops, with its page, kind, phase and around', async () => {
    const doc = (await h.call({ method: 'GET', url: '/docs/json' })).json();
    expect(doc.paths['/ops/announcements/{id}']?.get?.tags).toEqual(['ops']);
    const names = (doc.paths['/ops/announcements'].get.parameters as Array<{ name: string; in: string }>).filter((p) => p.in === 'query').map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['kind', 'phase', 'page', 'around']));
  });
});

describe('announcements: bad input on the operator reads', () => {
  const snapshot = async () => {
    const out: Record<string, string> = {};
    for (const t of ['announcements', 'audit_log']) {
      const { rows } = await sql<{ n: string; d: string | null }>`select count(*)::text as n, md5(string_agg(t::text, '|' order by t::text)) as d from ${sql.table(t)} t`.execute(h.database.db);
      out[t] = `${rows[0]!.n}:${rows[0]!.d}`;
    }
    return out;
  };
  const CASES: Array<[string, string, number, string]> = [
    ['page 0', '/ops/announcements?page=0', 400, 'page'],
    ['a negative page', '/ops/announcements?page=-1', 400, 'page'],
    ['a page that is no number', '/ops/announcements?page=abc', 400, 'page'],
    ['a page past the last allowed', '/ops/announcements?page=100001', 400, 'page'],
    ['a huge page', '/ops/announcements?page=99999999999999999999', 400, 'page'],
    ['a fractional page', '/ops/announcements?page=1.5', 400, 'page'],
    ['an unknown kind', '/ops/announcements?kind=marquee', 400, 'kind'],
    ['an unknown phase', '/ops/announcements?phase=live', 400, 'phase'],
    ['around that is no id', '/ops/announcements?around=abc', 400, 'around'],
    ['around 0', '/ops/announcements?around=0', 400, 'around'],
    ['an id that is no number', '/ops/announcements/abc', 400, 'id'],
    ['id 0', '/ops/announcements/0', 400, 'id'],
    ['an id with a sign', '/ops/announcements/-5', 400, 'id'],
    ['an id too long for a bigint', '/ops/announcements/12345678901234567890', 400, 'id'],
    ['an injected id', `/ops/announcements/${encodeURIComponent("1' OR '1'='1")}`, 400, 'id'],
    ['no such id', '/ops/announcements/987654321', 404, ''],
  ];

  it.each(CASES)('%s: a 4xx with a code and a message, nothing written', async (_name, url, status, field) => {
    const before = await snapshot();
    const res = await call('GET', url, { token: ops });
    expect(res.statusCode, res.body).toBe(status);
    const body = res.json();
    expect(body).toMatchObject({ success: false, code: expect.stringMatching(/^[A-Z_]+$/), message: expect.any(String) });
    expect(body.message.length).toBeGreaterThan(3);
    if (field) expect(body).toMatchObject({ code: 'VALIDATION_FAILED', fields: [expect.objectContaining({ field })] });
    expect(await snapshot()).toEqual(before);
  });

  it('another site\'s id, read and changed: not found, and nothing written', async () => {
    const theirs = (await create(notice({ title: 'Lotus private' }), lotusOps, LOTUS)).json().value as OpsItem;
    const before = await snapshot();
    for (const res of [await call('GET', `/ops/announcements/${theirs.id}`, { token: ops }), await patch(theirs.id, { title: 'Taken over' })]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'ANNOUNCEMENT_NOT_FOUND', message: expect.any(String) });
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('announcements: the kind rules in the caller\'s language', () => {
  const SCRIPT = { en: /^[\x20-\x7E]+$/, km: /[\u1780-\u17FF]/, cn: /[\u4e00-\u9fff]/ } as const;

  it.each(['en', 'km', 'cn'] as const)('a banner without its group and picture, in %s: each field with its rule code and words', async (lang) => {
    const before = await count();
    const res = await call('POST', '/ops/announcements', { token: ops, lang, payload: { kind: 'banner', title: 'Half a banner', startsAt: at(0) } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.message).toMatch(SCRIPT[lang]);
    expect(body.fields).toEqual([
      { field: 'groupName', rule: 'groupRequired', message: ANNOUNCEMENT_RULES.groupRequired[lang] },
      { field: 'imageUrl', rule: 'pictureRequired', message: ANNOUNCEMENT_RULES.pictureRequired[lang] },
    ]);
    for (const f of body.fields) expect(f.message).toMatch(SCRIPT[lang]);
    expect(await count()).toBe(before);
  });

  it('each rule comes out with its own code on the field it is about', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ kind: 'player', title: 'x', content: 'x', groupName: 'w_home', startsAt: at(0) }, 'groupName', 'groupBannerOnly'],
      [{ kind: 'player', title: 'x', content: 'x', art: 'live', startsAt: at(0) }, 'art', 'artBannerOnly'],
      [{ kind: 'popup', title: 'x', content: 'x', execution: 'once', cta: 'Go', startsAt: at(0) }, 'cta', 'textBannerOnly'],
      [{ kind: 'promotion', title: 'x', startsAt: at(0) }, 'content', 'contentRequired'],
      [{ kind: 'popup', title: 'x', content: 'x', startsAt: at(0) }, 'execution', 'executionRequired'],
      [{ kind: 'agent', title: 'x', content: 'x', execution: 'daily', startsAt: at(0) }, 'execution', 'executionPopupOnly'],
      [{ kind: 'agent', title: 'x', content: 'x', url: '/x', linkageType: 'INTERNAL', startsAt: at(0) }, 'url', 'noticeNoLink'],
      [{ kind: 'player', title: 'x', content: 'x', imageUrl: '/a.png', startsAt: at(0) }, 'imageUrl', 'noticeNoImage'],
      [{ kind: 'agent', title: 'x', content: 'x', audience: 'visitors', startsAt: at(0) }, 'audience', 'agentAudience'],
      [{ kind: 'promotion', title: 'x', content: 'x', linkageType: 'EXTERNAL', startsAt: at(0) }, 'url', 'linkIncomplete'],
      [{ kind: 'promotion', title: 'x', content: 'x', url: 'https://x.example', linkageType: 'INTERNAL', startsAt: at(0) }, 'url', 'linkInternal'],
      [{ kind: 'promotion', title: 'x', content: 'x', url: '/promotions', linkageType: 'EXTERNAL', startsAt: at(0) }, 'url', 'linkExternal'],
      [{ kind: 'player', title: 'x', content: 'x', startsAt: at(0), endsAt: at(-HOUR) }, 'endsAt', 'endAfterStart'],
    ];
    for (const [payload, field, rule] of cases) {
      const res = await call('POST', '/ops/announcements', { token: ops, lang: 'cn', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fields, JSON.stringify(payload)).toContainEqual({ field, rule, message: ANNOUNCEMENT_RULES[rule as keyof typeof ANNOUNCEMENT_RULES].cn });
    }
  });

  it('a change that breaks a rule is refused in the caller\'s language too', async () => {
    const made = (await create({ kind: 'popup', title: 'Rules in Khmer', content: 'x', execution: 'once', startsAt: at(-HOUR) })).json().value as OpsItem;
    const res = await call('PATCH', `/ops/announcements/${made.id}`, { token: ops, lang: 'km', payload: { execution: null, url: '/promotions' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(SCRIPT.km);
    expect(res.json().fields).toEqual([
      { field: 'execution', rule: 'executionRequired', message: ANNOUNCEMENT_RULES.executionRequired.km },
      { field: 'url', rule: 'linkIncomplete', message: ANNOUNCEMENT_RULES.linkIncomplete.km },
    ]);
    expect(await audits(made.id)).toEqual(['announcement.create']);
  });
});
