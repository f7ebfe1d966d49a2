import { fromMinor, isAgentType, isTrialType, toMinor, type MemberTransferBody, type MemberTransferTargetsValue, type MemberTransferValue } from '@apsara/contracts';
import { AppError } from '../../lib/app-error.js';
import type { Database } from '../../db/database.js';
import type { Merchant } from '../merchant/merchant-config.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import { MAIN_WALLET, type MemberRepository } from '../member/member.repository.js';
import type { AuthContext } from '../session/session.service.js';
import type { Tx } from '../ledger/ledger.repository.js';
import type { SecurityService } from '../security/security.service.js';

export const memberTransferKey = (memberId: bigint, key: string) => `mt:${memberId}:${key}`;

/**
 * transferUpline: money between a member and their own upline agent, or from an agent to one of
 * their own direct downlines. Anyone else — a grandparent, a sibling, another merchant's member —
 * is refused with the same answer, so the call cannot be used to learn who exists.
 */
export const memberTransferService = (deps: {
  db: Database;
  members: MemberRepository;
  ledger: LedgerService;
  security: SecurityService;
  /** Bets the member still owes their promotion bonuses: money they send waits for none (docs/promotions.md). */
  turnoverPending?: (merchantId: bigint, memberId: bigint, tx?: Tx) => Promise<bigint>;
}) => {
  const { db, members, ledger, security, turnoverPending = async () => 0n } = deps;

  const me = async (merchant: Merchant, auth: AuthContext) => {
    const row = await members.findById(merchant.id, auth.memberId);
    if (!row) throw new AppError('NOT_LOGGED_IN');
    return row;
  };

  const targets = async (merchant: Merchant, auth: AuthContext): Promise<MemberTransferTargetsValue> => {
    const self = await me(merchant, auth);
    const upline = self.parent_id ? await members.findById(merchant.id, self.parent_id) : undefined;
    const agent = isAgentType(self.type);
    const downlines = agent
      ? Number(
          (
            await db
              .selectFrom('members')
              .select((eb) => eb.fn.countAll<string>().as('n'))
              .where('merchant_id', '=', merchant.id)
              .where('parent_id', '=', self.id)
              .where('status', '=', 'active')
              .executeTakeFirstOrThrow()
          ).n,
        )
      : 0;
    const account = await ledger.memberAccount(merchant.id, self.id, MAIN_WALLET, merchant.currency);
    const { balance, held } = await ledger.balanceOf(merchant.id, account);
    return {
      upline: upline && upline.status === 'active' ? { username: upline.username } : null,
      toDownline: agent,
      downlineCount: downlines,
      available: fromMinor(balance - held),
      hasPaymentPassword: !!self.payment_password_hash,
      currency: merchant.currency,
      currencySymbol: merchant.currencySymbol,
    };
  };

  const transfer = async (merchant: Merchant, auth: AuthContext, body: MemberTransferBody): Promise<MemberTransferValue> => {
    if (isTrialType(auth.type)) throw new AppError('TRIAL_NEED_REAL_ACCOUNT');
    const self = await me(merchant, auth);
    const target = await members.findByUsername(merchant.id, body.toUsername);
    const notAllowed = () => new AppError('TRANSFER_TARGET_NOT_ALLOWED', [], { fields: [{ field: 'toUsername', rule: 'relation', message: '' }] });
    if (!target || target.id === self.id) throw notAllowed();
    const direction = self.parent_id === target.id ? 'upline' : target.parent_id === self.id && isAgentType(self.type) ? 'downline' : undefined;
    if (!direction) throw notAllowed();
    if (target.status !== 'active' || isTrialType(target.type)) throw new AppError('TRANSFER_TARGET_UNAVAILABLE', [], { fields: [{ field: 'toUsername', rule: 'active', message: '' }] });
    await security.verifyPaymentPassword(merchant.id, self.id, self.payment_password_hash ?? null, body.paymentPassword);

    const amount = toMinor(body.amount);
    const [fromId, toId] = await Promise.all([self.id, target.id].map((id) => ledger.memberAccount(merchant.id, id, MAIN_WALLET, merchant.currency)));
    const request = {
      merchantId: merchant.id,
      type: 'MEMBER_TRANSFER',
      idempotencyKey: memberTransferKey(self.id, body.idempotencyKey),
      legs: [{ accountId: fromId, amount: -amount }, { accountId: toId, amount }],
      reference: `${self.username}>${target.username}`,
      metadata: { direction, fromMemberId: self.id.toString(), toMemberId: target.id.toString() },
    };
    // A resend is answered as it was, whatever bonus came since; a new transfer is judged with the
    // sender's account locked by its own posting, so a bonus paid meanwhile is seen and one paid later
    // waits for this transfer to commit.
    const earlier = await ledger.findPosting(merchant.id, request.idempotencyKey);
    const posting = earlier
      ? await ledger.post(request)
      : await ledger.inTransaction(merchant.id, async (tx) => {
          const made = await ledger.post(request, tx);
          if (made.replayed) return made;
          const owed = await turnoverPending(merchant.id, self.id, tx);
          if (owed > 0n) throw new AppError('TRANSFER_TURNOVER_PENDING', [fromMinor(owed)]);
          return made;
        });
    const mine = posting.entries.find((e) => e.accountId === fromId);
    if (!mine) throw new Error('member transfer without the sender leg');
    return { transactionId: posting.transactionId.toString(), toUsername: target.username, direction, amount: fromMinor(amount), balanceAfter: fromMinor(mine.balanceAfter), replayed: posting.replayed };
  };

  return { targets, transfer };
};
export type MemberTransferService = ReturnType<typeof memberTransferService>;
