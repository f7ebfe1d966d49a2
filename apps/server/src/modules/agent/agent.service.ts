import {
  ACCOUNT_TYPE,
  LIST_PAGE_SIZE,
  fromMinor,
  isAgentType,
  validateOpenAccount,
  type DownlineQuery,
  type DownlineValue,
  type Lang,
  type OpenAccountBody,
  type OpenAccountValue,
  type TeamBetQuery,
  type TeamBetValue,
  type TeamOverviewValue,
  type TeamProfitQuery,
  type TeamProfitValue,
  type TeamRangeQuery,
  type TeamTransQuery,
  type TeamTransValue,
} from '@apsara/contracts';
import { newAffiliateCode } from '../../lib/affiliate-code.js';
import { AppError } from '../../lib/app-error.js';
import { hashPassword } from '../../lib/password.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import type { BetRecordService } from '../bet-record/bet-record.service.js';
import { resolveRange } from '../bet-record/bet-record.service.js';
import { registerRules, type Merchant } from '../merchant/merchant-config.js';
import type { MerchantRepository } from '../merchant/merchant.repository.js';
import { UplineNotAgentError, type MemberRepository } from '../member/member.repository.js';
import type { AuthContext, Client } from '../session/session.service.js';
import type { WalletService } from '../wallet/wallet.service.js';
import type { AgentRepository, ProfitRow } from './agent.repository.js';
import type { Players } from './team.js';

const mask = (name: string) => (name.length <= 2 ? `${name[0]}*` : `${name.slice(0, 2)}${'*'.repeat(Math.min(name.length - 2, 4))}`);


export type AgentServiceDeps = {
  members: MemberRepository;
  merchants: MerchantRepository;
  repo: AgentRepository;
  bets: BetRecordService;
  wallets: WalletService;
  now?: () => Date;
};

/**
 * The agent center: an agent reads their team (overview, downlines, money movements, rounds, profit and
 * loss by downline) and opens accounts under themself. Who may is decided here: agents only, and only
 * inside their own team (a username outside it is answered as unknown, whoever it is).
 */
export const agentService = (deps: AgentServiceDeps) => {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());

  const requireAgent = (auth: AuthContext) => {
    if (!isAgentType(auth.type)) throw new AppError('AGENT_ONLY');
  };

  /** The whole team, or one member of it named by username. */
  const playersOf = async (auth: AuthContext, username: string | undefined): Promise<Players> => {
    if (!username) return { teamOf: auth.memberId };
    const found = await repo.findInTeam(auth.merchantId, auth.memberId, username);
    if (!found) throw new AppError('TEAM_MEMBER_UNKNOWN', [], { fields: [{ field: 'username', rule: 'unknown', message: '' }] });
    return { memberId: found.id };
  };

  const sumsOf = (r: Pick<ProfitRow, 'accounts' | 'deposits' | 'withdrawals' | 'rounds' | 'stake' | 'payout'>) => ({
    accounts: r.accounts,
    deposits: fromMinor(r.deposits),
    withdrawals: fromMinor(r.withdrawals),
    rounds: r.rounds,
    stake: fromMinor(r.stake),
    payout: fromMinor(r.payout),
    profit: fromMinor(r.payout - r.stake),
  });

  return {
    /** The code must belong to an active agent of this merchant; a `domain` naming another merchant is refused. */
    checkAffiliate: async (merchant: Merchant, code: string, domain?: string) => {
      if (domain) {
        const owner = await deps.merchants.findForDomain(domain.toLowerCase());
        if (owner?.matched && owner.merchant.id !== merchant.id) throw new AppError('DOMAIN_INVALID');
      }
      const agent = await deps.members.findAgentByAffiliateCode(merchant.id, code);
      return { valid: !!agent, agentName: agent ? mask(agent.nickname ?? agent.username) : null };
    },

    overview: async (auth: AuthContext, query: TeamRangeQuery, lang: Lang): Promise<TeamOverviewValue> => {
      requireAgent(auth);
      const range = resolveRange(query, lang, now());
      const o = await repo.overview(auth.merchantId, auth.memberId, range);
      return {
        from: range.from.toISOString(),
        to: range.to.toISOString(),
        members: { total: o.total, direct: o.direct, agents: o.agents, joined: o.joined, active: o.active },
        balance: fromMinor(o.balance),
        deposits: { count: o.deposit_count, amount: fromMinor(o.deposit_amount) },
        withdrawals: { count: o.withdrawal_count, amount: fromMinor(o.withdrawal_amount) },
        bets: { rounds: o.rounds, stake: fromMinor(o.stake), payout: fromMinor(o.payout), profit: fromMinor(o.payout - o.stake) },
      };
    },

    downlines: async (auth: AuthContext, query: DownlineQuery): Promise<DownlineValue> => {
      requireAgent(auth);
      const { items, total } = await repo.downlines(auth.merchantId, auth.memberId, query, query.page, LIST_PAGE_SIZE);
      return {
        items: items.map((d) => ({
          id: d.id.toString(),
          username: d.username,
          nickname: d.nickname ?? d.username,
          type: d.type,
          isAgent: isAgentType(d.type),
          level: d.level,
          upline: d.upline,
          status: d.status,
          balance: fromMinor(d.balance),
          teamSize: d.team_size,
          createdAt: d.created_at.toISOString(),
          lastLoginAt: d.last_login_at?.toISOString() ?? null,
        })),
        page: query.page,
        pageSize: LIST_PAGE_SIZE,
        total,
      };
    },

    /**
     * registerCenter: a member or an agent under the caller, with the merchant's own username and
     * password rules. A new agent gets an invitation code of their own.
     */
    openAccount: async (merchant: Merchant, auth: AuthContext, body: OpenAccountBody, client: Client, lang: Lang): Promise<OpenAccountValue> => {
      requireAgent(auth);
      const rules = registerRules(merchant.config);
      const issues = validateOpenAccount(body, rules, lang);
      if (issues.length) throw new AppError('VALIDATION_FAILED', [issues.map((i) => i.field).join(', ')], { fields: issues });
      const username = body.username!.trim();
      const passwordHash = await hashPassword(body.password!.trim());
      const agent = body.kind === 'agent';
      for (let attempt = 0; ; attempt++) {
        const affiliateCode = agent ? newAffiliateCode() : null;
        try {
          const member = await deps.members.create(
            {
              merchant_id: merchant.id,
              username,
              type: agent ? ACCOUNT_TYPE.AGENT_1 : ACCOUNT_TYPE.MEMBER,
              password_hash: passwordHash,
              nickname: body.nickname?.trim() || username,
              parent_id: auth.memberId,
              affiliate_code: affiliateCode,
              register_ip: client.ip,
              register_method: 'AGENT',
            },
            merchant.currency,
          );
          return { id: member.id.toString(), username: member.username, type: member.type, affiliateCode };
        } catch (e) {
          // The caller was made a player (or frozen) since this request began.
          if (e instanceof UplineNotAgentError) throw new AppError('AGENT_ONLY');
          if (!isUniqueViolation(e)) throw e;
          // The username is taken, or (rarely) the code just drawn is: draw again a few times.
          const taken = await deps.members.findByUsername(merchant.id, username);
          if (taken || !agent || attempt >= 4) throw new AppError('USERNAME_TAKEN', [], { fields: [{ field: 'username', rule: 'taken', message: '' }] });
        }
      }
    },

    transactions: async (merchant: Merchant, auth: AuthContext, query: TeamTransQuery, lang: Lang): Promise<TeamTransValue> => {
      requireAgent(auth);
      const range = resolveRange(query, lang, now());
      const page = await deps.wallets.movements(merchant, await playersOf(auth, query.username), { ...query, from: range.from.toISOString(), to: range.to.toISOString() });
      return { ...page, items: page.items.map((i) => ({ ...i, amount: fromMinor(i.amount), balanceAfter: fromMinor(i.balanceAfter) })) };
    },

    bets: async (merchant: Merchant, auth: AuthContext, query: TeamBetQuery, ctx: { lang: Lang; namesLang: Lang }): Promise<TeamBetValue> => {
      requireAgent(auth);
      const value = await deps.bets.rounds(merchant, await playersOf(auth, query.username), query, ctx);
      // The provably-fair reference is for the player who played, not their upline.
      return { ...value, items: value.items.map(({ fair: _fair, ...item }) => item) };
    },

    profit: async (auth: AuthContext, query: TeamProfitQuery, lang: Lang): Promise<TeamProfitValue> => {
      requireAgent(auth);
      const range = resolveRange(query, lang, now());
      const rows = await repo.profitByDownline(auth.merchantId, auth.memberId, range);
      // Busiest first (stake), then by name; every direct downline is listed, active or not.
      rows.sort((a, b) => (a.stake === b.stake ? a.username.localeCompare(b.username) : a.stake > b.stake ? -1 : 1));
      const zero = { accounts: 0, deposits: 0n, withdrawals: 0n, rounds: 0, stake: 0n, payout: 0n };
      const total = rows.reduce(
        (s, r) => ({ accounts: s.accounts + r.accounts, deposits: s.deposits + r.deposits, withdrawals: s.withdrawals + r.withdrawals, rounds: s.rounds + r.rounds, stake: s.stake + r.stake, payout: s.payout + r.payout }),
        zero,
      );
      const start = (query.page - 1) * LIST_PAGE_SIZE;
      return {
        from: range.from.toISOString(),
        to: range.to.toISOString(),
        items: rows.slice(start, start + LIST_PAGE_SIZE).map((r) => ({ username: r.username, isAgent: isAgentType(r.type), ...sumsOf(r) })),
        page: query.page,
        pageSize: LIST_PAGE_SIZE,
        total: rows.length,
        totals: sumsOf(total),
      };
    },
  };
};
export type AgentService = ReturnType<typeof agentService>;
