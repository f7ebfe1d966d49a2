import { AppError } from '../../lib/app-error.js';
import type { Merchant } from '../merchant/merchant-config.js';
import type { MerchantRepository } from '../merchant/merchant.repository.js';
import type { MemberRepository } from '../member/member.repository.js';

const mask = (name: string) => (name.length <= 2 ? `${name[0]}*` : `${name.slice(0, 2)}${'*'.repeat(Math.min(name.length - 2, 4))}`);

export const agentService = (deps: { members: MemberRepository; merchants: MerchantRepository }) => ({
  /** The code must belong to an active agent of this merchant; a `domain` naming another merchant is refused. */
  checkAffiliate: async (merchant: Merchant, code: string, domain?: string) => {
    if (domain) {
      const owner = await deps.merchants.findForDomain(domain.toLowerCase());
      if (owner?.matched && owner.merchant.id !== merchant.id) throw new AppError('DOMAIN_INVALID');
    }
    const agent = await deps.members.findAgentByAffiliateCode(merchant.id, code);
    return { valid: !!agent, agentName: agent ? mask(agent.nickname ?? agent.username) : null };
  },
});
export type AgentService = ReturnType<typeof agentService>;
