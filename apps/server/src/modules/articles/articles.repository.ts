import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { ArticleKind } from '@apsara/contracts';
import type { Database } from '../../db/database.js';
import type { ArticlesTable, LocalizedName } from '../../db/schema.js';
import type { Tx } from '../ledger/ledger.repository.js';
import { lockSite } from '../../db/site-lock.js';

export type ArticleRow = Selectable<ArticlesTable>;

/** What an operator writes, as the columns hold it. */
export type ArticleFields = {
  slug: string;
  sort: number;
  title: LocalizedName;
  summary: LocalizedName | null;
  body: LocalizedName;
  publishedAt: Date | null;
};

const columns = (f: ArticleFields) => ({
  slug: f.slug,
  sort: f.sort,
  title: JSON.stringify(f.title),
  summary: f.summary === null ? null : JSON.stringify(f.summary),
  body: JSON.stringify(f.body),
  published_at: f.publishedAt,
});

export const articleFieldsOf = (r: ArticleRow): ArticleFields => ({
  slug: r.slug,
  sort: r.sort,
  title: r.title,
  summary: r.summary,
  body: r.body,
  publishedAt: r.published_at,
});

/** A kind's articles the portal shows at `now`: published, and their time come. */
const shown = (db: Database, merchantId: bigint, kind: ArticleKind, now: Date) =>
  db.selectFrom('articles').where('merchant_id', '=', merchantId).where('kind', '=', kind).where('published_at', 'is not', null).where('published_at', '<=', now);

/** A kind's published articles in reading order: the guide by its `sort`, blog and news newest first. */
const published = (db: Database, merchantId: bigint, kind: ArticleKind, now: Date) => {
  const q = shown(db, merchantId, kind, now);
  return kind === 'guide' ? q.orderBy('sort').orderBy('published_at').orderBy('id') : q.orderBy('published_at', 'desc').orderBy('id', 'desc');
};

export const articlesRepository = (db: Database) => ({
  db,

  /** One page of a kind's published articles (bodies included: the list shows a read time). */
  publishedPage: async (merchantId: bigint, kind: ArticleKind, now: Date, offset: number, limit: number) => {
    const [rows, count] = await Promise.all([
      published(db, merchantId, kind, now).selectAll().offset(offset).limit(limit).execute(),
      shown(db, merchantId, kind, now)
        .select((e) => e.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  },

  /** Every published article of a kind, id, slug and title only, in reading order (an article's neighbours). */
  publishedOrder: (merchantId: bigint, kind: ArticleKind, now: Date) => published(db, merchantId, kind, now).select(['id', 'slug', 'title']).execute(),

  /** One published article of the site by its address. */
  publishedOne: (merchantId: bigint, kind: ArticleKind, slug: string, now: Date) =>
    shown(db, merchantId, kind, now).selectAll().where('slug', '=', slug).executeTakeFirst(),

  /** A page of the site's articles for operators, one kind or all: by kind, the guide in its order, drafts first, then newest. */
  opsPage: async (merchantId: bigint, kind: ArticleKind | undefined, offset: number, limit: number) => {
    const base = db.selectFrom('articles').where('merchant_id', '=', merchantId).$if(kind !== undefined, (q) => q.where('kind', '=', kind!));
    const [rows, count] = await Promise.all([
      base
        .selectAll()
        .orderBy('kind')
        // The guide's steps in their order; within that (and in blog and news) drafts first, then newest.
        .orderBy(sql`case when kind = 'guide' then sort else 0 end`)
        .orderBy(sql`coalesce(published_at, 'infinity'::timestamptz)`, 'desc')
        .orderBy('id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      base.select((e) => e.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  },

  /** Serialises a site's article writes (the address check and the count): db/site-lock. */
  lockSite,

  /** One of the site's articles, locked; another site's is not there. */
  lock: (tx: Tx, merchantId: bigint, id: bigint) => tx.selectFrom('articles').selectAll().where('merchant_id', '=', merchantId).where('id', '=', id).forUpdate().executeTakeFirst(),

  slugTaken: async (tx: Tx, merchantId: bigint, kind: ArticleKind, slug: string, except: bigint | null) =>
    (await tx
      .selectFrom('articles')
      .select('id')
      .where('merchant_id', '=', merchantId)
      .where('kind', '=', kind)
      .where('slug', '=', slug)
      .$if(except !== null, (q) => q.where('id', '<>', except!))
      .executeTakeFirst()) !== undefined,

  count: async (tx: Tx, merchantId: bigint) =>
    Number((await tx.selectFrom('articles').select((e) => e.fn.countAll<string>().as('n')).where('merchant_id', '=', merchantId).executeTakeFirstOrThrow()).n),

  create: (tx: Tx, merchantId: bigint, kind: ArticleKind, f: ArticleFields, operatorId: bigint) =>
    tx.insertInto('articles').values({ merchant_id: merchantId, kind, created_by: operatorId, ...columns(f) }).returningAll().executeTakeFirstOrThrow(),

  update: (tx: Tx, id: bigint, f: ArticleFields) =>
    tx.updateTable('articles').set({ ...columns(f), updated_at: sql<Date>`now()` }).where('id', '=', id).returningAll().executeTakeFirstOrThrow(),

  remove: (tx: Tx, id: bigint) => tx.deleteFrom('articles').where('id', '=', id).execute(),
});
export type ArticlesRepository = ReturnType<typeof articlesRepository>;
