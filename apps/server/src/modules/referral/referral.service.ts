import { randomInt } from 'node:crypto';
import {
  fromMinor,
  isTrialType,
  LIST_PAGE_SIZE,
  maskUsername,
  REFERRAL_CODE_ALPHABET,
  REFERRAL_CODE_LENGTH,
  REFERRAL_CODE_PATTERN,
  toMinor,
  type ReferralFriendsQuery,
  type ReferralFriendsValue,
  type ReferralSummaryValue,
} from '@apsara/contracts';
import { AppError } from '../../lib/app-error.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import { MAIN_WALLET } from '../member/member.repository.js';
import type { Merchant } from '../merchant/merchant-config.js';
import { PROMOTION_EXPENSE } from '../promotions/promotions.service.js';
import type { SecurityService } from '../security/security.service.js';
import type { AuthContext } from '../session/session.service.js';
import type { ReferralRepository } from './referral.repository.js';

/** Friends paid per site and run (the next run takes the rest). */
const PAY_BATCH = 200;

const newCode = () => Array.from({ length: REFERRAL_CODE_LENGTH }, () => REFERRAL_CODE_ALPHABET[randomInt(REFERRAL_CODE_ALPHABET.length)]).join('');

/**
 * Invite friends (docs/referral.md). A member's code is made the first time they open the page; a
 * friend registering with it is theirs for good; the reward is paid by a job once the friend's credited
 * deposits reach the site's minimum, one posting per friend (a unique row and the ledger key
 * `referral:<friend>`), from the site's promotion expense.
 */
export const referralService = (deps: { repo: ReferralRepository; ledger: LedgerService; security: SecurityService; merchants: () => Promise<Merchant[]> }) => {
  const { repo, ledger, security } = deps;

  /** The member's code, made on first use (a clash with another member's code draws again). */
  const codeFor = async (merchantId: bigint, memberId: bigint) => {
    for (let tries = 0; tries < 8; tries++) {
      const held = await repo.codeOf(merchantId, memberId);
      if (held) return held;
      await repo.setCode(merchantId, memberId, newCode());
    }
    throw new Error('could not give the member an invitation code');
  };

  const summary = async (merchant: Merchant, auth: AuthContext): Promise<ReferralSummaryValue> => {
    security.realAccountOnly(auth);
    const cfg = merchant.config.referral;
    const [code, s] = await Promise.all([cfg.enabled ? codeFor(merchant.id, auth.memberId) : Promise.resolve(null), repo.summary(merchant.id, auth.memberId)]);
    return {
      enabled: cfg.enabled,
      code,
      reward: fromMinor(toMinor(cfg.reward)),
      minDeposit: fromMinor(toMinor(cfg.minDeposit)),
      minBets: fromMinor(toMinor(cfg.minBets)),
      currencySymbol: merchant.currencySymbol,
      invited: s.invited,
      qualified: s.qualified,
      earned: fromMinor(s.earned),
    };
  };

  const friends = async (merchant: Merchant, auth: AuthContext, query: ReferralFriendsQuery): Promise<ReferralFriendsValue> => {
    security.realAccountOnly(auth);
    const { items, total } = await repo.friends(merchant.id, auth.memberId, query.page);
    return {
      items: items.map((f) => ({
        username: maskUsername(f.username),
        joinedAt: f.created_at.toISOString(),
        qualified: f.amount !== null,
        reward: f.amount === null ? null : fromMinor(f.amount),
        rewardedAt: f.rewarded_at?.toISOString() ?? null,
      })),
      page: query.page,
      pageSize: LIST_PAGE_SIZE,
      total,
    };
  };

  /**
   * Registration with a referral code: the member it belongs to, or null when the site's program is off
   * or no code was given. A code that is malformed, unknown, or a trial account's is refused.
   */
  const referrerFor = async (merchant: Merchant, code: string | undefined | null): Promise<bigint | null> => {
    const text = code?.trim();
    if (!merchant.config.referral.enabled || !text) return null;
    const invalid = () => new AppError('REFERRAL_CODE_INVALID', [], { fields: [{ field: 'referralCode', rule: 'invalid', message: '' }] });
    if (!REFERRAL_CODE_PATTERN.test(text)) throw invalid();
    const owner = await repo.byCode(merchant.id, text);
    if (!owner || isTrialType(owner.type) || owner.status !== 'active') throw invalid();
    return owner.id;
  };

  /**
   * Pays every reward due on every site with the program on; returns how many were paid and how many
   * could not be (left for the next run). Safe on several nodes.
   */
  const payDue = async () => {
    let paid = 0;
    let failed = 0;
    for (const merchant of await deps.merchants()) {
      const cfg = merchant.config.referral;
      if (!cfg.enabled) continue;
      const reward = toMinor(cfg.reward);
      const expense = await ledger.houseAccount(merchant.id, PROMOTION_EXPENSE, merchant.currency);
      for (const friend of await repo.due(merchant.id, toMinor(cfg.minDeposit), toMinor(cfg.minBets), PAY_BATCH)) {
        try {
          // Accounts first: the embedded database has one connection, so nothing may wait for the pool inside the transaction.
          const main = await ledger.memberAccount(merchant.id, friend.referred_by, MAIN_WALLET, merchant.currency);
          const done = await ledger.inTransaction(merchant.id, async (tx) => {
            const row = await repo.lockUnpaid(tx, friend.id);
            if (!row || row.referred_by !== friend.referred_by) return false;
            const posting = await ledger.post(
              {
                merchantId: merchant.id,
                type: 'REFERRAL_REWARD',
                idempotencyKey: `referral:${friend.id}`,
                legs: [{ accountId: expense, amount: -reward }, { accountId: main, amount: reward }],
                reference: `referral:${friend.id}`,
                metadata: { friend: maskUsername(friend.username) },
              },
              tx,
            );
            await repo.settle(tx, { merchantId: merchant.id, referrerId: friend.referred_by, friendId: friend.id, amount: reward, transactionId: posting.transactionId });
            return true;
          });
          if (done) paid++;
        } catch {
          // One friend that cannot be paid now must not hold up the others; the next run tries again.
          failed++;
        }
      }
    }
    return { paid, failed };
  };

  return { summary, friends, referrerFor, payDue };
};
export type ReferralService = ReturnType<typeof referralService>;
