import { type Kysely, sql } from 'kysely';

/**
 * ledger_post_batch: several independent postings in one round trip, each still a database
 * transaction of its own. A procedure, not a function, so it may COMMIT: every posting runs
 * ledger_post (the rules of migration 0010; its body is replaced below by a leaner one with the same
 * answers) and is committed before the next one starts, so one posting's locks are never held while
 * another is made, and a crash between two of them leaves the first committed and the second not
 * made, as two separate calls would.
 *
 * What it saves is the per-call cost, on both sides of the socket (one message, one wake-up of the
 * backend and one answer for the whole group instead of one each), and the waits for the disk: every
 * posting commits asynchronously, and the call ends with one commit that writes WAL and waits for
 * the flush, which covers every commit before it. Nothing the call answers (its postings, or the
 * accounts it read) is answered before it is on disk. Other sessions may see a posting of the group
 * in the few milliseconds between its commit and that flush (as with synchronous_commit = off): a
 * crash then undoes it whole, its own client having had no answer, and any later write that depends
 * on it flushes it first.
 *
 * Each posting waits at most 200 ms for a lock (SQLSTATE 55P03 otherwise, reported for it alone):
 * a posting stuck behind a long transaction must not hold up the rest of its group. The caller sends
 * such a posting again on its own, where it waits as long as it has to.
 *
 * Input: a JSON array of postings, each `[merchant, type, reference, key, hash, metadata, legs]`
 * (legs as in ledger_post). Output (`p_results`): one element per posting, in order, either the rows
 * ledger_post returned as arrays `[status, transaction_id, request_hash, account_id, amount,
 * balance_after, member_id, held]` with the numbers as text (bigints do not fit JSON numbers), or
 * `{"error": SQLSTATE, "message": …}` when that posting raised: its subtransaction is rolled back
 * (its locks released), the error is reported for it alone, and the next posting goes on.
 * `p_accounts`: every account of the members whose money the call moved, read after the group's last
 * commit, as `[merchant_id, member_id, id, kind, balance, held]`: the wallets a transfer answers
 * with, without a round trip of their own.
 */
export const up = async (db: Kysely<unknown>) => {
  // ledger_post, same signature, rules and answers as migration 0010, in fewer statements: the
  // accounts are locked and read in one (in id order, as before), checked in memory, and updated in
  // one. Measured with pgbench on the posting alone; see docs/performance.md, "Session 6".
  await sql`
    CREATE OR REPLACE FUNCTION ledger_post(p_merchant bigint, p_type text, p_reference text, p_key text, p_hash text, p_metadata jsonb, p_legs jsonb)
    RETURNS TABLE (status text, transaction_id bigint, request_hash text, account_id bigint, amount bigint, balance_after bigint, member_id bigint, held bigint)
    LANGUAGE plpgsql AS $fn$
    #variable_conflict use_column
    DECLARE
      v_tx bigint;
      v_hash text;
      v_fail text;
      v_fail_account bigint;
      v_ids bigint[];
      v_amounts bigint[];
      v_found bigint[];
      v_members bigint[];
      v_olds bigint[];
      v_helds bigint[];
      v_allow boolean[];
      v_balances bigint[];
      i int;
    BEGIN
      SELECT t.id, t.request_hash INTO v_tx, v_hash FROM ledger_transactions t WHERE t.merchant_id = p_merchant AND t.idempotency_key = p_key;
      IF v_tx IS NULL THEN
        SELECT array_agg(x.id ORDER BY x.id), array_agg(x.amount ORDER BY x.id) INTO v_ids, v_amounts
          FROM (SELECT (l->>0)::bigint AS id, (l->>1)::bigint AS amount FROM jsonb_array_elements(p_legs) l) x;
        -- One lock order for everyone (account id), so two postings never deadlock on accounts.
        SELECT array_agg(s.id ORDER BY s.id), array_agg(s.member_id ORDER BY s.id), array_agg(s.balance ORDER BY s.id), array_agg(s.held ORDER BY s.id), array_agg(s.allow_negative ORDER BY s.id)
          INTO v_found, v_members, v_olds, v_helds, v_allow
          FROM (SELECT a.id, a.member_id, a.balance, a.held, a.allow_negative FROM accounts a
                 WHERE a.merchant_id = p_merchant AND a.id = ANY (v_ids) ORDER BY a.id FOR NO KEY UPDATE) s;
        v_balances := v_olds;
        -- In id order, the first leg that fails decides: its account is missing (not this merchant's),
        -- or it would spend held or missing funds. Both arrays are sorted, so a gap shows the missing id.
        FOR i IN 1 .. coalesce(array_length(v_ids, 1), 0) LOOP
          IF v_found IS NULL OR i > array_length(v_found, 1) OR v_found[i] <> v_ids[i] THEN
            v_fail := 'not_found'; v_fail_account := v_ids[i]; EXIT;
          END IF;
          v_balances[i] := v_olds[i] + v_amounts[i];
          IF NOT v_allow[i] AND v_balances[i] < v_helds[i] THEN
            v_fail := 'insufficient'; v_fail_account := v_ids[i]; EXIT;
          END IF;
        END LOOP;
        IF v_fail IS NULL THEN
          INSERT INTO ledger_transactions AS t (merchant_id, type, reference, idempotency_key, request_hash, metadata)
            VALUES (p_merchant, p_type, p_reference, p_key, p_hash, p_metadata)
            ON CONFLICT (merchant_id, idempotency_key) DO NOTHING
            RETURNING t.id INTO v_tx;
          IF v_tx IS NOT NULL THEN
            UPDATE accounts a SET balance = x.balance FROM unnest(v_ids, v_balances) AS x(id, balance) WHERE a.id = x.id;
            INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after)
              SELECT v_tx, x.id, x.amount, x.balance FROM unnest(v_ids, v_amounts, v_balances) WITH ORDINALITY AS x(id, amount, balance, n) ORDER BY x.n;
            RETURN QUERY SELECT 'posted'::text, v_tx, p_hash, x.id, x.amount, x.balance, x.member, x.held
              FROM unnest(v_ids, v_amounts, v_balances, v_members, v_helds) WITH ORDINALITY AS x(id, amount, balance, member, held, n) ORDER BY x.n;
            RETURN;
          END IF;
        END IF;
        SELECT t.id, t.request_hash INTO v_tx, v_hash FROM ledger_transactions t WHERE t.merchant_id = p_merchant AND t.idempotency_key = p_key;
        IF v_tx IS NULL THEN
          IF v_fail IS NULL THEN
            RAISE EXCEPTION 'idempotency key vanished';
          END IF;
          RETURN QUERY SELECT v_fail, NULL::bigint, NULL::text, v_fail_account, NULL::bigint, NULL::bigint, NULL::bigint, NULL::bigint;
          RETURN;
        END IF;
      END IF;
      RETURN QUERY SELECT 'replay'::text, v_tx, v_hash, e.account_id, e.amount, e.balance_after, NULL::bigint, NULL::bigint
        FROM ledger_entries e WHERE e.transaction_id = v_tx ORDER BY e.id;
      IF NOT FOUND THEN
        RETURN QUERY SELECT 'replay'::text, v_tx, v_hash, NULL::bigint, NULL::bigint, NULL::bigint, NULL::bigint, NULL::bigint;
      END IF;
    END
    $fn$;
  `.execute(db);
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
        PERFORM set_config('synchronous_commit', 'off', true);
        PERFORM set_config('lock_timeout', '200ms', true);
        BEGIN
          SELECT coalesce(jsonb_agg(jsonb_build_array(r.status, r.transaction_id::text, r.request_hash, r.account_id::text, r.amount::text, r.balance_after::text, r.member_id::text, r.held::text) ORDER BY r.n), '[]'::jsonb)
            INTO v_r
            FROM ledger_post((v_p->>0)::bigint, v_p->>1, v_p->>2, v_p->>3, v_p->>4, v_p->5, v_p->6) WITH ORDINALITY AS r(status, transaction_id, request_hash, account_id, amount, balance_after, member_id, held, n);
          v_members := v_members || ARRAY(SELECT (e->>6)::bigint FROM jsonb_array_elements(v_r) e WHERE e->>0 = 'posted' AND e->>6 IS NOT NULL);
        EXCEPTION WHEN OTHERS THEN
          v_r := jsonb_build_object('error', SQLSTATE, 'message', SQLERRM);
        END;
        p_results := p_results || jsonb_build_array(v_r);
        -- Outside the block above: a COMMIT may not run inside a subtransaction. Asynchronous: the
        -- flush at the end covers it.
        COMMIT;
      END LOOP;
      -- The accounts of the members whose money moved, read after the last posting's commit: one
      -- snapshot, as a read made after the call would see it.
      SELECT coalesce(jsonb_agg(jsonb_build_array(a.merchant_id::text, a.member_id::text, a.id::text, a.kind, a.balance::text, a.held::text)), '[]'::jsonb)
        INTO p_accounts
        FROM accounts a WHERE a.member_id = ANY (v_members);
      -- The one wait for the disk. A transaction commits with a flush only if it wrote WAL, and the
      -- last posting may have written nothing (a refusal, a replay): this message is a WAL record of
      -- this transaction, so its commit (synchronous, the session's setting) waits until the WAL is
      -- on disk up to here, past every commit this call made or read.
      PERFORM pg_logical_emit_message(true, 'ledger_post_batch', '');
    END
    $fn$;
  `.execute(db);
};
