import { createHash } from 'node:crypto';
import {
  fromMinor,
  LIST_PAGE_SIZE,
  maskAccountNumber,
  toMinor,
  withdrawalFee,
  type OpsWithdrawal,
  type OpsWithdrawalListValue,
  type OpsWithdrawalReviewValue,
  type Withdrawal,
  type WithdrawalConfirmBody,
  type WithdrawalListQuery,
  type WithdrawalListValue,
  type WithdrawBody,
  type WithdrawCreateValue,
  type WithdrawSettingsValue,
} from '@apsara/contracts';
import { AppError } from '../../lib/app-error.js';
import type { Merchant } from '../merchant/merchant-config.js';
import type { AuthContext } from '../session/session.service.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import type { Tx } from '../ledger/ledger.repository.js';
import { MAIN_WALLET, type MemberRepository } from '../member/member.repository.js';
import { allowRoles, type OperatorContext } from '../ops/ops.service.js';
import type { AuditRepository } from '../ops/audit.repository.js';
import { cardDto, type SecurityService } from '../security/security.service.js';
import type { BankCardRepository } from '../security/bank-card.repository.js';
import { CASH_CLEARING } from '../deposit/deposit.service.js';
import type { WithdrawalRepository, WithdrawalView } from './withdrawal.repository.js';
import type { RecordNotice } from '../../lib/events.js';

/** House account that collects withdrawal fees. */
export const WITHDRAWAL_FEES = 'WITHDRAWAL_FEES';
export const withdrawalHoldKey = (memberId: bigint, key: string) => `withdrawal:${memberId}:${key}`;

const READ_ROLES = ['admin', 'finance', 'support'] as const;
const REVIEW_ROLES = ['admin', 'finance'] as const;
/** Roles that see the full account number (they pay it); support sees it masked. */
const PAY_ROLES = ['admin', 'finance'] as const;

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;

const toDto = (r: WithdrawalView): Withdrawal => ({
  id: r.id.toString(),
  bankName: r.bank_name,
  accountName: r.account_name,
  accountNumberMasked: maskAccountNumber(r.account_number),
  amount: fromMinor(r.amount),
  fee: fromMinor(r.fee),
  payout: fromMinor(r.amount - r.fee),
  currency: r.currency,
  status: r.status,
  confirmation: r.confirmation ?? null,
  receivedAmount: r.received_amount == null ? null : fromMinor(r.received_amount),
  confirmDeadline: iso(r.confirm_deadline),
  proofIds: r.proof_ids,
  reviewNote: r.review_note ?? null,
  createdAt: r.created_at.toISOString(),
  approvedAt: iso(r.approved_at),
  paidAt: iso(r.paid_at),
  rejectedAt: iso(r.rejected_at),
  confirmedAt: iso(r.confirmed_at),
});

const toOpsDto = (r: WithdrawalView, actor: OperatorContext): OpsWithdrawal => ({
  ...toDto(r),
  memberId: r.member_id.toString(),
  username: r.username,
  accountNumber: (PAY_ROLES as readonly string[]).includes(actor.role) ? r.account_number : maskAccountNumber(r.account_number),
  reviewedBy: r.reviewed_by?.toString() ?? null,
  reviewedByName: r.reviewed_by_name,
});

const stateError = (status: string) => new AppError('WITHDRAWAL_STATE_INVALID', [status], { data: { status } });

export type Client = { ip: string };

/**
 * Withdrawals: a request holds the funds (not spendable, still in the balance); an operator approves,
 * then marks it paid (the hold is captured: the amount leaves the wallet, payout to cash clearing and
 * the fee to fee income) or rejects it (the hold is released). After payment the member confirms
 * receipt; silence past the deadline counts as received.
 */
export const withdrawalService = (deps: {
  withdrawals: WithdrawalRepository;
  cards: BankCardRepository;
  members: MemberRepository;
  ledger: LedgerService;
  audit: AuditRepository;
  security: SecurityService;
  notify?: RecordNotice;
  /** Bets the member still owes their promotion bonuses (a withdrawal waits for none); `tx` reads inside the caller's transaction. */
  turnoverPending?: (merchantId: bigint, memberId: bigint, tx?: Tx) => Promise<bigint>;
}) => {
  const { withdrawals, cards, members, ledger, audit, security, notify = () => {}, turnoverPending = async () => 0n } = deps;

  const current = async (merchantId: bigint, id: bigint) => {
    const row = await withdrawals.find(merchantId, id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  };

  const settings = async (merchant: Merchant, auth: AuthContext): Promise<WithdrawSettingsValue> => {
    const c = merchant.config.withdrawal;
    const member = await members.findById(merchant.id, auth.memberId);
    if (!member) throw new AppError('NOT_LOGGED_IN');
    const account = await ledger.memberAccount(merchant.id, auth.memberId, MAIN_WALLET, merchant.currency);
    const balance = await ledger.balanceOf(merchant.id, account);
    return {
      min: fromMinor(toMinor(c.min)),
      max: fromMinor(toMinor(c.max)),
      feeFixed: fromMinor(toMinor(c.feeFixed)),
      feeBps: c.feeBps,
      confirmMinutes: c.confirmMinutes,
      available: fromMinor(balance.balance - balance.held),
      currency: merchant.currency,
      currencySymbol: merchant.currencySymbol,
      hasPaymentPassword: !!member.payment_password_hash,
      realName: member.payee_name ?? null,
      turnoverPending: fromMinor(await turnoverPending(merchant.id, auth.memberId)),
      bankCards: (await cards.listActive(merchant.id, auth.memberId)).map(cardDto),
    };
  };

  /** Thrown inside the request transaction when the key was taken meanwhile: undo, then replay. */
  class KeyTaken extends Error {}

  const request = async (merchant: Merchant, auth: AuthContext, body: WithdrawBody): Promise<WithdrawCreateValue> => {
    security.realAccountOnly(auth);
    const c = merchant.config.withdrawal;
    const amount = toMinor(body.amount);
    const cardId = BigInt(body.bankCardId);
    const requestHash = createHash('sha256').update(`${cardId}|${amount}`).digest('hex');
    const replay = (row: WithdrawalView | undefined): WithdrawCreateValue => {
      if (!row) throw new Error('withdrawal idempotency key vanished');
      if (row.request_hash !== requestHash) throw new AppError('IDEMPOTENCY_CONFLICT');
      return { ...toDto(row), replayed: true };
    };
    // A resent request is answered with the first one before anything else is judged: a client whose
    // answer was lost must learn its funds are held, not meet a lock or a changed rule.
    const earlier = await withdrawals.findByKey(merchant.id, auth.memberId, body.idempotencyKey);
    if (earlier) return replay(earlier);
    const min = toMinor(c.min);
    const max = toMinor(c.max);
    if (amount < min || amount > max) {
      throw new AppError('WITHDRAW_AMOUNT_OUT_OF_RANGE', [fromMinor(min), fromMinor(max)], { fields: [{ field: 'amount', rule: 'range', message: '' }] });
    }
    const fee = withdrawalFee(amount, toMinor(c.feeFixed), c.feeBps);
    if (fee >= amount) throw new AppError('WITHDRAW_FEE_TOO_HIGH', [fromMinor(fee)], { fields: [{ field: 'amount', rule: 'fee', message: '' }] });
    const card = await cards.findActive(merchant.id, auth.memberId, cardId);
    if (!card) throw new AppError('BANK_CARD_NOT_FOUND', [], { fields: [{ field: 'bankCardId', rule: 'own', message: '' }] });
    const owed = await turnoverPending(merchant.id, auth.memberId);
    if (owed > 0n) throw new AppError('WITHDRAW_TURNOVER_PENDING', [fromMinor(owed)]);
    const member = await members.findById(merchant.id, auth.memberId);
    if (!member) throw new AppError('NOT_LOGGED_IN');
    await security.verifyPaymentPassword(merchant.id, member.id, member.payment_password_hash ?? null, body.paymentPassword);

    const account = await ledger.memberAccount(merchant.id, auth.memberId, MAIN_WALLET, merchant.currency);
    try {
      const id = await ledger.inTransaction(merchant.id, async (tx) => {
        // The card cannot be removed while this runs (removal takes the same member lock).
        await cards.lockMember(tx, merchant.id, auth.memberId);
        if (!(await cards.findActive(merchant.id, auth.memberId, cardId, tx))) throw new AppError('BANK_CARD_NOT_FOUND');
        const held = await ledger.hold(
          { merchantId: merchant.id, accountId: account, amount, idempotencyKey: withdrawalHoldKey(auth.memberId, body.idempotencyKey), reference: 'withdrawal' },
          tx,
        );
        if (held.replayed) throw new KeyTaken();
        // Judged again with the main account locked by the hold: a bonus paid meanwhile (its posting takes the
        // same lock) is seen here, and one paid later comes after this hold, so bonus money never leaves unbet.
        const owedNow = await turnoverPending(merchant.id, auth.memberId, tx);
        if (owedNow > 0n) throw new AppError('WITHDRAW_TURNOVER_PENDING', [fromMinor(owedNow)]);
        const row = await withdrawals.insert(tx, {
          merchantId: merchant.id,
          memberId: auth.memberId,
          bankCardId: cardId,
          amount,
          fee,
          currency: merchant.currency,
          holdId: held.holdId,
          idempotencyKey: body.idempotencyKey,
          requestHash,
        });
        return row.id;
      });
      return { ...toDto(await current(merchant.id, id)), replayed: false };
    } catch (e) {
      if (e instanceof KeyTaken || (e instanceof AppError && e.code === 'IDEMPOTENCY_CONFLICT')) {
        return replay(await withdrawals.findByKey(merchant.id, auth.memberId, body.idempotencyKey));
      }
      throw e;
    }
  };

  const listMine = async (merchant: Merchant, auth: AuthContext, query: WithdrawalListQuery): Promise<WithdrawalListValue> => {
    const { items, total } = await withdrawals.listPage(merchant.id, { memberId: auth.memberId, status: query.status, confirmation: query.confirmation }, query.page);
    return { items: items.map(toDto), page: query.page, pageSize: LIST_PAGE_SIZE, total };
  };

  /** The member's answer once paid: received, partial (with the amount that arrived) or not received, with proof. */
  const confirm = async (merchant: Merchant, auth: AuthContext, idText: string, body: WithdrawalConfirmBody): Promise<Withdrawal> => {
    const id = BigInt(idText);
    const mine = await withdrawals.find(merchant.id, id);
    if (!mine || mine.member_id !== auth.memberId) throw new AppError('NOT_FOUND');
    if (body.outcome !== 'received' && body.proofIds.length === 0) throw new AppError('PROOF_REQUIRED', [], { fields: [{ field: 'proofIds', rule: 'required', message: '' }] });
    await withdrawals.db.transaction().execute(async (tx) => {
      const w = await withdrawals.lock(tx, merchant.id, id);
      if (!w || w.member_id !== auth.memberId) throw new AppError('NOT_FOUND');
      if (w.status !== 'paid') throw stateError(w.status);
      if (w.confirmation) throw new AppError('WITHDRAWAL_ALREADY_CONFIRMED');
      const payout = w.amount - w.fee;
      const now = new Date();
      if (w.confirm_deadline && w.confirm_deadline <= now) {
        // Past the deadline the silence already counted as received; record it and say so.
        await withdrawals.update(tx, id, { confirmation: 'auto_received', confirmed_at: now, received_amount: payout });
        return;
      }
      let received = payout;
      if (body.outcome === 'partial') {
        received = toMinor(body.receivedAmount!);
        if (received >= payout) throw new AppError('RECEIVED_AMOUNT_TOO_HIGH', [fromMinor(payout)], { fields: [{ field: 'receivedAmount', rule: 'max', message: '' }] });
      } else if (body.outcome === 'not_received') {
        received = 0n;
      }
      const free = await withdrawals.freeUploads(tx, merchant.id, auth.memberId, body.proofIds);
      if (free.length !== body.proofIds.length) throw new AppError('PROOF_INVALID', [], { fields: [{ field: 'proofIds', rule: 'own', message: '' }] });
      await withdrawals.addProofs(tx, id, body.proofIds);
      await withdrawals.update(tx, id, { confirmation: body.outcome, confirmed_at: now, received_amount: received });
    });
    const after = await current(merchant.id, id);
    if (after.confirmation === 'auto_received' && body.outcome !== 'received') throw new AppError('WITHDRAWAL_ALREADY_CONFIRMED');
    return toDto(after);
  };

  const listForOps = async (actor: OperatorContext, query: WithdrawalListQuery): Promise<OpsWithdrawalListValue> => {
    allowRoles(actor, READ_ROLES);
    const { items, total } = await withdrawals.listPage(actor.merchantId, { status: query.status, confirmation: query.confirmation }, query.page);
    return { items: items.map((w) => toOpsDto(w, actor)), page: query.page, pageSize: LIST_PAGE_SIZE, total };
  };

  type Decision = 'approve' | 'paid' | 'reject';

  /**
   * One operator decision, in one transaction with its ledger effect and its audit row: the
   * withdrawal is locked, so racing decisions run one after the other and the second sees the first.
   * Asking for the state it is already in changes nothing (replayed); any other move is refused.
   */
  const decide = async (actor: OperatorContext, merchant: Merchant, idText: string, decision: Decision, note: string | undefined, client: Client): Promise<OpsWithdrawalReviewValue> => {
    allowRoles(actor, REVIEW_ROLES);
    const id = BigInt(idText);
    const found = await current(actor.merchantId, id);
    const cash = decision === 'paid' ? await ledger.houseAccount(actor.merchantId, CASH_CLEARING, found.currency) : 0n;
    const fees = decision === 'paid' ? await ledger.houseAccount(actor.merchantId, WITHDRAWAL_FEES, found.currency) : 0n;
    const target = { approve: 'approved', paid: 'paid', reject: 'rejected' } as const;
    const from = { approve: ['pending'], paid: ['approved'], reject: ['pending', 'approved'] } as const;

    const replayed = await ledger.inTransaction(actor.merchantId, async (tx: Tx) => {
      const w = await withdrawals.lock(tx, actor.merchantId, id);
      if (!w) throw new AppError('NOT_FOUND');
      if (w.status === target[decision]) return true;
      if (!(from[decision] as readonly string[]).includes(w.status)) throw stateError(w.status);
      const now = new Date();
      const base = { merchantId: actor.merchantId, operatorId: actor.operatorId, targetType: 'withdrawal', targetId: id.toString(), reason: note ?? null, ip: client.ip };
      const facts = { amount: fromMinor(w.amount), fee: fromMinor(w.fee), memberId: w.member_id.toString() };
      if (decision === 'approve') {
        await withdrawals.update(tx, id, { status: 'approved', approved_at: now, reviewed_by: actor.operatorId, review_note: note ?? null });
        await audit.record({ ...base, action: 'withdrawal.approve', before: { status: w.status }, after: { status: 'approved', ...facts } }, tx);
      } else if (decision === 'reject') {
        await ledger.releaseHold(actor.merchantId, w.hold_id, tx);
        await withdrawals.update(tx, id, { status: 'rejected', rejected_at: now, reviewed_by: actor.operatorId, review_note: note ?? w.review_note ?? null });
        await audit.record({ ...base, action: 'withdrawal.reject', before: { status: w.status, held: fromMinor(w.amount) }, after: { status: 'rejected', held: '0.00', ...facts } }, tx);
      } else {
        const payout = w.amount - w.fee;
        const legs = [{ accountId: cash, amount: payout }, ...(w.fee > 0n ? [{ accountId: fees, amount: w.fee }] : [])];
        const posting = await ledger.captureHold(actor.merchantId, w.hold_id, legs, 'WITHDRAWAL', tx);
        const entry = posting.entries.find((e) => e.amount === -w.amount);
        if (!entry) throw new Error('withdrawal posting without the member leg');
        const deadline = new Date(now.getTime() + merchant.config.withdrawal.confirmMinutes * 60_000);
        await withdrawals.update(tx, id, { status: 'paid', paid_at: now, confirm_deadline: deadline, ledger_transaction_id: posting.transactionId, reviewed_by: actor.operatorId, review_note: note ?? w.review_note ?? null });
        await audit.recordForPosting(
          {
            ...base,
            action: 'withdrawal.paid',
            before: { status: w.status, balance: fromMinor(entry.balanceAfter - entry.amount) },
            after: { status: 'paid', balance: fromMinor(entry.balanceAfter), payout: fromMinor(payout), transactionId: posting.transactionId.toString(), ...facts },
            ledgerTransactionId: posting.transactionId,
          },
          tx,
        );
      }
      return false;
    });
    const after = await current(actor.merchantId, id);
    // An approval moves no money, so no balance event tells the member's open list; this does.
    if (decision === 'approve' && !replayed) notify(actor.merchantId, after.member_id, `withdrawal:${id}:approved`);
    return { ...toOpsDto(after, actor), replayed };
  };

  return { settings, request, listMine, confirm, listForOps, decide, autoConfirmDue: withdrawals.autoConfirmDue };
};
export type WithdrawalService = ReturnType<typeof withdrawalService>;
