import {
  INCOME_SOURCES,
  isTrialType,
  normalizeProfile,
  profileIssueMessage,
  todayIn,
  validateProfile,
  type IncomeSource,
  type Lang,
  type OpsMemberProfileValue,
  type OpsProfileCorrectionBody,
  type ProfileBody,
  type ProfileDraft,
  type ProfileIssue,
  type ProfileValue,
  type RegisterFieldRule,
} from '@apsara/contracts';
import type { Database } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { registerRules, type Merchant } from '../merchant/merchant-config.js';
import type { AuditRepository } from '../ops/audit.repository.js';
import { allowRoles, type Client, type OperatorContext } from '../ops/ops.service.js';
import { sameName } from '../security/security.service.js';
import type { AuthContext } from '../session/session.service.js';
import type { ProfileRepository, ProfileRow } from './profile.repository.js';

/** Everyone in the back office reads a profile; the people who answer members correct it. */
const READ_ROLES = ['admin', 'finance', 'support'] as const;
const CORRECT_ROLES = ['admin', 'support'] as const;

const isIncome = (v: string | null): v is IncomeSource => v !== null && (INCOME_SOURCES as readonly string[]).includes(v);

/** The site's rules for a profile: real-name rule (as registration checks it), today in the site's zone, minimum age. */
const rulesOf = (merchant: Merchant) => {
  const payee = registerRules(merchant.config).payeeName;
  // The name is checked whether or not the site's register form asks for it.
  const nameRule: RegisterFieldRule = { ...payee, enabled: true, required: true };
  return { nameRule, today: todayIn(merchant.timezone), minAge: merchant.config.register.minAge };
};

const dto = (row: ProfileRow, merchant: Merchant): ProfileValue => ({
  fullname: row.payee_name,
  fullnameLocked: row.payee_name !== null,
  birthday: row.birthday,
  birthdayLocked: row.birthday !== null,
  permanentAddress: row.permanent_address,
  currentAddress: row.current_address,
  placeOfBirth: row.place_of_birth,
  nationality: row.nationality,
  occupation: row.occupation,
  sourceOfIncome: isIncome(row.income_source) ? row.income_source : null,
  minAge: merchant.config.register.minAge,
  today: todayIn(merchant.timezone),
  updatedAt: row.updated_at?.toISOString() ?? null,
});

/**
 * Bad input as the caller reads it: one entry per field. A birthday that is only too young gets a
 * code of its own (UNDER_MIN_AGE), so a client can tell it from a typing slip.
 */
const refuse = (issues: ProfileIssue[], lang: Lang, nameRule: RegisterFieldRule) => {
  const fields = issues.map((i) => ({ field: i.field, rule: i.rule, message: profileIssueMessage(i, lang, nameRule) }));
  if (issues.length === 1 && issues[0].rule === 'minAge') throw new AppError('UNDER_MIN_AGE', [issues[0].values?.age ?? ''], { fields });
  throw new AppError('VALIDATION_FAILED', [fields.map((f) => f.field).join(', ')], { fields });
};

const orNull = (v: string) => (v === '' ? null : v);

/**
 * The member's profile (docs/profile.md). The full name is the real name bank cards carry
 * (members.payee_name), set once by the member here or in the security center; the birthday is set
 * once too. After that only customer service changes either, with a reason, audited.
 */
export const profileService = (deps: { db: Database; repo: ProfileRepository; audit: AuditRepository }) => {
  const { db, repo, audit } = deps;

  const realAccountOnly = (auth: AuthContext) => {
    if (isTrialType(auth.type)) throw new AppError('TRIAL_NEED_REAL_ACCOUNT');
  };

  /** GET /wps/member/profile: the signed-in member's own, and no one else's. */
  const get = async (merchant: Merchant, auth: AuthContext): Promise<ProfileValue> => {
    realAccountOnly(auth);
    const row = await repo.find(merchant.id, auth.memberId);
    if (!row) throw new AppError('NOT_LOGGED_IN');
    return dto(row, merchant);
  };

  /**
   * PUT /wps/member/profile: the whole form. Every rule is checked before anything is written; the
   * locked fields are decided under a lock of the member's row, so two first saves cannot both set them.
   */
  const save = async (merchant: Merchant, auth: AuthContext, body: ProfileBody, lang: Lang): Promise<ProfileValue> => {
    realAccountOnly(auth);
    const rules = rulesOf(merchant);
    const draft = normalizeProfile(body);
    const issues = validateProfile(draft, rules);
    if (issues.length) refuse(issues, lang, rules.nameRule);
    await db.transaction().execute(async (tx) => {
      const current = await repo.lock(tx, merchant.id, auth.memberId);
      if (!current) throw new AppError('NOT_LOGGED_IN');
      const locked = lockedIssues(current, draft);
      if (locked.length) {
        throw new AppError('PROFILE_FIELD_LOCKED', [], { fields: locked.map((i) => ({ field: i.field, rule: i.rule, message: profileIssueMessage(i, lang) })) });
      }
      if (draft.fullname !== '' && current.payee_name === null) await repo.setFullname(tx, merchant.id, auth.memberId, draft.fullname);
      await repo.upsert(tx, merchant.id, auth.memberId, {
        birthday: current.birthday ?? orNull(draft.birthday),
        permanent_address: orNull(draft.permanentAddress),
        current_address: orNull(draft.currentAddress),
        place_of_birth: orNull(draft.placeOfBirth),
        nationality: orNull(draft.nationality),
        occupation: orNull(draft.occupation),
        income_source: orNull(draft.sourceOfIncome),
      });
    });
    return get(merchant, auth);
  };

  /** GET /ops/members/:id/profile */
  const opsGet = async (actor: OperatorContext, merchant: Merchant, idText: string): Promise<OpsMemberProfileValue> => {
    allowRoles(actor, READ_ROLES);
    const row = await repo.find(actor.merchantId, BigInt(idText));
    if (!row) throw new AppError('ACCOUNT_NOT_FOUND');
    return { memberId: idText, ...dto(row, merchant) };
  };

  /**
   * PATCH /ops/members/:id/profile: customer service corrects the full name or the birthday (the
   * fields a member cannot change), by the same rules the member's form keeps; audited with what it
   * was and what it became, and why. A change to the real name also changes whom bank cards must name.
   */
  const correct = async (actor: OperatorContext, merchant: Merchant, idText: string, body: OpsProfileCorrectionBody, client: Client, lang: Lang): Promise<OpsMemberProfileValue> => {
    allowRoles(actor, CORRECT_ROLES);
    const id = BigInt(idText);
    const rules = rulesOf(merchant);
    const draft = normalizeProfile({ fullname: body.fullname, birthday: body.birthday });
    const issues: ProfileIssue[] = [];
    // Given but blank: a correction cannot erase a real name or a birthday.
    if (body.fullname !== undefined && draft.fullname === '') issues.push({ field: 'fullname', rule: 'required' });
    if (body.birthday !== undefined && draft.birthday === '') issues.push({ field: 'birthday', rule: 'required' });
    issues.push(...validateProfile(draft, rules).filter((i) => i.field === 'fullname' || i.field === 'birthday'));
    if (issues.length) refuse(issues, lang, rules.nameRule);
    await db.transaction().execute(async (tx) => {
      const current = await repo.lock(tx, actor.merchantId, id);
      if (!current) throw new AppError('ACCOUNT_NOT_FOUND');
      if (isTrialType(current.type)) throw new AppError('TRIAL_NEED_REAL_ACCOUNT');
      const before: Record<string, string | null> = {};
      const after: Record<string, string> = {};
      if (draft.fullname !== '' && draft.fullname !== current.payee_name) {
        before.fullname = current.payee_name;
        after.fullname = draft.fullname;
        await repo.setFullname(tx, actor.merchantId, id, draft.fullname);
      }
      if (draft.birthday !== '' && draft.birthday !== current.birthday) {
        before.birthday = current.birthday;
        after.birthday = draft.birthday;
        await repo.setBirthday(tx, actor.merchantId, id, draft.birthday);
      }
      // Nothing different: nothing written, nothing to audit.
      if (Object.keys(after).length === 0) return;
      await audit.record({ merchantId: actor.merchantId, operatorId: actor.operatorId, action: 'member.profile_correct', targetType: 'member', targetId: idText, before, after, reason: body.reason, ip: client.ip }, tx);
    });
    return opsGet(actor, merchant, idText);
  };

  return { get, save, opsGet, correct };
};
export type ProfileService = ReturnType<typeof profileService>;

/** A locked field sent with a different value (the same one again is a harmless resend of the whole form). */
const lockedIssues = (current: ProfileRow, draft: ProfileDraft): ProfileIssue[] => {
  const out: ProfileIssue[] = [];
  if (draft.fullname !== '' && current.payee_name !== null && !sameName(draft.fullname, current.payee_name)) out.push({ field: 'fullname', rule: 'locked' });
  if (draft.birthday !== '' && current.birthday !== null && draft.birthday !== current.birthday) out.push({ field: 'birthday', rule: 'locked' });
  return out;
};
