import type { Database } from '../../db/database.js';
import type { VendorTransactionRow, VendorTransactionsTable } from '../../db/schema.js';
import type { Tx } from '../ledger/ledger.repository.js';

type Ex = Database | Tx;

/**
 * A round's description is the lines of its bets' descriptions in the order they came; a line an earlier
 * bet of the round already gave is not repeated (a bet's own lines are kept as they are).
 */
export const ROUND_TEXT_SEPARATOR = '\n';
/** The most characters a round's description may hold (migration 0042): a bet whose lines would pass it adds none. */
export const ROUND_DESCRIPTION_MAX = 2000;

/** The round's description with a bet's lines added, or undefined when nothing changes (or it would not fit). */
export const withBetDescription = (current: string | null, description: string | undefined) => {
  if (!description) return undefined;
  const lines = current ? current.split(ROUND_TEXT_SEPARATOR) : [];
  const added = description.split(ROUND_TEXT_SEPARATOR).filter((line) => !lines.includes(line));
  if (added.length === 0) return undefined;
  const next = [...lines, ...added].join(ROUND_TEXT_SEPARATOR);
  return [...next].length <= ROUND_DESCRIPTION_MAX ? next : undefined;
};

/** What a launch token (or an in-process caller) resolves to. */
export type PlayerRow = {
  merchantId: bigint;
  memberId: bigint;
  gameId: bigint;
  /** Undefined for in-process callers, who present no token. */
  expiresAt?: Date;
  currency: string;
  username: string;
  nickname: string | null;
  memberType: number;
  memberStatus: string;
};

export type NewVendorTransaction = {
  vendorCode: string;
  txnRef: string;
  kind: VendorTransactionsTable['kind'];
  merchantId: bigint;
  memberId: bigint;
  amount: bigint;
  targetRef: string | null;
  requestHash: string;
};

export type FinishedVendorTransaction = {
  status: 'ok' | 'refused';
  roundId: bigint | null;
  ledgerTransactionId: bigint | null;
  response: Record<string, unknown>;
  /** A rollback learns its amount (the bet's stake) only once it has found the bet. */
  amount?: bigint;
};

/**
 * Queries of the seamless wallet: launch sessions, rounds and the vendor transactions that key every
 * money call. Everything that runs inside a wallet call takes its transaction (embedded PGlite has a
 * single connection); every query of player data is scoped to a merchant.
 */
export const gameWalletRepository = (db: Database) => ({
  findVendor: (code: string) => db.selectFrom('game_vendors').select(['code', 'wallet_type', 'origin', 'status']).where('code', '=', code).executeTakeFirst(),

  vendorStatus: async (tx: Tx, code: string) => (await tx.selectFrom('game_vendors').select('status').where('code', '=', code).executeTakeFirst())?.status,

  findGame: (ex: Ex, vendorCode: string, gameCode: string) =>
    ex.selectFrom('games').select(['id', 'status']).where('vendor_code', '=', vendorCode).where('game_code', '=', gameCode).executeTakeFirst(),

  gameOfVendor: (id: bigint, vendorCode: string) =>
    db.selectFrom('games').select('id').where('id', '=', id).where('vendor_code', '=', vendorCode).executeTakeFirst(),

  createSession: async (row: { tokenHash: string; merchantId: bigint; memberId: bigint; vendorCode: string; gameId: bigint; expiresAt: Date }) =>
    db
      .insertInto('game_sessions')
      .values({ token_hash: row.tokenHash, merchant_id: row.merchantId, member_id: row.memberId, vendor_code: row.vendorCode, game_id: row.gameId, expires_at: row.expiresAt })
      .returning('id')
      .executeTakeFirstOrThrow(),

  /** The launch behind a token of this vendor, expired or not (wins and rollbacks outlive the token). */
  playerByToken: async (vendorCode: string, tokenHash: string): Promise<PlayerRow | undefined> => {
    const row = await db
      .selectFrom('game_sessions as s')
      .innerJoin('members as m', (j) => j.onRef('m.id', '=', 's.member_id').onRef('m.merchant_id', '=', 's.merchant_id'))
      .innerJoin('merchants as mc', 'mc.id', 's.merchant_id')
      .select(['s.merchant_id', 's.member_id', 's.game_id', 's.expires_at', 'mc.currency', 'm.username', 'm.nickname', 'm.type', 'm.status'])
      .where('s.token_hash', '=', tokenHash)
      .where('s.vendor_code', '=', vendorCode)
      .executeTakeFirst();
    return row && { merchantId: row.merchant_id, memberId: row.member_id, gameId: row.game_id, expiresAt: row.expires_at, currency: row.currency, username: row.username, nickname: row.nickname, memberType: row.type, memberStatus: row.status };
  },

  /** A member of a merchant, for in-process callers (in-house games) that have signed the member in themselves. */
  playerByMember: async (merchantId: bigint, memberId: bigint, gameId: bigint): Promise<PlayerRow | undefined> => {
    const row = await db
      .selectFrom('members as m')
      .innerJoin('merchants as mc', 'mc.id', 'm.merchant_id')
      .select(['m.merchant_id', 'm.id', 'mc.currency', 'm.username', 'm.nickname', 'm.type', 'm.status'])
      .where('m.merchant_id', '=', merchantId)
      .where('m.id', '=', memberId)
      .executeTakeFirst();
    return row && { merchantId: row.merchant_id, memberId: row.id, gameId, currency: row.currency, username: row.username, nickname: row.nickname, memberType: row.type, memberStatus: row.status };
  },

  /** The member's state as this transaction sees it (an operator may have frozen them a moment ago). */
  memberState: (tx: Tx, merchantId: bigint, memberId: bigint) =>
    tx.selectFrom('members').select(['type', 'status']).where('merchant_id', '=', merchantId).where('id', '=', memberId).executeTakeFirstOrThrow(),

  /** Balance and held amount of an account; `ex` is the open transaction when inside one. */
  account: (ex: Ex, merchantId: bigint, accountId: bigint) =>
    ex.selectFrom('accounts').select(['balance', 'held']).where('merchant_id', '=', merchantId).where('id', '=', accountId).executeTakeFirstOrThrow(),

  /**
   * Locks accounts in id order with the ledger's own lock mode, so a later posting on them in this
   * transaction finds them already held and two calls can never lock them in opposite orders.
   */
  lockAccounts: async (tx: Tx, merchantId: bigint, ids: bigint[]) => {
    const rows = await tx
      .selectFrom('accounts')
      .select(['id', 'balance', 'held'])
      .where('merchant_id', '=', merchantId)
      .where('id', 'in', ids)
      .orderBy('id')
      .forNoKeyUpdate()
      .execute();
    return new Map(rows.map((r) => [r.id, r]));
  },

  /**
   * Claims a vendor transaction id. Undefined when it is taken: a concurrent claim of the same id
   * waits here until the first transaction ends, then finds the row committed.
   */
  claim: async (tx: Tx, t: NewVendorTransaction) =>
    (
      await tx
        .insertInto('vendor_transactions')
        .values({
          vendor_code: t.vendorCode,
          txn_ref: t.txnRef,
          kind: t.kind,
          merchant_id: t.merchantId,
          member_id: t.memberId,
          amount: t.amount,
          target_ref: t.targetRef,
          request_hash: t.requestHash,
          status: 'pending',
          attempts: 1,
        })
        .onConflict((oc) => oc.columns(['vendor_code', 'txn_ref']).doNothing())
        .returning('id')
        .executeTakeFirst()
    )?.id,

  findTransaction: (tx: Tx, vendorCode: string, txnRef: string, lock = false) => {
    const q = tx.selectFrom('vendor_transactions').selectAll().where('vendor_code', '=', vendorCode).where('txn_ref', '=', txnRef);
    return (lock ? q.forUpdate() : q).executeTakeFirst() as Promise<VendorTransactionRow | undefined>;
  },

  /** A repeated call is counted, for the operators' view of a vendor's retry behaviour. */
  countAttempt: (tx: Tx, id: bigint) =>
    tx.updateTable('vendor_transactions').set((eb) => ({ attempts: eb('attempts', '+', 1) })).where('id', '=', id).execute(),

  finish: (tx: Tx, id: bigint, f: FinishedVendorTransaction) =>
    tx
      .updateTable('vendor_transactions')
      .set({
        status: f.status,
        round_id: f.roundId,
        ledger_transaction_id: f.ledgerTransactionId,
        response: JSON.stringify(f.response),
        updated_at: new Date(),
        ...(f.amount !== undefined ? { amount: f.amount } : {}),
      })
      .where('id', '=', id)
      .execute(),

  /**
   * The place of a bet that was rolled back before it arrived: a refused bet row under the bet's own
   * transaction id, so the late bet meets it at its claim. Undefined when the bet got there first.
   */
  tombstone: async (tx: Tx, t: { vendorCode: string; betRef: string; rollbackRef: string; merchantId: bigint; memberId: bigint; hash: string; response: Record<string, unknown> }) =>
    (
      await tx
        .insertInto('vendor_transactions')
        .values({
          vendor_code: t.vendorCode,
          txn_ref: t.betRef,
          kind: 'bet',
          merchant_id: t.merchantId,
          member_id: t.memberId,
          amount: 0n,
          target_ref: t.rollbackRef,
          request_hash: t.hash,
          status: 'refused',
          response: JSON.stringify(t.response),
        })
        .onConflict((oc) => oc.columns(['vendor_code', 'txn_ref']).doNothing())
        .returning('id')
        .executeTakeFirst()
    )?.id,

  /** The rollback that undid a transaction, if any. */
  rollbackOf: (tx: Tx, vendorCode: string, targetRef: string) =>
    tx
      .selectFrom('vendor_transactions')
      .select(['id', 'txn_ref'])
      .where('vendor_code', '=', vendorCode)
      .where('target_ref', '=', targetRef)
      .where('kind', '=', 'rollback')
      .where('status', '=', 'ok')
      .executeTakeFirst(),

  /** Opens the member's round unless it exists; reports whether this call created it. */
  openRound: async (tx: Tx, r: { merchantId: bigint; memberId: bigint; vendorCode: string; gameId: bigint; roundRef: string }) =>
    (
      await tx
        .insertInto('game_rounds')
        .values({ merchant_id: r.merchantId, member_id: r.memberId, vendor_code: r.vendorCode, game_id: r.gameId, round_ref: r.roundRef })
        .onConflict((oc) => oc.columns(['vendor_code', 'member_id', 'round_ref']).doNothing())
        .returning('id')
        .executeTakeFirst()
    )?.id,

  lockRound: (tx: Tx, merchantId: bigint, memberId: bigint, vendorCode: string, roundRef: string) =>
    tx
      .selectFrom('game_rounds')
      .select(['id', 'status', 'stake', 'payout', 'description'])
      .where('merchant_id', '=', merchantId)
      .where('member_id', '=', memberId)
      .where('vendor_code', '=', vendorCode)
      .where('round_ref', '=', roundRef)
      .forUpdate()
      .executeTakeFirst(),

  lockRoundById: (tx: Tx, merchantId: bigint, id: bigint) =>
    tx.selectFrom('game_rounds').select(['id', 'round_ref', 'status']).where('merchant_id', '=', merchantId).where('id', '=', id).forUpdate().executeTakeFirst(),

  /** A round this call opened and then refused to play in: it never had a stake, so it never existed. */
  dropRound: (tx: Tx, merchantId: bigint, id: bigint) => tx.deleteFrom('game_rounds').where('merchant_id', '=', merchantId).where('id', '=', id).execute(),

  /**
   * Adds to a round's stake and payout (negative to take back), closing it when asked. A description
   * replaces the round's (see withBetDescription); so does a result (the last one sent is how the
   * round ended).
   */
  updateRound: (
    tx: Tx,
    merchantId: bigint,
    id: bigint,
    u: { stake?: bigint; payout?: bigint; close?: boolean; detail?: Record<string, unknown>; description?: string; result?: string },
  ) =>
    tx
      .updateTable('game_rounds')
      .set((eb) => ({
        stake: eb('stake', '+', u.stake ?? 0n),
        payout: eb('payout', '+', u.payout ?? 0n),
        ...(u.close ? { status: 'closed' as const, closed_at: new Date() } : {}),
        ...(u.detail ? { detail: JSON.stringify(u.detail) } : {}),
        ...(u.description ? { description: u.description } : {}),
        ...(u.result ? { result: u.result } : {}),
      }))
      .where('merchant_id', '=', merchantId)
      .where('id', '=', id)
      .execute(),
});
export type GameWalletRepository = ReturnType<typeof gameWalletRepository>;
