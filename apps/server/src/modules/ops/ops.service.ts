import {
  OPERATOR_ROLES,
  OPERATOR_USERNAME,
  fromMinor,
  isTrialType,
  toMinor,
  validationMessage,
  type Lang,
  type OperatorRole,
  type OpsAdjustmentBody,
  type OpsAdjustmentValue,
  type OpsAuditQuery,
  type OpsAuditValue,
  type OpsLoginBody,
  type OpsLoginValue,
  type OpsMeValue,
} from '@apsara/contracts';
import { AppError } from '../../lib/app-error.js';
import { newToken, sha256 } from '../../lib/crypto.js';
import { burnPasswordCheck, verifyPassword } from '../../lib/password.js';
import type { ThrottleStore } from '../../lib/throttle.js';
import { beginLoginAttempt } from '../../lib/login-guard.js';
import type { Merchant } from '../merchant/merchant-config.js';
import type { MemberRepository } from '../member/member.repository.js';
import { MAIN_WALLET } from '../member/member.repository.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import type { OpsRepository } from './ops.repository.js';
import type { AuditRepository } from './audit.repository.js';

export type OperatorContext = { sessionId: bigint; operatorId: bigint; merchantId: bigint; username: string; role: OperatorRole };
export type Client = { ip: string; userAgent: string | null };

/** Back-office sessions are shorter than players': 30 idle minutes, 12 hours at most. */
export const OPS_SESSION = { idleMs: 30 * 60_000, absoluteMs: 12 * 3_600_000 };
/** The house account every manual adjustment is booked against. */
export const ADJUSTMENTS_ACCOUNT = 'ADJUSTMENTS';

/** Refused operator sign-ins from one address, across usernames, before that address is turned away. */
const IP_REFUSALS_LIMIT = 20;
const TOUCH_EVERY_MS = 60_000;

/** The first line of every operator action: is this role allowed? */
export const allowRoles = (actor: OperatorContext, roles: readonly OperatorRole[]) => {
  if (!roles.includes(actor.role)) throw new AppError('OPERATOR_FORBIDDEN');
};

export const opsService = (deps: { ops: OpsRepository; audit: AuditRepository; members: MemberRepository; ledger: LedgerService; throttles: ThrottleStore }) => {
  const { ops, audit, members, ledger, throttles } = deps;

  const login = async (merchant: Merchant, body: OpsLoginBody, client: Client, lang: Lang): Promise<OpsLoginValue> => {
    const username = body.username.trim();
    if (!OPERATOR_USERNAME.test(username)) {
      throw new AppError('VALIDATION_FAILED', ['username'], { fields: [{ field: 'username', rule: 'format', message: validationMessage('accountFormat', lang) }] });
    }
    const sec = merchant.config.security;
    const pairKey = `ops-login-lock:${merchant.id}:${username.toLowerCase()}:${client.ip}`;
    // The lock is per operator *and* address: a stranger guessing locks out only themselves.
    const attempt = await beginLoginAttempt(throttles, { pair: pairKey, ip: `ops-login-ip:${merchant.id}:${client.ip}` }, sec);
    // The back office has no captcha: an address refused too often is simply turned away.
    if (attempt.byIp.count >= IP_REFUSALS_LIMIT) throw attempt.tooMany();
    if (attempt.overLimit) return attempt.refuse(attempt.tooMany());

    const operator = await ops.findByUsername(merchant.id, username);
    const valid = operator ? await verifyPassword(operator.password_hash, body.password) : (await burnPasswordCheck(body.password), false);
    if (!operator || !valid) return attempt.refuse(new AppError('ACCOUNT_OR_PASSWORD_WRONG'));
    if (operator.status !== 'active') throw new AppError('ACCOUNT_DISABLED');

    await attempt.succeed();
    const token = newToken();
    await ops.createSession({
      tokenHash: sha256(token),
      merchantId: merchant.id,
      operatorId: operator.id,
      ip: client.ip,
      userAgent: client.userAgent,
      expiresAt: new Date(Date.now() + OPS_SESSION.absoluteMs),
    });
    await ops.recordLogin(merchant.id, operator.id, client.ip);
    await audit.record({ merchantId: merchant.id, operatorId: operator.id, action: 'operator.login', targetType: 'operator', targetId: operator.id.toString(), ip: client.ip });
    return { token, role: operator.role };
  };

  const authenticate = async (token: string, merchantId: bigint): Promise<OperatorContext | undefined> => {
    const row = await ops.findLiveSession(sha256(token), merchantId, new Date(Date.now() - OPS_SESSION.idleMs));
    if (!row || row.status !== 'active') return undefined;
    if (Date.now() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) await ops.touchSession(merchantId, row.sessionId);
    return { sessionId: row.sessionId, operatorId: row.operatorId, merchantId: row.merchantId, username: row.username, role: row.role };
  };

  const logout = async (actor: OperatorContext) => {
    allowRoles(actor, OPERATOR_ROLES);
    await ops.revokeSession(actor.merchantId, actor.sessionId);
  };

  const me = async (actor: OperatorContext, merchant: Merchant): Promise<OpsMeValue> => {
    allowRoles(actor, OPERATOR_ROLES);
    const row = await ops.findById(actor.merchantId, actor.operatorId);
    if (!row) throw new AppError('OPERATOR_NOT_LOGGED_IN');
    return { id: row.id.toString(), username: row.username, role: row.role, merchantCode: merchant.code, lastLoginAt: row.last_login_at?.toISOString() ?? null };
  };

  /**
   * Credits (amount > 0) or debits (amount < 0) a member's main wallet against the merchant's
   * ADJUSTMENTS house account, then writes the audit row of that posting. The ledger service commits
   * the posting in its own transaction, so the audit row follows it; it is keyed by the posting, so a
   * retry or replay of the key writes it if a crash lost it and never writes a second one.
   */
  const adjust = async (actor: OperatorContext, merchant: Merchant, memberIdText: string, body: OpsAdjustmentBody, client: Client): Promise<OpsAdjustmentValue> => {
    allowRoles(actor, ['admin', 'finance']);
    const memberId = BigInt(memberIdText);
    const member = await members.findById(actor.merchantId, memberId);
    if (!member) throw new AppError('ACCOUNT_NOT_FOUND');
    if (isTrialType(member.type)) throw new AppError('TRIAL_NEED_REAL_ACCOUNT');
    const amount = toMinor(body.amount);
    const accountId = await ledger.memberAccount(actor.merchantId, memberId, MAIN_WALLET, merchant.currency);
    const houseId = await ledger.houseAccount(actor.merchantId, ADJUSTMENTS_ACCOUNT, merchant.currency);
    // The posting and its audit row commit together: an adjustment is never without its record.
    return ledger.inTransaction(actor.merchantId, async (tx) => {
      const result = await ledger.post(
        {
          merchantId: actor.merchantId,
          type: 'ADJUSTMENT',
          idempotencyKey: `ops-adjustment:${body.idempotencyKey}`,
          legs: [
            { accountId, amount },
            { accountId: houseId, amount: -amount },
          ],
          reference: `member:${memberId}`,
          metadata: { operatorId: actor.operatorId.toString(), reason: body.reason },
        },
        tx,
      );
      const entry = result.entries.find((e) => e.accountId === accountId);
      if (!entry) throw new Error('adjustment posting without the member leg');
      const balanceAfter = fromMinor(entry.balanceAfter);
      const balanceBefore = fromMinor(entry.balanceAfter - entry.amount);
      const row = await audit.recordForPosting(
        {
          merchantId: actor.merchantId,
          operatorId: actor.operatorId,
          action: 'member.adjustment',
          targetType: 'member',
          targetId: memberId.toString(),
          before: { balance: balanceBefore },
          after: { balance: balanceAfter, amount: fromMinor(amount), transactionId: result.transactionId.toString() },
          reason: body.reason,
          ip: client.ip,
          ledgerTransactionId: result.transactionId,
        },
        tx,
      );
      // The ledger fingerprints amount and member; the reason lives in the audit row, so check it here.
      if (result.replayed && row.reason !== body.reason) throw new AppError('IDEMPOTENCY_CONFLICT');
      return {
        transactionId: result.transactionId.toString(),
        auditId: row.id.toString(),
        memberId: memberId.toString(),
        amount: fromMinor(amount),
        currency: merchant.currency,
        balanceBefore,
        balanceAfter,
        replayed: result.replayed,
      };
    });
  };

  const auditPage = async (actor: OperatorContext, query: OpsAuditQuery): Promise<OpsAuditValue> => {
    allowRoles(actor, ['admin']);
    const items = await audit.list(actor.merchantId, query.limit, query.before === undefined ? undefined : BigInt(query.before), {
      action: query.action,
      targetType: query.targetType,
      targetId: query.targetId,
      operatorId: query.operatorId === undefined ? undefined : BigInt(query.operatorId),
      hideSignIns: query.signIns === 'hide',
    });
    return { items, nextBefore: items.length === query.limit ? items[items.length - 1].id : null };
  };

  return { login, authenticate, logout, me, adjust, auditPage };
};
export type OpsService = ReturnType<typeof opsService>;
