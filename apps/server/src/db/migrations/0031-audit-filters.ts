import { type Kysely, sql } from 'kysely';

/**
 * The audit log's filters (GET /ops/audit, docs/operators.md "Audit"): without these a rare target,
 * operator or action would read a site's whole log, newest first, to fill one page.
 * `text_pattern_ops` lets `action LIKE 'deposit.%'` (every action under one) use the index whatever
 * the database's collation.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE INDEX audit_log_target ON audit_log (merchant_id, target_type, target_id, id DESC);
    CREATE INDEX audit_log_operator ON audit_log (merchant_id, operator_id, id DESC);
    CREATE INDEX audit_log_action ON audit_log (merchant_id, action text_pattern_ops, id DESC);
  `.execute(db);
};
