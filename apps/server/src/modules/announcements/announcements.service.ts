import {
  ANNOUNCEMENTS_SHOWN_MAX,
  KIND_OF_TYPE,
  LIST_PAGE_SIZE,
  announcementIssues,
  announcementRuleMessage,
  isAgentType,
  type AnnouncementKind,
  type AnnouncementListValue,
  type AnnouncementQuery,
  type BannerItem,
  type Lang,
  type NoticeItem,
  type OpsAnnouncement,
  type OpsAnnouncementBody,
  type OpsAnnouncementListValue,
  type OpsAnnouncementPatch,
  type OpsAnnouncementQuery,
  type PopupItem,
  type PromotionNoticeItem,
} from '@apsara/contracts';
import { AppError } from '../../lib/app-error.js';
import type { Merchant } from '../merchant/merchant-config.js';
import type { AuditRepository } from '../ops/audit.repository.js';
import { allowRoles, type Client, type OperatorContext } from '../ops/ops.service.js';
import type { AuthContext } from '../session/session.service.js';
import { fieldsOf, type AnnouncementFields, type AnnouncementRow, type AnnouncementsRepository } from './announcements.repository.js';

const READ_ROLES = ['admin', 'finance', 'support'] as const;
const EDIT_ROLES = ['admin'] as const;

/** How long a node keeps a site's announcements before reading them again (an edit on this node drops it at once). */
const CACHE_MS = 15_000;

const iso = (d: Date | null) => d?.toISOString() ?? null;

export const phaseOfAnnouncement = (r: Pick<AnnouncementRow, 'active' | 'starts_at' | 'ends_at'>, now: Date) =>
  !r.active ? 'off' : r.starts_at > now ? 'scheduled' : r.ends_at && r.ends_at <= now ? 'ended' : 'showing';

const notice = (r: AnnouncementRow): NoticeItem => ({
  id: r.id.toString(),
  title: r.title,
  content: r.content ?? '',
  publishedAt: r.starts_at.toISOString(),
  pinned: r.pinned,
});

const banner = (r: AnnouncementRow): BannerItem => ({
  id: r.id.toString(),
  groupName: r.group_name!,
  url: r.url,
  linkageType: r.linkage_type,
  imageUrl: r.image_url,
  art: r.art,
  title: r.title,
  subtitle: r.subtitle,
  eyebrow: r.eyebrow,
  cta: r.cta,
  sequence: r.sort,
});

const popup = (r: AnnouncementRow): PopupItem => ({
  ...notice(r),
  execution: r.execution!,
  url: r.url,
  linkageType: r.linkage_type,
  imageUrl: r.image_url,
  // An edit changes updated_at: a popup a browser has seen shows again once it says something new.
  version: r.updated_at.getTime().toString(36),
});

const promotionNotice = (r: AnnouncementRow): PromotionNoticeItem => ({
  ...notice(r),
  url: r.url,
  linkageType: r.linkage_type,
  announcementImages: r.image_url ? [{ sequence: 1, url: r.image_url }] : [],
});

export const opsAnnouncementDto = (r: AnnouncementRow, now = new Date()): OpsAnnouncement => ({
  id: r.id.toString(),
  kind: r.kind,
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
  startsAt: r.starts_at.toISOString(),
  endsAt: iso(r.ends_at),
  active: r.active,
  phase: phaseOfAnnouncement(r, now),
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

/**
 * The merged row checked against its kind's rules: a change may not leave half a banner. Each broken
 * rule is a field error with the rule's code and its words in the caller's language.
 */
const checkWhole = (kind: AnnouncementKind, f: AnnouncementFields, lang: Lang) => {
  const issues = announcementIssues({ kind, ...f, startsAt: f.startsAt.toISOString(), endsAt: iso(f.endsAt) });
  if (issues.length > 0) {
    throw new AppError('VALIDATION_FAILED', [[...new Set(issues.map((i) => i.field))].join(', ')], {
      fields: issues.map(({ field, rule }) => ({ field, rule, message: announcementRuleMessage(rule, lang) })),
    });
  }
};

/**
 * Announcements (spec §2 banners, marquee, announcement and notice popups, agentAnnouncement; §7
 * MCSFE_getListAnnouncements; docs/announcements.md). Operators write them; the portal reads a
 * site's showing ones, filtered by who asks: visitors, members, agents.
 */
export const announcementsService = (deps: { repo: AnnouncementsRepository; audit: AuditRepository; now?: () => Date }) => {
  const { repo, audit, now = () => new Date() } = deps;
  const cache = new Map<bigint, { at: number; rows: Promise<AnnouncementRow[]> }>();

  const rowsOf = (merchantId: bigint) => {
    const hit = cache.get(merchantId);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.rows;
    // One read per site at a time: concurrent callers share it; a failed read is not kept.
    const rows = repo.shown(merchantId, ANNOUNCEMENTS_SHOWN_MAX);
    cache.set(merchantId, { at: Date.now(), rows });
    rows.catch(() => cache.delete(merchantId));
    return rows;
  };

  const list = async (merchant: Merchant, auth: AuthContext | null, query: AnnouncementQuery): Promise<AnnouncementListValue> => {
    const at = now();
    const wanted = new Set(query.types.map((t) => KIND_OF_TYPE[t]).filter((k): k is AnnouncementKind => k !== null));
    const agent = auth !== null && isAgentType(auth.type);
    const rows = (await rowsOf(merchant.id)).filter(
      (r) =>
        wanted.has(r.kind) &&
        r.starts_at <= at &&
        (r.ends_at === null || r.ends_at > at) &&
        (r.audience === 'all' || (r.audience === 'members') === (auth !== null)) &&
        (r.kind !== 'agent' || agent),
    );
    const of = (kind: AnnouncementKind) => rows.filter((r) => r.kind === kind);
    return {
      banners: of('banner').map(banner),
      player: of('player').map(notice),
      popup: of('popup').map(popup),
      promotion: of('promotion').map(promotionNotice),
      agent: of('agent').map(notice),
      serverTime: at.toISOString(),
    };
  };

  // ---- operators ----

  /** A page of the site's list; `around` turns to the page holding that announcement. */
  const opsList = async (actor: OperatorContext, query: OpsAnnouncementQuery): Promise<OpsAnnouncementListValue> => {
    allowRoles(actor, READ_ROLES);
    const at = now();
    const filter = { kind: query.kind, phase: query.phase, at };
    const place = query.around === undefined ? null : await repo.placeOf(actor.merchantId, filter, BigInt(query.around));
    const page = place === null ? query.page : Math.ceil(place / LIST_PAGE_SIZE);
    const { items, total } = await repo.page(actor.merchantId, filter, page, LIST_PAGE_SIZE);
    return { items: items.map((r) => opsAnnouncementDto(r, at)), page, pageSize: LIST_PAGE_SIZE, total };
  };

  const opsOne = async (actor: OperatorContext, idText: string): Promise<OpsAnnouncement> => {
    allowRoles(actor, READ_ROLES);
    const row = await repo.one(actor.merchantId, BigInt(idText));
    if (!row) throw new AppError('ANNOUNCEMENT_NOT_FOUND');
    return opsAnnouncementDto(row, now());
  };

  const create = async (actor: OperatorContext, body: OpsAnnouncementBody, client: Client, lang: Lang): Promise<OpsAnnouncement> => {
    allowRoles(actor, EDIT_ROLES);
    const { kind, startsAt, endsAt, ...rest } = body;
    const fields: AnnouncementFields = { ...rest, startsAt: new Date(startsAt), endsAt: endsAt === null ? null : new Date(endsAt) };
    checkWhole(kind, fields, lang);
    const row = await repo.db.transaction().execute(async (tx) => {
      const made = await repo.create(tx, actor.merchantId, kind, fields, actor.operatorId);
      await audit.record({ merchantId: actor.merchantId, operatorId: actor.operatorId, action: 'announcement.create', targetType: 'announcement', targetId: made.id.toString(), after: { ...body }, ip: client.ip }, tx);
      return made;
    });
    cache.delete(actor.merchantId);
    return opsAnnouncementDto(row, now());
  };

  const patch = async (actor: OperatorContext, idText: string, body: OpsAnnouncementPatch, client: Client, lang: Lang): Promise<OpsAnnouncement> => {
    allowRoles(actor, EDIT_ROLES);
    const row = await repo.db.transaction().execute(async (tx) => {
      const current = await repo.lock(tx, actor.merchantId, BigInt(idText));
      if (!current) throw new AppError('ANNOUNCEMENT_NOT_FOUND');
      const { startsAt, endsAt, ...rest } = body;
      const defined = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) as Partial<AnnouncementFields>;
      const before = fieldsOf(current);
      const next: AnnouncementFields = {
        ...before,
        ...defined,
        startsAt: startsAt === undefined ? before.startsAt : new Date(startsAt),
        endsAt: endsAt === undefined ? before.endsAt : endsAt === null ? null : new Date(endsAt),
      };
      checkWhole(current.kind, next, lang);
      const updated = await repo.update(tx, current.id, next);
      await audit.record(
        { merchantId: actor.merchantId, operatorId: actor.operatorId, action: 'announcement.update', targetType: 'announcement', targetId: idText, before: opsAnnouncementDto(current), after: opsAnnouncementDto(updated), ip: client.ip },
        tx,
      );
      return updated;
    });
    cache.delete(actor.merchantId);
    return opsAnnouncementDto(row, now());
  };

  return { list, opsList, opsOne, create, patch };
};
export type AnnouncementsService = ReturnType<typeof announcementsService>;
