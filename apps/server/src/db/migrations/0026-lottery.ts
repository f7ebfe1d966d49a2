import { type Kysely, sql } from 'kysely';

/**
 * Apsara's own lotteries (docs/lottery.md).
 * - lottery_draws: the schedule of every lottery, one row per draw (unique per game and number, so every
 *   node may create the coming draws and only one row results). A draw takes bets from the close of the
 *   one before it to its own close, 5 s before it is drawn. The seed's SHA-256 is written with the row,
 *   before any bet; the result is written by the draw, once (status open → drawn), and the draw is
 *   settled when its last slip is.
 *   Draws are the same for every site, as a public lottery's are; slips belong to a site.
 * - lottery_slips: a member's bets on one draw, one round of the in-house vendor (stake paid through the
 *   game wallet when placed, payout when settled), unique per member and idempotency key.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE lottery_draws (
      id          bigserial PRIMARY KEY,
      game_code   text NOT NULL,
      draw_no     text NOT NULL,
      opens_at    timestamptz NOT NULL,
      closes_at   timestamptz NOT NULL,
      draw_at     timestamptz NOT NULL,
      seed_hash   text NOT NULL,
      seed        text NOT NULL,
      result      smallint[],
      status      text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'drawn', 'settled')),
      drawn_at    timestamptz,
      settled_at  timestamptz,
      UNIQUE (game_code, draw_no),
      CHECK (opens_at < closes_at AND closes_at < draw_at),
      CHECK ((status = 'open') = (result IS NULL))
    );
    CREATE INDEX lottery_draws_due ON lottery_draws (draw_at) WHERE status <> 'settled';
    CREATE INDEX lottery_draws_game ON lottery_draws (game_code, draw_at DESC);

    CREATE TABLE lottery_slips (
      id              bigserial PRIMARY KEY,
      merchant_id     bigint NOT NULL REFERENCES merchants(id),
      member_id       bigint NOT NULL REFERENCES members(id),
      draw_id         bigint NOT NULL REFERENCES lottery_draws(id),
      bets            jsonb NOT NULL,
      stake           bigint NOT NULL CHECK (stake > 0),
      payout          bigint NOT NULL DEFAULT 0 CHECK (payout >= 0),
      -- placing: written, stake not yet taken; pending: staked, waiting for the draw; voiding: the draw
      -- came first, its stake is being given back (or barred); void, won, lost: done.
      status          text NOT NULL DEFAULT 'placing' CHECK (status IN ('placing', 'pending', 'voiding', 'won', 'lost', 'void')),
      -- Why a slip took no money (the error its resend answers with).
      void_code       text,
      idempotency_key text NOT NULL,
      request_hash    text NOT NULL,
      created_at      timestamptz NOT NULL DEFAULT now(),
      settled_at      timestamptz,
      UNIQUE (member_id, idempotency_key),
      CHECK ((status = 'void') = (void_code IS NOT NULL))
    );
    CREATE INDEX lottery_slips_member ON lottery_slips (merchant_id, member_id, id DESC);
    CREATE INDEX lottery_slips_unsettled ON lottery_slips (draw_id) WHERE status IN ('placing', 'pending', 'voiding');
  `.execute(db);
};
