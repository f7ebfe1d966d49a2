import { CONTRACT_KIND_SWITCHES, CONTRACT_KINDS, type ConsolidatedContractValue, type ContractKind } from '@apsara/contracts';
import { CONTRACT_PAGE_KIND } from './contracts';
import type { AgentPage } from './pages';

/*
 * The contract popup of spec §2 ("A contract popup appears only when logged in"): when the consolidated
 * contract info (spec §3) says a contract waits for the agent's answer — an offer from their upline
 * ('new') or the upline asking to end a signed one ('termination') — a popup lists them once per
 * session and leads to the contract page of each kind. 'success' (a signed contract) waits for nothing.
 */

/** What waits for the agent's answer on one kind of contract. */
export type PendingContract = { kind: ContractKind; request: 'new' | 'termination' };

/** The consolidated answer's field for each kind (spec §3 names). */
export const CONSOLIDATED_FIELD = {
  dividend: 'divtypereq',
  daily: 'dailysalreqtype',
  hourly: 'contracthoursalreq',
  realtime: 'realtimesalreqtype',
} as const satisfies Record<ContractKind, keyof ConsolidatedContractValue>;

/** The agent-center page where each kind is answered. */
export const CONTRACT_KIND_PAGE = Object.fromEntries(Object.entries(CONTRACT_PAGE_KIND).map(([page, kind]) => [kind, page])) as Record<ContractKind, keyof typeof CONTRACT_PAGE_KIND>;

/**
 * Whether the site runs a kind of contract (spec §2 conditional pages: enableCt, salary, hourSalary,
 * agentRealtimeSalary); undefined until the consolidated info has come.
 */
export const kindRuns = (value: ConsolidatedContractValue | undefined, kind: ContractKind): boolean | undefined => (value ? value[CONTRACT_KIND_SWITCHES[kind]] : undefined);

/** The agent-center pages the menu leaves out: those of the kinds the site does not run (none while unknown). */
export const hiddenContractPages = (value: ConsolidatedContractValue | undefined): ReadonlySet<AgentPage> =>
  new Set(CONTRACT_KINDS.filter((kind) => kindRuns(value, kind) === false).map((kind) => CONTRACT_KIND_PAGE[kind]));

/** The kinds waiting for the agent's answer, in the agent menu's order. */
export const pendingContracts = (value: ConsolidatedContractValue | undefined): PendingContract[] =>
  value
    ? CONTRACT_KINDS.flatMap((kind) => {
        const request = value[CONSOLIDATED_FIELD[kind]];
        return request === 'new' || request === 'termination' ? [{ kind, request }] : [];
      })
    : [];

/** Spec §4: visitors and trial accounts get no consolidated contract info; members hold no contracts. */
export const asksForContracts = (login: { isLogin: boolean; isAgent: boolean; isTrial: boolean }) => login.isLogin && login.isAgent && !login.isTrial;

/** Where the portal is: the route's layout and flags (app/routes.ts), without importing the app. */
export type NoticePlace = { layout: 'player' | 'agent' | 'backoffice'; hideSideMenu?: boolean; popup?: string; agentPage?: AgentPage };

/**
 * The popup waits for a page where it helps: not in the back office (the operator's desk), not over a
 * game (side menu hidden), not over a route's own popup (/login, /register…), and not on a contract
 * page, where the same offers are already on screen with their buttons.
 */
export const noticeWelcome = (place: NoticePlace | undefined, forcedPasswordChange: boolean) =>
  place !== undefined &&
  place.layout !== 'backoffice' &&
  !place.hideSideMenu &&
  !place.popup &&
  !(place.agentPage !== undefined && place.agentPage in CONTRACT_PAGE_KIND) &&
  !forcedPasswordChange;

const keyOf = (p: PendingContract) => `${p.kind}:${p.request}`;

/**
 * The session's memory after a fresh consolidated answer: items shown that no longer wait (answered,
 * withdrawn) are forgotten, so a later offer of the same kind shows again.
 */
export const stillWaiting = (seen: readonly string[], pending: readonly PendingContract[]): string[] => {
  const waiting = new Set(pending.map(keyOf));
  return seen.filter((k) => waiting.has(k));
};

/** Something waits that this session has not shown yet: the popup shows, listing everything waiting. */
export const hasUnseen = (pending: readonly PendingContract[], seen: readonly string[]) => pending.some((p) => !seen.includes(keyOf(p)));

/** The memory once the popup shows `pending`. */
export const markShown = (pending: readonly PendingContract[]): string[] => pending.map(keyOf);

/**
 * One consolidated answer: the memory to keep and whether the popup shows now. It shows only when
 * `canShow` (a welcoming page, nothing else open); until then what waits stays unseen.
 */
export const noticeStep = (seen: readonly string[], pending: readonly PendingContract[], canShow: boolean): { show: boolean; seen: string[] } => {
  const kept = stillWaiting(seen, pending);
  return canShow && hasUnseen(pending, kept) ? { show: true, seen: markShown(pending) } : { show: false, seen: kept };
};

export const CONTRACT_NOTICE_SEEN_KEY = 'apsara.contractNoticeSeen';

/** A stored memory; anything unreadable counts as nothing shown. */
export const parseShown = (raw: string | null): string[] => {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
};
