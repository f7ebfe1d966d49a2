import {
  fromMinor,
  isTrialType,
  VENDOR_ERRORS,
  type VendorEndRoundResponse,
  type VendorErrorCode,
  type VendorErrorResponse,
  type VendorPlayerResponse,
  type VendorBalanceResponse,
  type VendorTransactionResponse,
} from '@apsara/contracts';
import { newToken, sha256 } from '../../lib/crypto.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import type { Tx } from '../ledger/ledger.repository.js';
import { MAIN_WALLET } from '../member/member.repository.js';
import type { VendorTransactionRow } from '../../db/schema.js';
import { withBetDescription, type GameWalletRepository, type PlayerRow } from './game-wallet.repository.js';

/** The merchant's house account that is the other side of every bet and win of a vendor (its float). */
export const gameAccountCode = (vendorCode: string) => `GAME:${vendorCode}`;

/** Ledger transaction types of the seamless wallet, as the member's account record shows them. */
export const GAME_LEDGER_TYPES = { bet: 'GAME_BET', win: 'GAME_WIN', rollback: 'GAME_ROLLBACK' } as const;

/**
 * Who plays: a vendor presents the launch token; an in-house game (running in this process, the
 * member already signed in) names the member and the game directly.
 */
export type PlayerRef = { token: string } | { merchantId: bigint; memberId: bigint; gameId: bigint };

type Call = { vendorCode: string; player: PlayerRef };
/** Amounts are integer minor units. `currency`, when given, must be the player's. */
export type BetRequest = Call & { transactionId: string; roundId: string; amount: bigint; currency?: string; gameCode?: string; description?: string };
export type WinRequest = Call & { transactionId: string; roundId: string; amount: bigint; currency?: string; endRound?: boolean; detail?: Record<string, unknown>; result?: string };
export type RollbackRequest = Call & { transactionId: string; roundId: string; referenceTransactionId: string };
export type EndRoundRequest = Call & { roundId: string; detail?: Record<string, unknown>; result?: string };

/** Every answer is a vendor response: OK with its values, or ERROR with a code (never a thrown AppError). */
export type WalletAnswer<T> = T | VendorErrorResponse;

/** request_hash of a tombstone: no request can hash to it. */
const TOMBSTONE = 'tombstone';

const refusalBody = (code: VendorErrorCode, balance?: { available: bigint; currency: string }): VendorErrorResponse => ({
  status: 'ERROR',
  code,
  message: VENDOR_ERRORS[code].message,
  ...(balance ? { balance: fromMinor(balance.available), currency: balance.currency } : {}),
});

/** A refusal decided before anything was written: it is answered and nothing is stored. */
class Refused extends Error {
  constructor(readonly body: VendorErrorResponse) {
    super(body.code);
  }
}

/**
 * A stored answer in one key order: jsonb keeps keys in its own order, and a replay must be the same
 * bytes as the first answer.
 */
const canonical = (stored: Record<string, unknown>): VendorTransactionResponse | VendorErrorResponse => {
  const s = stored as Record<string, string>;
  if (s.status === 'OK') return { status: 'OK', transactionId: s.transactionId, walletTransactionId: s.walletTransactionId, currency: s.currency, balance: s.balance };
  return {
    status: 'ERROR',
    code: s.code as VendorErrorCode,
    message: s.message,
    ...(s.balance !== undefined ? { balance: s.balance } : {}),
    ...(s.currency !== undefined ? { currency: s.currency } : {}),
  };
};

type Player = PlayerRow & { live: boolean };

/** What a money call decided inside its transaction, stored on its vendor transaction row. */
type Decision = {
  response: VendorTransactionResponse | VendorErrorResponse;
  roundId: bigint | null;
  ledgerTransactionId: bigint | null;
  amount?: bigint;
};

/**
 * The seamless wallet, free of any transport: vendors reach it through the signed HTTP calls of
 * seamless-api.ts, in-house games call it in-process with the same rules.
 *
 * Each money call (bet, win, rollback) is one database transaction that claims the vendor's
 * transaction id, decides, posts, updates the round and stores its answer: a repeated id replays that
 * answer and moves nothing, a refusal made after the claim is stored and replayed the same way.
 * Locks are always taken in one order — the vendor transaction row, the round, the accounts (by id) —
 * so concurrent calls queue instead of deadlocking. docs/vendor-protocol.md states the rules.
 */
export const gameWalletService = (deps: { repo: GameWalletRepository; ledger: LedgerService; sessionMs: number; now?: () => Date }) => {
  const { repo, ledger, sessionMs } = deps;
  const now = deps.now ?? (() => new Date());
  // House account ids never change once created: worth keeping instead of asking on every bet.
  const houseIds = new Map<string, bigint>();

  /** Answers refusals thrown before the transaction as vendor responses; anything else propagates. */
  const answer = async <T>(work: () => Promise<WalletAnswer<T>>): Promise<WalletAnswer<T>> => {
    try {
      return await work();
    } catch (e) {
      if (e instanceof Refused) return e.body;
      throw e;
    }
  };

  const seamlessVendor = async (code: string) => {
    const vendor = await repo.findVendor(code);
    if (!vendor) throw new Refused(refusalBody('VENDOR_UNKNOWN'));
    if (vendor.wallet_type !== 'SEAMLESS') throw new Refused(refusalBody('VENDOR_NOT_SEAMLESS'));
    return vendor;
  };

  /** The player behind a call, whether or not the token is still live (the caller decides). */
  const resolve = async (vendorCode: string, ref: PlayerRef): Promise<Player> => {
    const row = 'token' in ref ? await repo.playerByToken(vendorCode, sha256(ref.token)) : await repo.playerByMember(ref.merchantId, ref.memberId, ref.gameId);
    if (!row) throw new Refused(refusalBody('TOKEN_INVALID'));
    return { ...row, live: row.expiresAt === undefined || row.expiresAt.getTime() > now().getTime() };
  };

  const accountsOf = async (vendorCode: string, p: Player) => {
    const main = await ledger.memberAccount(p.merchantId, p.memberId, MAIN_WALLET, p.currency);
    const key = `${p.merchantId}:${vendorCode}`;
    let house = houseIds.get(key);
    if (house === undefined) {
      house = await ledger.houseAccount(p.merchantId, gameAccountCode(vendorCode), p.currency);
      houseIds.set(key, house);
    }
    return { main, house };
  };

  /** What the player can stake: the main wallet less what is held for withdrawals. */
  const available = async (ex: Tx | undefined, p: Player, main: bigint) => {
    const a = ex ? await repo.account(ex, p.merchantId, main) : await ledger.balanceOf(p.merchantId, main);
    return a.balance - a.held;
  };

  /** May this player start play now? (authenticate and bet) */
  const playRefusal = (p: { type: number; status: string }): VendorErrorCode | undefined => {
    if (p.status !== 'active') return 'PLAYER_DISABLED';
    if (isTrialType(p.type)) return 'TRIAL_ACCOUNT';
    return undefined;
  };

  const fingerprint = (fields: Record<string, unknown>) => sha256(JSON.stringify(fields, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)));

  /**
   * The frame of every money call: claim the vendor's transaction id in a new transaction, replay
   * when it was claimed before, otherwise decide, and store the decision with the claim.
   */
  const moneyCall = async (
    kind: 'bet' | 'win' | 'rollback',
    req: Call & { transactionId: string; roundId: string; currency?: string },
    claim: { amount: bigint; targetRef: string | null; hashed: Record<string, unknown> },
    decide: (ctx: { tx: Tx; id: bigint; player: Player; main: bigint; house: bigint; balance: () => Promise<{ available: bigint; currency: string }> }) => Promise<Decision>,
  ): Promise<WalletAnswer<VendorTransactionResponse>> =>
    answer(async () => {
      await seamlessVendor(req.vendorCode);
      const player = await resolve(req.vendorCode, req.player);
      const { main, house } = await accountsOf(req.vendorCode, player);
      if (req.currency !== undefined && req.currency !== player.currency) {
        throw new Refused(refusalBody('CURRENCY_MISMATCH', { available: await available(undefined, player, main), currency: player.currency }));
      }
      // The player, not the token, is part of the request: a retry under a fresh launch token is the same request.
      const hash = fingerprint({ kind, merchant: player.merchantId, member: player.memberId, round: req.roundId, ...claim.hashed });
      return ledger.inTransaction(player.merchantId, async (tx) => {
        const id = await repo.claim(tx, {
          vendorCode: req.vendorCode,
          txnRef: req.transactionId,
          kind,
          merchantId: player.merchantId,
          memberId: player.memberId,
          amount: claim.amount,
          targetRef: claim.targetRef,
          requestHash: hash,
        });
        if (id === undefined) return replay(tx, req.vendorCode, req.transactionId, kind, hash);
        const balance = async () => ({ available: await available(tx, player, main), currency: player.currency });
        const d = await decide({ tx, id, player, main, house, balance });
        await repo.finish(tx, id, {
          status: d.response.status === 'OK' ? 'ok' : 'refused',
          roundId: d.roundId,
          ledgerTransactionId: d.ledgerTransactionId,
          response: d.response,
          ...(d.amount !== undefined ? { amount: d.amount } : {}),
        });
        return d.response;
      });
    });

  /** The original answer to a repeated transaction id; a different request under it is refused, unstored. */
  const replay = async (tx: Tx, vendorCode: string, txnRef: string, kind: VendorTransactionRow['kind'], hash: string) => {
    const existing = await repo.findTransaction(tx, vendorCode, txnRef);
    if (!existing) throw new Error('vendor transaction vanished');
    // A bet that arrives after its own rollback meets the tombstone, whatever its body.
    const tombstoneHit = existing.request_hash === TOMBSTONE && kind === 'bet';
    if (!tombstoneHit && (existing.kind !== kind || existing.request_hash !== hash)) return refusalBody('TRANSACTION_CONFLICT');
    await repo.countAttempt(tx, existing.id);
    return canonical(existing.response);
  };

  const ok = (transactionId: string, id: bigint, currency: string, availableAfter: bigint): VendorTransactionResponse => ({
    status: 'OK',
    transactionId,
    walletTransactionId: id.toString(),
    currency,
    balance: fromMinor(availableAfter),
  });

  // A field added to a call after transactions were stored joins its fingerprint only when sent, so
  // a retry of a call stored before it still matches its first answer.
  const optional = (name: string, value: string | undefined) => (value === undefined ? {} : { [name]: value });

  const ledgerKey = (vendorCode: string, txnRef: string) => `game:${vendorCode}:${txnRef}`;

  /** Debits the stake from the main wallet to the vendor's house account, in an open round. */
  const bet = (req: BetRequest) => {
    if (req.amount <= 0n) return Promise.resolve(refusalBody('AMOUNT_INVALID'));
    return moneyCall('bet', req, { amount: req.amount, targetRef: null, hashed: { amount: req.amount, currency: req.currency ?? null, game: req.gameCode ?? null, ...optional('description', req.description) } }, async ({ tx, id, player, main, house, balance }) => {
      const refuse = async (code: VendorErrorCode, roundId: bigint | null = null): Promise<Decision> => ({ response: refusalBody(code, await balance()), roundId, ledgerTransactionId: null });
      if (!player.live) return refuse('TOKEN_EXPIRED');
      if ((await repo.vendorStatus(tx, req.vendorCode)) !== 'active') return refuse('VENDOR_DISABLED');
      const state = await repo.memberState(tx, player.merchantId, player.memberId);
      const notAllowed = playRefusal(state);
      if (notAllowed) return refuse(notAllowed);
      let gameId = player.gameId;
      if (req.gameCode !== undefined) {
        const game = await repo.findGame(tx, req.vendorCode, req.gameCode);
        if (!game) return refuse('GAME_NOT_FOUND');
        gameId = game.id;
      }
      const opened = await repo.openRound(tx, { merchantId: player.merchantId, memberId: player.memberId, vendorCode: req.vendorCode, gameId, roundRef: req.roundId });
      const round = await repo.lockRound(tx, player.merchantId, player.memberId, req.vendorCode, req.roundId);
      if (!round) throw new Error('round vanished');
      if (round.status === 'closed') return refuse('ROUND_CLOSED', round.id);
      const wallet = (await repo.lockAccounts(tx, player.merchantId, [main, house])).get(main);
      if (!wallet) throw new Error('main wallet vanished');
      if (wallet.balance - wallet.held < req.amount) {
        // A round this bet opened has no stake: it never existed.
        if (opened !== undefined) await repo.dropRound(tx, player.merchantId, opened);
        return refuse('INSUFFICIENT_FUNDS');
      }
      const posting = await ledger.post(
        {
          merchantId: player.merchantId,
          type: GAME_LEDGER_TYPES.bet,
          idempotencyKey: ledgerKey(req.vendorCode, req.transactionId),
          legs: [{ accountId: main, amount: -req.amount }, { accountId: house, amount: req.amount }],
          reference: `${req.vendorCode}:${req.roundId}`,
          metadata: { vendor: req.vendorCode, transactionId: req.transactionId, roundId: req.roundId, gameId: gameId.toString() },
        },
        tx,
      );
      await repo.updateRound(tx, player.merchantId, round.id, { stake: req.amount, description: withBetDescription(round.description, req.description) });
      return { response: ok(req.transactionId, id, player.currency, wallet.balance - req.amount - wallet.held), roundId: round.id, ledgerTransactionId: posting.transactionId };
    });
  };

  /** Credits a win from the vendor's house account to the main wallet; 0.00 records a lost round. */
  const win = (req: WinRequest) => {
    if (req.amount < 0n) return Promise.resolve(refusalBody('AMOUNT_INVALID'));
    return moneyCall('win', req, { amount: req.amount, targetRef: null, hashed: { amount: req.amount, currency: req.currency ?? null, endRound: req.endRound ?? false, ...optional('result', req.result) } }, async ({ tx, id, player, main, house, balance }) => {
      const refuse = async (code: VendorErrorCode, roundId: bigint | null = null): Promise<Decision> => ({ response: refusalBody(code, await balance()), roundId, ledgerTransactionId: null });
      // No token, vendor or player check: a win settles play that was allowed when it was staked.
      const round = await repo.lockRound(tx, player.merchantId, player.memberId, req.vendorCode, req.roundId);
      if (!round) return refuse('ROUND_NOT_FOUND');
      if (round.status === 'closed') return refuse('ROUND_CLOSED', round.id);
      let ledgerTransactionId: bigint | null = null;
      if (req.amount > 0n) {
        const posting = await ledger.post(
          {
            merchantId: player.merchantId,
            type: GAME_LEDGER_TYPES.win,
            idempotencyKey: ledgerKey(req.vendorCode, req.transactionId),
            legs: [{ accountId: house, amount: -req.amount }, { accountId: main, amount: req.amount }],
            reference: `${req.vendorCode}:${req.roundId}`,
            metadata: { vendor: req.vendorCode, transactionId: req.transactionId, roundId: req.roundId },
          },
          tx,
        );
        ledgerTransactionId = posting.transactionId;
      }
      await repo.updateRound(tx, player.merchantId, round.id, { payout: req.amount, close: req.endRound, detail: req.detail, result: req.result });
      return { response: ok(req.transactionId, id, player.currency, (await balance()).available), roundId: round.id, ledgerTransactionId };
    });
  };

  /**
   * Undoes a bet: its stake goes back to the main wallet. A rollback that finds no bet leaves a
   * tombstone under the bet's transaction id, so that bet is refused if it arrives later.
   */
  const rollback = (req: RollbackRequest) =>
    moneyCall('rollback', req, { amount: 0n, targetRef: req.referenceTransactionId, hashed: { target: req.referenceTransactionId } }, async ({ tx, id, player, main, house, balance }) => {
      const refuse = async (code: VendorErrorCode, roundId: bigint | null = null): Promise<Decision> => ({ response: refusalBody(code, await balance()), roundId, ledgerTransactionId: null });
      let target = await repo.findTransaction(tx, req.vendorCode, req.referenceTransactionId, true);
      if (!target) {
        const laid = await repo.tombstone(tx, {
          vendorCode: req.vendorCode,
          betRef: req.referenceTransactionId,
          rollbackRef: req.transactionId,
          merchantId: player.merchantId,
          memberId: player.memberId,
          hash: TOMBSTONE,
          response: refusalBody('BET_ROLLED_BACK'),
        });
        if (laid !== undefined) return refuse('BET_NOT_FOUND');
        // The bet was being placed at this very moment: its claim made ours wait, and it is there now.
        target = await repo.findTransaction(tx, req.vendorCode, req.referenceTransactionId, true);
        if (!target) throw new Error('bet vanished');
      }
      if (target.merchant_id !== player.merchantId || target.member_id !== player.memberId) return refuse('BET_NOT_FOUND');
      if (target.request_hash === TOMBSTONE) return refuse('BET_NOT_FOUND');
      if (target.kind !== 'bet') return refuse('ROLLBACK_NOT_SUPPORTED');
      if (await repo.rollbackOf(tx, req.vendorCode, req.referenceTransactionId)) return refuse('ALREADY_ROLLED_BACK');
      // A refused bet took nothing: rolling it back succeeds and moves nothing.
      if (target.status !== 'ok') return { response: ok(req.transactionId, id, player.currency, (await balance()).available), roundId: target.round_id ?? null, ledgerTransactionId: null, amount: 0n };
      if (target.round_id == null) throw new Error('accepted bet without a round');
      const round = await repo.lockRoundById(tx, player.merchantId, target.round_id);
      if (!round) throw new Error('round vanished');
      if (round.round_ref !== req.roundId) return refuse('ROUND_MISMATCH', round.id);
      if (round.status === 'closed') return refuse('ROUND_CLOSED', round.id);
      const posting = await ledger.post(
        {
          merchantId: player.merchantId,
          type: GAME_LEDGER_TYPES.rollback,
          idempotencyKey: ledgerKey(req.vendorCode, req.transactionId),
          legs: [{ accountId: house, amount: -target.amount }, { accountId: main, amount: target.amount }],
          reference: `${req.vendorCode}:${req.roundId}`,
          metadata: { vendor: req.vendorCode, transactionId: req.transactionId, roundId: req.roundId, rolledBack: req.referenceTransactionId },
        },
        tx,
      );
      await repo.updateRound(tx, player.merchantId, round.id, { stake: -target.amount });
      return { response: ok(req.transactionId, id, player.currency, (await balance()).available), roundId: round.id, ledgerTransactionId: posting.transactionId, amount: target.amount };
    });

  /** Closes the player's round: no bet, win or rollback is accepted in it afterwards. Closing twice is harmless. */
  const endRound = (req: EndRoundRequest): Promise<WalletAnswer<VendorEndRoundResponse>> =>
    answer(async () => {
      await seamlessVendor(req.vendorCode);
      const player = await resolve(req.vendorCode, req.player);
      const { main } = await accountsOf(req.vendorCode, player);
      return ledger.inTransaction(player.merchantId, async (tx) => {
        const balance = { available: await available(tx, player, main), currency: player.currency };
        const round = await repo.lockRound(tx, player.merchantId, player.memberId, req.vendorCode, req.roundId);
        if (!round) return refusalBody('ROUND_NOT_FOUND', balance);
        if (round.status === 'open') await repo.updateRound(tx, player.merchantId, round.id, { close: true, detail: req.detail, result: req.result });
        return { status: 'OK' as const, roundId: req.roundId, currency: player.currency, balance: fromMinor(balance.available) };
      });
    });

  /** The game opens: is this a live launch of a player who may play? Answers who they are and what they can stake. */
  const authenticate = (req: Call): Promise<WalletAnswer<VendorPlayerResponse>> =>
    answer(async () => {
      const vendor = await seamlessVendor(req.vendorCode);
      const player = await resolve(req.vendorCode, req.player);
      if (!player.live) throw new Refused(refusalBody('TOKEN_EXPIRED'));
      if (vendor.status !== 'active') throw new Refused(refusalBody('VENDOR_DISABLED'));
      const notAllowed = playRefusal({ type: player.memberType, status: player.memberStatus });
      if (notAllowed) throw new Refused(refusalBody(notAllowed));
      const { main } = await accountsOf(req.vendorCode, player);
      return {
        status: 'OK' as const,
        playerId: player.memberId.toString(),
        displayName: player.nickname || player.username,
        currency: player.currency,
        balance: fromMinor(await available(undefined, player, main)),
      };
    });

  /** What the player can stake now. Read-only, so an expired token may still ask. */
  const balance = (req: Call): Promise<WalletAnswer<VendorBalanceResponse>> =>
    answer(async () => {
      await seamlessVendor(req.vendorCode);
      const player = await resolve(req.vendorCode, req.player);
      const { main } = await accountsOf(req.vendorCode, player);
      return { status: 'OK' as const, playerId: player.memberId.toString(), currency: player.currency, balance: fromMinor(await available(undefined, player, main)) };
    });

  /**
   * A launch: a 256-bit random token for the vendor to present back (only its SHA-256 is kept), live
   * for the configured hours. The catalog's launch call checks who may launch what before calling this.
   */
  const openSession = async (merchantId: bigint, memberId: bigint, vendorCode: string, gameId: bigint) => {
    if (!(await repo.gameOfVendor(gameId, vendorCode))) throw new Error(`game ${gameId} is not a game of ${vendorCode}`);
    const token = newToken();
    const expiresAt = new Date(now().getTime() + sessionMs);
    await repo.createSession({ tokenHash: sha256(token), merchantId, memberId, vendorCode, gameId, expiresAt });
    return { token, expiresAt };
  };

  return { openSession, authenticate, balance, bet, win, rollback, endRound };
};
export type GameWalletService = ReturnType<typeof gameWalletService>;
