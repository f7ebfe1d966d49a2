import { type Kysely, sql } from 'kysely';

/**
 * The VIP thresholds each site's progress rows were last all checked against (docs/vip.md "Raise"),
 * kept for every node instead of in each node's memory: after a restart, or on a second node, the
 * raise step reads only the rows that changed, and a change of thresholds is checked against every row
 * once, by whichever node runs first. No row yet: the next run checks every row.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE vip_checks (
      merchant_id bigint PRIMARY KEY REFERENCES merchants(id),
      thresholds text NOT NULL,
      checked_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
};
