import {
  HELP_ICONS,
  HELP_TOPICS_MAX,
  isHelpPath,
  helpTextIn,
  type HelpAction,
  type HelpCenterValue,
  type HelpIcon,
  type HelpText,
  HelpTopicItem,
  type Lang,
  type OpsHelpTopic,
  type OpsHelpTopicBody,
  type OpsHelpTopicListValue,
  type OpsHelpTopicMoveBody,
  type OpsHelpTopicPatch,
} from '@apsara/contracts';
import { AppError } from '../../lib/app-error.js';
import { requireSiteLanguage } from '../../lib/site-language.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import type { Merchant } from '../merchant/merchant-config.js';
import type { AuditRepository } from '../ops/audit.repository.js';
import { allowRoles, type Client, type OperatorContext } from '../ops/ops.service.js';
import { fieldsOf, type HelpCenterRepository, type HelpTopicFields, type HelpTopicRow } from './help-center.repository.js';

const READ_ROLES = ['admin', 'finance', 'support'] as const;
const EDIT_ROLES = ['admin'] as const;
/** How long a node keeps a site's topics before reading them again (an edit on this node drops it at once). */
const CACHE_MS = 15_000;
/** The gap between topics' `sort` when they are numbered (room to put one between two by hand). */
const STEP = 10;
const SORT_MAX = 100_000;

const actionOf = (r: Pick<HelpTopicRow, 'action' | 'action_path'>): HelpAction =>
  r.action === 'path' ? { kind: 'path', path: r.action_path ?? '/' } : { kind: r.action };

/**
 * A topic as operators read it. A stored icon or path the contract no longer accepts (an icon since
 * retired, a path written into the table by hand) reads as the default icon and no action, so the list
 * still opens and the topic can be put right by saving it.
 */
export const opsHelpTopicDto = (r: HelpTopicRow): OpsHelpTopic => ({
  id: r.id.toString(),
  key: r.key,
  sort: r.sort,
  icon: (HELP_ICONS as readonly string[]).includes(r.icon) ? (r.icon as HelpIcon) : 'help',
  title: r.title,
  body: r.body,
  action: r.action === 'path' && !isHelpPath(r.action_path ?? '') ? { kind: 'none' } : actionOf(r),
  enabled: r.enabled,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

const actionColumns = (a: HelpAction) => ({ action: a.kind, actionPath: a.kind === 'path' ? a.path : null });

/**
 * The help center (spec §2 "help center", §7 /wps/system/helpCenter; docs/help-center.md): each
 * site's topics, written by its admins, read by the portal's help popup in the reader's language.
 */
export const helpCenterService = (deps: { repo: HelpCenterRepository; audit: AuditRepository; log?: { warn: (obj: object, msg: string) => void } }) => {
  const { repo, audit } = deps;
  const cache = new Map<bigint, { at: number; rows: Promise<HelpTopicRow[]> }>();

  const rowsOf = (merchantId: bigint) => {
    const hit = cache.get(merchantId);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.rows;
    // One read per site at a time: concurrent callers share it; a failed read is not kept.
    const rows = repo.shown(merchantId);
    cache.set(merchantId, { at: Date.now(), rows });
    rows.catch(() => cache.delete(merchantId));
    return rows;
  };

  /** The popup's topics in `lang`; a text missing in it falls back to the site's language, then English. */
  const list = async (merchant: Merchant, lang: Lang): Promise<HelpCenterValue> => {
    const rows = await rowsOf(merchant.id);
    const site = merchant.defaultLanguage;
    const topics: HelpTopicItem[] = [];
    for (const r of rows) {
      const topic = HelpTopicItem.safeParse({
        key: r.key,
        icon: r.icon,
        title: helpTextIn(r.title, lang, site),
        body: r.body === null ? '' : helpTextIn(r.body, lang, site),
        action: actionOf(r),
      });
      // A row the contract no longer accepts (an icon since retired, a path written by hand) is left
      // out and reported, rather than failing the whole popup.
      if (topic.success) topics.push(topic.data);
      else deps.log?.warn({ merchantId: merchant.id.toString(), key: r.key, issues: topic.error.issues.map((i) => i.path.join('.')) }, 'help topic left out: does not fit the contract');
    }
    return { lang, topics };
  };

  /** The title must be there in the site's own language (one string is every language's). */
  const checkTitle = (title: HelpText, merchant: Merchant, lang: Lang) => requireSiteLanguage([{ field: 'title', text: title }], merchant.defaultLanguage, lang);

  const keyTaken = () => new AppError('HELP_TOPIC_KEY_TAKEN');
  const drop = (merchantId: bigint) => cache.delete(merchantId);

  // ---- operators ----

  const opsList = async (actor: OperatorContext): Promise<OpsHelpTopicListValue> => {
    allowRoles(actor, READ_ROLES);
    return { items: (await repo.all(actor.merchantId)).map(opsHelpTopicDto) };
  };

  const create = async (actor: OperatorContext, merchant: Merchant, body: OpsHelpTopicBody, client: Client, lang: Lang): Promise<OpsHelpTopic> => {
    allowRoles(actor, EDIT_ROLES);
    checkTitle(body.title, merchant, lang);
    try {
      const row = await repo.db.transaction().execute(async (tx) => {
        await repo.lockSite(tx, actor.merchantId);
        if (await repo.keyTaken(tx, actor.merchantId, body.key, null)) throw keyTaken();
        const { count, last } = await repo.stats(tx, actor.merchantId);
        if (count >= HELP_TOPICS_MAX) throw new AppError('HELP_TOPICS_FULL', [HELP_TOPICS_MAX]);
        const fields: HelpTopicFields = {
          key: body.key,
          sort: body.sort ?? Math.min(SORT_MAX, last + STEP),
          icon: body.icon,
          title: body.title,
          body: body.body,
          ...actionColumns(body.action),
          enabled: body.enabled,
        };
        const made = await repo.create(tx, actor.merchantId, fields, actor.operatorId);
        await audit.record({ merchantId: actor.merchantId, operatorId: actor.operatorId, action: 'help_topic.create', targetType: 'help_topic', targetId: made.id.toString(), after: opsHelpTopicDto(made), ip: client.ip }, tx);
        return made;
      });
      drop(actor.merchantId);
      return opsHelpTopicDto(row);
    } catch (e) {
      throw isUniqueViolation(e) ? keyTaken() : e;
    }
  };

  const patch = async (actor: OperatorContext, merchant: Merchant, idText: string, body: OpsHelpTopicPatch, client: Client, lang: Lang): Promise<OpsHelpTopic> => {
    allowRoles(actor, EDIT_ROLES);
    if (body.title !== undefined) checkTitle(body.title, merchant, lang);
    try {
      const row = await repo.db.transaction().execute(async (tx) => {
        await repo.lockSite(tx, actor.merchantId);
        const current = await repo.lock(tx, actor.merchantId, BigInt(idText));
        if (!current) throw new AppError('HELP_TOPIC_NOT_FOUND');
        if (body.key !== undefined && body.key !== current.key && (await repo.keyTaken(tx, actor.merchantId, body.key, current.id))) throw keyTaken();
        const before = fieldsOf(current);
        const next: HelpTopicFields = {
          key: body.key ?? before.key,
          sort: body.sort ?? before.sort,
          icon: body.icon ?? before.icon,
          title: body.title ?? before.title,
          body: body.body === undefined ? before.body : body.body,
          ...(body.action === undefined ? { action: before.action, actionPath: before.actionPath } : actionColumns(body.action)),
          enabled: body.enabled ?? before.enabled,
        };
        const updated = await repo.update(tx, current.id, next);
        await audit.record(
          { merchantId: actor.merchantId, operatorId: actor.operatorId, action: 'help_topic.update', targetType: 'help_topic', targetId: idText, before: opsHelpTopicDto(current), after: opsHelpTopicDto(updated), ip: client.ip },
          tx,
        );
        return updated;
      });
      drop(actor.merchantId);
      return opsHelpTopicDto(row);
    } catch (e) {
      throw isUniqueViolation(e) ? keyTaken() : e;
    }
  };

  /**
   * One place up or down: the site's topics are numbered again 10, 20, 30… with the two swapped, so a
   * move always moves (even between topics an operator gave the same `sort`). At the top or bottom
   * already, nothing changes. Answers the whole list in its new order.
   */
  const move = async (actor: OperatorContext, idText: string, body: OpsHelpTopicMoveBody, client: Client): Promise<OpsHelpTopicListValue> => {
    allowRoles(actor, EDIT_ROLES);
    const id = BigInt(idText);
    const rows = await repo.db.transaction().execute(async (tx) => {
      await repo.lockSite(tx, actor.merchantId);
      const all = await repo.lockAll(tx, actor.merchantId);
      const at = all.findIndex((r) => r.id === id);
      if (at < 0) throw new AppError('HELP_TOPIC_NOT_FOUND');
      const to = body.direction === 'up' ? at - 1 : at + 1;
      if (to < 0 || to >= all.length) return all;
      const order = [...all];
      [order[at], order[to]] = [order[to]!, order[at]!];
      const out: HelpTopicRow[] = [];
      for (const [i, r] of order.entries()) {
        const sort = Math.min(SORT_MAX, (i + 1) * STEP);
        out.push(r.sort === sort ? r : await repo.setSort(tx, r.id, sort));
      }
      await audit.record(
        {
          merchantId: actor.merchantId,
          operatorId: actor.operatorId,
          action: 'help_topic.move',
          targetType: 'help_topic',
          targetId: idText,
          before: { direction: body.direction, order: all.map((r) => r.key) },
          after: { direction: body.direction, order: out.map((r) => r.key) },
          ip: client.ip,
        },
        tx,
      );
      return out;
    });
    drop(actor.merchantId);
    return { items: rows.map(opsHelpTopicDto) };
  };

  const remove = async (actor: OperatorContext, idText: string, client: Client) => {
    allowRoles(actor, EDIT_ROLES);
    await repo.db.transaction().execute(async (tx) => {
      // The site first, as every other write does: taking the topic first could deadlock with a move.
      await repo.lockSite(tx, actor.merchantId);
      const current = await repo.lock(tx, actor.merchantId, BigInt(idText));
      if (!current) throw new AppError('HELP_TOPIC_NOT_FOUND');
      await repo.remove(tx, current.id);
      await audit.record({ merchantId: actor.merchantId, operatorId: actor.operatorId, action: 'help_topic.delete', targetType: 'help_topic', targetId: idText, before: opsHelpTopicDto(current), ip: client.ip }, tx);
    });
    drop(actor.merchantId);
    return { id: idText, deleted: true as const };
  };

  return { list, opsList, create, patch, move, remove };
};
export type HelpCenterService = ReturnType<typeof helpCenterService>;
