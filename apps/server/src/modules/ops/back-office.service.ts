import {
  ACCOUNT_TYPE,
  fromMinor,
  isAgentType,
  isTrialType,
  LIST_PAGE_SIZE,
  OPS_CONFIG_SECTION_NAMES,
  OPS_CONFIG_SECTIONS,
  signUpConflicts,
  type DialingCodesConfig,
  type Lang,
  type OpsConfigSection,
  type OpsConfigValue,
  type OpsMemberDetail,
  type OpsMemberKindBody,
  type OpsMemberListValue,
  type OpsMemberQuery,
  type OpsMemberRow,
  type OpsMemberPasswordResetBody,
  type OpsMemberPasswordResetValue,
  type OpsMemberStatusBody,
} from '@apsara/contracts';
import { newAffiliateCode } from '../../lib/affiliate-code.js';
import { AppError } from '../../lib/app-error.js';
import { hashPassword } from '../../lib/password.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { temporaryPassword } from '../../lib/temporary-password.js';
import { MerchantConfig, registerRules, type Merchant } from '../merchant/merchant-config.js';
import { dialingCatalogue, unknownCountries } from '../system/dialing-codes.js';
import type { AuditRepository } from './audit.repository.js';
import type { BackOfficeRepository } from './back-office.repository.js';
import { allowRoles, type Client, type OperatorContext } from './ops.service.js';

const READ_ROLES = ['admin', 'finance', 'support'] as const;
const ADMIN = ['admin'] as const;
/** Support resets passwords too: a player locked out calls customer service first. */
const PASSWORD_RESET_ROLES = ['admin', 'support'] as const;

type Row = NonNullable<Awaited<ReturnType<BackOfficeRepository['one']>>>;
type ListRow = Awaited<ReturnType<BackOfficeRepository['page']>>['items'][number];

const rowDto = (r: ListRow): OpsMemberRow => ({
  id: r.id.toString(),
  username: r.username,
  nickname: r.nickname ?? null,
  type: r.type,
  isAgent: isAgentType(r.type),
  isTrial: isTrialType(r.type),
  status: r.status as OpsMemberRow['status'],
  parent: r.parent ?? null,
  createdAt: r.created_at.toISOString(),
  lastLoginAt: r.last_login_at?.toISOString() ?? null,
  balance: fromMinor(BigInt(r.balance)),
  held: fromMinor(BigInt(r.held)),
  vipLevel: Number(r.vip_level),
});

/** A mobile number as the back office shows it: the last four digits. */
const maskMobile = (code: string | null | undefined, num: string | null | undefined) => (num ? `${code ? `+${code.replace(/^\+/, '')} ` : ''}••••${num.slice(-4)}` : null);

/**
 * The back office's member lookup and the site settings (docs/operators.md). Support reads; only an
 * admin freezes a member or changes a setting; both are audited with their before and after.
 */
export const backOfficeService = (deps: { repo: BackOfficeRepository; audit: AuditRepository; invalidateMerchants: () => void }) => {
  const { repo, audit } = deps;

  const members = async (actor: OperatorContext, query: OpsMemberQuery): Promise<OpsMemberListValue> => {
    allowRoles(actor, READ_ROLES);
    const { items, total } = await repo.page(actor.merchantId, query);
    return { items: items.map(rowDto), page: query.page, pageSize: LIST_PAGE_SIZE, total };
  };

  const detailOf = async (merchantId: bigint, row: Row): Promise<OpsMemberDetail> => {
    const f = await repo.figures(merchantId, row.id);
    return {
      ...rowDto(row),
      payeeName: row.payee_name ?? null,
      email: row.email ?? null,
      mobile: maskMobile(row.country_dialing_code, row.mobile_num),
      language: row.language ?? null,
      referredBy: row.referred_by ?? null,
      downlines: f.downlines,
      affiliateCode: row.affiliate_code ?? null,
      wallets: f.wallets.map((w) => ({ code: w.kind, balance: fromMinor(w.balance), held: fromMinor(w.held) })),
      totals: { deposits: fromMinor(BigInt(f.deposits)), withdrawals: fromMinor(BigInt(f.withdrawals)), bets: fromMinor(BigInt(f.bets)), payouts: fromMinor(BigInt(f.payouts)) },
      points: Number(f.points),
    };
  };

  const member = async (actor: OperatorContext, idText: string): Promise<OpsMemberDetail> => {
    allowRoles(actor, READ_ROLES);
    const row = await repo.one(actor.merchantId, BigInt(idText));
    if (!row) throw new AppError('ACCOUNT_NOT_FOUND');
    return detailOf(actor.merchantId, row);
  };

  /** Freezes a member (every session of theirs ends at once) or reopens them; a closed account stays closed. */
  const setStatus = async (actor: OperatorContext, idText: string, body: OpsMemberStatusBody, client: Client): Promise<OpsMemberDetail> => {
    allowRoles(actor, ADMIN);
    const id = BigInt(idText);
    await repo.db.transaction().execute(async (tx) => {
      const m = await repo.lockMember(tx, actor.merchantId, id);
      if (!m) throw new AppError('ACCOUNT_NOT_FOUND');
      if (m.status === 'closed') throw new AppError('MEMBER_CLOSED');
      if (m.status === body.status) return;
      await repo.setStatus(tx, id, body.status);
      if (body.status === 'frozen') await repo.revokeSessions(tx, actor.merchantId, id);
      await audit.record({ merchantId: actor.merchantId, operatorId: actor.operatorId, action: body.status === 'frozen' ? 'member.freeze' : 'member.reopen', targetType: 'member', targetId: idText, before: { status: m.status }, after: { status: body.status }, reason: body.reason, ip: client.ip }, tx);
    });
    return member(actor, idText);
  };

  /**
   * Makes a player an agent (type 1: the agent center, opening accounts, an invitation code of their
   * own, contracts) or an agent a player again. Only an agent opened as a type 1 account goes back, and
   * only with no direct downline and no contract offered or in force, held or given: a team or a contract
   * needs its agent. A former agent keeps their code, which signs no one up while they are not an agent
   * (members.findAgentByAffiliateCode), and gets it back if made an agent again. Sessions stay open: the
   * account's type is read from the database on every request.
   */
  const setKind = async (actor: OperatorContext, idText: string, body: OpsMemberKindBody, client: Client): Promise<OpsMemberDetail> => {
    allowRoles(actor, ADMIN);
    const id = BigInt(idText);
    const change = async () =>
      repo.db.transaction().execute(async (tx) => {
        const m = await repo.lockMember(tx, actor.merchantId, id);
        if (!m) throw new AppError('ACCOUNT_NOT_FOUND');
        if (m.status === 'closed') throw new AppError('MEMBER_CLOSED');
        if (isTrialType(m.type)) throw new AppError('MEMBER_TRIAL_NOT_AGENT');
        const agent = isAgentType(m.type);
        if ((body.kind === 'agent') === agent) return;
        let type: number;
        let code = m.affiliate_code ?? null;
        if (body.kind === 'agent') {
          type = ACCOUNT_TYPE.AGENT_1;
          code ??= newAffiliateCode();
        } else {
          if (m.type !== ACCOUNT_TYPE.AGENT_1) throw new AppError('AGENT_KIND_FIXED', [String(m.type)]);
          const ties = await repo.agentTies(tx, actor.merchantId, id);
          if (ties.downlines > 0) throw new AppError('AGENT_HAS_TEAM', [String(ties.downlines)]);
          if (ties.contracts > 0) throw new AppError('AGENT_HAS_CONTRACTS', [String(ties.contracts)]);
          type = ACCOUNT_TYPE.MEMBER;
        }
        await repo.setKind(tx, actor.merchantId, id, type, code);
        await audit.record(
          {
            merchantId: actor.merchantId,
            operatorId: actor.operatorId,
            action: body.kind === 'agent' ? 'member.make_agent' : 'member.make_player',
            targetType: 'member',
            targetId: idText,
            before: { kind: agent ? 'agent' : 'member', affiliateCode: m.affiliate_code ?? null },
            after: { kind: body.kind, affiliateCode: code },
            reason: body.reason,
            ip: client.ip,
          },
          tx,
        );
      });
    // A freshly drawn code may (very rarely) be taken already: the index refuses it and a new one is drawn.
    for (let attempt = 0; ; attempt++) {
      try {
        await change();
        break;
      } catch (e) {
        if (!isUniqueViolation(e) || attempt >= 4) throw e;
      }
    }
    return member(actor, idText);
  };

  /**
   * Gives a member a temporary password (shown once, in the answer) and signs them out everywhere; a
   * session opened with it may only change the password (must_change_password, cleared when they
   * set their own). The audit records that it happened and why, never the password.
   */
  const resetPassword = async (actor: OperatorContext, merchant: Merchant, idText: string, body: OpsMemberPasswordResetBody, client: Client): Promise<OpsMemberPasswordResetValue> => {
    allowRoles(actor, PASSWORD_RESET_ROLES);
    const id = BigInt(idText);
    const temporary = temporaryPassword(registerRules(merchant.config).password);
    const passwordHash = temporary === null ? null : await hashPassword(temporary);
    const username = await repo.db.transaction().execute(async (tx) => {
      const m = await repo.lockMember(tx, actor.merchantId, id);
      if (!m) throw new AppError('ACCOUNT_NOT_FOUND');
      if (m.status === 'closed') throw new AppError('MEMBER_CLOSED');
      if (isTrialType(m.type)) throw new AppError('MEMBER_TRIAL_NO_PASSWORD');
      if (passwordHash === null) throw new AppError('TEMPORARY_PASSWORD_UNAVAILABLE');
      await repo.setTemporaryPassword(tx, actor.merchantId, id, passwordHash);
      await repo.revokeSessions(tx, actor.merchantId, id);
      await audit.record({ merchantId: actor.merchantId, operatorId: actor.operatorId, action: 'member.password_reset', targetType: 'member', targetId: idText, before: {}, after: { mustChangePassword: true }, reason: body.reason, ip: client.ip }, tx);
      return m.username;
    });
    return { memberId: idText, username, temporaryPassword: temporary! };
  };

  const sectionsOf = (c: MerchantConfig): OpsConfigValue => Object.fromEntries(OPS_CONFIG_SECTION_NAMES.map((s) => [s, c[s]])) as OpsConfigValue;

  const config = (actor: OperatorContext, merchant: Merchant): OpsConfigValue => {
    allowRoles(actor, READ_ROLES);
    return sectionsOf(merchant.config);
  };

  const refuse = (fields: { field: string; rule: string; message: string }[]) => new AppError('VALIDATION_FAILED', [fields.map((f) => f.field).join(', ')], { fields });

  /**
   * Replaces one section of the site's config, checked by the same schema the server reads it with;
   * the whole config must still parse. Takes effect at once on this node and within the merchant
   * cache's 10 s on the others.
   */
  const setConfig = async (actor: OperatorContext, section: OpsConfigSection, body: unknown, client: Client): Promise<OpsConfigValue> => {
    allowRoles(actor, ADMIN);
    const parsed = OPS_CONFIG_SECTIONS[section].safeParse(body);
    if (!parsed.success) {
      throw refuse(parsed.error.issues.map((i) => ({ field: [section, ...i.path.map(String)].join('.'), rule: i.code, message: i.message })));
    }
    if (section === 'dialingCodes') {
      const countries = (parsed.data as DialingCodesConfig).countries;
      const unknown = unknownCountries(countries);
      if (unknown.length) throw refuse(unknown.map((c) => ({ field: `dialingCodes.countries.${countries.indexOf(c)}`, rule: 'unknown', message: `no dialing code is known for ${c}` })));
    }
    const saved = await repo.db.transaction().execute(async (tx) => {
      const stored = await repo.lockConfig(tx, actor.merchantId);
      const before = MerchantConfig.parse(stored);
      const next = { ...stored, [section]: parsed.data };
      const whole = MerchantConfig.parse(next);
      // Flags and registration rules are checked together when either changes (a sign-up nobody could finish).
      if (section === 'flags' || section === 'register') {
        const conflicts = signUpConflicts(whole.flags, whole.register)[section];
        if (conflicts.length) throw refuse(conflicts.map((f) => ({ field: `${section}.${f}`, rule: 'conflict', message: 'SMS verification at sign-up (REGMOBVERF3) with sign-up by username (USERNAMEREG3) needs the mobile number field shown and required' })));
      }
      await repo.saveConfig(tx, actor.merchantId, next);
      await audit.record({ merchantId: actor.merchantId, operatorId: actor.operatorId, action: 'config.update', targetType: 'config', targetId: section, before: { [section]: before[section] }, after: { [section]: whole[section] }, ip: client.ip }, tx);
      return whole;
    });
    deps.invalidateMerchants();
    return sectionsOf(saved);
  };

  /** The catalogue the dialingCodes section chooses from. */
  const dialingCatalogueFor = (actor: OperatorContext, lang: Lang) => {
    allowRoles(actor, READ_ROLES);
    return dialingCatalogue(lang);
  };

  return { members, member, setStatus, setKind, resetPassword, config, setConfig, dialingCatalogue: dialingCatalogueFor };
};
export type BackOfficeService = ReturnType<typeof backOfficeService>;
