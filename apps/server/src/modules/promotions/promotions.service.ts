import { randomInt } from 'node:crypto';
import {
  depositBonus,
  fromMinor,
  isTrialType,
  LIST_PAGE_SIZE,
  promotionClaimNumber,
  toMinor,
  type OpsPromotion,
  type OpsPromotionBody,
  type OpsPromotionClaim,
  type OpsPromotionClaimListValue,
  type OpsPromotionClaimQuery,
  type OpsPromotionDecisionValue,
  type OpsPromotionPatch,
  type Promotion,
  type PromotionActionValue,
  type PromotionApplyBody,
  type PromotionArt,
  type PromotionCategory,
  type PromotionClaim,
  type PromotionClaimListValue,
  type PromotionClaimQuery,
  type PromotionListQuery,
  type PromotionListValue,
  type PromotionMine,
  type PromotionPhase,
} from '@apsara/contracts';
import { AppError } from '../../lib/app-error.js';
import { sha256 } from '../../lib/crypto.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import type { RecordNotice } from '../../lib/events.js';
import type { PromotionPrizeRow } from '../../db/schema.js';
import type { Tx } from '../ledger/ledger.repository.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import { MAIN_WALLET, type MemberRepository } from '../member/member.repository.js';
import type { Merchant } from '../merchant/merchant-config.js';
import type { AuditRepository } from '../ops/audit.repository.js';
import { allowRoles, type Client, type OperatorContext } from '../ops/ops.service.js';
import type { SecurityService } from '../security/security.service.js';
import type { AuthContext } from '../session/session.service.js';
import type { ClaimRow, ClaimView, PromotionRow, PromotionsRepository } from './promotions.repository.js';

/** The house account every promotion bonus is paid from. */
export const PROMOTION_EXPENSE = 'PROMOTION_EXPENSE';

const READ_ROLES = ['admin', 'finance', 'support'] as const;
const EDIT_ROLES = ['admin'] as const;
const DECIDE_ROLES = ['admin', 'finance'] as const;

const hashOf = (value: unknown) => sha256(JSON.stringify(value));
const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;
const money = (v: bigint | null | undefined) => (v === null || v === undefined ? null : fromMinor(v));

/** Thrown inside a transaction when the key was used before (or by a request racing this one): answered as a replay. */
class KeyTaken extends Error {}

type Day = { day: string; start: Date; end: Date };

/** The mechanics a member claims once a day without joining first: the raffle's spin, a red envelope. */
const DAILY_DRAWS: ReadonlySet<PromotionRow['mechanic']> = new Set(['raffle', 'envelope']);

export const phaseOf = (p: Pick<PromotionRow, 'starts_at' | 'ends_at'>, now = new Date()): PromotionPhase =>
  p.starts_at > now ? 'coming_soon' : p.ends_at && p.ends_at <= now ? 'closed' : 'in_progress';

/** A prize drawn from the weights with the system's cryptographic random source. */
export const drawPrize = (prizes: PromotionPrizeRow[], pick: (max: number) => number = randomInt) => {
  const total = prizes.reduce((s, p) => s + p.weight, 0);
  let at = pick(total);
  for (const p of prizes) {
    if (at < p.weight) return toMinor(p.amount);
    at -= p.weight;
  }
  throw new Error('prize draw out of range');
};

/**
 * What the next red envelope holds, from what is left of the day's pool: all of it for the last one,
 * otherwise a random amount from one minor unit up to twice the average left, and never so much that the
 * envelopes after it could not hold one minor unit each. Every envelope's expected share is about the
 * average left, so opening early is no advantage, and the day's envelopes pay exactly the pool.
 */
export const envelopeShare = (leftAmount: bigint, leftCount: number, pick: (min: number, max: number) => number = randomInt) => {
  if (leftCount < 1 || leftAmount < BigInt(leftCount)) throw new Error('red envelope pool out of range');
  if (leftCount === 1) return leftAmount;
  const twiceAverage = (leftAmount * 2n) / BigInt(leftCount);
  const roomForRest = leftAmount - BigInt(leftCount - 1);
  const most = twiceAverage < roomForRest ? twiceAverage : roomForRest;
  // pick's upper bound is exclusive.
  return BigInt(pick(1, Number(most) + 1));
};

const claimDto = (c: ClaimView): PromotionClaim => ({
  id: c.id.toString(),
  number: promotionClaimNumber(c.id),
  promotionId: c.promotion_id.toString(),
  title: c.title,
  art: c.art as PromotionArt,
  mechanic: c.mechanic,
  status: c.status,
  remark: c.remark ?? null,
  imageCount: c.image_count,
  reviewRemark: c.review_remark ?? null,
  bonus: money(c.bonus),
  deposit: money(c.deposit_amount),
  turnoverRequired: fromMinor(c.turnover_required),
  turnoverDone: fromMinor(c.turnover_done),
  createdAt: c.created_at.toISOString(),
  paidAt: iso(c.paid_at),
  decidedAt: iso(c.decided_at),
});

const opsClaimDto = (c: ClaimView, imageIds: string[]): OpsPromotionClaim => ({ ...claimDto(c), memberId: c.member_id.toString(), username: c.username, imageIds, decidedBy: c.decided_by_name ?? null });

/** Today's envelopes still closed, per red-envelope promotion; a day nobody opened one yet has them all. */
type EnvelopesLeft = Map<bigint, number>;
const leftToday = (p: PromotionRow, left: EnvelopesLeft) => left.get(p.id) ?? p.envelope_count ?? 0;

const baseDto = (p: PromotionRow, now: Date, left: EnvelopesLeft): Omit<Promotion, 'mine'> => ({
  id: p.id.toString(),
  code: p.code,
  category: p.category as PromotionCategory,
  mechanic: p.mechanic,
  repeat: p.repeat,
  art: p.art as PromotionArt,
  title: p.title,
  summary: p.summary,
  body: p.body,
  startsAt: p.starts_at.toISOString(),
  endsAt: iso(p.ends_at),
  phase: phaseOf(p, now),
  terms: {
    bonus: money(p.bonus),
    percent: p.percent ?? null,
    maxBonus: money(p.max_bonus),
    minDeposit: money(p.min_deposit),
    firstDepositOnly: p.first_deposit_only,
    turnoverMultiple: p.turnover_multiple,
    prizes: p.prizes ? p.prizes.map((z) => ({ amount: fromMinor(toMinor(z.amount)), weight: z.weight })) : null,
    proof: p.proof,
    poolTotal: money(p.pool_total),
    envelopeCount: p.envelope_count ?? null,
  },
  envelopesLeft: p.mechanic === 'envelope' && phaseOf(p, now) === 'in_progress' ? leftToday(p, left) : null,
});

const opsDto = (p: PromotionRow & { applying?: number | null }, left: EnvelopesLeft, now = new Date()): OpsPromotion => ({
  ...baseDto(p, now, left),
  visible: p.visible,
  sort: p.sort,
  createdAt: p.created_at.toISOString(),
  applying: p.applying ?? 0,
});

/**
 * Promotions (spec §2 "Promotions", §4 activity states; docs/promotions.md). A member takes part once
 * per promotion and period (a unique record); every bonus is a ledger posting from the site's
 * promotion expense into the main wallet, in the same transaction as the record that says so, and
 * carries a turnover the member bets through before withdrawing. Client keys make every action safe to
 * resend.
 */
export const promotionsService = (deps: { repo: PromotionsRepository; ledger: LedgerService; members: MemberRepository; security: SecurityService; audit: AuditRepository; notify?: RecordNotice }) => {
  const { repo, ledger, members, security, audit, notify = () => {} } = deps;

  const memberOf = async (merchant: Merchant, auth: AuthContext) => {
    security.realAccountOnly(auth);
    const me = await members.findById(merchant.id, auth.memberId);
    if (!me) throw new AppError('NOT_LOGGED_IN');
    return me;
  };

  const periodOf = (p: PromotionRow, day: Day) => (p.repeat === 'once' ? 'once' : day.day);

  /** The window a deposit must be credited in to pay this sign-up's bonus: after joining, within its day (daily) and the promotion. */
  const depositWindow = (p: PromotionRow, claim: ClaimRow, day: Day) => {
    const end = p.repeat === 'daily' ? day.end : null;
    const to = end && p.ends_at ? (end < p.ends_at ? end : p.ends_at) : (end ?? p.ends_at ?? null);
    return { from: claim.created_at, to };
  };

  /** The deposit a signed-up member's claim would pay on now, if any. */
  const qualifying = async (tx: Tx | PromotionsRepository['db'], merchantId: bigint, p: PromotionRow, claim: ClaimRow, day: Day) => {
    const min = p.min_deposit ?? 1n;
    if (p.first_deposit_only) {
      const first = await repo.firstDeposit(tx, merchantId, claim.member_id);
      const inside = first?.reviewed_at && first.reviewed_at >= claim.created_at && (!p.ends_at || first.reviewed_at < p.ends_at);
      return first && inside && first.amount >= min ? first : undefined;
    }
    const { from, to } = depositWindow(p, claim, day);
    return repo.depositAfter(tx, merchantId, claim.member_id, from, to, min);
  };

  /** Where the member stands with each promotion: the state the hall shows and what a claim would need or pay. */
  const minesFor = async (merchant: Merchant, memberId: bigint, promotions: PromotionRow[], now: Date, left: EnvelopesLeft, day: Day) => {
    const claims = await repo.claimsIn(memberId, promotions.map((p) => p.id), ['once', day.day]);
    const byPromotion = new Map(claims.map((c) => [`${c.promotion_id}:${c.period}`, c]));
    const needsToday = promotions.some((p) => DAILY_DRAWS.has(p.mechanic));
    const [depositedToday, deposited] = await Promise.all([
      needsToday ? repo.depositedBetween(merchant.id, memberId, day.start, day.end) : Promise.resolve(0n),
      promotions.some((p) => p.first_deposit_only) ? repo.hasDeposited(merchant.id, memberId) : Promise.resolve(false),
    ]);
    const mines = new Map<bigint, PromotionMine>();
    for (const p of promotions) {
      const claim = byPromotion.get(`${p.id}:${periodOf(p, day)}`);
      const open = phaseOf(p, now) === 'in_progress';
      const mine: PromotionMine = { state: null, ready: false, depositNeeded: null, claimId: claim?.id.toString() ?? null, bonus: money(claim?.bonus), reviewRemark: claim?.review_remark ?? null };
      if (!claim) {
        if (open && DAILY_DRAWS.has(p.mechanic)) {
          const short = (p.min_deposit ?? 0n) - depositedToday;
          // The day's red envelopes all opened: nothing to claim, and no deposit would change that.
          const gone = p.mechanic === 'envelope' && leftToday(p, left) <= 0;
          Object.assign(mine, { state: 'claim', ready: !gone && short <= 0n, depositNeeded: !gone && short > 0n ? fromMinor(short) : null });
        } else if (open) Object.assign(mine, { state: 'join', ready: !(p.first_deposit_only && deposited) });
      } else if (claim.status === 'signed_up' && p.mechanic === 'deposit') {
        // A deposit made while the promotion ran may still be claimed once it has closed.
        const found = phaseOf(p, now) !== 'coming_soon' ? await qualifying(repo.db, merchant.id, p, claim, day) : undefined;
        if (found) Object.assign(mine, { state: 'claim', ready: true, bonus: fromMinor(depositBonus(found.amount, p.percent!, p.max_bonus ?? null)) });
        else Object.assign(mine, { state: 'signed_up', depositNeeded: open && !(p.first_deposit_only && deposited) ? fromMinor(p.min_deposit!) : null });
      } else mine.state = claim.status;
      mines.set(p.id, mine);
    }
    return mines;
  };

  /** The site's day, read from the database at most once per request (and only when something needs it). */
  const lazyDay = (timezone: string) => {
    let day: Promise<Day> | undefined;
    return () => (day ??= repo.today(timezone));
  };

  /** Today's envelopes still closed, for the red-envelope promotions among these. */
  const envelopesLeftOf = async (today: () => Promise<Day>, promotions: PromotionRow[]): Promise<EnvelopesLeft> => {
    const ids = promotions.filter((p) => p.mechanic === 'envelope').map((p) => p.id);
    if (ids.length === 0) return new Map();
    return repo.envelopesLeft(ids, (await today()).day);
  };

  const dtoWithMine = async (merchant: Merchant, p: PromotionRow, memberId: bigint | null): Promise<Promotion> => {
    const now = new Date();
    const today = lazyDay(merchant.timezone);
    const left = await envelopesLeftOf(today, [p]);
    const mine = memberId === null ? null : ((await minesFor(merchant, memberId, [p], now, left, await today())).get(p.id) ?? null);
    return { ...baseDto(p, now, left), mine };
  };

  const PHASE_ORDER: Record<PromotionPhase, number> = { in_progress: 0, coming_soon: 1, closed: 2 };

  /** The hall: visible promotions, running first; a signed-in member sees where they stand with each. */
  const list = async (merchant: Merchant, auth: AuthContext | null, query: PromotionListQuery): Promise<PromotionListValue> => {
    const now = new Date();
    const rows = (await repo.listed(merchant.id, query.category)).sort((a, b) => PHASE_ORDER[phaseOf(a, now)] - PHASE_ORDER[phaseOf(b, now)]);
    const real = auth && !isTrialType(auth.type) ? auth : null;
    const today = lazyDay(merchant.timezone);
    const left = await envelopesLeftOf(today, rows);
    const mines = real ? await minesFor(merchant, real.memberId, rows, now, left, await today()) : new Map<bigint, PromotionMine>();
    const items = rows.map((p) => ({ ...baseDto(p, now, left), mine: real ? (mines.get(p.id) ?? null) : null }));
    return { items, currencySymbol: merchant.currencySymbol, claimable: items.filter((i) => i.mine?.state === 'claim' && i.mine.ready).length };
  };

  /** How many promotions of the hall the member can claim now (member info's availablePromos). */
  const claimable = async (merchant: Merchant, memberId: bigint) => {
    const now = new Date();
    // The hall's count: running promotions, and closed ones a member still holds a claim on.
    const shown = (await repo.listed(merchant.id)).filter((p) => phaseOf(p, now) !== 'coming_soon');
    const today = lazyDay(merchant.timezone);
    const mines = await minesFor(merchant, memberId, shown, now, await envelopesLeftOf(today, shown), await today());
    return [...mines.values()].filter((m) => m.state === 'claim' && m.ready).length;
  };

  const visible = async (merchantId: bigint, id: bigint) => {
    const p = await repo.find(merchantId, id);
    if (!p || !p.visible) throw new AppError('PROMOTION_NOT_FOUND');
    return p;
  };

  const detail = async (merchant: Merchant, auth: AuthContext | null, idText: string): Promise<Promotion> => {
    const p = await visible(merchant.id, BigInt(idText));
    return dtoWithMine(merchant, p, auth && !isTrialType(auth.type) ? auth.memberId : null);
  };

  const requireOpen = (p: PromotionRow) => {
    const phase = phaseOf(p);
    if (phase === 'coming_soon') throw new AppError('PROMOTION_NOT_STARTED');
    if (phase === 'closed') throw new AppError('PROMOTION_CLOSED');
  };

  const result = async (merchant: Merchant, memberId: bigint, promotionId: bigint, claimId: bigint, prize: bigint | null, replayed: boolean): Promise<PromotionActionValue> => {
    const [claim, p] = await Promise.all([repo.findClaim(merchant.id, claimId), repo.find(merchant.id, promotionId)]);
    if (!claim || !p) throw new Error('promotion record vanished');
    return { claim: claimDto(claim), promotion: await dtoWithMine(merchant, p, memberId), prize: money(prize), replayed };
  };

  const replay = async (merchant: Merchant, memberId: bigint, key: string, hash: string): Promise<PromotionActionValue> => {
    const found = await repo.findAction(memberId, key);
    if (!found || found.claim_id === null) throw new Error('promotion action key vanished');
    if (found.request_hash !== hash) throw new AppError('IDEMPOTENCY_CONFLICT');
    return result(merchant, memberId, found.promotion_id, found.claim_id, found.prize ?? null, true);
  };

  /**
   * One member action in one transaction: the key is claimed first (a resend, or a copy racing this
   * request, is answered with the first request's result, before any rule is judged again), then `work`
   * makes or moves the record and returns it with the prize drawn, if any.
   */
  const act = async (
    merchant: Merchant,
    memberId: bigint,
    p: PromotionRow,
    action: 'join' | 'apply' | 'claim',
    key: string,
    hash: string,
    work: (tx: Tx, day: Day) => Promise<{ claimId: bigint; prize: bigint | null }>,
  ): Promise<PromotionActionValue> => {
    const day = await repo.today(merchant.timezone);
    let made: { claimId: bigint; prize: bigint | null };
    try {
      made = await ledger.inTransaction(merchant.id, async (tx) => {
        if (!(await repo.claimKey(tx, { memberId, key, action, promotionId: p.id, hash }))) throw new KeyTaken();
        const done = await work(tx, day);
        await repo.settleKey(tx, memberId, key, done.claimId, done.prize);
        return done;
      });
    } catch (e) {
      if (e instanceof KeyTaken) return replay(merchant, memberId, key, hash);
      throw e;
    }
    return result(merchant, memberId, p.id, made.claimId, made.prize, false);
  };

  /** The two accounts a bonus moves between, found (or opened) before the transaction that pays it. */
  const accountsFor = async (merchant: { id: bigint; currency: string }, memberId: bigint) => {
    const [main, expense] = await Promise.all([
      ledger.memberAccount(merchant.id, memberId, MAIN_WALLET, merchant.currency),
      ledger.houseAccount(merchant.id, PROMOTION_EXPENSE, merchant.currency),
    ]);
    return { merchantId: merchant.id, main, expense };
  };

  /** Pays a bonus into the member's main wallet from promotion expense, under the record's own key. */
  const pay = (tx: Tx, accounts: { merchantId: bigint; main: bigint; expense: bigint }, claimId: bigint, amount: bigint, metadata: Record<string, unknown>) =>
    ledger.post(
      {
        merchantId: accounts.merchantId,
        type: 'PROMOTION_BONUS',
        idempotencyKey: `promotion-claim:${claimId}`,
        legs: [{ accountId: accounts.expense, amount: -amount }, { accountId: accounts.main, amount }],
        reference: promotionClaimNumber(claimId),
        metadata,
      },
      tx,
    );

  /** A deposit promotion: signing up comes before the deposit it pays on. */
  const join = async (merchant: Merchant, auth: AuthContext, idText: string, key: string): Promise<PromotionActionValue> => {
    const me = await memberOf(merchant, auth);
    const hash = hashOf({ action: 'join', promotionId: idText });
    if (await repo.findAction(me.id, key)) return replay(merchant, me.id, key, hash);
    const p = await visible(merchant.id, BigInt(idText));
    if (p.mechanic !== 'deposit') throw new AppError('PROMOTION_ACTION_INVALID');
    requireOpen(p);
    if (p.first_deposit_only && (await repo.hasDeposited(merchant.id, me.id))) throw new AppError('PROMOTION_FIRST_DEPOSIT_ONLY');
    return act(merchant, me.id, p, 'join', key, hash, async (tx, day) => {
      const claim = await repo.insertClaim(tx, { merchantId: merchant.id, memberId: me.id, promotionId: p.id, period: periodOf(p, day), status: 'signed_up' });
      if (!claim) throw new AppError('PROMOTION_TAKEN');
      return { claimId: claim.id, prize: null };
    });
  };

  /** An application (spec §5): a remark and the images the promotion asks for; the site decides. */
  const apply = async (merchant: Merchant, auth: AuthContext, idText: string, body: PromotionApplyBody): Promise<PromotionActionValue> => {
    const me = await memberOf(merchant, auth);
    const hash = hashOf({ action: 'apply', promotionId: idText, remark: body.remark, imageIds: body.imageIds });
    if (await repo.findAction(me.id, body.idempotencyKey)) return replay(merchant, me.id, body.idempotencyKey, hash);
    const p = await visible(merchant.id, BigInt(idText));
    if (p.mechanic !== 'apply') throw new AppError('PROMOTION_ACTION_INVALID');
    requireOpen(p);
    if (new Set(body.imageIds).size !== body.imageIds.length) throw new AppError('VALIDATION_FAILED', ['imageIds'], { fields: [{ field: 'imageIds', rule: 'unique', message: '' }] });
    if (p.proof === 'none' && body.imageIds.length > 0) throw new AppError('VALIDATION_FAILED', ['imageIds'], { fields: [{ field: 'imageIds', rule: 'not_needed', message: '' }] });
    if (p.proof === 'required' && body.imageIds.length === 0) throw new AppError('PROMOTION_PROOF_REQUIRED', [], { fields: [{ field: 'imageIds', rule: 'required', message: '' }] });
    const outcome = await act(merchant, me.id, p, 'apply', body.idempotencyKey, hash, async (tx, day) => {
      const free = await repo.freeUploads(tx, merchant.id, me.id, body.imageIds);
      if (free.length !== body.imageIds.length) throw new AppError('PROMOTION_IMAGES_INVALID', [], { fields: [{ field: 'imageIds', rule: 'own', message: '' }] });
      const claim = await repo.insertClaim(tx, { merchantId: merchant.id, memberId: me.id, promotionId: p.id, period: periodOf(p, day), status: 'applying', remark: body.remark || null });
      if (!claim) throw new AppError('PROMOTION_TAKEN');
      await repo.addImages(tx, claim.id, body.imageIds);
      return { claimId: claim.id, prize: null };
    }).catch((e: unknown) => {
      // The same image sent with another application at the same moment: it serves the one that got there first.
      throw isUniqueViolation(e) ? new AppError('PROMOTION_IMAGES_INVALID', [], { fields: [{ field: 'imageIds', rule: 'own', message: '' }] }) : e;
    });
    if (!outcome.replayed) notify(merchant.id, me.id, `promotion-claim:${outcome.claim.id}:applying`);
    return outcome;
  };

  /** Claims a deposit bonus the member qualified for, draws a raffle's prize or opens a red envelope; paid at once. */
  const claim = async (merchant: Merchant, auth: AuthContext, idText: string, key: string, only?: 'raffle'): Promise<PromotionActionValue> => {
    const me = await memberOf(merchant, auth);
    const hash = hashOf({ action: 'claim', promotionId: idText });
    if (await repo.findAction(me.id, key)) return replay(merchant, me.id, key, hash);
    const p = await visible(merchant.id, BigInt(idText));
    if (p.mechanic === 'apply' || (only && p.mechanic !== only)) throw new AppError('PROMOTION_ACTION_INVALID');
    // A member who joined and deposited while a deposit promotion ran keeps the bonus after it closes.
    if (DAILY_DRAWS.has(p.mechanic) || phaseOf(p) === 'coming_soon') requireOpen(p);
    const accounts = await accountsFor(merchant, me.id);

    if (p.mechanic === 'deposit') {
      // Two deposit promotions claimed at once may pick the same deposit; it pays one bonus (unique), the other is told to deposit.
      const once = (e: unknown): never => {
        throw isUniqueViolation(e) ? new AppError('PROMOTION_DEPOSIT_NEEDED', [fromMinor(p.min_deposit!)]) : e;
      };
      return act(merchant, me.id, p, 'claim', key, hash, async (tx, day) => {
        const c = await repo.lockClaimOf(tx, p.id, me.id, periodOf(p, day));
        if (!c) throw new AppError('PROMOTION_NOT_JOINED');
        if (c.status !== 'signed_up') throw new AppError('PROMOTION_TAKEN');
        const deposit = await qualifying(tx, merchant.id, p, c, day);
        const bonus = deposit ? depositBonus(deposit.amount, p.percent!, p.max_bonus ?? null) : 0n;
        if (!deposit || bonus <= 0n) throw new AppError('PROMOTION_DEPOSIT_NEEDED', [fromMinor(p.min_deposit!)]);
        const posting = await pay(tx, accounts, c.id, bonus, { promotion: p.code, deposit: deposit.id.toString() });
        await repo.updateClaim(tx, c.id, {
          status: 'claimed',
          bonus,
          deposit_id: deposit.id,
          deposit_amount: deposit.amount,
          turnover_required: bonus * BigInt(p.turnover_multiple),
          ledger_transaction_id: posting.transactionId,
          paid_at: new Date(),
        });
        return { claimId: c.id, prize: null };
      }).catch(once);
    }

    // A raffle or red envelopes: the day's deposit first, then one draw a day.
    return act(merchant, me.id, p, 'claim', key, hash, async (tx, day) => {
      const deposited = await repo.depositedBetween(merchant.id, me.id, day.start, day.end, tx);
      const short = (p.min_deposit ?? 0n) - deposited;
      if (short > 0n) throw new AppError('PROMOTION_DEPOSIT_NEEDED', [fromMinor(short)]);
      const period = periodOf(p, day);
      const c = await repo.insertClaim(tx, { merchantId: merchant.id, memberId: me.id, promotionId: p.id, period, status: 'signed_up' });
      if (!c) throw new AppError('PROMOTION_TAKEN');
      let prize: bigint;
      if (p.mechanic === 'envelope') {
        // The day's pool is locked from here to the commit: openings queue on it, one share each.
        const pool = await repo.lockEnvelopeDay(tx, { id: p.id, pool: p.pool_total!, count: p.envelope_count! }, period);
        if (pool.left_count <= 0) throw new AppError('PROMOTION_ENVELOPES_GONE');
        prize = envelopeShare(pool.left_amount, pool.left_count);
        await repo.takeEnvelope(tx, p.id, period, prize);
      } else prize = drawPrize(p.prizes!);
      const posting = await pay(tx, accounts, c.id, prize, { promotion: p.code, [p.mechanic === 'envelope' ? 'envelope' : 'raffle']: true });
      await repo.updateClaim(tx, c.id, { status: 'claimed', bonus: prize, turnover_required: prize * BigInt(p.turnover_multiple), ledger_transaction_id: posting.transactionId, paid_at: new Date() });
      return { claimId: c.id, prize };
    });
  };

  const claims = async (merchant: Merchant, auth: AuthContext, query: PromotionClaimQuery): Promise<PromotionClaimListValue> => {
    const me = await memberOf(merchant, auth);
    const statuses = query.status === 'paid' ? (['issued', 'claimed'] as const) : query.status ? [query.status] : undefined;
    const [{ items, total }, summary] = await Promise.all([repo.claimPage(merchant.id, { memberId: me.id, statuses }, query.page), repo.bonusSummary(merchant.id, me.id)]);
    return { items: items.map(claimDto), page: query.page, pageSize: LIST_PAGE_SIZE, total, turnoverPending: fromMinor(summary.pending), bonusTotal: fromMinor(summary.paid) };
  };

  /** Bets the member still owes their bonuses' turnover (withdrawals wait for zero). */
  const turnoverPending = async (merchantId: bigint, memberId: bigint, tx?: Tx) => (await repo.bonusSummary(merchantId, memberId, tx)).pending;

  // ---- operators ----

  const opsList = async (actor: OperatorContext, merchant: Merchant) => {
    allowRoles(actor, READ_ROLES);
    const now = new Date();
    const rows = await repo.all(actor.merchantId);
    const left = await envelopesLeftOf(lazyDay(merchant.timezone), rows);
    return { items: rows.map((p) => opsDto(p, left, now)) };
  };

  const create = async (actor: OperatorContext, merchant: Merchant, body: OpsPromotionBody, client: Client): Promise<OpsPromotion> => {
    allowRoles(actor, EDIT_ROLES);
    const minor = (v: string | undefined) => (v === undefined ? null : toMinor(v));
    const row = await repo.db.transaction().execute(async (tx) => {
      const made = await repo.create(
        {
          merchantId: actor.merchantId,
          code: body.code,
          category: body.category,
          mechanic: body.mechanic,
          repeat: body.repeat,
          art: body.art,
          title: body.title,
          summary: body.summary,
          body: body.body,
          startsAt: new Date(body.startsAt),
          endsAt: body.endsAt ? new Date(body.endsAt) : null,
          visible: body.visible,
          sort: body.sort,
          bonus: minor(body.bonus),
          percent: body.percent ?? null,
          maxBonus: minor(body.maxBonus),
          minDeposit: minor(body.minDeposit),
          firstDepositOnly: body.firstDepositOnly,
          turnoverMultiple: body.turnoverMultiple,
          prizes: body.prizes ?? null,
          proof: body.proof,
          poolTotal: minor(body.poolTotal),
          envelopeCount: body.envelopeCount ?? null,
        },
        tx,
      );
      if (!made) throw new AppError('PROMOTION_CODE_TAKEN', [], { fields: [{ field: 'code', rule: 'unique', message: '' }] });
      await audit.record({ merchantId: actor.merchantId, operatorId: actor.operatorId, action: 'promotion.create', targetType: 'promotion', targetId: made.id.toString(), after: { ...body }, ip: client.ip }, tx);
      return made;
    });
    return opsDto(row, await envelopesLeftOf(lazyDay(merchant.timezone), [row]));
  };

  const patch = async (actor: OperatorContext, merchant: Merchant, idText: string, body: OpsPromotionPatch, client: Client): Promise<OpsPromotion> => {
    allowRoles(actor, EDIT_ROLES);
    const row = await repo.db.transaction().execute(async (tx) => {
      const p = await repo.lock(tx, actor.merchantId, BigInt(idText));
      if (!p) throw new AppError('PROMOTION_NOT_FOUND');
      const startsAt = body.startsAt ? new Date(body.startsAt) : p.starts_at;
      const endsAt = body.endsAt === undefined ? p.ends_at : body.endsAt === null ? null : new Date(body.endsAt);
      if (endsAt && endsAt <= startsAt) throw new AppError('VALIDATION_FAILED', ['endsAt'], { fields: [{ field: 'endsAt', rule: 'after_start', message: '' }] });
      const updated = await repo.update(tx, p.id, {
        ...(body.category === undefined ? {} : { category: body.category }),
        ...(body.art === undefined ? {} : { art: body.art }),
        ...(body.title === undefined ? {} : { title: body.title }),
        ...(body.summary === undefined ? {} : { summary: body.summary }),
        ...(body.body === undefined ? {} : { body: body.body }),
        ...(body.startsAt === undefined ? {} : { starts_at: startsAt }),
        ...(body.endsAt === undefined ? {} : { ends_at: endsAt }),
        ...(body.visible === undefined ? {} : { visible: body.visible }),
        ...(body.sort === undefined ? {} : { sort: body.sort }),
      });
      const shown = (r: PromotionRow) => ({ category: r.category, art: r.art, title: r.title, summary: r.summary, body: r.body, startsAt: r.starts_at.toISOString(), endsAt: iso(r.ends_at), visible: r.visible, sort: r.sort });
      await audit.record({ merchantId: actor.merchantId, operatorId: actor.operatorId, action: 'promotion.update', targetType: 'promotion', targetId: idText, before: shown(p), after: shown(updated), ip: client.ip }, tx);
      return updated;
    });
    return opsDto(row, await envelopesLeftOf(lazyDay(merchant.timezone), [row]));
  };

  const opsClaims = async (actor: OperatorContext, query: OpsPromotionClaimQuery): Promise<OpsPromotionClaimListValue> => {
    allowRoles(actor, READ_ROLES);
    const { items, total } = await repo.claimPage(actor.merchantId, { statuses: query.status ? [query.status] : undefined, promotionId: query.promotionId ? BigInt(query.promotionId) : undefined }, query.page);
    const withImages = await Promise.all(items.map(async (c) => opsClaimDto(c, c.image_count > 0 ? await repo.imagesOf(c.id) : [])));
    return { items: withImages, page: query.page, pageSize: LIST_PAGE_SIZE, total };
  };

  /**
   * The site's decision on an application, locked and audited with its effect: approving pays the bonus
   * (the promotion's fixed bonus, or the amount given, up to its maximum) with its turnover; rejecting
   * tells the member why. The decision it already has is answered as a replay; the other is refused.
   */
  const decide = async (actor: OperatorContext, merchant: Merchant, idText: string, decision: 'approve' | 'reject', body: { amount?: string; remark?: string } | undefined, client: Client): Promise<OpsPromotionDecisionValue> => {
    allowRoles(actor, DECIDE_ROLES);
    const remark = body?.remark;
    if (decision === 'reject' && !remark) throw new AppError('VALIDATION_FAILED', ['remark'], { fields: [{ field: 'remark', rule: 'required', message: '' }] });
    if (decision === 'reject' && body?.amount !== undefined) throw new AppError('VALIDATION_FAILED', ['amount'], { fields: [{ field: 'amount', rule: 'not_needed', message: '' }] });
    const id = BigInt(idText);
    const target = decision === 'approve' ? 'issued' : 'rejected';
    const seen = await repo.findClaim(actor.merchantId, id);
    if (!seen) throw new AppError('NOT_FOUND');
    const accounts = decision === 'approve' ? await accountsFor({ id: actor.merchantId, currency: merchant.currency }, seen.member_id) : null;

    const outcome = await ledger.inTransaction(actor.merchantId, async (tx) => {
      const c = await repo.lockClaim(tx, actor.merchantId, id);
      if (!c) throw new AppError('NOT_FOUND');
      if (c.status === target) return { replayed: true, memberId: c.member_id };
      if (c.status !== 'applying') throw new AppError('PROMOTION_CLAIM_DECIDED');
      const p = await repo.find(actor.merchantId, c.promotion_id, tx);
      if (!p) throw new Error('promotion vanished');
      const base = { merchantId: actor.merchantId, operatorId: actor.operatorId, targetType: 'promotion_claim', targetId: idText, reason: remark ?? null, ip: client.ip };
      if (decision === 'reject') {
        await repo.updateClaim(tx, id, { status: 'rejected', review_remark: remark!, decided_by: actor.operatorId, decided_at: new Date() });
        await audit.record({ ...base, action: 'promotion_claim.reject', before: { status: c.status }, after: { status: 'rejected', number: promotionClaimNumber(id), promotion: p.code, memberId: c.member_id.toString() } }, tx);
        return { replayed: false, memberId: c.member_id };
      }
      const amount = body?.amount !== undefined ? toMinor(body.amount) : p.bonus;
      if (amount === null || amount === undefined) throw new AppError('PROMOTION_AMOUNT_REQUIRED', [], { fields: [{ field: 'amount', rule: 'required', message: '' }] });
      const cap = p.max_bonus ?? p.bonus;
      if (cap !== null && amount > cap) throw new AppError('PROMOTION_AMOUNT_TOO_HIGH', [fromMinor(cap)], { fields: [{ field: 'amount', rule: 'max', message: '' }] });
      const posting = await pay(tx, accounts!, id, amount, { promotion: p.code, operatorId: actor.operatorId.toString() });
      const turnover = amount * BigInt(p.turnover_multiple);
      await repo.updateClaim(tx, id, { status: 'issued', bonus: amount, turnover_required: turnover, review_remark: remark ?? null, decided_by: actor.operatorId, decided_at: new Date(), paid_at: new Date(), ledger_transaction_id: posting.transactionId });
      await audit.record(
        {
          ...base,
          action: 'promotion_claim.approve',
          before: { status: c.status },
          after: { status: 'issued', number: promotionClaimNumber(id), promotion: p.code, memberId: c.member_id.toString(), bonus: fromMinor(amount), turnoverRequired: fromMinor(turnover) },
          ledgerTransactionId: posting.transactionId,
        },
        tx,
      );
      return { replayed: false, memberId: c.member_id };
    });
    // A rejection moves no money, so no balance event would tell the member's open pages.
    if (!outcome.replayed) notify(actor.merchantId, outcome.memberId, `promotion-claim:${idText}:${target}`);
    const after = await repo.findClaim(actor.merchantId, id);
    if (!after) throw new Error('promotion record vanished');
    return { ...opsClaimDto(after, await repo.imagesOf(id)), replayed: outcome.replayed };
  };

  return { list, claimable, detail, join, apply, claim, claims, turnoverPending, opsList, create, patch, opsClaims, decide };
};
export type PromotionsService = ReturnType<typeof promotionsService>;
