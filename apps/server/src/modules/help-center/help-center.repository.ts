import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import type { HelpTopicsTable, LocalizedName } from '../../db/schema.js';
import type { Tx } from '../ledger/ledger.repository.js';
import { lockSite } from '../../db/site-lock.js';

export type HelpTopicRow = Selectable<HelpTopicsTable>;

/** The fields an operator writes, as columns hold them. */
export type HelpTopicFields = {
  key: string;
  sort: number;
  icon: string;
  title: LocalizedName;
  body: LocalizedName | null;
  action: HelpTopicRow['action'];
  actionPath: string | null;
  enabled: boolean;
};

const columns = (f: HelpTopicFields) => ({
  key: f.key,
  sort: f.sort,
  icon: f.icon,
  title: JSON.stringify(f.title),
  body: f.body === null ? null : JSON.stringify(f.body),
  action: f.action,
  action_path: f.actionPath,
  enabled: f.enabled,
});

export const fieldsOf = (r: HelpTopicRow): HelpTopicFields => ({
  key: r.key,
  sort: r.sort,
  icon: r.icon,
  title: r.title,
  body: r.body,
  action: r.action,
  actionPath: r.action_path,
  enabled: r.enabled,
});

export const helpCenterRepository = (db: Database) => ({
  db,

  /** What the portal shows: a site's switched-on topics in order. */
  shown: (merchantId: bigint) =>
    db.selectFrom('help_topics').selectAll().where('merchant_id', '=', merchantId).where('enabled', '=', true).orderBy('sort').orderBy('id').execute(),

  /** Every topic of a site, on or off, in the popup's order. */
  all: (merchantId: bigint) => db.selectFrom('help_topics').selectAll().where('merchant_id', '=', merchantId).orderBy('sort').orderBy('id').execute(),

  /** Every topic of a site, locked, in order (a move renumbers them). */
  lockAll: (tx: Tx, merchantId: bigint) =>
    tx.selectFrom('help_topics').selectAll().where('merchant_id', '=', merchantId).orderBy('sort').orderBy('id').forUpdate().execute(),

  /** One of the site's topics, locked; another site's is not there. */
  lock: (tx: Tx, merchantId: bigint, id: bigint) =>
    tx.selectFrom('help_topics').selectAll().where('merchant_id', '=', merchantId).where('id', '=', id).forUpdate().executeTakeFirst(),

  /**
   * Serialises a site's help-topic writes (the key check, the count and the order): db/site-lock. Every
   * write takes it first, so no two of them lock topics in different orders.
   */
  lockSite,

  keyTaken: async (tx: Tx, merchantId: bigint, key: string, except: bigint | null) =>
    (await tx
      .selectFrom('help_topics')
      .select('id')
      .where('merchant_id', '=', merchantId)
      .where('key', '=', key)
      .$if(except !== null, (q) => q.where('id', '<>', except!))
      .executeTakeFirst()) !== undefined,

  stats: async (tx: Tx, merchantId: bigint) => {
    const r = await tx
      .selectFrom('help_topics')
      .select((e) => [e.fn.countAll<string>().as('n'), e.fn.max('sort').as('last')])
      .where('merchant_id', '=', merchantId)
      .executeTakeFirstOrThrow();
    return { count: Number(r.n), last: r.last === null ? 0 : Number(r.last) };
  },

  create: (tx: Tx, merchantId: bigint, f: HelpTopicFields, operatorId: bigint) =>
    tx.insertInto('help_topics').values({ merchant_id: merchantId, created_by: operatorId, ...columns(f) }).returningAll().executeTakeFirstOrThrow(),

  update: (tx: Tx, id: bigint, f: HelpTopicFields) =>
    tx.updateTable('help_topics').set({ ...columns(f), updated_at: sql<Date>`now()` }).where('id', '=', id).returningAll().executeTakeFirstOrThrow(),

  setSort: (tx: Tx, id: bigint, sort: number) =>
    tx.updateTable('help_topics').set({ sort, updated_at: sql<Date>`now()` }).where('id', '=', id).returningAll().executeTakeFirstOrThrow(),

  remove: (tx: Tx, id: bigint) => tx.deleteFrom('help_topics').where('id', '=', id).execute(),
});
export type HelpCenterRepository = ReturnType<typeof helpCenterRepository>;
