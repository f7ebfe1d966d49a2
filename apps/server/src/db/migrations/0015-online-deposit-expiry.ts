import { type Kysely, sql } from 'kysely';

/**
 * Online deposit orders expire: each carries the time by which it must be paid (its channel's
 * `expiresMinutes`, 30 by default), and a job moves an unpaid order past it to `expired`. A payment
 * the provider reports later still credits the order (the member's money did arrive); only an
 * online order can expire, and a bank transfer has no deadline.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    ALTER TABLE deposits ADD COLUMN expires_at timestamptz;
    UPDATE deposits SET expires_at = created_at + interval '30 minutes' WHERE type = 'ONLINE';
    ALTER TABLE deposits ADD CONSTRAINT deposits_online_expiry CHECK ((type = 'ONLINE') = (expires_at IS NOT NULL));
    ALTER TABLE deposits DROP CONSTRAINT deposits_status_check;
    ALTER TABLE deposits ADD CONSTRAINT deposits_status_check CHECK (status IN ('pending', 'approved', 'rejected', 'expired'));
    ALTER TABLE deposits ADD CONSTRAINT deposits_only_online_expire CHECK (status <> 'expired' OR type = 'ONLINE');
    CREATE INDEX deposits_online_due ON deposits (expires_at) WHERE status = 'pending' AND type = 'ONLINE';
  `.execute(db);
};
