import {
  isTrialType,
  maskAccountNumber,
  type BankCard,
  type BindBankCardBody,
  type PaymentPasswordBody,
  type RealNameBody,
  type SecurityOverviewValue,
} from '@apsara/contracts';
import { AppError } from '../../lib/app-error.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { throttleStore } from '../../lib/throttle.js';
import { sql } from 'kysely';
import type { BankCardRow } from '../../db/schema.js';
import type { Database } from '../../db/database.js';
import type { Merchant } from '../merchant/merchant-config.js';
import type { MemberRepository } from '../member/member.repository.js';
import type { AuthContext } from '../session/session.service.js';
import type { BankCardRepository } from './bank-card.repository.js';

/** Wrong payment passwords allowed per window before the member must wait. */
const PAYMENT_PASSWORD_TRIES = 5;
const PAYMENT_PASSWORD_WINDOW_MS = 15 * 60_000;
const PAYMENT_PASSWORD_LOCK_MINUTES = 15;

export const cardDto = (r: BankCardRow): BankCard => ({
  id: r.id.toString(),
  bankName: r.bank_name,
  accountName: r.account_name,
  accountNumberMasked: maskAccountNumber(r.account_number),
  createdAt: r.created_at.toISOString(),
});

/** Names compare as people read them: same letters, any case, any run of spaces. */
export const sameName = (a: string, b: string) => {
  const norm = (s: string) => s.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase();
  return norm(a) === norm(b);
};

const maskEmail = (email: string | null) => {
  if (!email) return null;
  const [user, domain] = email.split('@');
  return `${user.slice(0, 2)}***@${domain ?? ''}`;
};
const maskMobile = (mobile: string | null) => (mobile ? `${'*'.repeat(Math.max(0, mobile.length - 4))}${mobile.slice(-4)}` : null);

const mismatch = () => new AppError('CONFIRM_PASSWORD_MISMATCH', [], { fields: [{ field: 'confirmPaymentPassword', rule: 'equal', message: '' }] });

/**
 * The security center: the real name bank cards must carry, the payment password that guards money
 * leaving the wallet, and the bound bank cards. Every call acts on the signed-in member only.
 */
export const securityService = (deps: { db: Database; members: MemberRepository; cards: BankCardRepository }) => {
  const { db, members, cards } = deps;

  const member = async (merchant: Merchant, auth: AuthContext) => {
    const row = await members.findById(merchant.id, auth.memberId);
    if (!row) throw new AppError('NOT_LOGGED_IN');
    return row;
  };
  const realAccountOnly = (auth: AuthContext) => {
    if (isTrialType(auth.type)) throw new AppError('TRIAL_NEED_REAL_ACCOUNT');
  };

  /**
   * Checks a payment password. Checks of one member run one at a time (an advisory lock held for the
   * check), so each sees every failure before it: a burst of guesses gets no more tries than a
   * sequence, and a burst of right answers is never counted against anyone. Only wrong answers
   * count; the fifth within 15 minutes locks payments for 15 minutes; a right one clears the count.
   */
  const verifyPaymentPassword = async (merchantId: bigint, memberId: bigint, stored: string | null, plain: string) => {
    if (!stored) throw new AppError('PAYMENT_PASSWORD_NOT_SET');
    const key = `paypw-fail:${merchantId}:${memberId}`;
    const outcome = await db.transaction().execute(async (tx) => {
      await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(tx);
      const counts = throttleStore(tx);
      const state = await counts.peek(key, PAYMENT_PASSWORD_WINDOW_MS);
      if (state.lockedUntil) return { locked: state.lockedUntil };
      if (await verifyPassword(stored, plain)) {
        if (state.count > 0) await counts.reset(key);
        return 'ok' as const;
      }
      const after = await counts.hit(key, PAYMENT_PASSWORD_WINDOW_MS);
      if (after.count < PAYMENT_PASSWORD_TRIES) return { triesLeft: PAYMENT_PASSWORD_TRIES - after.count };
      const until = new Date(Date.now() + PAYMENT_PASSWORD_LOCK_MINUTES * 60_000);
      await counts.lock(key, until);
      return { locked: until };
    });
    if (outcome === 'ok') return;
    // The member is told how many tries are left, and once locked, for how long: not a general "too many requests".
    if (outcome.locked) throw new AppError('PAYMENT_PASSWORD_LOCKED', [Math.max(1, Math.ceil((outcome.locked.getTime() - Date.now()) / 60_000))]);
    throw new AppError('PAYMENT_PASSWORD_WRONG', [outcome.triesLeft], { fields: [{ field: 'paymentPassword', rule: 'match', message: '' }] });
  };

  const overview = async (merchant: Merchant, auth: AuthContext): Promise<SecurityOverviewValue> => {
    const m = await member(merchant, auth);
    const list = await cards.listActive(merchant.id, auth.memberId);
    // The latest sign-in other than the session in use: a stranger's, if there was one, is the one to see.
    const previous = await db
      .selectFrom('login_history')
      .select(['created_at', 'ip'])
      .where('merchant_id', '=', merchant.id)
      .where('member_id', '=', auth.memberId)
      .where('success', '=', true)
      .where((eb) => eb.or([eb('session_id', 'is', null), eb('session_id', '!=', auth.sessionId)]))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return {
      username: m.username,
      realName: m.payee_name ?? null,
      hasPaymentPassword: !!m.payment_password_hash,
      bankCards: list.map(cardDto),
      maxBankCards: merchant.config.withdrawal.maxBankCards,
      banks: merchant.config.withdrawal.banks,
      emailMasked: maskEmail(m.email ?? null),
      mobileMasked: maskMobile(m.mobile_num ?? null),
      passwordChangedAt: m.password_changed_at.toISOString(),
      lastLoginAt: m.last_login_at?.toISOString() ?? null,
      previousLogin: previous ? { at: previous.created_at.toISOString(), ip: previous.ip } : null,
    };
  };

  /** Sets the real name once; a second attempt (or a racing one) is refused and changes nothing. */
  const setRealName = async (merchant: Merchant, auth: AuthContext, body: RealNameBody) => {
    realAccountOnly(auth);
    const name = body.realName.replace(/\s+/g, ' ');
    const updated = await db
      .updateTable('members')
      .set({ payee_name: name, updated_at: new Date() })
      .where('merchant_id', '=', merchant.id)
      .where('id', '=', auth.memberId)
      .where('payee_name', 'is', null)
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) throw new AppError('REAL_NAME_ALREADY_SET');
    return { realName: name };
  };

  /** First time: proved by the login password. Afterwards: proved by the current payment password. */
  const setPaymentPassword = async (merchant: Merchant, auth: AuthContext, body: PaymentPasswordBody) => {
    realAccountOnly(auth);
    if (body.newPaymentPassword !== body.confirmPaymentPassword) throw mismatch();
    const m = await member(merchant, auth);
    const current = m.payment_password_hash ?? null;
    if (current) {
      if (!body.oldPaymentPassword) throw new AppError('VALIDATION_FAILED', ['oldPaymentPassword'], { fields: [{ field: 'oldPaymentPassword', rule: 'required', message: '' }] });
      await verifyPaymentPassword(merchant.id, m.id, current, body.oldPaymentPassword);
      if (body.oldPaymentPassword === body.newPaymentPassword) throw new AppError('PASSWORD_SAME_AS_OLD', [], { fields: [{ field: 'newPaymentPassword', rule: 'differ', message: '' }] });
    } else {
      if (!body.loginPassword) throw new AppError('VALIDATION_FAILED', ['loginPassword'], { fields: [{ field: 'loginPassword', rule: 'required', message: '' }] });
      if (!(await verifyPassword(m.password_hash, body.loginPassword))) {
        throw new AppError('LOGIN_PASSWORD_WRONG', [], { fields: [{ field: 'loginPassword', rule: 'match', message: '' }] });
      }
    }
    if (await verifyPassword(m.password_hash, body.newPaymentPassword)) {
      throw new AppError('PAYMENT_PASSWORD_SAME_AS_LOGIN', [], { fields: [{ field: 'newPaymentPassword', rule: 'differ', message: '' }] });
    }
    const hash = await hashPassword(body.newPaymentPassword);
    // Only if nobody changed it meanwhile: two racing first-time sets cannot both win.
    let q = db.updateTable('members').set({ payment_password_hash: hash, updated_at: new Date() }).where('merchant_id', '=', merchant.id).where('id', '=', m.id);
    q = current ? q.where('payment_password_hash', '=', current) : q.where('payment_password_hash', 'is', null);
    const res = await q.executeTakeFirst();
    if (res.numUpdatedRows === 0n) throw new AppError('IDEMPOTENCY_CONFLICT');
    return { hasPaymentPassword: true as const };
  };

  const listCards = async (merchant: Merchant, auth: AuthContext) => ({
    items: (await cards.listActive(merchant.id, auth.memberId)).map(cardDto),
    max: merchant.config.withdrawal.maxBankCards,
  });

  /** Binds a card in the member's own real name, within the merchant's bank list and card limit. */
  const bindCard = async (merchant: Merchant, auth: AuthContext, body: BindBankCardBody) => {
    realAccountOnly(auth);
    const m = await member(merchant, auth);
    const realName = m.payee_name ?? null;
    if (!realName) throw new AppError('REAL_NAME_REQUIRED');
    const banks = merchant.config.withdrawal.banks;
    const bank = banks.length === 0 ? body.bankName : banks.find((b) => sameName(b, body.bankName));
    if (!bank) throw new AppError('BANK_NOT_SUPPORTED', [], { fields: [{ field: 'bankName', rule: 'oneOf', message: '' }] });
    if (!sameName(body.accountName, realName)) throw new AppError('PAYEE_NAME_MISMATCH', [], { fields: [{ field: 'accountName', rule: 'realName', message: '' }] });
    await verifyPaymentPassword(merchant.id, m.id, m.payment_password_hash ?? null, body.paymentPassword);
    const max = merchant.config.withdrawal.maxBankCards;
    const row = await db.transaction().execute(async (tx) => {
      await cards.lockMember(tx, merchant.id, m.id);
      const existing = await cards.listActive(merchant.id, m.id, tx);
      if (existing.some((c) => c.bank_name === bank && c.account_number === body.accountNumber)) throw new AppError('BANK_CARD_DUPLICATE');
      if (existing.length >= max) throw new AppError('BANK_CARD_LIMIT', [max]);
      return cards.insert(tx, { merchantId: merchant.id, memberId: m.id, bankName: bank, accountName: realName, accountNumber: body.accountNumber });
    });
    return cardDto(row);
  };

  /** Removes a card unless a withdrawal to it still holds money. */
  const unbindCard = async (merchant: Merchant, auth: AuthContext, idText: string, paymentPassword: string) => {
    realAccountOnly(auth);
    const id = BigInt(idText);
    if (!(await cards.findActive(merchant.id, auth.memberId, id))) throw new AppError('BANK_CARD_NOT_FOUND');
    const m = await member(merchant, auth);
    await verifyPaymentPassword(merchant.id, m.id, m.payment_password_hash ?? null, paymentPassword);
    await db.transaction().execute(async (tx) => {
      await cards.lockMember(tx, merchant.id, m.id);
      if (!(await cards.findActive(merchant.id, m.id, id, tx))) throw new AppError('BANK_CARD_NOT_FOUND');
      if ((await cards.openWithdrawals(tx, id)) > 0) throw new AppError('BANK_CARD_IN_USE');
      await cards.remove(tx, id);
    });
    return { removed: true as const };
  };

  return { overview, setRealName, setPaymentPassword, listCards, bindCard, unbindCard, verifyPaymentPassword, realAccountOnly };
};
export type SecurityService = ReturnType<typeof securityService>;
