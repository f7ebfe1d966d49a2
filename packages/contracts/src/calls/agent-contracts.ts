import { z } from 'zod';
import { ok } from '../envelope.js';
import { LIST_PAGE_SIZE } from '../constants.js';
import { PositiveMoneyAmount } from '../money.js';
import { IdString } from './ops.js';

/*
 * Agent contracts (spec §3 Contract, §4 Contracts, §9): an upline agent offers a direct downline agent a
 * contract of one of four kinds; the downline signs or rejects it; either side may ask to end it and the
 * other agrees or refuses. A signed contract pays its holder from the upline's main wallet (from the
 * site's commission expense when the site itself offered it) for the business of the holder's team,
 * the holder included:
 * - daily salary: the effective bets (stake of settled rounds) of the previous day, paid the next day;
 * - hourly salary: the same, hour by hour, paid the next day;
 * - real-time salary: every 5 minutes, the bets of those 5 minutes at the win or the loss rate;
 * - dividend: at the end of each period (D, W, H half-month, M), a share of the team's net loss.
 * A tier applies when the team reached its threshold and its number of active members; the highest
 * such tier wins.
 */

export const CONTRACT_KINDS = ['dividend', 'daily', 'hourly', 'realtime'] as const;
export type ContractKind = (typeof CONTRACT_KINDS)[number];
/**
 * The contract kinds a site runs (spec §2, the agent center's conditional pages: dividend `enableCt`,
 * daily `salary`, hourly `hourSalary`, real-time `agentRealtimeSalary`). A kind switched off takes no
 * new offer and no offer of it is signed; the agent center leaves its page out of the menu. Contracts
 * already signed run on, and are settled, until their parties or the site end them.
 */
export const ContractKindsConfig = z.strictObject({ dividend: z.boolean(), daily: z.boolean(), hourly: z.boolean(), realtime: z.boolean() });
export type ContractKindsConfig = z.infer<typeof ContractKindsConfig>;
const ALL_KINDS_ON: ContractKindsConfig = { dividend: true, daily: true, hourly: true, realtime: true };
/** As a site's config may hold it: a kind not named is on. */
export const StoredContractKinds = z
  .object({ dividend: z.boolean().default(true), daily: z.boolean().default(true), hourly: z.boolean().default(true), realtime: z.boolean().default(true) })
  .default(ALL_KINDS_ON);
/** The spec's names of the switches, as the consolidated contract info answers them. */
export const CONTRACT_KIND_SWITCHES = { dividend: 'enableCt', daily: 'salary', hourly: 'hourSalary', realtime: 'agentRealtimeSalary' } as const satisfies Record<ContractKind, string>;
export const CONTRACT_PERIODS = ['D', 'W', 'H', 'M'] as const;
export type ContractPeriod = (typeof CONTRACT_PERIODS)[number];
export const CONTRACT_STATUSES = ['offered', 'active', 'rejected', 'terminated', 'withdrawn'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];
export const CONTRACT_ACTIONS = ['sign', 'reject', 'terminate'] as const;
export type ContractAction = (typeof CONTRACT_ACTIONS)[number];
/** Why a contract ended. */
export const CONTRACT_END_REASONS = ['agreed', 'replaced', 'upline_rate_lowered'] as const;

/** Minutes of a real-time salary period (spec §9). */
export const REALTIME_PERIOD_MINUTES = 5;
export const CONTRACT_MAX_TIERS = 10;
/** The highest rate a tier may give, in percent. */
export const CONTRACT_MAX_RATE = 100;

/** A percentage with at most two decimals, 0.01–100: "0.8" is 0.8 %. */
export const Rate = z
  .string()
  .regex(/^\d{1,3}(\.\d{1,2})?$/, { message: 'a percentage with at most 2 decimals' })
  .refine((v) => Number(v) > 0 && Number(v) <= CONTRACT_MAX_RATE, { message: `between 0.01 and ${CONTRACT_MAX_RATE}` });
/** "1.25" → 125 hundredths of a percent (basis points): rates are compared and applied as integers. */
export const rateToBp = (rate: string) => Math.round(Number(rate) * 100);
export const bpToRate = (bp: number) => (bp / 100).toFixed(2);

export const ContractTier = z.strictObject({
  /** Daily and hourly salary: effective bets of the day or hour; real-time: bets of the 5 minutes; dividend: the team's net loss. */
  threshold: PositiveMoneyAmount,
  /** Active members (accounts with at least one round) the team needs in the period. */
  minActive: z.number().int().min(0).max(100_000),
  /** Salary: on the bets; dividend: on the net loss; real-time: when the team's players won in the 5 minutes. */
  rate: Rate,
  /** Real-time salary only: the rate when the team's players lost in the 5 minutes. */
  lossRate: Rate.optional(),
});
export type ContractTier = z.infer<typeof ContractTier>;

/** POST /wps/agent/contracts — offers a contract to a direct downline agent. */
export const ContractOfferBody = z.strictObject({
  kind: z.enum(CONTRACT_KINDS),
  toUsername: z.string().trim().min(1).max(64),
  /** Dividend only: how often it is paid. */
  period: z.enum(CONTRACT_PERIODS).optional(),
  tiers: z.array(ContractTier).min(1).max(CONTRACT_MAX_TIERS),
});
export type ContractOfferBody = z.infer<typeof ContractOfferBody>;

/** POST /ops/agent-contracts — the site offers a contract to an agent without an upline. */
export const OpsContractOfferBody = ContractOfferBody;

/** The relay calls MCS2_processDividendReq, MCS2_processDailySalContract, MCS2_processContractHourSalary, MCSFE_processRealTimeSalaryContract. */
export const ContractActionBody = z.strictObject({ contractId: IdString, action: z.enum(CONTRACT_ACTIONS) });
export type ContractActionBody = z.infer<typeof ContractActionBody>;
export const CONTRACT_RELAY_CALLS: Record<ContractKind, string> = {
  dividend: 'MCS2_processDividendReq',
  daily: 'MCS2_processDailySalContract',
  hourly: 'MCS2_processContractHourSalary',
  realtime: 'MCSFE_processRealTimeSalaryContract',
};

export const AgentContract = z.object({
  id: IdString,
  kind: z.enum(CONTRACT_KINDS),
  /** received: the caller holds it (or is offered it); given: the caller offered it. */
  role: z.enum(['received', 'given']),
  /** The other side: the upline for a received contract (null: the site), the holder for a given one. */
  counterpart: z.string().nullable(),
  /** The site's list (GET /ops/agent-contracts) only: the upline's username, null when the site itself offered it (the site acts on those alone). */
  upline: z.string().nullable().optional(),
  status: z.enum(CONTRACT_STATUSES),
  period: z.enum(CONTRACT_PERIODS).nullable(),
  tiers: z.array(ContractTier),
  /** An active contract whose end one side asked for, waiting for the other. */
  terminationRequestedBy: z.enum(['upline', 'holder']).nullable(),
  endReason: z.enum(CONTRACT_END_REASONS).nullable(),
  /**
   * An offer the caller may sign: the contracts the caller gave their own downlines of this kind whose
   * rate is above the new one's highest; signing ends them (spec §4, conflict warning).
   */
  conflicts: z.array(z.string()),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
});
export type AgentContract = z.infer<typeof AgentContract>;
export const AgentContractResponse = ok(AgentContract);

export const ContractListQuery = z.strictObject({
  kind: z.enum(CONTRACT_KINDS).optional(),
  role: z.enum(['received', 'given']).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  lang: z.string().max(16).optional(),
});
export type ContractListQuery = z.infer<typeof ContractListQuery>;
export const ContractListValue = z.object({ items: z.array(AgentContract), page: z.number().int(), pageSize: z.literal(LIST_PAGE_SIZE), total: z.number().int() });
export type ContractListValue = z.infer<typeof ContractListValue>;
export const ContractListResponse = ok(ContractListValue);

/**
 * GET /wps/member/contracts/consolidated — what waits for the caller per kind (spec §3 "Consolidated
 * contract info"): 'new' an offer to sign, 'termination' a request to end one, 'success' a signed
 * contract, null nothing. Trial accounts and members get nulls.
 */
const RequestType = z.enum(['new', 'termination', 'success']).nullable();
export const ConsolidatedContractValue = z.object({
  dailysalreqtype: RequestType,
  divtypereq: RequestType,
  contracthoursalreq: RequestType,
  realtimesalreqtype: RequestType,
  /** Whether the site runs each kind (ContractKindsConfig), by the spec's names: the agent center's pages follow them. */
  enableCt: z.boolean(),
  salary: z.boolean(),
  hourSalary: z.boolean(),
  agentRealtimeSalary: z.boolean(),
});
export type ConsolidatedContractValue = z.infer<typeof ConsolidatedContractValue>;
export const ConsolidatedContractResponse = ok(ConsolidatedContractValue);

/** A period settled under a contract. */
export const ContractSettlement = z.object({
  id: IdString,
  contractId: IdString,
  kind: z.enum(CONTRACT_KINDS),
  holder: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  /** Salary: effective bets; dividend: the team's net loss (negative: the team's players won). */
  basis: z.string(),
  active: z.number().int(),
  /** The tier's rate that applied, or null when no tier was reached. */
  rate: z.string().nullable(),
  amount: z.string(),
  /** paid; nothing: no tier reached or nothing to share; unpaid: the payer's wallet could not cover it. */
  status: z.enum(['paid', 'nothing', 'unpaid']),
  createdAt: z.string(),
});
export type ContractSettlement = z.infer<typeof ContractSettlement>;
export const ContractSettlementQuery = z.strictObject({
  contractId: IdString.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  lang: z.string().max(16).optional(),
});
export type ContractSettlementQuery = z.infer<typeof ContractSettlementQuery>;
export const ContractSettlementListValue = z.object({ items: z.array(ContractSettlement), page: z.number().int(), pageSize: z.literal(LIST_PAGE_SIZE), total: z.number().int() });
export type ContractSettlementListValue = z.infer<typeof ContractSettlementListValue>;
export const ContractSettlementListResponse = ok(ContractSettlementListValue);

/**
 * GET /wps/agent/income — agentRevenueReport ("my income"): what the agent's contracts paid them and
 * what they paid their downline agents, per kind, over a range (periods ending in it).
 */
export const IncomeQuery = z.strictObject({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  lang: z.string().max(16).optional(),
});
export type IncomeQuery = z.infer<typeof IncomeQuery>;
const IncomeSums = z.object({
  /** Paid to the agent. */
  received: z.string(),
  /** Paid by the agent to their downline agents. */
  paidOut: z.string(),
  /** received − paidOut. */
  net: z.string(),
  /** Periods of the agent's own contracts their upline could not pay. */
  unpaid: z.string(),
});
export const IncomeValue = z.object({
  from: z.string(),
  to: z.string(),
  kinds: z.array(IncomeSums.extend({ kind: z.enum(CONTRACT_KINDS) })),
  total: IncomeSums,
});
export type IncomeValue = z.infer<typeof IncomeValue>;
export const IncomeResponse = ok(IncomeValue);
