import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  CALLBACK_MAX_SKEW_SECONDS,
  fromMinor,
  isTrialType,
  localize,
  PaymentCallbackBody,
  toMinor,
  type DepositOnlineBody,
  type DepositOnlineValue,
  type PaymentChannelConfig,
} from '@apsara/contracts';
import { AppError } from '../../lib/app-error.js';
import type { DepositRow } from '../../db/schema.js';
import type { Merchant } from '../merchant/merchant-config.js';
import type { AuthContext } from '../session/session.service.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import { MAIN_WALLET } from '../member/member.repository.js';
import type { AuditRepository } from '../ops/audit.repository.js';
import type { DepositRepository } from './deposit.repository.js';
import { CASH_CLEARING, creditDeposit, onlineOrderMinutes, toDto } from './deposit.service.js';
import type { RecordNotice } from '../../lib/events.js';

export type ProviderSecrets = Partial<Record<'paysim', string>>;

export const sign = (secret: string, raw: string) => createHmac('sha256', secret).update(raw).digest('hex');

/** Constant-time comparison of two hex signatures (different lengths are simply unequal). */
const sameSignature = (a: string, b: string) => {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
};

/** The checkout page's capability: who holds the link may pay the order, nobody can guess it. */
/** An online order whose time to be paid has run out (whether or not the expiry job has recorded it). */
const pastDeadline = (row: Pick<DepositRow, 'expires_at'>, nowMs: number) => row.expires_at !== null && row.expires_at.getTime() <= nowMs;

export const checkoutToken = (secret: string, id: bigint) => sign(secret, `checkout:${id}`).slice(0, 32);

/**
 * Online deposits: the member opens an order and pays at the provider; the provider's server calls
 * back, signed. Only a callback with a valid HMAC over its raw body, a fresh timestamp and an unseen
 * nonce, for the order's exact amount and currency, moves money — once, under the deposit's key.
 */
export const onlineDepositService = (deps: { deposits: DepositRepository; ledger: LedgerService; audit: AuditRepository; secrets: ProviderSecrets; notify?: RecordNotice }) => {
  const { deposits, ledger, audit, secrets, notify = () => {} } = deps;

  /** An online channel is usable only when its provider is configured on this server. */
  const usable = (c: PaymentChannelConfig) => c.type !== 'ONLINE' || (c.provider !== undefined && !!secrets[c.provider]);

  const payUrl = (row: DepositRow) => {
    const secret = row.provider ? secrets[row.provider] : undefined;
    if (!secret) throw new AppError('DEPOSIT_CHANNEL_UNAVAILABLE');
    return `/paysim/checkout/${row.id}?t=${checkoutToken(secret, row.id)}`;
  };

  /** The payment page of an online order its member can still pay (pending, before its deadline); else null. */
  const openPayUrl = (row: DepositRow, nowMs = Date.now()) =>
    row.type === 'ONLINE' && row.status === 'pending' && !pastDeadline(row, nowMs) && row.provider && secrets[row.provider] ? payUrl(row) : null;

  const request = async (merchant: Merchant, auth: AuthContext, body: DepositOnlineBody): Promise<DepositOnlineValue> => {
    if (isTrialType(auth.type)) throw new AppError('TRIAL_NEED_REAL_ACCOUNT');
    const channel = merchant.config.payment.channels.find((c) => c.id === body.channelId);
    if (!channel || !channel.enabled || channel.type !== 'ONLINE' || !usable(channel)) {
      throw new AppError('DEPOSIT_CHANNEL_UNAVAILABLE', [], { fields: [{ field: 'channelId', rule: 'available', message: '' }] });
    }
    const amount = toMinor(body.amount);
    const [min, max] = [toMinor(channel.min), toMinor(channel.max)];
    if (amount < min || amount > max) {
      throw new AppError('DEPOSIT_AMOUNT_OUT_OF_RANGE', [fromMinor(min), fromMinor(max)], { fields: [{ field: 'amount', rule: 'range', message: '' }] });
    }
    const replay = (row: DepositRow | undefined): DepositOnlineValue => {
      if (!row) throw new Error('deposit idempotency key vanished');
      if (row.amount !== amount || row.channel_id !== channel.id || row.type !== 'ONLINE') throw new AppError('IDEMPOTENCY_CONFLICT');
      return { ...toDto(row), replayed: true, payUrl: payUrl(row) };
    };
    const earlier = await deposits.findByKey(merchant.id, auth.memberId, body.idempotencyKey);
    if (earlier) return replay(earlier);
    const created = await deposits.createOnline({
      merchantId: merchant.id,
      memberId: auth.memberId,
      channelId: channel.id,
      amount,
      currency: merchant.currency,
      // The order's reference as operators and the provider see it: the channel's English name.
      reference: localize(channel.name, 'en'),
      idempotencyKey: body.idempotencyKey,
      provider: channel.provider!,
      expiresMinutes: onlineOrderMinutes(channel),
    });
    if (!created) return replay(await deposits.findByKey(merchant.id, auth.memberId, body.idempotencyKey));
    return { ...toDto(created), replayed: false, payUrl: payUrl(created) };
  };

  /** POST /pay/callback/:provider with the raw body exactly as received. */
  const callback = async (provider: string, raw: string, signature: string | undefined, nowMs = Date.now()) => {
    if (provider !== 'paysim' || !secrets.paysim) throw new AppError('PAYMENT_PROVIDER_UNKNOWN');
    const secret = secrets.paysim;
    // Nothing in an unsigned body is believed, not even its shape.
    if (!signature || !sameSignature(sign(secret, raw), signature.toLowerCase())) throw new AppError('CALLBACK_SIGNATURE_INVALID');
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      throw new AppError('BAD_REQUEST');
    }
    const parsed = PaymentCallbackBody.safeParse(json);
    if (!parsed.success) throw new AppError('VALIDATION_FAILED', [parsed.error.issues.map((i) => i.path.join('.')).join(', ')]);
    const cb = parsed.data;
    if (Math.abs(nowMs / 1000 - cb.timestamp) > CALLBACK_MAX_SKEW_SECONDS) throw new AppError('CALLBACK_EXPIRED');

    const id = BigInt(cb.orderId);
    const order = await deposits.findOnline(id, provider);
    if (!order) throw new AppError('NOT_FOUND');
    const memberAccount = await ledger.memberAccount(order.merchant_id, order.member_id, MAIN_WALLET, order.currency);
    const cash = await ledger.houseAccount(order.merchant_id, CASH_CLEARING, order.currency);

    // A failed payment moves no money: the member's open pages are told once it is recorded.
    let failedNow = false;
    const status = await ledger.inTransaction(order.merchant_id, async (tx) => {
      failedNow = false;
      if (!(await deposits.claimNonce(tx, provider, cb.nonce, id))) throw new AppError('CALLBACK_REPLAYED');
      const locked = await deposits.lock(tx, order.merchant_id, id);
      if (!locked) throw new AppError('NOT_FOUND');
      if (toMinor(cb.amount) !== locked.amount) throw new AppError('CALLBACK_MISMATCH', ['amount']);
      if (cb.currency !== locked.currency) throw new AppError('CALLBACK_MISMATCH', ['currency']);
      const wanted = cb.status === 'PAID' ? 'approved' : 'rejected';
      // An expired order was not paid in time by our clock, but the provider may still decide it (its
      // own window, a slow bank): a late payment is credited, a late failure closes it as rejected (so
      // no one approves it by hand afterwards), each as for a pending order.
      const open = locked.status === 'pending' || locked.status === 'expired';
      const base = { merchantId: order.merchant_id, operatorId: null, targetType: 'deposit', targetId: id.toString(), reason: `${provider} ${cb.providerReference}`, ip: null };
      if (!open) {
        // A provider resending the same outcome (with a fresh nonce) is told it is done; a different outcome is not accepted.
        if (locked.status === wanted && locked.provider_reference === cb.providerReference) return locked.status;
        // An operator credited the order before the provider's payment report arrived: the report is
        // recorded, and nothing moves again (the posting's key is the deposit's).
        if (locked.status === 'approved' && wanted === 'approved' && locked.provider_reference === null && locked.reviewed_by !== null) {
          await deposits.recordProviderReference(tx, id, cb.providerReference);
          await audit.record({ ...base, action: 'deposit.online.paid_confirmed', before: { status: 'approved' }, after: { status: 'approved', amount: cb.amount } }, tx);
          return 'approved' as const;
        }
        throw new AppError('PAYMENT_ORDER_CLOSED');
      }
      const from = locked.status as 'pending' | 'expired';
      // Late by the order's deadline, whether or not the expiry job has run yet.
      const late = from === 'expired' || pastDeadline(locked, nowMs);
      await deposits.settleOnline(tx, id, wanted, cb.providerReference, from);
      if (wanted === 'rejected') {
        await audit.record({ ...base, action: late ? 'deposit.online.failed_late' : 'deposit.online.failed', before: { status: from }, after: { status: 'rejected', amount: cb.amount } }, tx);
        failedNow = true;
        return 'rejected' as const;
      }
      const { posting, entry } = await creditDeposit(ledger, deposits, tx, locked, { cash, member: memberAccount }, { provider, providerReference: cb.providerReference });
      await audit.recordForPosting(
        {
          ...base,
          action: late ? 'deposit.online.paid_late' : 'deposit.online.paid',
          before: { status: from, balance: fromMinor(entry.balanceAfter - entry.amount) },
          after: { status: 'approved', balance: fromMinor(entry.balanceAfter), amount: cb.amount, transactionId: posting.transactionId.toString() },
          ledgerTransactionId: posting.transactionId,
        },
        tx,
      );
      return 'approved' as const;
    });
    if (failedNow) notify(order.merchant_id, order.member_id, `deposit:${id}:rejected`);
    return { orderId: id.toString(), status };
  };

  /**
   * What the simulator's checkout page shows; undefined unless the link's token is right. `payable`
   * is false once the order is settled or its deadline has passed (the expiry job may not have run yet).
   */
  const checkoutOrder = async (provider: 'paysim', idText: string, token: string, nowMs = Date.now()) => {
    const secret = secrets[provider];
    if (!secret || !/^[1-9]\d{0,17}$/.test(idText)) return undefined;
    const id = BigInt(idText);
    if (!sameSignature(checkoutToken(secret, id), token)) return undefined;
    const order = await deposits.findOnline(id, provider);
    if (!order) return undefined;
    const overdue = order.status === 'pending' && pastDeadline(order, nowMs);
    return { order, status: overdue ? ('expired' as const) : order.status, payable: order.status === 'pending' && !overdue };
  };

  /**
   * The expiry job's step: online orders unpaid at their deadline become `expired`, each with an
   * audit row, in one transaction (so an order never expires without its record). Returns how many.
   */
  const expireDue = async (opts: { now?: Date; limit?: number } = {}) => {
    const expired = await deposits.db.transaction().execute(async (tx) => {
      const due = await deposits.expireDue(tx, opts.limit ?? 500, opts.now);
      for (const d of due) {
        await audit.record(
          {
            merchantId: d.merchant_id,
            operatorId: null,
            action: 'deposit.online.expired',
            targetType: 'deposit',
            targetId: d.id.toString(),
            before: { status: 'pending', expiresAt: d.expires_at?.toISOString() ?? null },
            after: { status: 'expired', amount: fromMinor(d.amount), memberId: d.member_id.toString() },
          },
          tx,
        );
      }
      return due;
    });
    for (const d of expired) notify(d.merchant_id, d.member_id, `deposit:${d.id}:expired`);
    return expired.length;
  };

  return { usable, openPayUrl, request, callback, checkoutOrder, expireDue };
};
export type OnlineDepositService = ReturnType<typeof onlineDepositService>;
