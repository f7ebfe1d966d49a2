import { createHash, randomUUID } from 'node:crypto';
import {
  fromMinor,
  isTrialType,
  LIST_PAGE_SIZE,
  ONLINE_ORDER_MINUTES,
  toMinor,
  type Deposit,
  type DepositBankFields,
  type DepositChannelsValue,
  type DepositCreateValue,
  type DepositListQuery,
  type DepositListValue,
  type OpsDeposit,
  type OpsDepositListValue,
  type OpsDepositReviewValue,
  type PaymentChannelConfig,
} from '@apsara/contracts';
import { AppError } from '../../lib/app-error.js';
import type { Merchant } from '../merchant/merchant-config.js';
import type { AuthContext } from '../session/session.service.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import type { Tx } from '../ledger/ledger.repository.js';
import { MAIN_WALLET } from '../member/member.repository.js';
import { allowRoles, type OperatorContext } from '../ops/ops.service.js';
import type { AuditRepository } from '../ops/audit.repository.js';
import type { DepositRow } from '../../db/schema.js';
import type { DepositRepository, DepositWithMember } from './deposit.repository.js';
import { sniffImage } from './receipt.js';
import type { RecordNotice } from '../../lib/events.js';

/** The house account a member's deposit is booked against until the bank statement is reconciled. */
export const CASH_CLEARING = 'CASH_CLEARING';
export const depositPostingKey = (id: bigint) => `deposit:${id}`;

const READ_ROLES = ['admin', 'finance', 'support'] as const;
const REVIEW_ROLES = ['admin', 'finance'] as const;

export const toDto = (r: DepositRow): Deposit => ({
  id: r.id.toString(),
  channelId: r.channel_id,
  type: r.type,
  amount: fromMinor(r.amount),
  currency: r.currency,
  reference: r.reference,
  status: r.status,
  receiptId: r.receipt_id,
  ledgerTransactionId: r.ledger_transaction_id?.toString() ?? null,
  // What a provider or the clock decided on an online order is told by its status, in the member's
  // language; the note a member sees is an operator's. Operators see every note (toOpsDto).
  reviewNote: r.type === 'ONLINE' && r.reviewed_by === null ? null : r.review_note,
  createdAt: r.created_at.toISOString(),
  reviewedAt: r.reviewed_at?.toISOString() ?? null,
  expiresAt: r.expires_at?.toISOString() ?? null,
  decidedBy: r.status === 'pending' ? null : r.reviewed_by !== null ? 'operator' : r.status === 'expired' ? 'system' : 'provider',
});

/** How long an order of this online channel waits for its payment. */
export const onlineOrderMinutes = (c: PaymentChannelConfig) => c.expiresMinutes ?? ONLINE_ORDER_MINUTES;

const toOpsDto = (r: DepositWithMember): OpsDeposit => ({
  ...toDto(r),
  reviewNote: r.review_note,
  memberId: r.member_id.toString(),
  username: r.username,
  reviewedBy: r.reviewed_by?.toString() ?? null,
  reviewedByName: r.reviewed_by_name,
});

const asBuffer = (b: Uint8Array) => (Buffer.isBuffer(b) ? b : Buffer.from(b.buffer, b.byteOffset, b.byteLength));

/**
 * Credits an accepted deposit inside `tx`: cash clearing → the member's main wallet under the key
 * `deposit:<id>` (so no two paths can ever credit one deposit twice), linked to the deposit row.
 */
export const creditDeposit = async (
  ledger: LedgerService,
  deposits: DepositRepository,
  tx: Tx,
  d: DepositRow,
  accounts: { cash: bigint; member: bigint },
  metadata: Record<string, string> = {},
) => {
  const posting = await ledger.post(
    {
      merchantId: d.merchant_id,
      type: 'DEPOSIT',
      idempotencyKey: depositPostingKey(d.id),
      legs: [
        { accountId: accounts.cash, amount: -d.amount },
        { accountId: accounts.member, amount: d.amount },
      ],
      reference: `deposit:${d.id}`,
      metadata: { depositId: d.id.toString(), channelId: d.channel_id, ...metadata },
    },
    tx,
  );
  const entry = posting.entries.find((e) => e.accountId === accounts.member);
  if (!entry) throw new Error('deposit posting without the member leg');
  await deposits.linkPosting(tx, d.id, posting.transactionId);
  return { posting, entry };
};

export type ReceiptFile = { bytes: Buffer };
export type Client = { ip: string };

/**
 * Manual deposits: a member reports a bank transfer with its receipt (pending, no money moves), an
 * operator approves it (the ledger credits the member from cash clearing) or rejects it.
 */
export const depositService = (deps: {
  deposits: DepositRepository;
  ledger: LedgerService;
  audit: AuditRepository;
  usable?: (c: PaymentChannelConfig) => boolean;
  /** The payment page of an online order that can still be paid (online deposits), else null. */
  openPayUrl?: (row: DepositRow) => string | null;
  notify?: RecordNotice;
}) => {
  const { deposits, ledger, audit, usable = () => true, notify = () => {} } = deps;

  const channels = (merchant: Merchant): DepositChannelsValue => ({
    channels: merchant.config.payment.channels
      .filter((c) => c.enabled && usable(c))
      .map((c) => ({
        id: c.id,
        type: c.type,
        name: c.name,
        min: fromMinor(toMinor(c.min)),
        max: fromMinor(toMinor(c.max)),
        bank: c.type === 'BANK_TRANSFER' && c.bank ? { bankName: c.bank.bankName, accountName: c.bank.accountName, accountNumber: c.bank.accountNumber } : null,
        expiresMinutes: c.type === 'ONLINE' ? onlineOrderMinutes(c) : null,
      })),
    currency: merchant.currency,
    currencySymbol: merchant.currencySymbol,
  });

  /** The first check of a deposit: trial accounts never pay in. Runs before the form is read. */
  const mayDeposit = (auth: AuthContext) => {
    if (isTrialType(auth.type)) throw new AppError('TRIAL_NEED_REAL_ACCOUNT');
  };

  const requestBank = async (merchant: Merchant, auth: AuthContext, fields: DepositBankFields, receipt: ReceiptFile): Promise<DepositCreateValue> => {
    mayDeposit(auth);
    const channel = merchant.config.payment.channels.find((c) => c.id === fields.channelId);
    if (!channel || !channel.enabled || channel.type !== 'BANK_TRANSFER') {
      throw new AppError('DEPOSIT_CHANNEL_UNAVAILABLE', [], { fields: [{ field: 'channelId', rule: 'available', message: '' }] });
    }
    const amount = toMinor(fields.amount);
    const min = toMinor(channel.min);
    const max = toMinor(channel.max);
    if (amount < min || amount > max) {
      throw new AppError('DEPOSIT_AMOUNT_OUT_OF_RANGE', [fromMinor(min), fromMinor(max)], { fields: [{ field: 'amount', rule: 'range', message: '' }] });
    }
    const contentType = sniffImage(receipt.bytes);
    if (!contentType) throw new AppError('RECEIPT_TYPE_INVALID', [], { fields: [{ field: 'receipt', rule: 'type', message: '' }] });

    const same = (row: DepositRow) => row.amount === amount && row.channel_id === channel.id && row.reference === fields.reference;
    const replay = (row: DepositRow | undefined): DepositCreateValue => {
      if (!row) throw new Error('deposit idempotency key vanished');
      if (!same(row)) throw new AppError('IDEMPOTENCY_CONFLICT');
      return { ...toDto(row), replayed: true };
    };
    // A replay is answered before anything is stored, so a resent form never leaves a second file.
    const earlier = await deposits.findByKey(merchant.id, auth.memberId, fields.idempotencyKey);
    if (earlier) return replay(earlier);

    const receiptId = randomUUID();
    const created = await deposits.create(
      { id: receiptId, merchantId: merchant.id, memberId: auth.memberId, contentType, bytes: receipt.bytes, sha256: createHash('sha256').update(receipt.bytes).digest('hex') },
      { merchantId: merchant.id, memberId: auth.memberId, channelId: channel.id, type: channel.type, amount, currency: merchant.currency, reference: fields.reference, receiptId, idempotencyKey: fields.idempotencyKey },
    );
    if (!created) return replay(await deposits.findByKey(merchant.id, auth.memberId, fields.idempotencyKey));
    return { ...toDto(created), replayed: false };
  };

  const listMine = async (merchant: Merchant, auth: AuthContext, query: DepositListQuery): Promise<DepositListValue> => {
    const { items, total } = await deposits.listPage(merchant.id, { memberId: auth.memberId, status: query.status }, query.page);
    return { items: items.map((d) => ({ ...toDto(d), payUrl: deps.openPayUrl?.(d) ?? null })), page: query.page, pageSize: LIST_PAGE_SIZE, total };
  };

  /** A receipt for its owner, or for any operator of the merchant; everybody else learns nothing (404). */
  const upload = async (merchantId: bigint, id: string, viewer: { memberId: bigint } | { operator: OperatorContext }) => {
    if ('operator' in viewer) allowRoles(viewer.operator, READ_ROLES);
    const row = await deposits.findUpload(merchantId, id);
    if (!row) throw new AppError('NOT_FOUND');
    if ('memberId' in viewer && row.member_id !== viewer.memberId) throw new AppError('NOT_FOUND');
    return { contentType: row.content_type, bytes: asBuffer(row.bytes) };
  };

  const listForOps = async (actor: OperatorContext, query: DepositListQuery): Promise<OpsDepositListValue> => {
    allowRoles(actor, READ_ROLES);
    const { items, total } = await deposits.listPage(actor.merchantId, { status: query.status }, query.page);
    return { items: items.map(toOpsDto), page: query.page, pageSize: LIST_PAGE_SIZE, total };
  };

  const current = async (merchantId: bigint, id: bigint) => {
    const row = await deposits.findWithMember(merchantId, id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  };

  /**
   * Approves a pending deposit and credits it exactly once, in one database transaction: the deposit
   * row is locked (a second approver waits, then finds it approved), moved to approved, credited from
   * cash clearing under the key `deposit:<id>`, linked to its posting and audited — all or nothing.
   * Approving an approved deposit returns it unchanged; a rejected one cannot be approved; an expired
   * online order can (its payment arrived late and its callback did not).
   */
  const approve = async (actor: OperatorContext, merchant: Merchant, idText: string, note: string | undefined, client: Client): Promise<OpsDepositReviewValue> => {
    allowRoles(actor, REVIEW_ROLES);
    const id = BigInt(idText);
    const found = await current(actor.merchantId, id);
    // Created (if missing) before the transaction: they are plain accounts, harmless if unused.
    const memberAccount = await ledger.memberAccount(actor.merchantId, found.member_id, MAIN_WALLET, found.currency);
    const cash = await ledger.houseAccount(actor.merchantId, CASH_CLEARING, found.currency);

    const outcome = await ledger.inTransaction(actor.merchantId, async (tx) => {
      const locked = await deposits.lock(tx, actor.merchantId, id);
      if (!locked) throw new AppError('NOT_FOUND');
      if (locked.status === 'rejected') throw new AppError('DEPOSIT_NOT_PENDING', [], { data: { status: locked.status } });
      if (locked.status === 'approved') return { replayed: true, balanceAfter: null };
      // An expired online order may still be approved: the operator found the member's late payment.
      const from = locked.status;
      await deposits.decide(tx, id, 'approved', actor.operatorId, note ?? null, from);
      const { posting, entry } = await creditDeposit(ledger, deposits, tx, locked, { cash, member: memberAccount });
      await audit.recordForPosting(
        {
          merchantId: actor.merchantId,
          operatorId: actor.operatorId,
          action: 'deposit.approve',
          targetType: 'deposit',
          targetId: id.toString(),
          before: { status: from, balance: fromMinor(entry.balanceAfter - entry.amount) },
          after: { status: 'approved', balance: fromMinor(entry.balanceAfter), amount: fromMinor(locked.amount), transactionId: posting.transactionId.toString(), memberId: locked.member_id.toString() },
          reason: note ?? null,
          ip: client.ip,
          ledgerTransactionId: posting.transactionId,
        },
        tx,
      );
      return { replayed: false, balanceAfter: fromMinor(entry.balanceAfter) };
    });
    return { ...toOpsDto(await current(actor.merchantId, id)), ...outcome };
  };

  /** Rejects a pending deposit: no money moves. Rejecting a rejected one returns it unchanged. */
  const reject = async (actor: OperatorContext, idText: string, note: string | undefined, client: Client): Promise<OpsDepositReviewValue> => {
    allowRoles(actor, REVIEW_ROLES);
    const id = BigInt(idText);
    const decidedNow = await deposits.db.transaction().execute(async (tx) => {
      const locked = await deposits.lock(tx, actor.merchantId, id);
      if (!locked) throw new AppError('NOT_FOUND');
      // An expired order is closed already; it is never turned into a rejection.
      if (locked.status === 'approved' || locked.status === 'expired') throw new AppError('DEPOSIT_NOT_PENDING', [], { data: { status: locked.status } });
      if (locked.status === 'rejected') return null;
      await deposits.decide(tx, id, 'rejected', actor.operatorId, note ?? null);
      await audit.record(
        {
          merchantId: actor.merchantId,
          operatorId: actor.operatorId,
          action: 'deposit.reject',
          targetType: 'deposit',
          targetId: id.toString(),
          before: { status: 'pending' },
          after: { status: 'rejected', amount: fromMinor(locked.amount), memberId: locked.member_id.toString() },
          reason: note ?? null,
          ip: client.ip,
        },
        tx,
      );
      return locked.member_id;
    });
    // No money moved, so no balance event: the member's open deposit list is told here.
    if (decidedNow !== null) notify(actor.merchantId, decidedNow, `deposit:${id}:rejected`);
    return { ...toOpsDto(await current(actor.merchantId, id)), replayed: decidedNow === null, balanceAfter: null };
  };

  return { channels, mayDeposit, requestBank, listMine, upload, listForOps, approve, reject };
};
export type DepositService = ReturnType<typeof depositService>;
