import type { Selectable, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { AnnouncementKind, AnnouncementPhase } from '@apsara/contracts';
import type { Database } from '../../db/database.js';
import type { AnnouncementsTable, LocalizedName } from '../../db/schema.js';
import type { Tx } from '../ledger/ledger.repository.js';

export type AnnouncementRow = Selectable<AnnouncementsTable>;

/** The fields an operator writes; texts as they are (a string or one per language). */
export type AnnouncementFields = {
  title: LocalizedName;
  content: LocalizedName | null;
  subtitle: LocalizedName | null;
  eyebrow: LocalizedName | null;
  cta: LocalizedName | null;
  groupName: AnnouncementRow['group_name'];
  art: AnnouncementRow['art'];
  imageUrl: string | null;
  url: string | null;
  linkageType: AnnouncementRow['linkage_type'];
  execution: AnnouncementRow['execution'];
  audience: 'all' | 'members' | 'visitors';
  pinned: boolean;
  sort: number;
  startsAt: Date;
  endsAt: Date | null;
  active: boolean;
};

const jsonOrNull = (v: LocalizedName | null) => (v === null ? null : JSON.stringify(v));

const columns = (f: AnnouncementFields) => ({
  title: JSON.stringify(f.title),
  content: jsonOrNull(f.content),
  subtitle: jsonOrNull(f.subtitle),
  eyebrow: jsonOrNull(f.eyebrow),
  cta: jsonOrNull(f.cta),
  group_name: f.groupName,
  art: f.art,
  image_url: f.imageUrl,
  url: f.url,
  linkage_type: f.linkageType,
  execution: f.execution,
  audience: f.audience,
  pinned: f.pinned,
  sort: f.sort,
  starts_at: f.startsAt,
  ends_at: f.endsAt,
  active: f.active,
});

/** The row's fields in the shape an operator writes them (to merge a change into). */
export const fieldsOf = (r: AnnouncementRow): AnnouncementFields => ({
  title: r.title,
  content: r.content,
  subtitle: r.subtitle,
  eyebrow: r.eyebrow,
  cta: r.cta,
  groupName: r.group_name,
  art: r.art,
  imageUrl: r.image_url,
  url: r.url,
  linkageType: r.linkage_type,
  execution: r.execution,
  audience: r.audience,
  pinned: r.pinned,
  sort: r.sort,
  startsAt: r.starts_at,
  endsAt: r.ends_at,
  active: r.active,
});

/** The operators' list filters; `phase` is judged at `at` (the service's clock, as the rows' `phase`). */
export type OpsListFilter = { kind?: AnnouncementKind; phase?: AnnouncementPhase; at: Date };

const listed = (db: Database, merchantId: bigint, { kind, phase, at }: OpsListFilter) =>
  db
    .selectFrom('announcements')
    .where('merchant_id', '=', merchantId)
    .$if(kind !== undefined, (q) => q.where('kind', '=', kind!))
    .$if(phase === 'off', (q) => q.where('active', '=', false))
    .$if(phase === 'scheduled', (q) => q.where('active', '=', true).where('starts_at', '>', at))
    .$if(phase === 'ended', (q) => q.where('active', '=', true).where('starts_at', '<=', at).where('ends_at', '<=', at))
    .$if(phase === 'showing', (q) => q.where('active', '=', true).where('starts_at', '<=', at).where((e) => e.or([e('ends_at', 'is', null), e('ends_at', '>', at)])));

export const announcementsRepository = (db: Database) => ({
  db,

  /**
   * What the portal may show from now on: active rows not past their end, in display order (pinned,
   * then the operators' order, newest first). Rows still to start are included, after the showing
   * ones (so they never crowd those out of the cap), so a cached copy shows them the moment they
   * start; the service filters by time on every read.
   */
  shown: async (merchantId: bigint, limitPerKind: number): Promise<AnnouncementRow[]> => {
    const { rows } = await sql<AnnouncementRow>`
      select * from (
        select a.*, row_number() over (partition by a.kind order by a.starts_at > now(), a.pinned desc, a.sort, a.starts_at desc, a.id desc) as place
        from announcements a
        where a.merchant_id = ${merchantId} and a.active and (a.ends_at is null or a.ends_at > now())
      ) t
      where t.place <= ${limitPerKind}
      order by t.kind, t.place`.execute(db);
    return rows;
  },

  /** One of the site's announcements; another site's is not there. */
  one: (merchantId: bigint, id: bigint) => db.selectFrom('announcements').selectAll().where('merchant_id', '=', merchantId).where('id', '=', id).executeTakeFirst(),

  /** A page of the operators' list: kind by kind, switched-on first, then the portal's order (pinned, sort), newest first. */
  page: async (merchantId: bigint, filter: OpsListFilter, page: number, size: number) => {
    const [items, total] = await Promise.all([
      listed(db, merchantId, filter)
        .selectAll()
        .orderBy('kind')
        .orderBy('active', 'desc')
        .orderBy('pinned', 'desc')
        .orderBy('sort')
        .orderBy('id', 'desc')
        .limit(size)
        .offset((page - 1) * size)
        .execute(),
      listed(db, merchantId, filter).select((e) => e.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { items, total: Number(total.n) };
  },

  /** Where an announcement stands in that list (1 = first), or null when the list does not hold it. */
  placeOf: async (merchantId: bigint, filter: OpsListFilter, id: bigint): Promise<number | null> => {
    const found = await db
      .selectFrom(
        listed(db, merchantId, filter)
          .select(['id', sql<string>`row_number() over (order by kind, active desc, pinned desc, sort, id desc)`.as('place')])
          .as('t'),
      )
      .select('t.place')
      .where('t.id', '=', id)
      .executeTakeFirst();
    return found ? Number(found.place) : null;
  },

  lock: (tx: Tx, merchantId: bigint, id: bigint) =>
    tx.selectFrom('announcements').selectAll().where('merchant_id', '=', merchantId).where('id', '=', id).forUpdate().executeTakeFirst(),

  create: (tx: Tx, merchantId: bigint, kind: AnnouncementKind, f: AnnouncementFields, operatorId: bigint) =>
    tx
      .insertInto('announcements')
      .values({ merchant_id: merchantId, kind, created_by: operatorId, ...columns(f) })
      .returningAll()
      .executeTakeFirstOrThrow(),

  update: (tx: Tx, id: bigint, f: AnnouncementFields) =>
    tx
      .updateTable('announcements')
      .set({ ...(columns(f) as Updateable<AnnouncementsTable>), updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow(),
});
export type AnnouncementsRepository = ReturnType<typeof announcementsRepository>;
