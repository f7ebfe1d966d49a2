import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import type { Tx } from '../ledger/ledger.repository.js';
import type { OpsAuditEntry } from '@apsara/contracts';

/** GET /ops/audit's narrowing (docs/operators.md "Audit"). */
export type AuditFilter = { action?: string; targetType?: string; targetId?: string; operatorId?: bigint; hideSignIns?: boolean };

export type AuditRecord = {
  merchantId: bigint;
  operatorId: bigint | null;
  /** What was done, as `<noun>.<verb>`: `member.adjustment`, `operator.login`, `deposit.approve`. */
  action: string;
  targetType?: string | null;
  targetId?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  reason?: string | null;
  ip?: string | null;
  /** The ledger posting the action made; one audit row per posting at most. */
  ledgerTransactionId?: bigint | null;
};

const json = (v: Record<string, unknown> | null | undefined) => (v == null ? null : JSON.stringify(v));

/**
 * The append-only audit log. `record` takes an open transaction when the caller has one, so an action
 * and its audit row commit or fail together; the table refuses UPDATE, DELETE and TRUNCATE itself.
 */
export const auditRepository = (db: Database) => {
  const values = (r: AuditRecord) => ({
    merchant_id: r.merchantId,
    operator_id: r.operatorId,
    action: r.action,
    target_type: r.targetType ?? null,
    target_id: r.targetId ?? null,
    before: json(r.before),
    after: json(r.after),
    reason: r.reason ?? null,
    ip: r.ip ?? null,
    ledger_transaction_id: r.ledgerTransactionId ?? null,
  });

  const record = async (r: AuditRecord, ex: Database | Tx = db) =>
    (await ex.insertInto('audit_log').values(values(r)).returning('id').executeTakeFirstOrThrow()).id;

  /**
   * The audit row of a posting: written if it is not there yet, then returned. Retries and replays of
   * one idempotency key therefore share one row (the unique index decides races between nodes).
   */
  const recordForPosting = async (r: AuditRecord & { ledgerTransactionId: bigint }, ex: Database | Tx = db) => {
    await ex
      .insertInto('audit_log')
      .values(values(r))
      .onConflict((oc) => oc.column('ledger_transaction_id').where('ledger_transaction_id', 'is not', null).doNothing())
      .execute();
    return ex
      .selectFrom('audit_log')
      .select(['id', 'operator_id', 'reason', 'before', 'after'])
      .where('merchant_id', '=', r.merchantId)
      .where('ledger_transaction_id', '=', r.ledgerTransactionId)
      .executeTakeFirstOrThrow();
  };

  /**
   * The usernames of a page's member and operator targets (the log keeps ids; a name reads better), in
   * one query per kind by primary key, the site's own only. Keyed `type:id`.
   */
  const targetNames = async (merchantId: bigint, rows: { target_type: string | null; target_id: string | null }[]) => {
    const idsOf = (type: string) => [...new Set(rows.filter((r) => r.target_type === type && r.target_id && /^[1-9][0-9]{0,17}$/.test(r.target_id)).map((r) => BigInt(r.target_id!)))];
    const names = new Map<string, string>();
    const members = idsOf('member');
    if (members.length) {
      for (const m of await db.selectFrom('members').select(['id', 'username']).where('merchant_id', '=', merchantId).where('id', 'in', members).execute()) names.set(`member:${m.id}`, m.username);
    }
    const operators = idsOf('operator');
    if (operators.length) {
      for (const o of await db.selectFrom('operators').select(['id', 'username']).where('merchant_id', '=', merchantId).where('id', 'in', operators).execute()) names.set(`operator:${o.id}`, o.username);
    }
    return names;
  };

  /** A page of a merchant's audit log, newest first, strictly older than `before` when given. */
  const list = async (merchantId: bigint, limit: number, before?: bigint, filter: AuditFilter = {}): Promise<OpsAuditEntry[]> => {
    let q = db
      .selectFrom('audit_log as a')
      .leftJoin('operators as o', (j) => j.onRef('o.id', '=', 'a.operator_id').onRef('o.merchant_id', '=', 'a.merchant_id'))
      .select(['a.id', 'a.operator_id', 'o.username', 'a.action', 'a.target_type', 'a.target_id', 'a.before', 'a.after', 'a.reason', 'a.ip', 'a.created_at'])
      .where('a.merchant_id', '=', merchantId)
      .orderBy('a.id', 'desc')
      .limit(limit);
    if (before !== undefined) q = q.where('a.id', '<', before);
    if (filter.action !== undefined) {
      // The action itself and every action under it: `deposit` is deposit.approve, deposit.online.expired…
      // `_` is a LIKE wildcard and the only one the contract lets through: escaped. The prefix form
      // uses the (merchant_id, action text_pattern_ops) index of migration 0031.
      const action = filter.action.replace(/\.$/, '');
      const under = `${action.replace(/_/g, '\\_')}.%`;
      q = q.where((eb) => eb.or([eb('a.action', '=', action), eb('a.action', 'like', sql<string>`${under} escape '\\'`)]));
    }
    if (filter.targetType !== undefined) q = q.where('a.target_type', '=', filter.targetType);
    if (filter.targetId !== undefined) q = q.where('a.target_id', '=', filter.targetId);
    if (filter.operatorId !== undefined) q = q.where('a.operator_id', '=', filter.operatorId);
    if (filter.hideSignIns) q = q.where('a.action', '<>', 'operator.login');
    const rows = await q.execute();
    const names = await targetNames(merchantId, rows);
    return rows.map((r) => ({
      id: r.id.toString(),
      operatorId: r.operator_id?.toString() ?? null,
      operatorUsername: r.username ?? null,
      action: r.action,
      targetType: r.target_type,
      targetId: r.target_id,
      targetName: (r.target_type && r.target_id && names.get(`${r.target_type}:${r.target_id}`)) ?? null,
      before: r.before,
      after: r.after,
      reason: r.reason,
      ip: r.ip,
      createdAt: r.created_at.toISOString(),
    }));
  };

  return { record, recordForPosting, list };
};
export type AuditRepository = ReturnType<typeof auditRepository>;
