import { type Kysely, sql } from 'kysely';

/**
 * ledger_post: a whole posting in one statement, so a posting costs one round trip instead of seven
 * (BEGIN, claim the key, lock, one update per leg, the entries, COMMIT). The rules are the ledger
 * service's, unchanged:
 *  - a key already used answers with its transaction, its stored request hash and its entries
 *    (status 'replay'; the caller compares the hash and refuses a different request);
 *  - the accounts are locked in id order, FOR NO KEY UPDATE, and must belong to the merchant
 *    (status 'not_found' otherwise);
 *  - no account without permission may drop below what it holds (status 'insufficient');
 *  - only then is the key claimed (INSERT … ON CONFLICT DO NOTHING: a concurrent claimer of the same
 *    key is waited for and answered as a replay), the balances updated and one entry per leg written
 *    with the balance after it (status 'posted', with each account's member and held amount).
 * Refusals are returned, not raised, and nothing is written before every check has passed, so a
 * refusal leaves a caller's transaction usable, as the service's own checks always did. A refusal is
 * checked against the key once more: a concurrent request with the same key that committed while this
 * one waited for the locks is a replay, not a refusal.
 * Legs are a JSON array of [accountId, amount] pairs as strings (bigints do not fit JSON numbers).
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE FUNCTION ledger_post(p_merchant bigint, p_type text, p_reference text, p_key text, p_hash text, p_metadata jsonb, p_legs jsonb)
    RETURNS TABLE (status text, transaction_id bigint, request_hash text, account_id bigint, amount bigint, balance_after bigint, member_id bigint, held bigint)
    LANGUAGE plpgsql AS $fn$
    #variable_conflict use_column
    DECLARE
      v_tx bigint;
      v_hash text;
      v_fail text;
      v_fail_account bigint;
      v_leg record;
      v_acc record;
      v_ids bigint[] := '{}';
      v_amounts bigint[] := '{}';
      v_balances bigint[] := '{}';
      v_members bigint[] := '{}';
      v_helds bigint[] := '{}';
      i int;
    BEGIN
      SELECT t.id, t.request_hash INTO v_tx, v_hash FROM ledger_transactions t WHERE t.merchant_id = p_merchant AND t.idempotency_key = p_key;
      IF v_tx IS NULL THEN
        -- One lock order for everyone (account id), so two postings never deadlock on accounts.
        PERFORM 1 FROM accounts a
          WHERE a.merchant_id = p_merchant AND a.id IN (SELECT (l->>0)::bigint FROM jsonb_array_elements(p_legs) l)
          ORDER BY a.id FOR NO KEY UPDATE;
        FOR v_leg IN SELECT (l->>0)::bigint AS id, (l->>1)::bigint AS amount FROM jsonb_array_elements(p_legs) l ORDER BY 1 LOOP
          SELECT a.member_id, a.balance, a.held, a.allow_negative INTO v_acc FROM accounts a WHERE a.id = v_leg.id AND a.merchant_id = p_merchant;
          IF NOT FOUND THEN
            v_fail := 'not_found'; v_fail_account := v_leg.id; EXIT;
          END IF;
          IF NOT v_acc.allow_negative AND v_acc.balance + v_leg.amount < v_acc.held THEN
            v_fail := 'insufficient'; v_fail_account := v_leg.id; EXIT;
          END IF;
          v_ids := v_ids || v_leg.id;
          v_amounts := v_amounts || v_leg.amount;
          v_balances := v_balances || (v_acc.balance + v_leg.amount);
          v_members := v_members || v_acc.member_id;
          v_helds := v_helds || v_acc.held;
        END LOOP;
        IF v_fail IS NULL THEN
          INSERT INTO ledger_transactions AS t (merchant_id, type, reference, idempotency_key, request_hash, metadata)
            VALUES (p_merchant, p_type, p_reference, p_key, p_hash, p_metadata)
            ON CONFLICT (merchant_id, idempotency_key) DO NOTHING
            RETURNING t.id INTO v_tx;
          IF v_tx IS NOT NULL THEN
            FOR i IN 1 .. coalesce(array_length(v_ids, 1), 0) LOOP
              UPDATE accounts a SET balance = v_balances[i] WHERE a.id = v_ids[i];
            END LOOP;
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
};

