import { DEPOSIT_STATUSES, POINT_ORDER_STATUSES, WITHDRAWAL_CONFIRMATIONS, WITHDRAWAL_STATUSES, minorOrNull, type OperatorRole } from '@apsara/contracts';
import { can, type OpsAction } from './roles';

/*
 * The work queues (deposits, withdrawals, promotion applications, point orders, feedback): their
 * status tabs, which decisions a row offers to a role, and what each decision asks for.
 */

export const QUEUES = ['deposits', 'withdrawals', 'promotionClaims', 'pointOrders', 'feedback'] as const;
export type Queue = (typeof QUEUES)[number];

/** Status tabs of each queue, the one waiting for a decision first (the default); 'all' last. */
export const QUEUE_TABS = {
  deposits: ['pending', ...DEPOSIT_STATUSES.filter((s) => s !== 'pending'), 'all'],
  withdrawals: ['pending', ...WITHDRAWAL_STATUSES.filter((s) => s !== 'pending'), 'all'],
  promotionClaims: ['applying', 'issued', 'claimed', 'rejected', 'signed_up', 'all'],
  pointOrders: ['applying', ...POINT_ORDER_STATUSES.filter((s) => s !== 'applying'), 'all'],
  feedback: ['open', 'resolved', 'all'],
} as const satisfies Record<Queue, readonly string[]>;
export type QueueTab<Q extends Queue> = (typeof QUEUE_TABS)[Q][number];

/** The tab a `?status=` asks for, or the queue's default when it names none of its tabs. */
export const tabFromSearch = <Q extends Queue>(queue: Q, raw: string | null): QueueTab<Q> => {
  const tabs = QUEUE_TABS[queue] as readonly string[];
  return (raw && tabs.includes(raw) ? raw : tabs[0]) as QueueTab<Q>;
};

/** The `status` query of a tab: 'all' sends none. */
export const statusQuery = (tab: string): string | undefined => (tab === 'all' ? undefined : tab);

/** A page number from `?page=`: a whole number from 1, else 1. */
export const pageFromSearch = (raw: string | null): number => {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
};

export const WITHDRAWAL_CONFIRMATION_FILTERS = ['all', ...WITHDRAWAL_CONFIRMATIONS] as const;
export type ConfirmationFilter = (typeof WITHDRAWAL_CONFIRMATION_FILTERS)[number];
export const confirmationFromSearch = (raw: string | null): ConfirmationFilter =>
  (WITHDRAWAL_CONFIRMATION_FILTERS as readonly string[]).includes(raw ?? '') ? (raw as ConfirmationFilter) : 'all';

export type Tone = 'pending' | 'ok' | 'bad' | 'info' | 'muted';

const TONES: Record<string, Tone> = {
  pending: 'pending',
  applying: 'pending',
  open: 'pending',
  signed_up: 'info',
  approved: 'info',
  issued: 'ok',
  claimed: 'ok',
  paid: 'ok',
  resolved: 'ok',
  received: 'ok',
  auto_received: 'ok',
  rejected: 'bad',
  not_received: 'bad',
  partial: 'pending',
  expired: 'muted',
  active: 'ok',
  frozen: 'bad',
  closed: 'muted',
  // Where an announcement stands.
  showing: 'ok',
  scheduled: 'info',
  ended: 'muted',
  off: 'muted',
  // Where a promotion stands (its schedule).
  in_progress: 'ok',
  coming_soon: 'info',
  // Where an article stands (a draft is muted like anything off).
  published: 'ok',
  // Where a lottery draw stands in the risk view.
  taking_bets: 'ok',
  settling: 'pending',
};
/** The badge colour of a status of any queue (and of a member's status, an announcement's phase). */
export const toneOf = (status: string): Tone => TONES[status] ?? 'muted';

export type Decision = 'approve' | 'reject' | 'paid' | 'resolve';

const ACTION_OF: Record<Queue, OpsAction> = {
  deposits: 'deposit.decide',
  withdrawals: 'withdrawal.decide',
  promotionClaims: 'promotion.decide',
  pointOrders: 'pointOrder.decide',
  feedback: 'feedback.resolve',
};

/** What a row's state allows, whoever looks at it. */
const OPEN_DECISIONS: Record<Queue, (row: { status: string; kind?: string }) => Decision[]> = {
  deposits: (r) => (r.status === 'pending' ? ['approve', 'reject'] : []),
  withdrawals: (r) => (r.status === 'pending' ? ['approve', 'reject'] : r.status === 'approved' ? ['paid', 'reject'] : []),
  promotionClaims: (r) => (r.status === 'applying' ? ['approve', 'reject'] : []),
  // Conversions are approved the moment they are made; only goods wait for the site.
  pointOrders: (r) => (r.status === 'applying' && r.kind !== 'convert' ? ['approve', 'reject'] : []),
  feedback: (r) => (r.status === 'open' ? ['resolve'] : []),
};

export type RowDecisions = { decisions: Decision[]; allowed: boolean };

/**
 * The decisions a row offers and whether this role may take them: a row that waits shows its buttons
 * to everyone, disabled for a role that may not decide (so it is plain why nothing can be done).
 */
export const rowDecisions = (queue: Queue, row: { status: string; kind?: string }, role: OperatorRole | undefined): RowDecisions => ({
  decisions: OPEN_DECISIONS[queue](row),
  allowed: can(role, ACTION_OF[queue]),
});

/** What a decision's dialog asks for. */
export type NoteRule = 'none' | 'optional' | 'required';
export type DecisionAsk = { note: NoteRule; noteMax: number; amount: boolean };

/**
 * Notes: a reject always gives the member a reason (the server requires one for promotions and point
 * orders; for money it is optional there, but a member refused their money is told why). Deposit and
 * withdrawal notes are at most 200 characters, promotion and point remarks 200, feedback answers 500.
 */
export const decisionAsk = (queue: Queue, decision: Decision, opts: { fixedBonus?: boolean } = {}): DecisionAsk => {
  if (queue === 'feedback') return { note: 'required', noteMax: 500, amount: false };
  const note: NoteRule = decision === 'reject' ? 'required' : 'optional';
  const amount = queue === 'promotionClaims' && decision === 'approve' && !opts.fixedBonus;
  return { note, noteMax: 200, amount };
};

export type NoteProblem = 'required' | 'too_short' | 'too_long' | 'angles' | null;

/**
 * Why a note cannot be sent, or null. Counted in code points after trimming, as the server counts;
 * `min` for reasons the server wants worded (a member's freeze, an adjustment: at least 5).
 */
export const noteProblem = (text: string, rule: NoteRule, max: number, min = 1): NoteProblem => {
  const trimmed = text.trim();
  if (rule === 'none') return null;
  if (!trimmed) return rule === 'required' ? 'required' : null;
  const length = [...trimmed].length;
  if (length < min) return 'too_short';
  if (length > max) return 'too_long';
  return /[<>]/.test(trimmed) ? 'angles' : null;
};

export type AmountProblem = 'required' | 'format' | 'zero' | 'above_max' | null;

const PLAIN = /^\d{1,13}(\.\d{1,2})?$/;

/** A bonus to pay: above zero, at most two decimals, at most the promotion's maximum when it has one. */
export const bonusProblem = (text: string, max: string | null): AmountProblem => {
  const v = text.trim();
  if (!v) return 'required';
  if (!PLAIN.test(v)) return 'format';
  const minor = minorOrNull(v);
  if (minor === null) return 'format';
  if (minor === 0n) return 'zero';
  const cap = max === null ? null : minorOrNull(max);
  return cap !== null && minor > cap ? 'above_max' : null;
};
