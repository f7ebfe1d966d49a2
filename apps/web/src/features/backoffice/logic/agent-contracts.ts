import { CONTRACT_KINDS, CONTRACT_MAX_TIERS, CONTRACT_PERIODS, CONTRACT_STATUSES, OpsContractOfferBody, type AgentContract, type ContractAction, type ContractKind, type ContractPeriod, type ContractStatus } from '@apsara/contracts';
import { pageFromSearch } from './queues';
import { normalMoney } from './settings';

/*
 * Contracts the site offers its top agents (POST /ops/agent-contracts, POST …/:id/:action;
 * docs/agent-contracts.md): the offer form as plain data, the body it sends, its checks (the
 * contract's schema, plus the rising thresholds the service asks for) and what the site may do with
 * each contract, as the service decides it.
 */

export type TierForm = { threshold: string; minActive: string; rate: string; lossRate: string };
export type ContractForm = { kind: ContractKind; toUsername: string; period: ContractPeriod; tiers: TierForm[] };
/** Rule keys, worded under `contentAdmin.contracts.rule.<key>`. */
export type ContractRule = 'required' | 'too_long' | 'amount_positive' | 'whole_between' | 'rate' | 'rising' | 'tiers_count' | 'invalid';
export type ContractProblems = Partial<Record<string, ContractRule>>;

export const MIN_ACTIVE_MAX = 100_000;
export const USERNAME_MAX = 64;

export const emptyTier = (): TierForm => ({ threshold: '', minActive: '0', rate: '', lossRate: '' });
export const newContractForm = (): ContractForm => ({ kind: 'daily', toUsername: '', period: 'W', tiers: [emptyTier()] });

const whole = (v: string): number => (/^\d{1,9}$/.test(v.trim()) ? Number(v.trim()) : Number.NaN);

/** The body of POST /ops/agent-contracts: a period for dividends only, a loss rate for real-time salary only. */
export const contractBody = (f: ContractForm) => ({
  kind: f.kind,
  toUsername: f.toUsername.trim(),
  ...(f.kind === 'dividend' ? { period: f.period } : {}),
  tiers: f.tiers.map((t) => ({
    threshold: normalMoney(t.threshold),
    minActive: whole(t.minActive),
    rate: t.rate.trim(),
    ...(f.kind === 'realtime' ? { lossRate: t.lossRate.trim() } : {}),
  })),
});

const tierRule = (field: string, value: string): ContractRule => {
  if (!value.trim()) return 'required';
  if (field === 'threshold') return 'amount_positive';
  if (field === 'minActive') return 'whole_between';
  return 'rate';
};

/** What the server would refuse, by form path (`toUsername`, `tiers`, `tiers.1.rate` …). */
export const contractProblems = (f: ContractForm): ContractProblems => {
  const out: ContractProblems = {};
  const body = contractBody(f);
  const parsed = OpsContractOfferBody.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [head, index, field] = issue.path.map(String);
      if (head === 'toUsername') out.toUsername ??= f.toUsername.trim() ? 'too_long' : 'required';
      else if (head === 'tiers' && index !== undefined && field !== undefined) {
        const tier = f.tiers[Number(index)];
        out[`tiers.${index}.${field}`] ??= tierRule(field, tier ? tier[field as keyof TierForm] : '');
      } else if (head === 'tiers') out.tiers ??= 'tiers_count';
      else out[head || 'form'] ??= 'invalid';
    }
  }
  // The service's rule a schema cannot say: each threshold above the one before.
  body.tiers.forEach((t, i) => {
    const prevBad = out[`tiers.${i - 1}.threshold`] && out[`tiers.${i - 1}.threshold`] !== 'rising';
    if (i === 0 || out[`tiers.${i}.threshold`] || prevBad) return;
    const prev = Number(body.tiers[i - 1].threshold);
    if (Number.isFinite(prev) && Number(t.threshold) <= prev) out[`tiers.${i}.threshold`] = 'rising';
  });
  return out;
};

export const canAddTier = (f: ContractForm) => f.tiers.length < CONTRACT_MAX_TIERS;

// ---- What the site may do with a contract ----

export type SiteActionKey = 'withdraw' | 'ask_end' | 'agree_end' | 'refuse_end';
export type SiteAction = { action: ContractAction; key: SiteActionKey };

/**
 * The site acts only on contracts it offered (no upline), as the service allows: withdraw an offer
 * not yet answered; on a signed one ask to end it, or answer the holder's request to end it (agree:
 * it ends; refuse: it stays). Once the site asked, it waits for the holder.
 */
export const siteActions = (c: Pick<AgentContract, 'status' | 'terminationRequestedBy' | 'upline'>): SiteAction[] => {
  if (c.upline !== null) return [];
  if (c.status === 'offered') return [{ action: 'terminate', key: 'withdraw' }];
  if (c.status !== 'active') return [];
  if (c.terminationRequestedBy === null) return [{ action: 'terminate', key: 'ask_end' }];
  if (c.terminationRequestedBy === 'holder') return [{ action: 'sign', key: 'agree_end' }, { action: 'reject', key: 'refuse_end' }];
  return [];
};

/** The state a row shows: the status, or on a signed contract who asked to end it. */
export const contractState = (c: Pick<AgentContract, 'status' | 'terminationRequestedBy'>): string =>
  c.status === 'active' && c.terminationRequestedBy ? `ending_${c.terminationRequestedBy}` : c.status;

/**
 * The word before a contract's decidedAt (contentAdmin.contracts.*): the holder answered the offer,
 * by signing it or by rejecting it; a rejected offer was never signed.
 */
export const decidedAtKey = (status: AgentContract['status']) => (status === 'rejected' ? 'rejected_at' : 'signed_at');

// ---- The list's filters in the address ----

export const CONTRACT_TABS = ['contracts', 'settlements'] as const;
export type ContractTab = (typeof CONTRACT_TABS)[number];

export type ContractSearch = { tab: ContractTab; kind?: ContractKind; status?: ContractStatus; contractId?: string; page: number };

export const contractSearchOf = (params: URLSearchParams): ContractSearch => {
  const kind = params.get('kind');
  const status = params.get('status');
  const contract = params.get('contract');
  return {
    tab: params.get('tab') === 'settlements' ? 'settlements' : 'contracts',
    ...((CONTRACT_KINDS as readonly string[]).includes(kind ?? '') ? { kind: kind as ContractKind } : {}),
    ...((CONTRACT_STATUSES as readonly string[]).includes(status ?? '') ? { status: status as ContractStatus } : {}),
    ...(contract && /^[1-9]\d{0,17}$/.test(contract) ? { contractId: contract } : {}),
    page: pageFromSearch(params.get('page')),
  };
};

export { CONTRACT_KINDS, CONTRACT_PERIODS, CONTRACT_STATUSES };
