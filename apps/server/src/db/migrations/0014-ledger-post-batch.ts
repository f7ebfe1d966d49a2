import { type Kysely, sql } from 'kysely';

/**
 * ledger_post_batch: several independent postings in one round trip, each still a database
 * transaction of its own. A procedure, not a function, so it may COMMIT: every posting runs
 * ledger_post (migration 0010, the same rules, unchanged) and is committed before the next one
 * starts, so one posting's locks are never held while another is made, and a crash between two
 * of them leaves the first committed and the second not made, as two separate calls would.
 *
 * What it saves is the per-call cost, on both sides of the socket: one message, one wake-up of the
 * backend and one answer for the whole group, instead of one each; and all but one wait for the
 * disk (see the COMMIT below). Nothing is answered before the whole group is durable: a posting
 * committed asynchronously may be seen by other sessions a moment before it is on disk (as with
 * synchronous_commit = off), but any later write that depends on it flushes it first.
 *
 * Input: a JSON array of postings, each `[merchant, type, reference, key, hash, metadata, legs]`
 * (legs as in ledger_post). Output (`p_results`): one element per posting, in order, either the rows
 * ledger_post returned as arrays `[status, transaction_id, request_hash, account_id, amount,
 * balance_after, member_id, held]` with the numbers as text (bigints do not fit JSON numbers), or
 * `{"error": SQLSTATE, "message": …}` when that posting raised: its subtransaction is rolled back
 * (its locks released), the error is reported for it alone, and the next posting goes on.
 * `p_accounts`: every account of the members whose money the call moved, read after the last
 * commit, as `[merchant_id, member_id, id, kind, balance, held]`: the wallets a transfer answers with,
 * without a round trip of their own.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE PROCEDURE ledger_post_batch(p_postings jsonb, INOUT p_results jsonb DEFAULT NULL, INOUT p_accounts jsonb DEFAULT NULL)
    LANGUAGE plpgsql AS $fn$
    DECLARE
      v_p jsonb;
      v_r jsonb;
      v_members bigint[] := '{}';
      i int;
    BEGIN
      p_results := '[]'::jsonb;
      FOR i IN 0 .. jsonb_array_length(p_postings) - 1 LOOP
        v_p := p_postings -> i;
        BEGIN
          SELECT coalesce(jsonb_agg(jsonb_build_array(r.status, r.transaction_id::text, r.request_hash, r.account_id::text, r.amount::text, r.balance_after::text, r.member_id::text, r.held::text) ORDER BY r.n), '[]'::jsonb)
            INTO v_r
            FROM ledger_post((v_p->>0)::bigint, v_p->>1, v_p->>2, v_p->>3, v_p->>4, v_p->5, v_p->6) WITH ORDINALITY AS r(status, transaction_id, request_hash, account_id, amount, balance_after, member_id, held, n);
          v_members := v_members || ARRAY(SELECT (e->>6)::bigint FROM jsonb_array_elements(v_r) e WHERE e->>0 = 'posted' AND e->>6 IS NOT NULL);
        EXCEPTION WHEN OTHERS THEN
          v_r := jsonb_build_object('error', SQLSTATE, 'message', SQLERRM);
        END;
        p_results := p_results || jsonb_build_array(v_r);
        -- Every commit but the last is asynchronous: the last one waits for the WAL to be flushed up
        -- to its own commit record, which lies after every earlier one of this call, so when the call
        -- answers, all of its postings are on disk, for the price of one flush instead of one each.
        IF i < jsonb_array_length(p_postings) - 1 THEN
          PERFORM set_config('synchronous_commit', 'off', true);
        END IF;
        -- Outside the block above: a COMMIT may not run inside a subtransaction.
        COMMIT;
      END LOOP;
      -- The accounts of the members whose money moved, read after the last commit: one snapshot, as a
      -- read made after the call would see it, for the callers that answer with the wallets.
      SELECT coalesce(jsonb_agg(jsonb_build_array(a.merchant_id::text, a.member_id::text, a.id::text, a.kind, a.balance::text, a.held::text)), '[]'::jsonb)
        INTO p_accounts
        FROM accounts a WHERE a.member_id = ANY (v_members);
    END
    $fn$;
  `.execute(db);
};
