import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startHarness, type Harness } from '../../../test/harness.js';
import { DEMO_ARTICLES } from '../../db/seed-articles.js';

let h: Harness;
let admin: string;
let support: string;
let lotusAdmin: string;
const LOTUS = 'lotus.localhost';

type Item = { kind: string; slug: string; title: string; summary: string; publishedAt: string; readMinutes: number };
type OpsArticle = { id: string; kind: string; slug: string; title: unknown; summary: unknown; body: unknown; sort: number; publishedAt: string | null };

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, opts: { token?: string; host?: string; lang?: string; payload?: unknown } = {}) =>
  h.call({ method, url, token: opts.token, host: opts.host, lang: opts.lang, ...(opts.payload === undefined ? {} : { payload: opts.payload as Record<string, unknown> }) });

const list = async (kind: string, opts: { host?: string; lang?: string; page?: number } = {}) => {
  const res = await call('GET', `/wps/system/articles?kind=${kind}&page=${opts.page ?? 1}`, opts);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as { lang: string; kind: string; items: Item[]; page: number; pageSize: number; total: number };
};
const read = (kind: string, slug: string, opts: { host?: string; lang?: string } = {}) => call('GET', `/wps/system/articles/${kind}/${slug}`, opts);
const create = (payload: Record<string, unknown>, token = admin, host?: string, lang = 'en') => call('POST', '/ops/articles', { token, host, lang, payload });
const patch = (id: string, payload: unknown, token = admin, host?: string) => call('PATCH', `/ops/articles/${id}`, { token, host, lang: 'en', payload });
const remove = (id: string, token = admin, host?: string) => call('DELETE', `/ops/articles/${id}`, { token, host, lang: 'en' });

/** Every article and the number of audit rows, as text: a refused call changes neither. */
const snapshot = async () => {
  const { rows } = await sql<{ t: string; a: string }>`
    select (select coalesce(string_agg(x::text, '|' order by x.id), '') from articles x) as t,
           (select count(*)::text from audit_log) as a`.execute(h.database.db);
  return rows[0];
};
const audits = async (id: string) =>
  (await sql<{ action: string; before: unknown; after: unknown }>`select action, before, after from audit_log where target_type = 'article' and target_id = ${id} order by id`.execute(h.database.db)).rows;

const article = (extra: Record<string, unknown> = {}) => ({
  kind: 'news',
  slug: 'weekend-lottery',
  title: { en: 'A weekend lottery draw', km: 'ការចាប់ឆ្នោតចុងសប្ដាហ៍', cn: '周末彩票开奖' },
  summary: { en: 'One more draw on Saturdays.' },
  body: { en: 'From this week there is one more draw on Saturdays.\n\n## Times\n\n- 18:00', km: 'ចាប់ពីសប្ដាហ៍នេះ មានការចាប់ឆ្នោតមួយទៀតនៅថ្ងៃសៅរ៍។', cn: '本周起，每周六加开一期。' },
  publishedAt: new Date(Date.now() - 60_000).toISOString(),
  ...extra,
});

beforeAll(async () => {
  h = await startHarness();
  admin = await h.opsLogin();
  await h.addOperator('APSARA', 'artsupport', 'Support-Pass-1', 'support');
  support = await h.opsLogin('artsupport', 'Support-Pass-1');
  await h.addOperator('LOTUS', 'lotusarticles', 'Lotus-Art-Pass-1', 'admin');
  lotusAdmin = await h.opsLogin('lotusarticles', 'Lotus-Art-Pass-1', LOTUS);
});
afterAll(async () => {
  await h?.close();
});

describe('articles: what the portal reads', () => {
  it('gives each demo site its guide in order and its blog and news newest first, in the request language', async () => {
    const guide = await list('guide', { lang: 'en' });
    expect(guide.items.map((i) => i.slug)).toEqual(DEMO_ARTICLES.filter((a) => a.kind === 'guide').map((a) => a.slug));
    expect(guide).toMatchObject({ lang: 'en', kind: 'guide', page: 1, pageSize: 10, total: 4 });
    expect(guide.items[0]).toMatchObject({ kind: 'guide', title: 'Step 1: Create your account', summary: expect.stringContaining('Register in a minute'), readMinutes: 1 });
    const news = await list('news', { lang: 'en' });
    expect(news.items.map((i) => i.slug)).toEqual(['mines-is-here', 'rebates-by-vip-rank']);
    expect(Date.parse(news.items[0]!.publishedAt)).toBeGreaterThan(Date.parse(news.items[1]!.publishedAt));
    const km = await list('blog', { lang: 'km' });
    expect(km.lang).toBe('km');
    expect(km.items.map((i) => i.title)).toEqual(['របៀបដែលគ្រាប់ឡុកឡាក់យុត្តិធម៌ដែលអាចផ្ទៀងផ្ទាត់បានដំណើរការ', 'លេងក្នុងដែនកំណត់របស់អ្នក']);
    const lotus = await list('guide', { host: LOTUS, lang: 'cn' });
    expect(lotus.items[0]!.title).toBe('第一步：注册账号');
  });

  it('reads one article with its body and its neighbours in reading order', async () => {
    const res = await read('guide', 'make-your-first-deposit', { lang: 'cn' });
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().value;
    expect(v.lang).toBe('cn');
    expect(v.article).toMatchObject({ kind: 'guide', slug: 'make-your-first-deposit', title: '第二步：首次存款' });
    expect(v.article.body).toContain('## 银行转账');
    expect(v.previous).toEqual({ slug: 'create-your-account', title: '第一步：注册账号' });
    expect(v.next).toEqual({ slug: 'find-a-game', title: '第三步：挑选游戏开始玩' });
    const first = (await read('guide', 'create-your-account', { lang: 'en' })).json().value;
    expect(first.previous).toBeNull();
    // News: "previous" is the newer item, "next" the older.
    const older = (await read('news', 'rebates-by-vip-rank', { lang: 'en' })).json().value;
    expect(older.previous?.slug).toBe('mines-is-here');
    expect(older.next).toBeNull();
  });

  it('refuses a bad kind, page or address with a 400, and an unknown one with a 404 in the reader\'s language', async () => {
    for (const url of ['/wps/system/articles?kind=faq', '/wps/system/articles', '/wps/system/articles?kind=news&page=0', '/wps/system/articles?kind=news&page=x', '/wps/system/articles/news/Not_A_Slug', '/wps/system/articles/faq/x1']) {
      const res = await call('GET', url, { lang: 'en' });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code, url).toBe('VALIDATION_FAILED');
    }
    const missing = await read('news', 'no-such-item', { lang: 'km' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'ARTICLE_NOT_FOUND', message: 'អត្ថបទនេះមិនមាន ឬមិនទាន់បានផ្សាយទេ' });
    // A guide step is not a news item: the address is per kind.
    expect((await read('news', 'create-your-account')).statusCode).toBe(404);
  });
});

describe('articles: what operators write', () => {
  it('keeps a draft and a scheduled article off the portal until their time, audited on every write', async () => {
    const before = await list('news', { lang: 'en' });
    const draft = await create(article({ slug: 'draft-item', publishedAt: null }));
    expect(draft.statusCode, draft.body).toBe(200);
    const later = await create(article({ slug: 'later-item', publishedAt: new Date(Date.now() + 3_600_000).toISOString() }));
    expect(later.statusCode, later.body).toBe(200);
    const now = await create(article());
    expect(now.statusCode, now.body).toBe(200);
    const after = await list('news', { lang: 'en' });
    expect(after.total).toBe(before.total + 1);
    expect(after.items[0]).toMatchObject({ slug: 'weekend-lottery', title: 'A weekend lottery draw', summary: 'One more draw on Saturdays.' });
    for (const slug of ['draft-item', 'later-item']) expect((await read('news', slug)).statusCode, slug).toBe(404);
    // In Chinese the missing summary falls back to the site's language, then English.
    expect((await read('news', 'weekend-lottery', { lang: 'cn' })).json().value.article).toMatchObject({ title: '周末彩票开奖', summary: 'One more draw on Saturdays.', body: '本周起，每周六加开一期。' });

    // Publishing the draft shows it; taking it back hides it again. Each write is audited with before and after.
    const id = draft.json().value.id as string;
    const published = await patch(id, { publishedAt: new Date(Date.now() - 1000).toISOString() });
    expect(published.statusCode, published.body).toBe(200);
    expect((await read('news', 'draft-item')).statusCode).toBe(200);
    expect((await patch(id, { publishedAt: null })).statusCode).toBe(200);
    expect((await read('news', 'draft-item')).statusCode).toBe(404);
    const rows = await audits(id);
    expect(rows.map((r) => r.action)).toEqual(['article.create', 'article.update', 'article.update']);
    expect(rows[1]).toMatchObject({ before: { publishedAt: null }, after: { slug: 'draft-item', publishedAt: expect.any(String) } });

    const gone = await remove(id);
    expect(gone.json().value).toEqual({ id, deleted: true });
    expect((await audits(id)).at(-1)).toMatchObject({ action: 'article.delete', before: { slug: 'draft-item' } });
  });

  it('lists drafts and scheduled articles for operators, one kind or all, and lets support read but not write', async () => {
    const res = await call('GET', '/ops/articles?kind=news', { token: support, lang: 'en' });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().value.items as OpsArticle[];
    expect(items.map((i) => i.slug)).toContain('later-item');
    expect(items.every((i) => i.kind === 'news')).toBe(true);
    const all = (await call('GET', '/ops/articles', { token: admin, lang: 'en' })).json().value;
    expect(all.total).toBeGreaterThan(items.length);
    const s = await snapshot();
    const refused = await create(article({ slug: 'by-support' }), support);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('OPERATOR_FORBIDDEN');
    expect(await snapshot()).toEqual(s);
  });

  it('refuses bad articles with the field and rule, in the operator\'s language, writing nothing', async () => {
    const s = await snapshot();
    const bad: [Record<string, unknown>, string][] = [
      [article({ kind: 'faq' }), 'kind'],
      [article({ slug: 'Has Spaces' }), 'slug'],
      [article({ slug: 'double--hyphen' }), 'slug'],
      [article({ slug: 'x' }), 'slug'],
      [article({ title: '' }), 'title'],
      [article({ title: 'x'.repeat(161) }), 'title'],
      [article({ body: 'x'.repeat(20_001) }), 'body'],
      [article({ body: 'bad\u0000text' }), 'body'],
      [article({ publishedAt: '2026-13-01T00:00:00Z' }), 'publishedAt'],
      [article({ publishedAt: '3026-01-01T00:00:00Z' }), 'publishedAt'],
      [article({ sort: -1 }), 'sort'],
      [article({ extra: 1 }), ''],
    ];
    for (const [payload, field] of bad) {
      const res = await create(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      if (field) expect(res.json().fields.map((f: { field: string }) => f.field.split('.')[0]), field).toContain(field);
    }
    // The site speaks Khmer: a title and body without Khmer are refused, named per field, said in Chinese to a Chinese operator.
    const noKm = await create(article({ slug: 'no-khmer', title: { en: 'Only English' }, body: { en: 'Only English.' } }), admin, undefined, 'cn');
    expect(noKm.statusCode).toBe(400);
    expect(noKm.json().fields).toEqual([
      expect.objectContaining({ field: 'title.km', rule: 'siteLanguage', message: '标题须包含本站默认语言（高棉文）' }),
      expect.objectContaining({ field: 'body.km', rule: 'siteLanguage', message: '正文须包含本站默认语言（高棉文）' }),
    ]);
    const taken = await create(article());
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('ARTICLE_SLUG_TAKEN');
    const empty = await patch('1', {});
    expect(empty.statusCode).toBe(400);
    expect((await patch('abc', { sort: 1 })).statusCode).toBe(400);
    expect(await snapshot()).toEqual(s);
  });

  it('keeps each site to its own articles', async () => {
    const ours = (await call('GET', '/ops/articles?kind=news', { token: admin, lang: 'en' })).json().value.items as OpsArticle[];
    const id = ours.find((a) => a.slug === 'weekend-lottery')!.id;
    const s = await snapshot();
    expect((await patch(id, { sort: 5 }, lotusAdmin, LOTUS)).json().code).toBe('ARTICLE_NOT_FOUND');
    expect((await remove(id, lotusAdmin, LOTUS)).statusCode).toBe(404);
    expect(await snapshot()).toEqual(s);
    // The same address is free on another site, and the other site's portal never shows ours.
    const theirs = await create(article(), lotusAdmin, LOTUS);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect((await read('news', 'weekend-lottery', { host: LOTUS, lang: 'en' })).json().value.article.title).toBe('A weekend lottery draw');
    // An address changed to one the kind has is refused; to a new one it moves.
    const mine = ours.find((a) => a.slug === 'later-item')!.id;
    expect((await patch(mine, { slug: 'weekend-lottery' })).json().code).toBe('ARTICLE_SLUG_TAKEN');
    const moved = await patch(mine, { slug: 'saturday-draw', publishedAt: new Date(Date.now() - 1000).toISOString() });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await read('news', 'saturday-draw')).statusCode).toBe(200);
  });
});
