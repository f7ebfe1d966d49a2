import { type Kysely, sql } from 'kysely';

/**
 * The points mall (spec §2 "Points mall", §3 "Points"; docs/points-mall.md). Points are whole numbers in a
 * book of their own, never money:
 * - point_accounts: one balance per member, never negative (a constraint), with every point ever earned.
 * - point_entries: append-only history, each line with the balance after it (the member's "points details").
 * - point_goods: what the site puts on sale, with its stock; `remaining` never below zero.
 * - point_orders: redemption records (goods, or cash converted to points); the cash part of a goods
 *   redemption is a ledger hold while it waits, captured when approved and released when rejected.
 * - point_progress: bets and deposits counted towards the next point, per member and source.
 * - point_queue: rounds that closed and deposits that were credited, waiting to be counted (an outbox
 *   filled by triggers in the same transaction as the change, so nothing is missed, however late a
 *   round's vendor reports it). A round is marked `points_counted` when it is counted: a vendor that
 *   reopens and closes it again queues it again, and it counts for nothing the second time. A deposit
 *   is credited once (never leaves 'approved').
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE point_accounts (
      member_id       bigint PRIMARY KEY REFERENCES members(id),
      merchant_id     bigint NOT NULL REFERENCES merchants(id),
      balance         bigint NOT NULL DEFAULT 0 CHECK (balance >= 0),
      lifetime_earned bigint NOT NULL DEFAULT 0 CHECK (lifetime_earned >= 0),
      updated_at      timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE point_goods (
      id               bigserial PRIMARY KEY,
      merchant_id      bigint NOT NULL REFERENCES merchants(id),
      name             jsonb NOT NULL,
      description      jsonb,
      art              text NOT NULL,
      kind             text NOT NULL CHECK (kind IN ('physical', 'virtual')),
      points           bigint NOT NULL CHECK (points > 0),
      amount           bigint NOT NULL DEFAULT 0 CHECK (amount >= 0),
      stock            integer NOT NULL CHECK (stock >= 0),
      remaining        integer NOT NULL CHECK (remaining >= 0 AND remaining <= stock),
      limit_per_member integer CHECK (limit_per_member > 0),
      on_sale          boolean NOT NULL DEFAULT true,
      sort             integer NOT NULL DEFAULT 0,
      created_at       timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX point_goods_merchant ON point_goods (merchant_id, on_sale, sort, id);

    CREATE TABLE point_orders (
      id              bigserial PRIMARY KEY,
      merchant_id     bigint NOT NULL REFERENCES merchants(id),
      member_id       bigint NOT NULL REFERENCES members(id),
      kind            text NOT NULL CHECK (kind IN ('goods', 'convert')),
      goods_id        bigint REFERENCES point_goods(id),
      quantity        integer NOT NULL CHECK (quantity > 0),
      points          bigint NOT NULL CHECK (points > 0),
      amount          bigint NOT NULL CHECK (amount >= 0),
      address         text,
      status          text NOT NULL CHECK (status IN ('applying', 'approved', 'rejected')),
      remark          text,
      hold_id         bigint REFERENCES ledger_holds(id),
      ledger_transaction_id bigint REFERENCES ledger_transactions(id),
      idempotency_key text NOT NULL,
      request_hash    text NOT NULL,
      decided_by      bigint REFERENCES operators(id),
      created_at      timestamptz NOT NULL DEFAULT now(),
      decided_at      timestamptz,
      UNIQUE (member_id, idempotency_key),
      CHECK ((kind = 'goods') = (goods_id IS NOT NULL)),
      CHECK ((status = 'applying') = (decided_at IS NULL)),
      -- A conversion is paid at once; goods wait for the site.
      CHECK (kind = 'goods' OR (status = 'approved' AND ledger_transaction_id IS NOT NULL))
    );
    CREATE INDEX point_orders_member ON point_orders (merchant_id, member_id, id DESC);
    CREATE INDEX point_orders_status ON point_orders (merchant_id, status, id DESC);
    CREATE INDEX point_orders_goods ON point_orders (goods_id, member_id) WHERE status <> 'rejected';

    CREATE TABLE point_entries (
      id              bigserial PRIMARY KEY,
      merchant_id     bigint NOT NULL REFERENCES merchants(id),
      member_id       bigint NOT NULL REFERENCES members(id),
      kind            text NOT NULL CHECK (kind IN ('live', 'lottery', 'pvp', 'rng', 'sports', 'deposit', 'convert', 'redeem', 'refund', 'adjust')),
      change          bigint NOT NULL CHECK (change <> 0),
      balance_after   bigint NOT NULL CHECK (balance_after >= 0),
      order_id        bigint REFERENCES point_orders(id),
      basis           bigint,
      note            text,
      idempotency_key text,
      request_hash    text,
      operator_id     bigint REFERENCES operators(id),
      created_at      timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX point_entries_member ON point_entries (merchant_id, member_id, id DESC);
    CREATE UNIQUE INDEX point_entries_key ON point_entries (member_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
    CREATE TRIGGER point_entries_append_only BEFORE UPDATE OR DELETE ON point_entries
      FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();

    CREATE TABLE point_progress (
      member_id bigint NOT NULL REFERENCES members(id),
      source    text NOT NULL,
      carry     bigint NOT NULL DEFAULT 0 CHECK (carry >= 0),
      PRIMARY KEY (member_id, source)
    );

    -- A constant default: no table rewrite, and rounds already closed are never counted.
    ALTER TABLE game_rounds ADD COLUMN points_counted boolean NOT NULL DEFAULT false;

    CREATE TABLE point_queue (
      id     bigserial PRIMARY KEY,
      kind   text NOT NULL CHECK (kind IN ('round', 'deposit')),
      ref_id bigint NOT NULL,
      UNIQUE (kind, ref_id)
    );

    CREATE FUNCTION point_queue_round() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO point_queue (kind, ref_id) VALUES ('round', NEW.id) ON CONFLICT DO NOTHING;
      RETURN NULL;
    END $$;
    CREATE TRIGGER game_rounds_closed_insert AFTER INSERT ON game_rounds
      FOR EACH ROW WHEN (NEW.status = 'closed' AND NEW.stake > 0) EXECUTE FUNCTION point_queue_round();
    CREATE TRIGGER game_rounds_closed_update AFTER UPDATE OF status ON game_rounds
      FOR EACH ROW WHEN (OLD.status <> 'closed' AND NEW.status = 'closed' AND NEW.stake > 0) EXECUTE FUNCTION point_queue_round();

    CREATE FUNCTION point_queue_deposit() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO point_queue (kind, ref_id) VALUES ('deposit', NEW.id) ON CONFLICT DO NOTHING;
      RETURN NULL;
    END $$;
    CREATE TRIGGER deposits_approved_insert AFTER INSERT ON deposits
      FOR EACH ROW WHEN (NEW.status = 'approved') EXECUTE FUNCTION point_queue_deposit();
    CREATE TRIGGER deposits_approved_update AFTER UPDATE OF status ON deposits
      FOR EACH ROW WHEN (OLD.status <> 'approved' AND NEW.status = 'approved') EXECUTE FUNCTION point_queue_deposit();
  `.execute(db);
};
