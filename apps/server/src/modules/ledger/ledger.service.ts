import { AppError } from '../../lib/app-error.js';
import { sha256 } from '../../lib/crypto.js';
import { isCheckViolation, isUniqueViolation } from '../../lib/pg-errors.js';
import type { AccountAfter, LedgerRepository, LockedAccount, PostedRow, Tx } from './ledger.repository.js';

/** One side of a posting: a signed amount in minor units (credit > 0, debit < 0). */
export type Leg = { accountId: bigint; amount: bigint };

export type PostingRequest = {
  merchantId: bigint;
  type: string;
  idempotencyKey: string;
  legs: Leg[];
  reference?: string;
  metadata?: Record<string, unknown>;
};

export type PostingResult = {
  transactionId: bigint;
  entries: { accountId: bigint; amount: bigint; balanceAfter: bigint }[];
  /** True when the key had been used before and this is the original result again. */
  replayed: boolean;
  /**
   * Every account of the members whose money moved, read right after the commit; present when the
   * posting went through a batch, which reads them in the same round trip (ledger.repository.ts).
   */
  accountsAfter?: AccountAfter[];
};

export type HoldRequest = { merchantId: bigint; accountId: bigint; amount: bigint; idempotencyKey: string; reference?: string };
export type HoldResult = { holdId: bigint; status: 'held' | 'captured' | 'released'; replayed: boolean };

const KEY = /^[A-Za-z0-9:_.-]{1,128}$/;

/** The fingerprint of what a request asks for: a repeated key must come with the same request. */
const fingerprint = (value: unknown) =>
  sha256(JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)));


/**
 * Every movement of money. A posting is one database transaction: the idempotency key is claimed,
 * the accounts are locked in id order, the legs must sum to zero, no account without permission may
 * drop below what it holds, and each entry records the balance after it. A repeated key returns the
 * original result; the same key with a different request is refused (409).
 */
export const ledgerService = (repo: LedgerRepository, onCommitted: (merchantId: bigint, memberIds: bigint[]) => void = () => {}) => {
  const db = repo.db;
  // Members whose money moved inside a caller's transaction, told only once that transaction commits.
  const touchedIn = new WeakMap<Tx, { merchantId: bigint; members: Set<bigint> }>();
  const touched = (tx: Tx, merchantId: bigint, locked: Iterable<LockedAccount>) => {
    const ids = [...new Set([...locked].flatMap((a) => (a.memberId === null ? [] : [a.memberId])))];
    const open = touchedIn.get(tx);
    if (open) ids.forEach((id) => open.members.add(id));
    return ids;
  };

  const checkLegs = (legs: Leg[]) => {
    if (legs.length < 2) throw new Error('a posting needs at least two legs');
    if (legs.some((l) => l.amount === 0n)) throw new Error('a leg cannot be zero');
    if (legs.reduce((sum, l) => sum + l.amount, 0n) !== 0n) throw new Error('legs must sum to zero');
    if (new Set(legs.map((l) => l.accountId)).size !== legs.length) throw new Error('one leg per account');
  };

  const checkKey = (key: string) => {
    if (!KEY.test(key)) throw new AppError('VALIDATION_FAILED', ['idempotencyKey'], { fields: [{ field: 'idempotencyKey', rule: 'pattern', message: '' }] });
  };

  /** Applies signed amounts to locked accounts, refusing any that would spend held or missing funds. */
  const apply = async (tx: Tx, locked: Map<bigint, LockedAccount>, legs: Leg[], heldDelta = new Map<bigint, bigint>()) => {
    const entries: PostingResult['entries'] = [];
    for (const leg of [...legs].sort((a, b) => (a.accountId < b.accountId ? -1 : 1))) {
      const account = locked.get(leg.accountId);
      if (!account) throw new AppError('ACCOUNT_NOT_FOUND');
      const balance = account.balance + leg.amount;
      const held = account.held + (heldDelta.get(leg.accountId) ?? 0n);
      if (!account.allowNegative && balance < held) throw new AppError('INSUFFICIENT_FUNDS');
      await repo.setBalance(tx, account.id, balance, held);
      account.balance = balance;
      account.held = held;
      entries.push({ accountId: account.id, amount: leg.amount, balanceAfter: balance });
    }
    return entries;
  };

  const replay = async (req: PostingRequest, hash: string, ex?: Tx): Promise<PostingResult> => {
    const existing = await repo.findTransactionByKey(req.merchantId, req.idempotencyKey, ex);
    if (!existing) throw new Error('idempotency key vanished');
    if (existing.request_hash !== hash) throw new AppError('IDEMPOTENCY_CONFLICT');
    const entries = await repo.entriesOf(existing.id, ex);
    return {
      transactionId: existing.id,
      entries: entries.map((e) => ({ accountId: e.account_id, amount: e.amount, balanceAfter: e.balance_after })),
      replayed: true,
    };
  };

  /** The posting made under `key`, if any: what a repeated request is answered with. */
  const findPosting = async (merchantId: bigint, key: string): Promise<PostingResult | undefined> => {
    const existing = await repo.findTransactionByKey(merchantId, key);
    if (!existing) return undefined;
    const entries = await repo.entriesOf(existing.id);
    return { transactionId: existing.id, entries: entries.map((e) => ({ accountId: e.account_id, amount: e.amount, balanceAfter: e.balance_after })), replayed: true };
  };

  /**
   * A database transaction for work that must commit together with postings (pass `tx` to `post`);
   * members whose money moved are told once it has committed.
   */
  const inTransaction = async <T>(merchantId: bigint, work: (tx: Tx) => Promise<T>): Promise<T> => {
    let seen: Set<bigint> | undefined;
    const result = await db.transaction().execute(async (tx) => {
      const record = { merchantId, members: new Set<bigint>() };
      touchedIn.set(tx, record);
      seen = record.members;
      return work(tx);
    });
    if (seen?.size) onCommitted(merchantId, [...seen]);
    return result;
  };

  const strip = ({ transactionId, entries, replayed, accountsAfter }: PostingResult & { members?: bigint[] }): PostingResult => ({ transactionId, entries, replayed, ...(accountsAfter ? { accountsAfter } : {}) });

  const toEntries = (rows: PostedRow[]): PostingResult['entries'] =>
    rows.filter((r) => r.account_id !== null).map((r) => ({ accountId: r.account_id!, amount: r.amount!, balanceAfter: r.balance_after! }));

  /**
   * The posting in one statement (ledger_post): inside `outer`, or as a transaction of its own. The
   * function claims the key, locks, checks, updates and writes the entries; the rules it answers
   * with are turned into the service's errors here.
   */
  const postOnce = async (req: PostingRequest, hash: string, outer?: Tx): Promise<PostingResult & { members: bigint[] }> => {
    const { rows, accountsAfter, committedByLostCall } = await repo.post(outer ?? db, { merchantId: req.merchantId, type: req.type, reference: req.reference ?? null, key: req.idempotencyKey, hash, metadata: req.metadata ?? {}, legs: req.legs });
    const first = rows[0];
    if (!first) throw new Error('ledger_post returned nothing');
    if (first.status === 'not_found') throw new AppError('ACCOUNT_NOT_FOUND');
    if (first.status === 'insufficient') throw new AppError('INSUFFICIENT_FUNDS');
    if (first.status === 'replay') {
      if (first.request_hash !== hash) throw new AppError('IDEMPOTENCY_CONFLICT');
      const entries = toEntries(rows);
      // Possibly this request's own posting, made just before a lost call or connection: its members are
      // told (for a true replay the event only makes their pages read again). A failed look-up must not
      // turn a made posting into an error.
      const members = committedByLostCall ? await repo.membersOf(req.merchantId, entries.map((e) => e.accountId)).catch(() => []) : [];
      return { transactionId: first.transaction_id!, entries, replayed: true, members };
    }
    const members = [...new Set(rows.flatMap((r) => (r.member_id === null ? [] : [r.member_id])))];
    const open = outer && touchedIn.get(outer);
    if (open) members.forEach((id) => open.members.add(id));
    return { transactionId: first.transaction_id!, entries: toEntries(rows), replayed: false, members, ...(accountsAfter ? { accountsAfter } : {}) };
  };

  /**
   * Posts in a transaction of its own, or inside `outer` when the caller must commit the posting
   * together with its own rows (a deposit's approval, an audit record): then all of it, or none.
   */
  const post = async (req: PostingRequest, outer?: Tx): Promise<PostingResult> => {
    checkKey(req.idempotencyKey);
    checkLegs(req.legs);
    const hash = fingerprint({ type: req.type, legs: req.legs, reference: req.reference ?? null });
    try {
      const result = await postOnce(req, hash, outer);
      if (!outer && result.members.length > 0) onCommitted(req.merchantId, result.members);
      return strip(result);
    } catch (e) {
      if (!outer && isUniqueViolation(e)) return replay(req, hash);
      if (isCheckViolation(e)) throw new AppError('INSUFFICIENT_FUNDS');
      throw e;
    }
  };

  /**
   * Reserves `amount` of an account's available funds: they stay in the balance but cannot be spent.
   * Inside `outer` the hold commits with the caller's own rows (a withdrawal request).
   */
  const hold = async (req: HoldRequest, outer?: Tx): Promise<HoldResult> => {
    checkKey(req.idempotencyKey);
    if (req.amount <= 0n) throw new Error('a hold must be positive');
    const hash = fingerprint({ accountId: req.accountId, amount: req.amount, reference: req.reference ?? null });
    const replayHold = async (ex?: Tx): Promise<HoldResult> => {
      const existing = await repo.findHoldByKey(req.merchantId, req.idempotencyKey, ex);
      if (!existing) throw new Error('hold key vanished');
      if (existing.request_hash !== hash) throw new AppError('IDEMPOTENCY_CONFLICT');
      return { holdId: existing.id, status: existing.status, replayed: true };
    };
    const holdIn = async (tx: Tx) => {
      const id = await repo.claimHold(tx, { merchantId: req.merchantId, accountId: req.accountId, amount: req.amount, key: req.idempotencyKey, hash, reference: req.reference ?? null });
      if (id === undefined) return undefined;
      const account = (await repo.lockAccounts(tx, req.merchantId, [req.accountId])).get(req.accountId);
      if (!account) throw new AppError('ACCOUNT_NOT_FOUND');
      if (!account.allowNegative && account.balance - account.held < req.amount) throw new AppError('INSUFFICIENT_FUNDS');
      await repo.setBalance(tx, account.id, account.balance, account.held + req.amount);
      return { holdId: id, status: 'held' as const, replayed: false, members: touched(tx, req.merchantId, [account]) };
    };
    try {
      if (outer) {
        const inner = await holdIn(outer);
        return inner ? { holdId: inner.holdId, status: inner.status, replayed: false } : await replayHold(outer);
      }
      const result = await db.transaction().execute(holdIn);
      if (!result) return await replayHold();
      onCommitted(req.merchantId, result.members);
      return { holdId: result.holdId, status: result.status, replayed: false };
    } catch (e) {
      if (!outer && isUniqueViolation(e)) return replayHold();
      if (isCheckViolation(e)) throw new AppError('INSUFFICIENT_FUNDS');
      throw e;
    }
  };

  /** Work in the caller's transaction when there is one, else in a new one. */
  const within = <T>(merchantId: bigint, outer: Tx | undefined, work: (tx: Tx) => Promise<T>) => (outer ? work(outer) : inTransaction(merchantId, work));

  /**
   * Settles a hold: the held amount leaves the account in one posting, towards `to` (one account,
   * or several legs that share the amount out, e.g. payout and fee), and the hold ends. Capturing a
   * captured hold returns the original posting.
   */
  const captureHold = async (merchantId: bigint, holdId: bigint, to: bigint | Leg[], type: string, outer?: Tx): Promise<PostingResult> => {
    const key = `hold-capture:${holdId}`;
    return within(merchantId, outer, async (tx) => {
      const h = await repo.lockHold(tx, merchantId, holdId);
      if (!h) throw new AppError('NOT_FOUND');
      const credits: Leg[] = typeof to === 'bigint' ? [{ accountId: to, amount: h.amount }] : to;
      if (credits.reduce((sum, l) => sum + l.amount, 0n) !== h.amount || credits.some((l) => l.amount <= 0n)) throw new Error('capture legs must share out the held amount');
      const legs: Leg[] = [{ accountId: h.account_id, amount: -h.amount }, ...credits];
      const hash = fingerprint({ type, legs, reference: h.reference });
      if (h.status === 'captured') {
        const existing = await repo.findTransactionByKey(merchantId, key, tx);
        if (!existing || existing.request_hash !== hash) throw new AppError('IDEMPOTENCY_CONFLICT');
        const entries = await repo.entriesOf(existing.id, tx);
        return { transactionId: existing.id, entries: entries.map((e) => ({ accountId: e.account_id, amount: e.amount, balanceAfter: e.balance_after })), replayed: true };
      }
      if (h.status !== 'held') throw new AppError('HOLD_NOT_ACTIVE');
      const id = await repo.claimTransaction(tx, { merchantId, type, reference: h.reference, key, hash, metadata: { holdId: holdId.toString() } });
      if (id === undefined) throw new AppError('IDEMPOTENCY_CONFLICT');
      const locked = await repo.lockAccounts(tx, merchantId, legs.map((l) => l.accountId));
      touched(tx, merchantId, locked.values());
      const entries = await apply(tx, locked, legs, new Map([[h.account_id, -h.amount]]));
      await repo.insertEntries(tx, id, entries);
      await repo.resolveHold(tx, holdId, 'captured', id);
      return { transactionId: id, entries, replayed: false };
    });
  };

  /** Ends a hold without moving money: the funds become spendable again. Releasing twice is harmless. */
  const releaseHold = async (merchantId: bigint, holdId: bigint, outer?: Tx): Promise<HoldResult> =>
    within(merchantId, outer, async (tx) => {
      const h = await repo.lockHold(tx, merchantId, holdId);
      if (!h) throw new AppError('NOT_FOUND');
      if (h.status === 'released') return { holdId, status: 'released' as const, replayed: true };
      if (h.status !== 'held') throw new AppError('HOLD_NOT_ACTIVE');
      const account = (await repo.lockAccounts(tx, merchantId, [h.account_id])).get(h.account_id)!;
      touched(tx, merchantId, [account]);
      await repo.setBalance(tx, account.id, account.balance, account.held - h.amount);
      await repo.resolveHold(tx, holdId, 'released', null);
      return { holdId, status: 'released' as const, replayed: false };
    });


  return { post, findPosting, hold, captureHold, releaseHold, inTransaction, houseAccount: repo.houseAccount, memberAccount: repo.memberAccount, balanceOf: repo.balanceOf, totalBalance: repo.totalBalance };
};
export type LedgerService = ReturnType<typeof ledgerService>;
