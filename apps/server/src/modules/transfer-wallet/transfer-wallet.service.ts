import { fromMinor, toMinor } from '@apsara/contracts';
import { sql } from 'kysely';
import { AppError } from '../../lib/app-error.js';
import { sha256 } from '../../lib/crypto.js';
import type { Database } from '../../db/database.js';
import type { LedgerService, PostingResult } from '../ledger/ledger.service.js';
import type { Tx } from '../ledger/ledger.repository.js';
import { gameAccountCode } from '../game-wallet/game-wallet.service.js';
import { MAIN, vendorKind } from '../wallet/wallet.service.js';
import type { VendorAnswer, VendorTransferClient } from './vendor-client.js';

export type TransferDirection = 'in' | 'out';
export type TransferStatus = 'ok' | 'refused' | 'pending' | 'failed';
/**
 * What a balance sync did: posted the difference (or found none), or why it believed nothing —
 * `player_unknown`: the vendor has no record of the player while our mirror holds money (a vendor that
 * lost its data, a deployment switched from the local mode with balances in game wallets).
 */
export type SyncResult = 'synced' | 'pending' | 'raced' | 'unavailable' | 'player_unknown';
export type TransferOutcome = { transactionId: string; vendor: string; direction: TransferDirection; amount: bigint; status: TransferStatus; code?: string; replayed: boolean };

/**
 * What a transfer row keeps in `response`: enough to resend the request and finish it from the retry job.
 * `holdId`: a withdrawal's hold on the game wallet, or a deposit's hold on what it put there (released
 * when the row ends), so the reversal of a deposit always finds its money.
 */
type Stored = { currency: string; playerId: string; holdId?: string; answer?: Record<string, unknown>; code?: string; reason?: string };

/** Waits before the n-th retry (n ≥ 1): 5 s, 10 s, 20 s … capped at 10 minutes. */
export const retryDelayMs = (attempts: number) => Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 600_000);
/** After this many attempts the vendor is asked to settle the id for good (status with close). */
export const MAX_ATTEMPTS = 8;

/** The vendor's id of our member: stable, and unique across merchants. */
export const vendorPlayerId = (merchantId: bigint, memberId: bigint) => `m${merchantId}-${memberId}`;

/**
 * The transfer wallet (AG/BBIN/PT style, docs/vendor-protocol.md "Transfer wallet"). A member's
 * `VENDOR:<code>` sub-wallet mirrors what the vendor holds for them; every movement between MAIN and
 * the vendor is one `vendor_transactions` row (kind transfer_in / transfer_out) keyed by our own
 * transaction id, which is also the vendor's idempotency key.
 *
 * - To the vendor (transfer_in): MAIN → VENDOR:<code> is posted first, then the vendor is asked to
 *   credit. Refused → the posting is reversed. No answer → pending, retried.
 * - From the vendor (transfer_out): the amount is held on VENDOR:<code>, then the vendor is asked to
 *   debit. OK → the hold is captured into MAIN. Refused → released. No answer → pending, retried.
 *
 * The money is therefore always on exactly one side: never credited to MAIN before the vendor has
 * given it up, never taken back from the vendor side before the vendor said it did not take it.
 */
type Log = { warn: (o: object, m: string) => void; error: (o: object, m: string) => void };
const silent: Log = { warn: () => {}, error: () => {} };

export const transferWalletService = (deps: { db: Database; ledger: LedgerService; vendor: VendorTransferClient; now?: () => Date; log?: Log }) => {
  const { db, ledger, vendor } = deps;
  const now = deps.now ?? (() => new Date());
  const log = deps.log ?? silent;

  const txnRefOf = (memberId: bigint, key: string) => `TW${memberId}-${sha256(key).slice(0, 24)}`;

  const accounts = async (merchantId: bigint, memberId: bigint, code: string, currency: string) => {
    const [main, sub] = await Promise.all([ledger.memberAccount(merchantId, memberId, MAIN, currency), ledger.memberAccount(merchantId, memberId, vendorKind(code), currency)]);
    return { main, sub };
  };

  const outcomeOf = (row: { txn_ref: string; vendor_code: string; kind: string; amount: bigint; status: TransferStatus; response: unknown }, replayed: boolean): TransferOutcome => ({
    transactionId: row.txn_ref,
    vendor: row.vendor_code,
    direction: row.kind === 'transfer_in' ? 'in' : 'out',
    amount: row.amount,
    status: row.status,
    code: (row.response as Stored).code,
    replayed,
  });

  const findRow = (merchantId: bigint, vendorCode: string, txnRef: string, tx: Tx | Database = db) =>
    tx.selectFrom('vendor_transactions').selectAll().where('merchant_id', '=', merchantId).where('vendor_code', '=', vendorCode).where('txn_ref', '=', txnRef).executeTakeFirst();

  /**
   * Brings a pending row to its end state, once: the row is locked, and whatever money the end state
   * implies (reverse a deposit, capture or release a withdrawal's hold) commits with it.
   */
  const finish = async (id: bigint, to: Exclude<TransferStatus, 'pending'>, extra: Partial<Stored>) => {
    // Accounts are found (or created) before the transaction: on one connection (PGlite) a query
    // outside it would wait for it.
    const first = await db.selectFrom('vendor_transactions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const { main, sub } = await accounts(first.merchant_id, first.member_id, first.vendor_code, (first.response as Stored).currency);
    return ledger.inTransaction(first.merchant_id, async (tx) => {
      const r = await tx.selectFrom('vendor_transactions').selectAll().where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
      if (r.status !== 'pending') return r;
      const stored = { ...(r.response as Stored), ...extra };
      let ledgerId = r.ledger_transaction_id;
      // A deposit's hold kept its amount in the game wallet while unresolved: nothing (a withdrawal, a
      // balance sync, a local-mode transfer, an operator) could spend it, so the reversal below always
      // finds it. Rows claimed before deposits were held have no hold.
      if (r.kind === 'transfer_in' && stored.holdId) await ledger.releaseHold(r.merchant_id, BigInt(stored.holdId), tx);
      if (r.kind === 'transfer_in' && to !== 'ok') {
        // The vendor does not have it (and never will: refused, or closed by status): the money comes back.
        await ledger.post({ merchantId: r.merchant_id, type: 'VENDOR_TRANSFER_REVERSAL', idempotencyKey: `tw-rev:${r.vendor_code}:${r.txn_ref}`, legs: [{ accountId: sub, amount: -r.amount }, { accountId: main, amount: r.amount }], reference: `${r.vendor_code}:${r.txn_ref}` }, tx);
      }
      if (r.kind === 'transfer_out') {
        const holdId = BigInt(stored.holdId!);
        if (to === 'ok') ledgerId = (await ledger.captureHold(r.merchant_id, holdId, main, 'VENDOR_TRANSFER_OUT', tx)).transactionId;
        else await ledger.releaseHold(r.merchant_id, holdId, tx);
      }
      return tx
        .updateTable('vendor_transactions')
        .set({ status: to, response: JSON.stringify(stored), ledger_transaction_id: ledgerId, updated_at: now() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  };

  const requestOf = (r: { txn_ref: string; amount: bigint; response: unknown }) => {
    const s = r.response as Stored;
    return { playerId: s.playerId, transactionId: r.txn_ref, amount: fromMinor(r.amount), currency: s.currency };
  };

  /** Applies a vendor's answer to a deposit or withdrawal request to its row. */
  const settle = async (id: bigint, answer: VendorAnswer) => {
    if (answer.kind === 'ok') return finish(id, 'ok', { answer: answer.body });
    if (answer.kind === 'refused') return finish(id, 'refused', { answer: answer.body, code: answer.code });
    await db.updateTable('vendor_transactions').set({ response: sql`response || ${JSON.stringify({ reason: answer.reason })}::jsonb`, updated_at: now() }).where('id', '=', id).where('status', '=', 'pending').execute();
    return db.selectFrom('vendor_transactions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  };

  /**
   * Moves `amount` between MAIN and the vendor. `key` is the caller's idempotency key (the member's
   * request key): the same key is the same vendor transaction, so a repeat moves nothing twice.
   */
  const transfer = async (p: {
    merchantId: bigint;
    memberId: bigint;
    currency: string;
    vendorCode: string;
    direction: TransferDirection;
    amount: bigint;
    key: string;
    /** A withdrawal first brings the mirror to the vendor's balance; false when the caller just did. */
    sync?: boolean;
  }): Promise<TransferOutcome> => {
    if (p.amount <= 0n) throw new AppError('VALIDATION_FAILED', ['amount'], { fields: [{ field: 'amount', rule: 'positive', message: '' }] });
    const txnRef = txnRefOf(p.memberId, `${p.vendorCode}:${p.key}`);
    const kind = p.direction === 'in' ? 'transfer_in' : 'transfer_out';
    const requestHash = sha256(JSON.stringify({ kind, vendor: p.vendorCode, amount: p.amount.toString(), currency: p.currency }));
    const replay = async () => {
      const known = await findRow(p.merchantId, p.vendorCode, txnRef);
      if (!known) return undefined;
      if (known.request_hash !== requestHash || known.member_id !== p.memberId) throw new AppError('IDEMPOTENCY_CONFLICT');
      return outcomeOf(known, true);
    };
    const earlier = await replay();
    if (earlier) return earlier;
    try {
      return await start(p, { txnRef, kind, requestHash });
    } catch (e) {
      // The pending transfer that refused this one may be this very request, started by a concurrent
      // duplicate (the same key) since we looked: then it is answered, not refused.
      if (e instanceof AppError && e.code === 'TRANSFER_PENDING') {
        const raced = await replay();
        if (raced) return raced;
      }
      throw e;
    }
  };

  /** A transfer no row exists for yet: checks, claims its row (and postings), asks the vendor. */
  const start = async (
    p: { merchantId: bigint; memberId: bigint; currency: string; vendorCode: string; direction: TransferDirection; amount: bigint; sync?: boolean },
    ids: { txnRef: string; kind: 'transfer_in' | 'transfer_out'; requestHash: string },
  ): Promise<TransferOutcome> => {
    const { txnRef, kind, requestHash } = ids;
    const { main, sub } = await accounts(p.merchantId, p.memberId, p.vendorCode, p.currency);
    const stored: Stored = { currency: p.currency, playerId: vendorPlayerId(p.merchantId, p.memberId) };
    if (p.direction === 'out') {
      // Not while a transfer with this vendor is unsettled: a deposit that ends refused or closed must
      // find its money in the game wallet, and the mirror is not the vendor's balance meanwhile.
      if ((await transferMark(p.merchantId, p.memberId, p.vendorCode)).pending) throw new AppError('TRANSFER_PENDING', [], { data: { vendor: p.vendorCode } });
      if (p.sync !== false) {
        const synced = await syncFromVendor(p, sub);
        if (synced === 'pending') throw new AppError('TRANSFER_PENDING', [], { data: { vendor: p.vendorCode } });
        if (synced === 'player_unknown') throw new AppError('VENDOR_PLAYER_UNKNOWN', [], { data: { vendor: p.vendorCode } });
      }
    } else if (await playerLost(p, sub)) {
      // Money sent now would start a new wallet at the vendor, and the next sync would take what the
      // mirror holds beyond it for a loss: the wallet waits for an operator instead.
      throw new AppError('VENDOR_PLAYER_UNKNOWN', [], { data: { vendor: p.vendorCode } });
    }
    const created = await ledger.inTransaction(p.merchantId, async (tx) => {
      if (p.direction === 'out') {
        // Checked again with the game wallet locked: a deposit's posting locks it too, so one that
        // committed before this point is seen here, and one that comes later holds its own amount.
        await tx.selectFrom('accounts').select('id').where('merchant_id', '=', p.merchantId).where('id', '=', sub).forNoKeyUpdate().executeTakeFirstOrThrow();
        if ((await transferMark(p.merchantId, p.memberId, p.vendorCode, tx)).pending) throw new AppError('TRANSFER_PENDING', [], { data: { vendor: p.vendorCode } });
      }
      const row = await tx
        .insertInto('vendor_transactions')
        .values({ vendor_code: p.vendorCode, txn_ref: txnRef, kind, merchant_id: p.merchantId, member_id: p.memberId, amount: p.amount, request_hash: requestHash, status: 'pending', response: JSON.stringify(stored) })
        .onConflict((oc) => oc.columns(['vendor_code', 'txn_ref']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!row) return undefined;
      let ledgerId: bigint | null = null;
      if (p.direction === 'in') {
        const posting: PostingResult = await ledger.post({ merchantId: p.merchantId, type: 'VENDOR_TRANSFER_IN', idempotencyKey: `tw:${p.vendorCode}:${txnRef}`, legs: [{ accountId: main, amount: -p.amount }, { accountId: sub, amount: p.amount }], reference: `${p.vendorCode}:${txnRef}` }, tx);
        ledgerId = posting.transactionId;
        // Held until the vendor answers: if it never takes the money, the reversal must find it here.
        const hold = await ledger.hold({ merchantId: p.merchantId, accountId: sub, amount: p.amount, idempotencyKey: `tw-inhold:${p.vendorCode}:${txnRef}`, reference: `${p.vendorCode}:${txnRef}` }, tx);
        stored.holdId = hold.holdId.toString();
      } else {
        const hold = await ledger.hold({ merchantId: p.merchantId, accountId: sub, amount: p.amount, idempotencyKey: `tw-hold:${p.vendorCode}:${txnRef}`, reference: `${p.vendorCode}:${txnRef}` }, tx);
        stored.holdId = hold.holdId.toString();
      }
      await tx.updateTable('vendor_transactions').set({ ledger_transaction_id: ledgerId, response: JSON.stringify(stored), attempts: 1 }).where('id', '=', row.id).execute();
      return row.id;
    });
    if (created === undefined) {
      // A concurrent request with this key won: answer with its row.
      const r = await findRow(p.merchantId, p.vendorCode, txnRef);
      if (!r || r.request_hash !== requestHash) throw new AppError('IDEMPOTENCY_CONFLICT');
      return outcomeOf(r, true);
    }
    const answer = await vendor(p.vendorCode, p.direction === 'in' ? 'deposit' : 'withdraw', { playerId: stored.playerId, transactionId: txnRef, amount: fromMinor(p.amount), currency: p.currency });
    // The first attempt never left us (vendor down, not configured): the vendor cannot have applied it,
    // so it ends now — the deposit comes back, the hold is released — instead of waiting on retries.
    if (answer.kind === 'unavailable' && answer.notSent) return outcomeOf(await finish(created, 'failed', { code: 'VENDOR_UNAVAILABLE', reason: answer.reason }), false);
    return outcomeOf(await settle(created, answer), false);
  };

  /** The member's last transfer with the vendor, whether one is unsettled, and the database's clock. */
  const transferMark = async (merchantId: bigint, memberId: bigint, vendorCode: string, tx: Tx | Database = db) => {
    // The clock as text: a Date would lose its microseconds, and two syncs a few µs apart must not tie.
    const { rows } = await sql<{ last: bigint | null; pending: boolean | null; at: string }>`
      select max(id) as last, bool_or(status = 'pending') as pending, clock_timestamp()::text as at from vendor_transactions
      where merchant_id = ${merchantId} and member_id = ${memberId} and vendor_code = ${vendorCode} and kind in ('transfer_in', 'transfer_out')`.execute(tx);
    return { last: rows[0]?.last == null ? '0' : String(rows[0].last), pending: rows[0]?.pending === true, at: rows[0].at };
  };

  /**
   * Brings the sub-wallet to what the vendor holds: play at the vendor (wins and losses) is posted
   * between the house's GAME:<code> account and VENDOR:<code> (VENDOR_GAME_RESULT). The vendor's answer
   * is only believed when no transfer of this member with this vendor was unsettled before the balance
   * call, and none started or settled while it was on the way: the sub-wallet is locked (which waits for
   * a transfer posting in flight) and the member's last transfer is read again before anything is posted.
   * Nor when another sync of the wallet asked the vendor later and was applied first (two syncs
   * crossing: the member's page and the reconciliation job): the older answer would undo the newer
   * one. Otherwise, or when the vendor does not answer, nothing is posted and the reason is returned.
   */
  const syncFromVendor = async (p: { merchantId: bigint; memberId: bigint; currency: string; vendorCode: string }, sub: bigint): Promise<SyncResult> => {
    const before = await transferMark(p.merchantId, p.memberId, p.vendorCode);
    if (before.pending) return 'pending';
    const answer = await vendor(p.vendorCode, 'balance', { playerId: vendorPlayerId(p.merchantId, p.memberId) });
    // PLAYER_UNKNOWN: the vendor holds no wallet for the player — nothing, as far as it knows.
    const unknown = answer.kind === 'refused' && answer.code === 'PLAYER_UNKNOWN';
    if (!unknown && (answer.kind !== 'ok' || typeof answer.body.balance !== 'string' || !/^\d{1,13}(\.\d{1,2})?$/.test(answer.body.balance))) return 'unavailable';
    const atVendor = unknown ? 0n : toMinor(String((answer as { body: Record<string, unknown> }).body.balance));
    const house = await ledger.houseAccount(p.merchantId, gameAccountCode(p.vendorCode), p.currency);
    try {
      const result = await ledger.inTransaction(p.merchantId, async (tx): Promise<SyncResult | { lost: bigint }> => {
        const mirror = await tx.selectFrom('accounts').select('balance').where('merchant_id', '=', p.merchantId).where('id', '=', sub).forNoKeyUpdate().executeTakeFirstOrThrow();
        const after = await transferMark(p.merchantId, p.memberId, p.vendorCode, tx);
        if (after.pending || after.last !== before.last) return 'raced';
        // When this question was asked, kept for the wallet (and as its last comparison): refused when
        // a later question has already been applied. Under the wallet's lock, so syncs apply in turn.
        const { rows: asked } = await sql<{ account_id: bigint }>`
          insert into game_wallet_checks as c (account_id, merchant_id, member_id, vendor_code, checked_at, asked_at)
          values (${sub}, ${p.merchantId}, ${p.memberId}, ${p.vendorCode}, ${before.at}::timestamptz, ${before.at}::timestamptz)
          on conflict (account_id) do update set asked_at = excluded.asked_at, checked_at = greatest(c.checked_at, excluded.checked_at)
           where c.asked_at is null or c.asked_at < excluded.asked_at
          returning c.account_id`.execute(tx);
        // Older than what the books show: it agrees with them (two syncs at once, one answer), or it is
        // stale and changes nothing.
        if (asked.length === 0) return !unknown && atVendor === mirror.balance ? 'synced' : 'raced';
        // Not a loss at the vendor's tables: the vendor lost the player (or never had them). Booking the
        // mirror to the house would take the member's money silently; it stays, for an operator.
        if (unknown && mirror.balance > 0n) return { lost: mirror.balance };
        const diff = atVendor - mirror.balance;
        if (diff === 0n) return 'synced';
        await ledger.post(
          {
            merchantId: p.merchantId,
            type: 'VENDOR_GAME_RESULT',
            idempotencyKey: `tw-sync:${p.vendorCode}:${p.memberId}:${before.last}:${mirror.balance}:${atVendor}:${now().getTime()}`,
            legs: [{ accountId: house, amount: -diff }, { accountId: sub, amount: diff }],
            reference: `${p.vendorCode}:balance`,
          },
          tx,
        );
        return 'synced';
      });
      if (typeof result === 'string') return result;
      log.warn(
        { merchantId: p.merchantId.toString(), memberId: p.memberId.toString(), vendor: p.vendorCode, playerId: vendorPlayerId(p.merchantId, p.memberId), mirror: fromMinor(result.lost) },
        'transfer wallet: the vendor does not know this player but our game wallet holds money; the wallet is left as it is until an operator reconciles it (VENDOR_PLAYER_UNKNOWN)',
      );
      return 'player_unknown';
    } catch (e) {
      // A hold on the sub-wallet (an operator's, or one the ledger still keeps) is more than the vendor
      // says is there: leave the mirror alone, an operator reconciles it.
      if (e instanceof AppError && e.code === 'INSUFFICIENT_FUNDS') return 'raced';
      throw e;
    }
  };

  /**
   * Before a deposit into a game wallet that holds money: does the vendor still know the player? Only a
   * definite PLAYER_UNKNOWN counts; no answer is left to the deposit itself.
   */
  const playerLost = async (p: { merchantId: bigint; memberId: bigint; vendorCode: string }, sub: bigint) => {
    // Only money not on hold counts: a deposit the vendor has not confirmed yet is held on the game
    // wallet (with its posting, in one transaction), and until it is sent a new player is rightly
    // unknown to the vendor. Counting it made a concurrent duplicate of a first deposit, or a second
    // deposit right behind it, refuse with VENDOR_PLAYER_UNKNOWN.
    const { balance, held } = await ledger.balanceOf(p.merchantId, sub);
    if (balance - held <= 0n) return false;
    const answer = await vendor(p.vendorCode, 'balance', { playerId: vendorPlayerId(p.merchantId, p.memberId) });
    if (answer.kind !== 'refused' || answer.code !== 'PLAYER_UNKNOWN') return false;
    log.warn({ merchantId: p.merchantId.toString(), memberId: p.memberId.toString(), vendor: p.vendorCode, mirror: fromMinor(balance) }, 'transfer wallet: deposit refused, the vendor does not know this player but our game wallet holds money (VENDOR_PLAYER_UNKNOWN)');
    return true;
  };

  /**
   * One pass of the retry job over pending transfers that are due (exponential backoff on attempts).
   * For each: ask the vendor `status` of our transaction id. Applied → ok; refused → refused; unknown →
   * send the same request again (safe: the vendor is idempotent by id). After MAX_ATTEMPTS, `status`
   * with `close: true` settles it for good: applied → ok, otherwise → failed (the money goes back).
   */
  const pendingRows = (limit: number) =>
    db.selectFrom('vendor_transactions').selectAll().where('status', '=', 'pending').where('kind', 'in', ['transfer_in', 'transfer_out']).orderBy('updated_at').limit(limit).execute();

  const retryDue = async (limit = 50) => {
    const rows = await pendingRows(limit);
    const t = now().getTime();
    let settled = 0;
    for (const r of rows) {
      if (r.updated_at.getTime() + retryDelayMs(r.attempts) > t) continue;
      // One row that cannot be finished (its error is logged, it stays pending and is tried again when
      // due) never stops the others.
      try {
        if (await retryOne(r)) settled++;
      } catch (err) {
        log.error({ err, transactionId: r.txn_ref, vendor: r.vendor_code }, 'vendor transfer retry: this transfer could not be finished, it stays pending');
        const reason = `could not be finished: ${err instanceof AppError ? err.code : 'internal error'}`;
        await db.updateTable('vendor_transactions').set({ response: sql`response || ${JSON.stringify({ reason })}::jsonb` }).where('id', '=', r.id).where('status', '=', 'pending').execute().catch(() => undefined);
      }
    }
    return settled;
  };

  /** One attempt at a pending row; true when it ended. */
  const retryOne = async (r: Awaited<ReturnType<typeof pendingRows>>[number]) => {
    // Claim this attempt: another node that read the same row loses the race and skips it.
    const claimed = await db
      .updateTable('vendor_transactions')
      .set({ attempts: r.attempts + 1, updated_at: now() })
      .where('id', '=', r.id)
      .where('status', '=', 'pending')
      .where('attempts', '=', r.attempts)
      .returning('id')
      .executeTakeFirst();
    if (!claimed) return false;
    const close = r.attempts + 1 >= MAX_ATTEMPTS;
    const st = await vendor(r.vendor_code, 'status', close ? { transactionId: r.txn_ref, close: true } : { transactionId: r.txn_ref });
    if (st.kind !== 'ok') {
      await settle(r.id, st.kind === 'unavailable' ? st : { kind: 'unavailable', reason: `status refused: ${st.code}` });
      return false;
    }
    const state = st.body.state;
    let end;
    if (state === 'applied') end = await finish(r.id, 'ok', { answer: st.body.answer as Record<string, unknown> | undefined });
    else if (state === 'refused') end = await finish(r.id, 'refused', { answer: st.body.answer as Record<string, unknown> | undefined, code: String((st.body.answer as Record<string, unknown> | undefined)?.code ?? 'REFUSED') });
    else if (state === 'closed') end = await finish(r.id, 'failed', { code: 'VENDOR_TIMEOUT' });
    else end = await settle(r.id, await vendor(r.vendor_code, r.kind === 'transfer_in' ? 'deposit' : 'withdraw', requestOf(r)));
    return end.status !== 'pending';
  };

  /** The error records for operators: pending, refused or failed transfers of the merchant, newest first. */
  const list = async (merchantId: bigint, status: 'pending' | 'failed' | 'refused', page = 1, pageSize = 50) => {
    const rows = await db
      .selectFrom('vendor_transactions')
      .innerJoin('members', 'members.id', 'vendor_transactions.member_id')
      .select(['vendor_transactions.id', 'txn_ref', 'vendor_code', 'kind', 'amount', 'vendor_transactions.status', 'attempts', 'response', 'vendor_transactions.created_at', 'vendor_transactions.updated_at', 'members.username'])
      .where('vendor_transactions.merchant_id', '=', merchantId)
      .where('vendor_transactions.status', '=', status)
      .where('kind', 'in', ['transfer_in', 'transfer_out'])
      .orderBy('vendor_transactions.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    return rows.map((r) => {
      const s = r.response as Stored;
      return {
        transactionId: r.txn_ref,
        vendor: r.vendor_code,
        direction: r.kind === 'transfer_in' ? ('in' as const) : ('out' as const),
        username: r.username,
        amount: fromMinor(r.amount),
        currency: s.currency,
        status: r.status,
        attempts: r.attempts,
        code: s.code ?? null,
        lastError: s.reason ?? null,
        nextRetryAt: r.status === 'pending' ? new Date(r.updated_at.getTime() + retryDelayMs(r.attempts)).toISOString() : null,
        createdAt: r.created_at.toISOString(),
        updatedAt: r.updated_at.toISOString(),
      };
    });
  };

  /**
   * Before a transfer-vendor game opens: the vendor learns which player the launch token is for
   * (its game page plays against the vendor wallet of that player).
   */
  const openVendorSession = async (merchantId: bigint, memberId: bigint, vendorCode: string, token: string, currency: string) => {
    const answer = await vendor(vendorCode, 'session', { playerId: vendorPlayerId(merchantId, memberId), token, currency });
    if (answer.kind !== 'ok') throw new AppError('VENDOR_UNAVAILABLE', [], { data: { vendor: vendorCode } });
  };

  return { transfer, retryDue, list, openVendorSession, syncFromVendor };
};
export type TransferWalletService = ReturnType<typeof transferWalletService>;
