import {
  ANNOUNCEMENT_AUDIENCES,
  ANNOUNCEMENT_KINDS,
  ANNOUNCEMENT_PHASES,
  CHAT_STATUSES,
  CONTRACT_KINDS,
  CONTRACT_PERIODS,
  CONTRACT_STATUSES,
  DEPOSIT_STATUSES,
  LANGUAGES,
  LOTTERY_BET_KIND_NAMES,
  MEMBER_STATUSES,
  MISSION_METRICS,
  OPS_MEMBER_KINDS,
  MISSION_PERIODS,
  OPERATOR_ROLES,
  OPERATOR_STATUSES,
  OPS_CONFIG_SECTION_NAMES,
  POINT_GOODS_KINDS,
  POINT_ORDER_STATUSES,
  PROMOTION_CATEGORIES,
  PROMOTION_CLAIM_STATUSES,
  PROMOTION_MECHANICS,
  PROMOTION_REPEATS,
  WITHDRAWAL_STATUSES,
  POPUP_EXECUTIONS,
} from '@apsara/contracts';
/*
 * The audit log's filters (GET /ops/audit?action=&targetType=&targetId=&operatorId=&signIns=): kept
 * in the page's address, checked as OpsAuditQuery checks them, and turned into the call's query.
 * audit.test.ts holds the checks to the contract's verdicts.
 */

/** The start of the actions on each kind of thing, in the order the filter offers them. */
export const AUDIT_ACTION_PREFIXES = [
  'deposit',
  'withdrawal',
  'member',
  'promotion',
  'promotion_claim',
  'point_order',
  'point_goods',
  'mission',
  'announcement',
  'help_topic',
  'article',
  'message',
  'feedback',
  'chat',
  'config',
  'operator',
  'contract',
  'game_offer',
  'lottery',
] as const;

/** What an entry can be about (the `targetType` the services write). */
export const AUDIT_TARGET_TYPES = [
  'member',
  'deposit',
  'withdrawal',
  'promotion',
  'promotion_claim',
  'point_order',
  'point_goods',
  'mission',
  'announcement',
  'help_topic',
  'article',
  'feedback',
  'chat',
  'config',
  'operator',
  'contract',
  'game_offer',
  'lottery_number',
] as const;

export type AuditFilter = { action: string; targetType: string; targetId: string; operatorId: string; hideSignIns: boolean };
export type AuditField = 'action' | 'targetType' | 'targetId' | 'operatorId';

export const EMPTY_AUDIT_FILTER: AuditFilter = { action: '', targetType: '', targetId: '', operatorId: '', hideSignIns: false };

// The contract's patterns (OpsAuditQuery).
const RULES: Record<AuditField, RegExp> = {
  // An action and every action under it: deposit, deposit.online, deposit.online.expired (a final dot allowed).
  action: /^(?=.{1,120}$)[a-z_]{1,40}(\.[a-z_]{1,40})*\.?$/,
  targetType: /^[a-z_]{1,40}$/,
  targetId: /^[A-Za-z0-9_.:-]{1,64}$/,
  operatorId: /^[1-9]\d{0,17}$/,
};

/** A typed filter as it is sent: trimmed; action and type in lower case, as the log writes them. */
export const normalAuditFilter = (f: AuditFilter): AuditFilter => ({
  action: f.action.trim().toLowerCase(),
  targetType: f.targetType.trim().toLowerCase(),
  targetId: f.targetId.trim(),
  operatorId: f.operatorId.trim(),
  hideSignIns: f.hideSignIns,
});

/** Each field the server would refuse (after normalAuditFilter); an empty field is no filter. */
export const auditFilterProblems = (f: AuditFilter): Partial<Record<AuditField, true>> => {
  const n = normalAuditFilter(f);
  const out: Partial<Record<AuditField, true>> = {};
  for (const field of Object.keys(RULES) as AuditField[]) if (n[field] && !RULES[field].test(n[field])) out[field] = true;
  return out;
};

/** The filter an address asks for; a value the server would refuse is dropped rather than sent. */
export const auditFilterFromSearch = (params: URLSearchParams): AuditFilter => {
  const raw = normalAuditFilter({
    action: params.get('action') ?? '',
    targetType: params.get('targetType') ?? '',
    targetId: params.get('targetId') ?? '',
    operatorId: params.get('operatorId') ?? '',
    hideSignIns: params.get('signIns') === 'hide',
  });
  const bad = auditFilterProblems(raw);
  for (const field of Object.keys(bad) as AuditField[]) raw[field] = '';
  return raw;
};

/** The address's query for a filter: only what narrows the log. */
export const auditSearchOf = (f: AuditFilter): Record<string, string> => {
  const n = normalAuditFilter(f);
  const out: Record<string, string> = {};
  if (n.action) out.action = n.action;
  if (n.targetType) out.targetType = n.targetType;
  if (n.targetId) out.targetId = n.targetId;
  if (n.operatorId) out.operatorId = n.operatorId;
  if (n.hideSignIns) out.signIns = 'hide';
  return out;
};

/** The query of GET /ops/audit for a filter and a page (`before` = the last page's nextBefore). */
export const auditQueryOf = (f: AuditFilter, before?: string | null): Record<string, string | undefined> => ({ ...auditSearchOf(f), before: before ?? undefined });

export const isAuditFiltered = (f: AuditFilter) => Object.keys(auditSearchOf(f)).length > 0;

/*
 * What an entry's changes are called on screen. The services write before/after as plain objects whose
 * keys are code names (sessionsEnded, memberId, startsAt…); each of these is named in audit.field.* in
 * every language. A settings change is keyed by its section, named as the settings page names it.
 */

/** Every key the services write into an entry's before/after (and the keys inside their lists). */
export const AUDIT_FIELDS = [
  // operators, members, contracts, chat, feedback
  'status', 'username', 'role', 'sessionsEnded', 'mustChangePassword', 'affiliateCode', 'contractId', 'kind', 'period', 'tiers', 'threshold', 'minActive', 'rate', 'lossRate', 'terminationRequestedBy', 'reply',
  // money: deposits, withdrawals, adjustments, promotion applications, point orders
  'amount', 'balance', 'held', 'fee', 'payout', 'transactionId', 'memberId', 'number', 'promotion', 'bonus', 'turnoverRequired', 'points', 'change',
  // points mall goods, messages, missions
  'name', 'description', 'art', 'onSale', 'stock', 'remaining', 'limitPerMember', 'quantity', 'sort', 'messageId', 'title', 'to', 'code', 'metric', 'target', 'reward', 'active',
  // promotions
  'mechanic', 'repeat', 'category', 'summary', 'body', 'startsAt', 'endsAt', 'expiresAt', 'visible', 'percent', 'maxBonus', 'minDeposit', 'firstDepositOnly', 'turnoverMultiple', 'prizes', 'weight', 'proof',
  // announcements
  'content', 'subtitle', 'eyebrow', 'cta', 'groupName', 'imageUrl', 'url', 'linkageType', 'execution', 'audience', 'pinned', 'id', 'phase', 'createdAt', 'updatedAt',
  // help center topics
  'key', 'icon', 'action', 'order', 'direction',
  // settings sections (OPS_CONFIG_SECTIONS)
  'enabled', 'minBets', 'leaderboard', 'settleDelayMinutes', 'minRoundStake', 'levels', 'minDeposits', 'upgradeBonus', 'min', 'max', 'feeFixed', 'feeBps', 'confirmMinutes', 'maxBankCards', 'banks',
  'earn', 'live', 'perAmount', 'lottery', 'pvp', 'rng', 'sports', 'deposit', 'convert', 'pointsPerUnit', 'topics', 'hours', 'greeting', 'idleCloseHours',
  // the site's game vendors
  'maintenance',
  // the agent contract kinds the site runs (settings section contractKinds)
  'dividend', 'daily', 'hourly', 'realtime',
  // two-factor sign-in (settings section loginCheck)
  'newAddress',
  // the site's countries (dialingCodes), the manual rebate (rebate) and the lottery limit (lottery)
  'countries', 'rates', 'vipRates', 'minClaim', 'windowDays', 'maxPayoutPerNumber', 'byKind',
  // a closed lottery number
  'gameCode', 'reason',
  // a member's break (self-exclusion)
  'excludedUntil',
] as const;

/** One part of a change's name: a text key to translate, or text shown as it is. */
export type AuditPathPart = { key: string } | { text: string };

const FIELDS: ReadonlySet<string> = new Set(AUDIT_FIELDS);
const SECTIONS: ReadonlySet<string> = new Set(OPS_CONFIG_SECTION_NAMES);
const LANGS: ReadonlySet<string> = new Set(LANGUAGES);

/**
 * Maps keyed by a code the player site already names: the lottery limit per bet kind (lottery.byKind.de2)
 * by the kind's name in the lottery's own texts.
 */
const KEYED_BY: Record<string, { prefix: string; keys: ReadonlySet<string> }> = {
  byKind: { prefix: 'lottery:kind', keys: new Set(LOTTERY_BET_KIND_NAMES) },
};

/**
 * A change's dotted path (auditDiff) as the parts of its name: a known key by its text, a list's item
 * by its place (#1), a text's language by its code (EN), the settings section of a settings change by
 * its name, a lottery bet kind by its name; anything else (a key of an older entry, a chat topic's id) as it is written.
 */
export const auditPathParts = (path: string, action: string): AuditPathPart[] =>
  path.split('.').map((part, i, parts): AuditPathPart => {
    if (i === 0 && action === 'config.update' && SECTIONS.has(part)) return { key: `settings.section.${part}` };
    const keyed = i > 0 ? KEYED_BY[parts[i - 1]!] : undefined;
    if (keyed?.keys.has(part)) return { key: `${keyed.prefix}.${part}` };
    if (/^\d+$/.test(part)) return { text: `#${Number(part) + 1}` };
    if (i > 0 && LANGS.has(part)) return { text: part.toUpperCase() };
    return FIELDS.has(part) ? { key: `audit.field.${part}` } : { text: part };
  });

/** What an entry is about, after its kind: an id as #id; a settings section (config's id) by its name. */
export const auditTargetIdPart = (targetType: string, targetId: string): AuditPathPart =>
  targetType === 'config' && SECTIONS.has(targetId) ? { key: `settings.section.${targetId}` } : { text: `#${targetId}` };

/*
 * What an entry's values are called on screen. Enumerated values (a status, a role, a kind…) are code
 * names; each is named with the text the back office already shows for it elsewhere (the queues' status
 * tabs, the member and operator pages, the content pages). Which text depends on what the entry is
 * about (a deposit's "approved" is not a point order's), read from the action's first part: a contract
 * offer is written against its member but is about a contract. Free text, amounts, ids, dates and any
 * value not listed here (a newer server's) are shown as they are written.
 */

/** Who asked for a contract's termination (agent_contracts.termination_requested_by). */
const CONTRACT_PARTIES = ['upline', 'holder'] as const;

/** The texts of one field's values: the key prefix and the values that have a text under it. */
type ValueTexts = { prefix: string; values: readonly string[] };

const STATUS_TEXTS: Record<string, ValueTexts> = {
  deposit: { prefix: 'status.deposits', values: DEPOSIT_STATUSES },
  withdrawal: { prefix: 'status.withdrawals', values: WITHDRAWAL_STATUSES },
  promotion_claim: { prefix: 'status.promotionClaims', values: PROMOTION_CLAIM_STATUSES },
  point_order: { prefix: 'status.pointOrders', values: POINT_ORDER_STATUSES },
  feedback: { prefix: 'status.feedback', values: ['open', 'resolved'] },
  member: { prefix: 'memberStatus', values: MEMBER_STATUSES },
  operator: { prefix: 'operators.status', values: OPERATOR_STATUSES },
  chat: { prefix: 'chats.state', values: CHAT_STATUSES },
  contract: { prefix: 'contentAdmin.contracts.state', values: CONTRACT_STATUSES },
};

/** By what the entry is about, then by field (a top-level key of before/after). */
export const AUDIT_VALUE_TEXTS: Record<string, Record<string, ValueTexts>> = {
  ...Object.fromEntries(Object.entries(STATUS_TEXTS).map(([subject, status]) => [subject, { status }])),
  member: { status: STATUS_TEXTS.member!, kind: { prefix: 'kind', values: OPS_MEMBER_KINDS } },
  operator: { status: STATUS_TEXTS.operator!, role: { prefix: 'role', values: OPERATOR_ROLES } },
  contract: {
    status: STATUS_TEXTS.contract!,
    kind: { prefix: 'contentAdmin.contracts.kind', values: CONTRACT_KINDS },
    period: { prefix: 'contentAdmin.contracts.period', values: CONTRACT_PERIODS },
    terminationRequestedBy: { prefix: 'audit.party', values: CONTRACT_PARTIES },
  },
  announcement: {
    kind: { prefix: 'announcements.kind', values: ANNOUNCEMENT_KINDS },
    execution: { prefix: 'announcements.execution', values: POPUP_EXECUTIONS },
    audience: { prefix: 'announcements.audience', values: ANNOUNCEMENT_AUDIENCES },
    phase: { prefix: 'announcements.phase', values: ANNOUNCEMENT_PHASES },
  },
  mission: {
    period: { prefix: 'period', values: MISSION_PERIODS },
    metric: { prefix: 'metric', values: MISSION_METRICS },
  },
  promotion: {
    mechanic: { prefix: 'promotionsAdmin.mechanic', values: PROMOTION_MECHANICS },
    repeat: { prefix: 'promotionsAdmin.repeat', values: PROMOTION_REPEATS },
    category: { prefix: 'promotionsAdmin.category', values: PROMOTION_CATEGORIES },
  },
  point_goods: { kind: { prefix: 'contentAdmin.goods.kinds', values: POINT_GOODS_KINDS } },
};

/**
 * A value of an entry's change (auditDiff's before or after at `path`) as a text key to translate, or
 * null to show it as it is written: a yes or no, or a known value of an enumerated top-level field.
 */
export const auditValueKey = (path: string, action: string, value: unknown): string | null => {
  // A switch (enabled, active, a flag…) as yes or no, wherever it is.
  if (typeof value === 'boolean') return value ? 'audit.value.yes' : 'audit.value.no';
  // No value (a code not yet drawn, a time not set) as a word, not the text "null".
  if (value === null) return 'audit.value.empty';
  if (typeof value !== 'string') return null;
  const texts = AUDIT_VALUE_TEXTS[action.split('.')[0]!]?.[path];
  return texts && texts.values.includes(value) ? `${texts.prefix}.${value}` : null;
};

/** An instant as the server writes it (toISOString, or an offset): shown in the site's time, not as UTC code. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

/** Whether a changed value is a moment in time (an announcement's start, a row's updatedAt…). */
export const isAuditInstant = (value: unknown): value is string => typeof value === 'string' && INSTANT.test(value) && !Number.isNaN(Date.parse(value));
