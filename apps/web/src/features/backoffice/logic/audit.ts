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
  'message',
  'feedback',
  'chat',
  'config',
  'operator',
  'contract',
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
  'feedback',
  'chat',
  'config',
  'operator',
  'contract',
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
