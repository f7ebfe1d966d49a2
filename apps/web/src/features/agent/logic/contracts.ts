import { CONTRACT_MAX_TIERS, ContractOfferBody, type AgentContract, type ContractAction, type ContractKind, type ContractPeriod } from '@apsara/contracts';

/*
 * The contract pages (spec §4): which buttons a contract offers the one looking at it, and the offer
 * form's checks (the contracts' own schema, plus thresholds that rise from tier to tier).
 */

/** The four contract pages, each about one kind. */
export const CONTRACT_PAGE_KIND = {
  contractDividend: 'dividend',
  contractDailySalary: 'daily',
  contractHourSalary: 'hourly',
  contractRealtimeSalary: 'realtime',
} as const satisfies Record<string, ContractKind>;

/** A button on a contract: what it says and the relay action it sends. */
export type ContractButton = 'sign' | 'reject' | 'withdraw' | 'ask_end' | 'agree_end' | 'refuse_end';

export const BUTTON_ACTION: Record<ContractButton, ContractAction> = {
  sign: 'sign',
  reject: 'reject',
  withdraw: 'terminate',
  ask_end: 'terminate',
  agree_end: 'sign',
  refuse_end: 'reject',
};

/**
 * The buttons a contract offers its viewer: the holder signs or rejects an offer, the upline withdraws
 * it; on a signed contract either side asks to end it, and the other side agrees or refuses. A
 * contract the site gave has no upline here: the holder's side only. Ended ones offer nothing.
 */
export const contractButtons = (c: Pick<AgentContract, 'role' | 'status' | 'terminationRequestedBy'>): ContractButton[] => {
  const me = c.role === 'received' ? 'holder' : 'upline';
  if (c.status === 'offered') return me === 'holder' ? ['sign', 'reject'] : ['withdraw'];
  if (c.status !== 'active') return [];
  if (c.terminationRequestedBy === null) return ['ask_end'];
  if (c.terminationRequestedBy === me) return [];
  return ['agree_end', 'refuse_end'];
};

/** Signing this offer would end these downline contracts (spec §4 warning); empty when nothing. */
export const signingConflicts = (c: Pick<AgentContract, 'role' | 'status' | 'conflicts'>, button: ContractButton): string[] =>
  button === 'sign' && c.role === 'received' && c.status === 'offered' ? c.conflicts : [];

/** The kinds whose terms have a period (dividend) or a loss rate (real-time). */
export const hasPeriod = (kind: ContractKind) => kind === 'dividend';
export const hasLossRate = (kind: ContractKind) => kind === 'realtime';

export type TierDraft = { threshold: string; minActive: string; rate: string; lossRate: string };
export type OfferDraft = { toUsername: string; period: ContractPeriod; tiers: TierDraft[] };

export const EMPTY_TIER: TierDraft = { threshold: '', minActive: '0', rate: '', lossRate: '' };
export const emptyOffer = (): OfferDraft => ({ toUsername: '', period: 'D', tiers: [{ ...EMPTY_TIER }] });

export const canAddTier = (draft: OfferDraft) => draft.tiers.length < CONTRACT_MAX_TIERS;
export const canRemoveTier = (draft: OfferDraft) => draft.tiers.length > 1;

/** What is sent: trimmed texts, whole numbers, a period and loss rates only for the kinds that have them. */
export const toOfferBody = (kind: ContractKind, draft: OfferDraft): ContractOfferBody => ({
  kind,
  toUsername: draft.toUsername.trim(),
  ...(hasPeriod(kind) ? { period: draft.period } : {}),
  tiers: draft.tiers.map((t) => ({
    threshold: t.threshold.trim(),
    minActive: /^\d+$/.test(t.minActive.trim()) ? Number(t.minActive.trim()) : Number.NaN,
    rate: t.rate.trim(),
    ...(hasLossRate(kind) ? { lossRate: t.lossRate.trim() } : {}),
  })),
});

/** A field of the form: 'toUsername', 'tiers' (the rows as a whole) or `tiers.<i>.<column>`. */
export type OfferErrorKey = 'toUsername' | 'tiers' | `tiers.${number}.${keyof TierDraft}`;
/** Which problem: the page turns each into words. */
export type OfferProblem = 'required' | 'money' | 'min_active' | 'rate' | 'rising' | 'count';

/**
 * Field → problem for what the client can tell before sending: the contracts' schema
 * (ContractOfferBody) and thresholds that rise from one tier to the next. Empty: the offer may be sent.
 */
export const offerErrors = (kind: ContractKind, draft: OfferDraft): Partial<Record<OfferErrorKey, OfferProblem>> => {
  const errors: Partial<Record<OfferErrorKey, OfferProblem>> = {};
  const body = toOfferBody(kind, draft);
  const parsed = ContractOfferBody.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [first, index, column] = issue.path;
      if (first === 'toUsername') errors.toUsername ??= 'required';
      else if (first === 'tiers' && typeof index === 'number' && typeof column === 'string') {
        const key = `tiers.${index}.${column}` as OfferErrorKey;
        const raw = draft.tiers[index]?.[column as keyof TierDraft] ?? '';
        errors[key] ??= raw.trim() === '' ? 'required' : column === 'threshold' ? 'money' : column === 'minActive' ? 'min_active' : 'rate';
      } else if (first === 'tiers') errors.tiers ??= 'count';
    }
  }
  // Rising thresholds: compared in cents, only between thresholds that are themselves valid.
  const cents = body.tiers.map((t) => (/^\d+(\.\d{1,2})?$/.test(t.threshold) ? Math.round(Number(t.threshold) * 100) : null));
  for (let i = 1; i < cents.length; i += 1) {
    const prev = cents[i - 1];
    const here = cents[i];
    if (prev !== null && here !== null && here <= prev) errors[`tiers.${i}.threshold`] ??= 'rising';
  }
  return errors;
};

/** Codes about the downline named in the form; the others show above the button. */
const TARGET_CODES = new Set(['CONTRACT_TARGET_INVALID', 'CONTRACT_OFFER_PENDING']);
export const offerErrorPlace = (code: string): 'toUsername' | 'form' => (TARGET_CODES.has(code) ? 'toUsername' : 'form');

type IncomeSums = { received: string; paidOut: string; unpaid: string };
const nonZero = (amount: string) => Number(amount) !== 0;
/** Whether any contract moved money (or left it unpaid) in the range: otherwise the page says so. */
export const hasIncome = (income: { kinds: readonly IncomeSums[]; total: IncomeSums }) =>
  [income.total, ...income.kinds].some((s) => nonZero(s.received) || nonZero(s.paidOut) || nonZero(s.unpaid));
