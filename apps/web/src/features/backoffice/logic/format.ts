import { formatAmount } from '../../../lib/format';

/*
 * How the back office writes money and audit changes. Amounts go through the portal's one formatter
 * (lib/format): two decimals, separators, no float.
 */

export type SiteMoney = { symbol: string; currency?: string };

/**
 * An amount with the site's currency symbol; an amount in another currency than the site's (a row
 * of a merchant that changed currency) keeps its code instead, so no symbol lies about it.
 */
export const moneyText = (amount: string | null | undefined, site: SiteMoney, currency?: string | null): string => {
  if (amount === null || amount === undefined || amount === '') return '—';
  if (currency && site.currency && currency !== site.currency) return `${formatAmount(amount)} ${currency}`;
  return formatAmount(amount, { symbol: site.symbol });
};

/** A signed amount as an adjustment shows it: "+$10.00" / "-$10.00". */
export const signedMoneyText = (amount: string, site: SiteMoney): string => {
  const text = moneyText(amount, site);
  return text.startsWith('-') || text === '—' ? text : `+${text}`;
};

/** A value as short JSON for a table cell: strings unquoted when they are plain, long ones cut with "…". */
export const compactJson = (value: unknown, max = 80): string => {
  if (value === undefined) return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (text === undefined) return '—';
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
};

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Leaves of a JSON value by dotted path: { a: { b: 1 }, l: [2] } → { "a.b": 1, "l.0": 2 }; empty containers stay as leaves. */
export const flattenJson = (value: unknown, prefix = ''): Record<string, unknown> => {
  if (value === null || typeof value !== 'object') return prefix ? { [prefix]: value } : {};
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value as Record<string, Json>);
  if (!entries.length) return prefix ? { [prefix]: value } : {};
  return Object.assign({}, ...entries.map(([k, v]) => flattenJson(v, prefix ? `${prefix}.${k}` : k)));
};

export type DiffLine = { path: string; kind: 'added' | 'removed' | 'changed'; before?: unknown; after?: unknown };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What an audited action changed: each leaf that differs between before and after, by path, in the
 * order the keys first appear. A creation (no before) lists everything as added.
 */
export const auditDiff = (before: Record<string, unknown> | null, after: Record<string, unknown> | null): DiffLine[] => {
  const a = flattenJson(before ?? {});
  const b = flattenJson(after ?? {});
  const paths = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return paths.flatMap((path): DiffLine[] => {
    const inA = path in a;
    const inB = path in b;
    if (inA && inB) return same(a[path], b[path]) ? [] : [{ path, kind: 'changed', before: a[path], after: b[path] }];
    return inA ? [{ path, kind: 'removed', before: a[path] }] : [{ path, kind: 'added', after: b[path] }];
  });
};
