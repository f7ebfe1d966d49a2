import { type Kysely, sql } from 'kysely';

/**
 * VIP ranks (docs/vip.md).
 * - vip_progress: per member, the stakes of their settled rounds and their credited deposits since
 *   they joined, and the rank reached (never lowered). Filled from what already happened when this
 *   migration runs, then kept up by the job from vip_queue.
 * - vip_queue: rounds that closed and deposits that were credited, waiting to be counted: an outbox
 *   filled by triggers in the same transaction as the change (as point_queue is for points), so a
 *   round a vendor reports late is counted too, and a round is counted once (its id is unique here,
 *   and a round reopened and closed again is queued again only if it was never counted: `vip_counted`).
 * - vip_upgrades: a rank reached, once per member and rank, with its bonus; `ledger_transaction_id`
 *   and `paid_at` are set by the transaction that pays it.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE vip_progress (
      member_id   bigint PRIMARY KEY REFERENCES members(id),
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      bets        bigint NOT NULL DEFAULT 0 CHECK (bets >= 0),
      deposits    bigint NOT NULL DEFAULT 0 CHECK (deposits >= 0),
      level       int NOT NULL DEFAULT 0 CHECK (level >= 0),
      updated_at  timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX vip_progress_merchant ON vip_progress (merchant_id, level);

    CREATE TABLE vip_upgrades (
      id                    bigserial PRIMARY KEY,
      merchant_id           bigint NOT NULL REFERENCES merchants(id),
      member_id             bigint NOT NULL REFERENCES members(id),
      level                 int NOT NULL CHECK (level > 0),
      bonus                 bigint NOT NULL CHECK (bonus >= 0),
      ledger_transaction_id bigint REFERENCES ledger_transactions(id),
      reached_at            timestamptz NOT NULL DEFAULT now(),
      paid_at               timestamptz,
      UNIQUE (member_id, level),
      CHECK ((paid_at IS NULL) = (ledger_transaction_id IS NULL))
    );
    CREATE INDEX vip_upgrades_member ON vip_upgrades (merchant_id, member_id, level DESC);
    CREATE INDEX vip_upgrades_unpaid ON vip_upgrades (id) WHERE paid_at IS NULL AND bonus > 0;

    ALTER TABLE game_rounds ADD COLUMN vip_counted boolean NOT NULL DEFAULT false;

    CREATE TABLE vip_queue (
      id     bigserial PRIMARY KEY,
      kind   text NOT NULL CHECK (kind IN ('round', 'deposit')),
      ref_id bigint NOT NULL,
      UNIQUE (kind, ref_id)
    );

    CREATE FUNCTION vip_queue_round() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO vip_queue (kind, ref_id) VALUES ('round', NEW.id) ON CONFLICT DO NOTHING;
      RETURN NULL;
    END $$;
    CREATE TRIGGER game_rounds_vip_insert AFTER INSERT ON game_rounds
      FOR EACH ROW WHEN (NEW.status = 'closed' AND NEW.stake > 0) EXECUTE FUNCTION vip_queue_round();
    CREATE TRIGGER game_rounds_vip_update AFTER UPDATE OF status ON game_rounds
      FOR EACH ROW WHEN (OLD.status <> 'closed' AND NEW.status = 'closed' AND NEW.stake > 0 AND NOT NEW.vip_counted) EXECUTE FUNCTION vip_queue_round();

    CREATE FUNCTION vip_queue_deposit() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO vip_queue (kind, ref_id) VALUES ('deposit', NEW.id) ON CONFLICT DO NOTHING;
      RETURN NULL;
    END $$;
    CREATE TRIGGER deposits_vip_insert AFTER INSERT ON deposits
      FOR EACH ROW WHEN (NEW.status = 'approved') EXECUTE FUNCTION vip_queue_deposit();
    CREATE TRIGGER deposits_vip_update AFTER UPDATE OF status ON deposits
      FOR EACH ROW WHEN (OLD.status <> 'approved' AND NEW.status = 'approved') EXECUTE FUNCTION vip_queue_deposit();

    -- What already happened counts: settled rounds and credited deposits before this migration.
    INSERT INTO vip_progress (member_id, merchant_id, bets, deposits)
      SELECT m.id, m.merchant_id,
             coalesce((SELECT sum(stake) FROM game_rounds g WHERE g.member_id = m.id AND g.status = 'closed'), 0),
             coalesce((SELECT sum(amount) FROM deposits d WHERE d.member_id = m.id AND d.status = 'approved'), 0)
        FROM members m
       WHERE EXISTS (SELECT 1 FROM game_rounds g WHERE g.member_id = m.id AND g.status = 'closed')
          OR EXISTS (SELECT 1 FROM deposits d WHERE d.member_id = m.id AND d.status = 'approved');
    UPDATE game_rounds SET vip_counted = true WHERE status = 'closed';
  `.execute(db);
};
