import { SELF_EXCLUSION_DAYS, SELF_EXCLUSION_TRIES_PER_HOUR, isTrialType, type SelfExclusionBody, type SelfExclusionValue } from '@apsara/contracts';
import { AppError } from '../../lib/app-error.js';
import { verifyPassword } from '../../lib/password.js';
import type { ThrottleStore } from '../../lib/throttle.js';
import type { MemberRepository } from '../member/member.repository.js';
import type { Merchant } from '../merchant/merchant-config.js';
import type { AuditRepository } from '../ops/audit.repository.js';
import type { Client } from '../ops/ops.service.js';
import type { SessionRepository } from '../session/session.repository.js';
import type { AuthContext } from '../session/session.service.js';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/**
 * Responsible play (docs/responsible-play.md): a member takes a break from the site. The break is
 * confirmed with the login password (a device left signed in cannot start one for its owner), ends every
 * session of the member at once, and is kept in the audit log for the site's staff; until it ends,
 * every sign-in is refused (session service). Nobody can shorten or lift it.
 */
export const responsibleService = (deps: { members: MemberRepository; sessions: SessionRepository; throttles: ThrottleStore; audit: AuditRepository; now?: () => Date }) => {
  const { members, sessions, throttles, audit, now = () => new Date() } = deps;

  /** POST /wps/member/self-exclusion */
  const takeBreak = async (merchant: Merchant, auth: AuthContext, body: SelfExclusionBody, client: Client): Promise<SelfExclusionValue> => {
    // A trial account has nothing to step away from: it cannot play for money, and it is thrown away.
    if (isTrialType(auth.type)) throw new AppError('TRIAL_NEED_REAL_ACCOUNT');
    const member = await members.findById(merchant.id, auth.memberId);
    if (!member) throw new AppError('NOT_LOGGED_IN');
    const key = `self-exclusion:${merchant.id}:${member.id}`;
    if ((await throttles.peek(key, HOUR_MS)).count >= SELF_EXCLUSION_TRIES_PER_HOUR) throw new AppError('TOO_MANY_REQUESTS', [60]);
    if (!(await verifyPassword(member.password_hash, body.password))) {
      await throttles.hit(key, HOUR_MS);
      throw new AppError('LOGIN_PASSWORD_WRONG', [], { fields: [{ field: 'password', rule: 'wrong', message: '' }] });
    }
    const before = member.excluded_until;
    const until = await members.excludeUntil(merchant.id, member.id, new Date(now().getTime() + SELF_EXCLUSION_DAYS[body.period] * DAY_MS));
    await sessions.revokeAllForMember(merchant.id, member.id);
    await audit.record({
      merchantId: merchant.id,
      operatorId: null,
      action: 'member.self_exclude',
      targetType: 'member',
      targetId: member.id.toString(),
      before: { excludedUntil: before && before > now() ? before.toISOString() : null },
      after: { excludedUntil: until.toISOString(), period: body.period },
      ip: client.ip,
    });
    return { excludedUntil: until.toISOString() };
  };

  return { takeBreak };
};
export type ResponsibleService = ReturnType<typeof responsibleService>;
