import { isTrialType, TRANSFER_SKIP_REASONS, type TransferSkipReason } from '@apsara/contracts';
import { AppError } from '../../lib/app-error.js';
import { sha256 } from '../../lib/crypto.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import type { Merchant } from '../merchant/merchant-config.js';
import type { AuthContext } from '../session/session.service.js';
import type { WalletRepository } from '../wallet/wallet.repository.js';
import { checkTransfer, MAIN, refuseTrial, vendorKind, type TransferRequest, type WalletService, type WalletView } from '../wallet/wallet.service.js';
import type { SyncResult, TransferOutcome, TransferWalletService } from './transfer-wallet.service.js';
import type { WalletRequestsRepository } from './wallet-requests.repository.js';

/** A movement; `status` and `transactionId` only with a vendor connected (locally every movement is final). */
export type Movement = { from: string; to: string; amount: bigint; status?: 'ok' | 'pending'; transactionId?: string };
/** A movement through a vendor: always with its state and our transaction id. */
export type VendorMovement = Required<Movement>;
export type Skipped = { code: string; reason: TransferSkipReason };
/** `wallets`: the member's wallets right after the movement, when the ledger brought them along (else the caller reads them). */
export type WalletTransferResult = { moved: Movement[]; replayed: boolean; status: 'ok' | 'pending'; skipped?: Skipped[]; wallets?: WalletView[] };

/**
 * What a recover-all decided when its key was claimed: these wallets, these amounts, nothing else. Each
 * item gets its `outcome` once tried: `started` (a vendor transaction exists; a repeat answers from it)
 * or `skipped` with the reason nothing moved (nothing was started: the ledger or our checks refused it
 * before any vendor call) — a repeat reports that and never tries it again.
 */
type SweepItem = { code: string; /** minor units */ amount: string; outcome?: { started: string } | { skipped: TransferSkipReason } };
type SweepPlan = { items: SweepItem[]; skipped: Skipped[] };

/** Why a sync left a wallet out of a sweep. */
const skipReasonOf = (synced: Exclude<SyncResult, 'synced'>): TransferSkipReason =>
  synced === 'unavailable' ? 'VENDOR_UNAVAILABLE' : synced === 'player_unknown' ? 'VENDOR_PLAYER_UNKNOWN' : 'TRANSFER_PENDING';
/** An error code as a skip reason (one of the catalogue's reasons; anything else counts as a failed transfer). */
const asSkipReason = (code: string): TransferSkipReason => ((TRANSFER_SKIP_REASONS as readonly string[]).includes(code) ? (code as TransferSkipReason) : 'VENDOR_TRANSFER_FAILED');

const overall = (moved: Movement[]) => (moved.some((m) => m.status === 'pending') ? ('pending' as const) : ('ok' as const));

/**
 * The member's game (vendor) wallets, as GCS_walletTransfer and the game launch move money through them.
 *
 * - **Connected** (`transfers` given: VENDOR_TRANSFER_URL): every movement is a transfer with the vendor
 *   (transfer-wallet.service.ts): our ledger and the vendor's wallet move together, keyed by our
 *   transaction id, with the error record, retries and reconciliation of that module. The member's
 *   request key is first bound to its request (wallet_transfer_requests), so one key is one vendor
 *   transaction, whatever is resent.
 * - **Local** (no vendor connection): the vendor wallets are ledger accounts of ours alone; the wallet
 *   service moves money between them and MAIN as a plain posting (docs/vendor-protocol.md "Without a
 *   vendor connection").
 *
 * Balances shown to the member are always the ledger's (`VENDOR:<code>` mirrors the vendor's wallet).
 */
export const vendorWalletsService = (deps: { wallets: WalletService; walletRepo: WalletRepository; ledger: LedgerService; requests: WalletRequestsRepository; transfers?: TransferWalletService }) => {
  const { wallets, walletRepo, ledger, requests, transfers: tw } = deps;

  /** A settled or pending transfer as the member sees it; refused and failed ones are errors (nothing moved). */
  const movementOf = (o: TransferOutcome, from: string, to: string): VendorMovement => {
    if (o.status === 'ok' || o.status === 'pending') return { from, to, amount: o.amount, status: o.status, transactionId: o.transactionId };
    const data = { transactionId: o.transactionId, vendor: o.vendor, vendorCode: o.code ?? null };
    if (o.status === 'refused') throw new AppError(o.code === 'INSUFFICIENT_FUNDS' ? 'INSUFFICIENT_FUNDS' : 'VENDOR_TRANSFER_REFUSED', [], { data });
    throw new AppError(o.code === 'VENDOR_UNAVAILABLE' ? 'VENDOR_UNAVAILABLE' : 'VENDOR_TRANSFER_FAILED', [], { data });
  };

  /** Main ↔ one vendor wallet (GCS_walletTransfer). */
  const transfer = async (merchant: Merchant, auth: AuthContext, req: TransferRequest): Promise<WalletTransferResult> => {
    if (!tw) {
      const posted = await wallets.transfer(merchant, auth, req);
      return { moved: [{ from: req.from, to: req.to, amount: req.amount }], replayed: posted.replayed, status: 'ok', wallets: wallets.after(merchant, auth, posted) };
    }
    // The same rules as the local mode, checked before anything is claimed or sent.
    const { vendorCode, direction } = checkTransfer(merchant, auth, req);
    const requestHash = sha256(JSON.stringify({ from: req.from, to: req.to, amount: req.amount.toString() }));
    const { row } = await requests.claim({ merchantId: merchant.id, memberId: auth.memberId, clientKey: req.idempotencyKey, kind: 'transfer', requestHash });
    if (row.kind !== 'transfer' || row.request_hash !== requestHash) throw new AppError('IDEMPOTENCY_CONFLICT');
    const outcome = await tw.transfer({ merchantId: merchant.id, memberId: auth.memberId, currency: merchant.currency, vendorCode, direction, amount: req.amount, key: req.idempotencyKey });
    const moved = movementOf(outcome, req.from, req.to);
    return { moved: [moved], replayed: outcome.replayed, status: overall([moved]) };
  };

  /** The member's game wallets with a transfer vendor of the merchant, each with its account. */
  const gameWallets = async (merchant: Merchant, memberId: bigint) => {
    const byKind = new Map((await walletRepo.memberAccounts(merchant.id, memberId)).map((r) => [r.kind, r]));
    return merchant.config.transferVendors.flatMap((vendor) => {
      const account = byKind.get(vendorKind(vendor.code));
      return account ? [{ vendor, account }] : [];
    });
  };

  /**
   * What a sweep of the member's vendor wallets would move now: each vendor the member has a wallet
   * with is asked its balance first (the mirror is brought to it), then its whole available balance is
   * planned. Wallets whose vendor did not answer, or with a transfer still unsettled, are left out.
   */
  const planSweep = async (merchant: Merchant, memberId: bigint, which: (wallet: { code: string; balance: bigint; held: bigint }) => boolean = () => true): Promise<SweepPlan> => {
    const used = (await gameWallets(merchant, memberId)).filter(({ vendor: v, account }) => which({ code: v.code, balance: account.balance, held: account.held }));
    const decided = await Promise.all(
      used.map(async ({ vendor: v, account }): Promise<{ item?: SweepPlan['items'][number]; skip?: Skipped }> => {
        const synced = await tw!.syncFromVendor({ merchantId: merchant.id, memberId, currency: merchant.currency, vendorCode: v.code }, account.id);
        if (synced !== 'synced') {
          // Nothing in the mirror: nothing we could have swept, so nothing to report.
          if (account.balance - account.held <= 0n) return {};
          return { skip: { code: v.code, reason: skipReasonOf(synced) } };
        }
        const { balance, held } = await ledger.balanceOf(merchant.id, account.id);
        return balance - held > 0n ? { item: { code: v.code, amount: (balance - held).toString() } } : {};
      }),
    );
    return { items: decided.flatMap((d) => (d.item ? [d.item] : [])), skipped: decided.flatMap((d) => (d.skip ? [d.skip] : [])) };
  };

  /**
   * Runs a sweep plan; each wallet is one vendor withdrawal under `key`, so running it again moves nothing
   * twice. An item already `skipped` is reported, not tried. Returns each item's outcome too.
   */
  const runSweep = async (merchant: Merchant, memberId: bigint, plan: SweepPlan, key: string) => {
    const results = await Promise.all(
      plan.items.map(async (item): Promise<{ moved?: VendorMovement; skip?: Skipped; outcome: NonNullable<SweepItem['outcome']> }> => {
        if (item.outcome && 'skipped' in item.outcome) return { skip: { code: item.code, reason: item.outcome.skipped }, outcome: item.outcome };
        try {
          const o = await tw!.transfer({ merchantId: merchant.id, memberId, currency: merchant.currency, vendorCode: item.code, direction: 'out', amount: BigInt(item.amount), key, sync: false });
          const outcome = { started: o.transactionId };
          if (o.status === 'ok' || o.status === 'pending') return { moved: { from: item.code, to: MAIN, amount: o.amount, status: o.status, transactionId: o.transactionId }, outcome };
          const reason = o.status === 'refused' ? (o.code === 'INSUFFICIENT_FUNDS' ? 'INSUFFICIENT_FUNDS' : 'VENDOR_TRANSFER_REFUSED') : o.code === 'VENDOR_UNAVAILABLE' ? 'VENDOR_UNAVAILABLE' : 'VENDOR_TRANSFER_FAILED';
          return { skip: { code: item.code, reason }, outcome };
        } catch (e) {
          // Refused before any vendor call (the wallet holds less than planned by now, a transfer with
          // that vendor is unsettled): not swept, and no vendor transaction exists.
          if (!(e instanceof AppError)) throw e;
          const reason = asSkipReason(e.code);
          return { skip: { code: item.code, reason }, outcome: { skipped: reason } };
        }
      }),
    );
    const moved = results.flatMap((r) => (r.moved ? [r.moved] : []));
    return { moved, skipped: [...plan.skipped, ...results.flatMap((r) => (r.skip ? [r.skip] : []))], outcomes: results.map((r) => r.outcome) };
  };

  /**
   * "Recover all". Connected: the plan (which wallets, how much) is decided once, when the member's key
   * is claimed, and kept with it; a repeat runs the same plan — the withdrawals already made are
   * answered from their records, one refused before it started is reported as it was the first time, one
   * that was never tried (the first request died) is made now — so a key never sweeps more than its
   * plan, whatever the wallets hold since, and never moves what an earlier answer said it did not.
   */
  const recoverAll = async (merchant: Merchant, auth: AuthContext, idempotencyKey: string): Promise<WalletTransferResult> => {
    if (!tw) {
      const swept = await wallets.recoverAll(merchant, auth, idempotencyKey);
      return { moved: swept.moved.map((m) => ({ from: m.code, to: MAIN, amount: m.amount })), replayed: swept.replayed, status: 'ok' };
    }
    refuseTrial(auth);
    const requestHash = sha256('recover_all');
    let row = await requests.find(merchant.id, auth.memberId, idempotencyKey);
    let replayed = row !== undefined;
    if (!row) {
      const plan = await planSweep(merchant, auth.memberId);
      const claimed = await requests.claim({ merchantId: merchant.id, memberId: auth.memberId, clientKey: idempotencyKey, kind: 'recover_all', requestHash, plan });
      row = claimed.row;
      replayed = !claimed.created;
    }
    if (row.kind !== 'recover_all' || row.request_hash !== requestHash) throw new AppError('IDEMPOTENCY_CONFLICT');
    // Sweep keys contain "/", which member keys cannot: they never meet a key a member chose.
    const plan = row.plan as SweepPlan;
    const { moved, skipped, outcomes } = await runSweep(merchant, auth.memberId, plan, `sweep/${idempotencyKey}`);
    // Kept before answering: an item the member is told did not move is never tried again under this key.
    if (outcomes.some((o, i) => plan.items[i].outcome === undefined)) {
      await requests.updatePlan(merchant.id, row.id, (stored) => {
        const now = stored as SweepPlan;
        return { ...now, items: now.items.map((item, i) => (item.outcome ? item : { ...item, outcome: outcomes[i] })) };
      });
    }
    return { moved, replayed, status: overall(moved), skipped };
  };

  /**
   * Before a game opens (connected only). A transfer vendor is told which player the launch token opens
   * the game for — it not answering stops the launch (VENDOR_UNAVAILABLE) before any money moves. Then,
   * with the merchant's `transferWallet.autoTransfer`: the member's other vendor wallets are recovered
   * to MAIN, and for a transfer vendor its mirror is synced and the whole available MAIN balance moved
   * into its wallet. Those moves never stop the launch: a refusal leaves the money where it was, a
   * pending one settles through the retry job.
   */
  const prepareLaunch = async (
    merchant: Merchant,
    auth: AuthContext,
    vendor: { code: string; walletType: 'SEAMLESS' | 'TRANSFER' },
    token: string,
  ): Promise<{ moved: VendorMovement[]; recoverOnReturn: boolean }> => {
    if (!tw) return { moved: [], recoverOnReturn: false };
    const isTransfer = vendor.walletType === 'TRANSFER' && merchant.config.transferVendors.some((v) => v.code === vendor.code);
    if (isTransfer) await tw.openVendorSession(merchant.id, auth.memberId, vendor.code, token, merchant.currency);
    if (!merchant.config.transferWallet.autoTransfer) return { moved: [], recoverOnReturn: false };
    // One launch, one set of vendor transactions: a key of its own, derived from the launch token.
    const key = `launch/${sha256(token).slice(0, 24)}`;
    // Only the other wallets the mirror says hold money: a launch must not wait on vendors that hold nothing.
    const plan = await planSweep(merchant, auth.memberId, (w) => w.code !== vendor.code && w.balance - w.held > 0n);
    const { moved } = await runSweep(merchant, auth.memberId, plan, key);
    if (!isTransfer) return { moved, recoverOnReturn: false };
    const own = (await walletRepo.accountIds(merchant.id, auth.memberId, [vendorKind(vendor.code)]))[0];
    // A wallet the vendor has lost stays as it is for an operator: no money is sent after it.
    if (own && (await tw.syncFromVendor({ merchantId: merchant.id, memberId: auth.memberId, currency: merchant.currency, vendorCode: vendor.code }, own.id)) === 'player_unknown') {
      return { moved, recoverOnReturn: false };
    }
    // From here the player plays from this vendor's wallet, with whatever it holds (moved now or left
    // there before): the way back brings it all home.
    const main = await ledger.memberAccount(merchant.id, auth.memberId, MAIN, merchant.currency);
    const { balance, held } = await ledger.balanceOf(merchant.id, main);
    if (balance - held <= 0n) return { moved, recoverOnReturn: true };
    try {
      const o = await tw.transfer({ merchantId: merchant.id, memberId: auth.memberId, currency: merchant.currency, vendorCode: vendor.code, direction: 'in', amount: balance - held, key });
      if (o.status === 'ok' || o.status === 'pending') moved.push({ from: MAIN, to: vendor.code, amount: o.amount, status: o.status, transactionId: o.transactionId });
    } catch (e) {
      // MAIN changed under us (another launch, a withdrawal request): play with what the vendor holds.
      if (!(e instanceof AppError)) throw e;
    }
    return { moved, recoverOnReturn: true };
  };

  /**
   * Brings each game wallet the member has used to what its vendor holds now (the mirror otherwise
   * shows play at the vendor only at the next transfer or launch), in parallel, then lists the wallets.
   * A vendor that cannot be believed now leaves its wallet as it was, reported in `unsynced`. Locally
   * there is no vendor to ask: the ledger is the wallet. A trial account may look at its wallets but
   * never moves money, so its game wallets have nothing at a vendor to ask about.
   */
  const syncAll = async (merchant: Merchant, auth: AuthContext): Promise<{ wallets: WalletView[]; unsynced: Skipped[] }> => {
    let unsynced: Skipped[] = [];
    if (tw && !isTrialType(auth.type)) {
      const results = await Promise.all(
        (await gameWallets(merchant, auth.memberId)).map(async ({ vendor: v, account }) => ({
          code: v.code,
          synced: await tw.syncFromVendor({ merchantId: merchant.id, memberId: auth.memberId, currency: merchant.currency, vendorCode: v.code }, account.id),
        })),
      );
      unsynced = results.flatMap((r) => (r.synced === 'synced' ? [] : [{ code: r.code, reason: skipReasonOf(r.synced) }]));
    }
    return { wallets: await wallets.list(merchant, auth), unsynced };
  };

  return { transfer, recoverAll, prepareLaunch, syncAll };
};
export type VendorWalletsService = ReturnType<typeof vendorWalletsService>;
