import { isTrialType, LIST_PAGE_SIZE, typesOfFilter, type MemTransQuery } from '@apsara/contracts';
import { AppError } from '../../lib/app-error.js';
import type { Merchant } from '../merchant/merchant-config.js';
import type { LedgerService, PostingResult } from '../ledger/ledger.service.js';
import type { AuthContext } from '../session/session.service.js';
import type { Players } from '../agent/team.js';
import type { WalletRepository } from './wallet.repository.js';
import { movementDetail } from './movement-detail.js';

export const MAIN = 'MAIN';
export const vendorKind = (code: string) => `VENDOR:${code}`;

export type WalletView = { code: string; name: string; balance: bigint; held: bigint };
export type TransferRequest = { from: string; to: string; amount: bigint; idempotencyKey: string };

/** Trial accounts may look at wallets but never move money. */
export const refuseTrial = (auth: AuthContext) => {
  if (isTrialType(auth.type)) throw new AppError('TRIAL_NEED_REAL_ACCOUNT');
};

/**
 * The rules of a member's wallet transfer (spec GCS_walletTransfer), in this order: a real account, an
 * amount above zero, MAIN on exactly one side, the other side a vendor of the merchant. The local mode
 * (below) and the connected mode (transfer-wallet/vendor-wallets.service.ts) both check them here,
 * before anything is written or sent. Returns the vendor and which way the money goes.
 */
export const checkTransfer = (merchant: Merchant, auth: AuthContext, req: Pick<TransferRequest, 'from' | 'to' | 'amount'>) => {
  refuseTrial(auth);
  if (req.amount <= 0n) throw new AppError('VALIDATION_FAILED', ['amount'], { fields: [{ field: 'amount', rule: 'positive', message: '' }] });
  if (req.from === req.to || (req.from !== MAIN && req.to !== MAIN)) throw new AppError('WALLET_TRANSFER_INVALID');
  const vendorCode = req.from === MAIN ? req.to : req.from;
  if (!merchant.config.transferVendors.some((v) => v.code === vendorCode)) throw new AppError('WALLET_NOT_FOUND');
  return { vendorCode, direction: req.from === MAIN ? ('in' as const) : ('out' as const) };
};

/**
 * A member's wallets: the main wallet and one sub-wallet per transfer-wallet vendor of the merchant.
 * Every movement goes through the ledger; trial accounts may look but never move money.
 */
export const walletService = (deps: { ledger: LedgerService; wallets: WalletRepository }) => {
  const { ledger, wallets } = deps;

  const vendors = (merchant: Merchant) => merchant.config.transferVendors;

  /** Main first, then each vendor of the merchant in its configured order (zero when never used). */
  const viewsOf = (merchant: Merchant, rows: { kind: string; balance: bigint; held: bigint }[]): WalletView[] => {
    const byKind = new Map(rows.map((r) => [r.kind, r]));
    const main = byKind.get(MAIN);
    return [
      { code: MAIN, name: MAIN, balance: main?.balance ?? 0n, held: main?.held ?? 0n },
      ...vendors(merchant).map((v) => {
        const row = byKind.get(vendorKind(v.code));
        return { code: v.code, name: v.name, balance: row?.balance ?? 0n, held: row?.held ?? 0n };
      }),
    ];
  };

  const list = async (merchant: Merchant, auth: AuthContext): Promise<WalletView[]> => viewsOf(merchant, await wallets.memberAccounts(merchant.id, auth.memberId));

  /** The member's wallets as they stood right after a posting, when the posting brought them along. */
  const after = (merchant: Merchant, auth: AuthContext, posting: PostingResult): WalletView[] | undefined => {
    const own = posting.accountsAfter?.filter((a) => a.memberId === auth.memberId);
    return own?.length ? viewsOf(merchant, own) : undefined;
  };

  /**
   * Account ids by merchant, member and kind. An account is never deleted and a member has one per
   * kind, so an id, once known, never changes: the transfer path asks the database only the first time.
   * Bounded: the oldest entry goes when it is full.
   */
  const knownIds = new Map<string, bigint>();
  const KNOWN_IDS_MAX = 100_000;
  const accountIdsOf = async (merchant: Merchant, memberId: bigint, kinds: string[]): Promise<bigint[]> => {
    const keys = kinds.map((kind) => `${merchant.id}:${memberId}:${kind}`);
    const cached = keys.map((k) => knownIds.get(k));
    if (cached.every((id) => id !== undefined)) return cached as bigint[];
    // Both ids in one query; an account never used before is created first (a plain row, harmless).
    const found = new Map((await wallets.accountIds(merchant.id, memberId, kinds)).map((r) => [r.kind, r.id]));
    const ids = await Promise.all(kinds.map((kind) => found.get(kind) ?? ledger.memberAccount(merchant.id, memberId, kind, merchant.currency)));
    keys.forEach((k, i) => {
      if (knownIds.size >= KNOWN_IDS_MAX) knownIds.delete(knownIds.keys().next().value as string);
      knownIds.set(k, ids[i]);
    });
    return ids;
  };

  /** A wallet code as an account kind (checkTransfer has made sure a vendor code is the merchant's). */
  const kindOf = (code: string) => (code === MAIN ? MAIN : vendorKind(code));

  /** Main ↔ vendor wallet (spec GCS_walletTransfer). Vendor to vendor goes through main, in two steps. */
  const transfer = async (merchant: Merchant, auth: AuthContext, req: TransferRequest): Promise<PostingResult> => {
    checkTransfer(merchant, auth, req);
    const [fromId, toId] = await accountIdsOf(merchant, auth.memberId, [kindOf(req.from), kindOf(req.to)]);
    return ledger.post({
      merchantId: merchant.id,
      type: req.to === MAIN ? 'WALLET_RECOVER' : 'WALLET_TRANSFER',
      // Keys are the member's own: two members may use the same text without meeting.
      idempotencyKey: `wt:${auth.memberId}:${req.idempotencyKey}`,
      legs: [{ accountId: fromId, amount: -req.amount }, { accountId: toId, amount: req.amount }],
      metadata: { from: req.from, to: req.to },
    });
  };

  /**
   * "Recover all": every vendor wallet with a spendable balance is swept back to main in ONE posting
   * under the member's key, so a repeated request returns what the first one moved, whatever the
   * wallets hold by then. Balances are read before the accounts are locked: when a wallet was drained
   * in between (the posting is refused), it reads them again, up to three times.
   */
  const recoverAll = async (merchant: Merchant, auth: AuthContext, idempotencyKey: string): Promise<{ moved: { code: string; amount: bigint }[]; replayed: boolean }> => {
    refuseTrial(auth);
    const key = `wr:${auth.memberId}:${idempotencyKey}`;
    const codeOf = async () => {
      const rows = await wallets.memberAccounts(merchant.id, auth.memberId);
      return new Map(rows.map((r) => [r.id, r.kind === MAIN ? MAIN : r.kind.replace(/^VENDOR:/, '')]));
    };
    const movedBy = async (posting: PostingResult) => {
      const codes = await codeOf();
      const order = vendors(merchant).map((v) => v.code);
      const moved = posting.entries.filter((e) => e.amount < 0n).map((e) => ({ code: codes.get(e.accountId) ?? '?', amount: -e.amount }));
      moved.sort((a, b) => order.indexOf(a.code) - order.indexOf(b.code));
      return { moved, replayed: posting.replayed };
    };
    const earlier = await ledger.findPosting(merchant.id, key);
    if (earlier) return movedBy(earlier);
    for (let attempt = 1; ; attempt++) {
      const rows = await wallets.memberAccounts(merchant.id, auth.memberId);
      const offered = new Set(vendors(merchant).map((v) => vendorKind(v.code)));
      const full = rows.filter((r) => offered.has(r.kind) && r.balance - r.held > 0n);
      if (full.length === 0) {
        // Empty wallets may be a concurrent sweep under this key that committed after the check above.
        const swept = await ledger.findPosting(merchant.id, key);
        return swept ? movedBy(swept) : { moved: [], replayed: false };
      }
      const main = await ledger.memberAccount(merchant.id, auth.memberId, MAIN, merchant.currency);
      const total = full.reduce((sum, r) => sum + (r.balance - r.held), 0n);
      try {
        const posting = await ledger.post({
          merchantId: merchant.id,
          type: 'WALLET_RECOVER',
          idempotencyKey: key,
          legs: [...full.map((r) => ({ accountId: r.id, amount: -(r.balance - r.held) })), { accountId: main, amount: total }],
          metadata: { recoverAll: true },
        });
        return movedBy(posting);
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        // A concurrent request with this key won: answer with what it moved.
        if (e.code === 'IDEMPOTENCY_CONFLICT') {
          const won = await ledger.findPosting(merchant.id, key);
          if (won) return movedBy(won);
        }
        if (e.code === 'INSUFFICIENT_FUNDS' && attempt < 3) continue;
        throw e;
      }
    }
  };

  /**
   * Money movements, 20 a page, with whose each was: the member's own (the account record, spec
   * transactionHistory) or an agent's team's (the agent center, which checks who may).
   */
  const movements = async (merchant: Merchant, who: Players, query: MemTransQuery) => {
    const from = query.from ? new Date(query.from) : undefined;
    const to = query.to ? new Date(query.to) : undefined;
    if (from && to && from >= to) throw new AppError('VALIDATION_FAILED', ['from, to'], { fields: [{ field: 'to', rule: 'after', message: '' }] });
    const { items, total } = await wallets.history(merchant.id, who, { types: query.type ? typesOfFilter(query.type) : undefined, from, to }, query.page, LIST_PAGE_SIZE);
    return {
      items: items.map((r) => ({
        username: r.username,
        transactionId: r.transaction_id.toString(),
        type: r.type,
        wallet: r.kind === MAIN ? MAIN : r.kind.replace(/^VENDOR:/, ''),
        amount: r.amount,
        balanceAfter: r.balance_after,
        reference: r.reference,
        detail: movementDetail({ type: r.type, reference: r.reference, metadata: r.metadata, amount: r.amount, withdrawalId: r.withdrawal_id }),
        createdAt: r.created_at.toISOString(),
      })),
      page: query.page,
      pageSize: LIST_PAGE_SIZE,
      total,
    };
  };

  /** The account record (spec transactionHistory): the member's own movements. */
  const history = async (merchant: Merchant, auth: AuthContext, query: MemTransQuery) => {
    const page = await movements(merchant, { memberId: auth.memberId }, query);
    return { ...page, items: page.items.map(({ username: _own, ...item }) => item) };
  };

  return { list, after, transfer, recoverAll, history, movements };
};
export type WalletService = ReturnType<typeof walletService>;
