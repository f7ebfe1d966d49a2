import { z } from 'zod';
import { ok } from '../envelope.js';
import { LIST_PAGE_SIZE } from '../constants.js';
import { BetTotals, MemBetItem, MemBetQuery, MemBetValue } from './bet-record.js';
import { MemTransItem, MemTransQuery } from './wallet.js';
import { IdString } from './ops.js';
import { USERNAME_CHARS, type Lang } from '../constants.js';
import { validationMessage } from '../validation/patterns.js';
import type { RegisterFieldRule } from '../validation/register-fields.js';
import { normalizeField, validateField, type FieldError } from '../validation/validate.js';

/*
 * The agent center (spec §2 agent center pages). An agent's team is every account whose chain of
 * uplines reaches the agent: their direct downlines (level 1), those downlines' own downlines (level 2),
 * and so on. Every call here is for agents only and reads or writes inside the caller's team alone.
 */

const Money = z.string().describe('two places, e.g. "1234.50"');
const Instant = z.iso.datetime({ offset: true });
/** A username as sign-in accepts it (letters of any script, digits, _ . @ + -). */
const TeamUsername = z.string().trim().min(1).max(64).regex(/^[\p{L}\p{M}\p{N}_.@+-]+$/u, { message: 'a username' });

/** The range of an overview or report: `from` inclusive, `to` exclusive, at most 90 days; default the last 7 days. */
export const TeamRangeQuery = z.strictObject({
  from: Instant.optional(),
  to: Instant.optional(),
  /** The language of messages (as on every call). */
  lang: z.string().max(16).optional(),
});
export type TeamRangeQuery = z.infer<typeof TeamRangeQuery>;

export const TeamCount = z.object({ count: z.number().int(), amount: Money });

/** GET /wps/agent/team/overview — agentTeamOverview. */
export const TeamOverviewValue = z.object({
  from: z.string(),
  to: z.string(),
  members: z.object({
    /** Everyone in the team, at every level. */
    total: z.number().int(),
    /** Level 1: the agent's own downlines. */
    direct: z.number().int(),
    /** Agents anywhere in the team. */
    agents: z.number().int(),
    /** Accounts opened in the range. */
    joined: z.number().int(),
    /** Accounts that played at least one round in the range. */
    active: z.number().int(),
  }),
  /** The main wallets of the whole team now (available plus held). */
  balance: Money,
  /** Credited deposits and paid withdrawals in the range. */
  deposits: TeamCount,
  withdrawals: TeamCount,
  /** Rounds opened in the range and settled (an open round's result is not known yet); `profit` is the players' (payout − stake). */
  bets: BetTotals,
});
export type TeamOverviewValue = z.infer<typeof TeamOverviewValue>;
export const TeamOverviewResponse = ok(TeamOverviewValue);

export const DOWNLINE_SCOPES = ['direct', 'all'] as const;
export const DOWNLINE_KINDS = ['member', 'agent'] as const;

/** GET /wps/agent/downlines — downlineManagmentView. */
export const DownlineQuery = z.strictObject({
  /** Part of a username, any case. */
  username: z.string().trim().min(1).max(64).optional(),
  /** direct (default): level 1 only; all: the whole team. */
  scope: z.enum(DOWNLINE_SCOPES).default('direct'),
  kind: z.enum(DOWNLINE_KINDS).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  lang: z.string().max(16).optional(),
});
export type DownlineQuery = z.infer<typeof DownlineQuery>;

export const Downline = z.object({
  id: IdString,
  username: z.string(),
  nickname: z.string(),
  type: z.number().int(),
  isAgent: z.boolean(),
  /** 1: the caller's own downline; 2: a downline's downline; … */
  level: z.number().int(),
  /** The account's own upline (the caller for level 1). */
  upline: z.string(),
  status: z.string(),
  /** Main wallet, available plus held. */
  balance: Money,
  /** For an agent: how many accounts are in their own team; 0 for a member. */
  teamSize: z.number().int(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type Downline = z.infer<typeof Downline>;
export const DownlineValue = z.object({ items: z.array(Downline), page: z.number().int(), pageSize: z.literal(LIST_PAGE_SIZE), total: z.number().int() });
export type DownlineValue = z.infer<typeof DownlineValue>;
export const DownlineResponse = ok(DownlineValue);

/** PUT /wps/agent/accounts — registerCenter: the agent opens an account as their own direct downline. */
export const OpenAccountBody = z.strictObject({
  kind: z.enum(DOWNLINE_KINDS),
  username: z.string().max(200).nullish(),
  password: z.string().max(200).nullish(),
  confirmPassword: z.string().max(200).nullish(),
  /** Shown in the header and to the upline; default: the username. */
  nickname: z.string().trim().max(32).nullish(),
});
export type OpenAccountBody = z.infer<typeof OpenAccountBody>;

/**
 * The merchant's own username and password rules (required here whatever the registration form
 * switches), the characters sign-in accepts, and the confirmation. The server runs it as the
 * authority; the open-account form runs the same code.
 */
export const validateOpenAccount = (
  input: Pick<OpenAccountBody, 'username' | 'password' | 'confirmPassword'>,
  rules: { username: RegisterFieldRule; password: RegisterFieldRule },
  lang: Lang,
): FieldError[] => {
  const errors: FieldError[] = [];
  const must = (rule: RegisterFieldRule) => ({ ...rule, enabled: true, required: true });
  const username = validateField('username', input.username, must(rules.username), lang);
  if (username) errors.push(username);
  else if (!USERNAME_CHARS.test(normalizeField('username', input.username))) {
    errors.push({ field: 'username', rule: 'pattern', message: validationMessage('accountFormat', lang) });
  }
  const password = validateField('password', input.password, must(rules.password), lang);
  if (password) errors.push(password);
  const confirm = normalizeField('confirmPassword', input.confirmPassword);
  if (confirm === '') errors.push({ field: 'confirmPassword', rule: 'required', message: validationMessage('inputEmpty', lang) });
  else if (confirm !== normalizeField('password', input.password)) {
    errors.push({ field: 'confirmPassword', rule: 'mismatch', message: validationMessage('passwordInconsistent', lang) });
  }
  return errors;
};
export const OpenAccountValue = z.object({
  id: IdString,
  username: z.string(),
  type: z.number().int(),
  /** A new agent's own invitation code, for the members they bring in; null for a member. */
  affiliateCode: z.string().nullable(),
});
export type OpenAccountValue = z.infer<typeof OpenAccountValue>;
export const OpenAccountResponse = ok(OpenAccountValue);

/** GET /wps/agent/team/transactions — agentDownlineTransactionDetailsCopy: the team's money movements. */
/** As the account record's query, but over at most 90 days (default: the last 7), the team being many accounts. */
export const TeamTransQuery = MemTransQuery.extend({ username: TeamUsername.optional(), lang: z.string().max(16).optional() });
export type TeamTransQuery = z.infer<typeof TeamTransQuery>;
export const TeamTransItem = MemTransItem.extend({ username: z.string() });
export type TeamTransItem = z.infer<typeof TeamTransItem>;
export const TeamTransValue = z.object({ items: z.array(TeamTransItem), page: z.number().int(), pageSize: z.number().int(), total: z.number().int() });
export type TeamTransValue = z.infer<typeof TeamTransValue>;
export const TeamTransResponse = ok(TeamTransValue);

/** GET /wps/agent/team/bets — the team's betting record (the agent center's personalHistoryCopy). */
export const TeamBetQuery = MemBetQuery.extend({ username: TeamUsername.optional() });
export type TeamBetQuery = z.infer<typeof TeamBetQuery>;
export const TeamBetItem = MemBetItem.omit({ fair: true }).extend({ username: z.string() });
export type TeamBetItem = z.infer<typeof TeamBetItem>;
export const TeamBetValue = MemBetValue.extend({ items: z.array(TeamBetItem) });
export type TeamBetValue = z.infer<typeof TeamBetValue>;
export const TeamBetResponse = ok(TeamBetValue);

/**
 * GET /wps/agent/team/profit — palStatementsAgentCopy: one row per direct downline; an agent's row adds
 * up their whole team with them. Sums over the range: credited deposits, paid withdrawals, and the
 * rounds opened in it.
 */
export const TeamProfitQuery = TeamRangeQuery.extend({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
export type TeamProfitQuery = z.infer<typeof TeamProfitQuery>;
/** `profit` is the players' result, payout − stake. */
export const TeamProfitRow = BetTotals.extend({
  username: z.string(),
  isAgent: z.boolean(),
  /** Accounts counted in the row: 1 for a member, 1 + their team for an agent. */
  accounts: z.number().int(),
  deposits: Money,
  withdrawals: Money,
});
export type TeamProfitRow = z.infer<typeof TeamProfitRow>;
export const TeamProfitValue = z.object({
  from: z.string(),
  to: z.string(),
  items: z.array(TeamProfitRow),
  page: z.number().int(),
  pageSize: z.literal(LIST_PAGE_SIZE),
  /** Direct downlines (all pages). */
  total: z.number().int(),
  /** The whole team over the range. */
  totals: TeamProfitRow.omit({ username: true, isAgent: true }),
});
export type TeamProfitValue = z.infer<typeof TeamProfitValue>;
export const TeamProfitResponse = ok(TeamProfitValue);
