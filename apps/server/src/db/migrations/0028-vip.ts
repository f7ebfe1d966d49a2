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

    -- Every round there is now is counted by the backfill below (or, if still open, when it closes): the
    -- column arrives true for all of them without rewriting the table (a constant default), new rounds
    -- get false, and only the open ones, a handful, are set back to false.
    ALTER TABLE game_rounds ADD COLUMN vip_counted boolean NOT NULL DEFAULT true;
    ALTER TABLE game_rounds ALTER COLUMN vip_counted SET DEFAULT false;
    UPDATE game_rounds SET vip_counted = false WHERE status <> 'closed';

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

    -- What already happened counts: settled rounds and credited deposits before this migration, one
    -- grouped pass over each table, real members only.
    INSERT INTO vip_progress (member_id, merchant_id, bets, deposits)
      SELECT m.id, m.merchant_id, coalesce(g.bets, 0), coalesce(d.deposits, 0)
        FROM members m
        LEFT JOIN (SELECT member_id, sum(stake) AS bets FROM game_rounds WHERE status = 'closed' AND stake > 0 GROUP BY member_id) g ON g.member_id = m.id
        LEFT JOIN (SELECT member_id, sum(amount) AS deposits FROM deposits WHERE status = 'approved' GROUP BY member_id) d ON d.member_id = m.id
       WHERE m.type <> 4 AND (g.bets IS NOT NULL OR d.deposits IS NOT NULL);
  `.execute(db);
};
