import { describe, expect, it } from 'vitest';
import { ConsolidatedContractValue } from '@apsara/contracts';
import {
  CONTRACT_KIND_PAGE,
  asksForContracts,
  noticeStep,
  noticeWelcome,
  parseShown,
  pendingContracts,
  hiddenContractPages,
  kindRuns,
  type NoticePlace,
  type PendingContract,
} from './contract-notice';
import { AGENT_PAGES } from './pages';

const NOTHING: ConsolidatedContractValue = { dailysalreqtype: null, divtypereq: null, contracthoursalreq: null, realtimesalreqtype: null, enableCt: true, salary: true, hourSalary: true, agentRealtimeSalary: true };
const answer = (patch: Partial<ConsolidatedContractValue>) => ConsolidatedContractValue.parse({ ...NOTHING, ...patch });

describe('what waits for the agent', () => {
  it('lists offers and termination requests, in the menu order of the kinds', () => {
    expect(pendingContracts(answer({ realtimesalreqtype: 'termination', divtypereq: 'new', dailysalreqtype: 'new' }))).toEqual([
      { kind: 'dividend', request: 'new' },
      { kind: 'daily', request: 'new' },
      { kind: 'realtime', request: 'termination' },
    ]);
    expect(pendingContracts(answer({ contracthoursalreq: 'termination' }))).toEqual([{ kind: 'hourly', request: 'termination' }]);
  });

  it('does not count a signed contract or nothing, nor an answer not read yet', () => {
    expect(pendingContracts(answer({ dailysalreqtype: 'success', divtypereq: 'success' }))).toEqual([]);
    expect(pendingContracts(NOTHING)).toEqual([]);
    expect(pendingContracts(undefined)).toEqual([]);
  });

  it('leads each kind to its contract page', () => {
    expect(CONTRACT_KIND_PAGE).toEqual({ dividend: 'contractDividend', daily: 'contractDailySalary', hourly: 'contractHourSalary', realtime: 'contractRealtimeSalary' });
    for (const page of Object.values(CONTRACT_KIND_PAGE)) expect(AGENT_PAGES).toContain(page);
  });
});

describe('who is asked', () => {
  it('asks only for signed-in agents, never visitors, members or trial accounts (spec §4)', () => {
    expect(asksForContracts({ isLogin: true, isAgent: true, isTrial: false })).toBe(true);
    expect(asksForContracts({ isLogin: false, isAgent: false, isTrial: false })).toBe(false);
    // A stale agent flag without a token is a visitor.
    expect(asksForContracts({ isLogin: false, isAgent: true, isTrial: false })).toBe(false);
    expect(asksForContracts({ isLogin: true, isAgent: false, isTrial: false })).toBe(false);
    expect(asksForContracts({ isLogin: true, isAgent: true, isTrial: true })).toBe(false);
    expect(asksForContracts({ isLogin: true, isAgent: false, isTrial: true })).toBe(false);
  });
});

describe('where it shows', () => {
  const player: NoticePlace = { layout: 'player' };
  it('shows on the player pages and in the agent center', () => {
    expect(noticeWelcome(player, false)).toBe(true);
    expect(noticeWelcome({ layout: 'agent' }, false)).toBe(true);
    expect(noticeWelcome({ layout: 'agent', agentPage: 'agentTeamOverview' }, false)).toBe(true);
    expect(noticeWelcome({ layout: 'agent', agentPage: 'agentRevenueReport' }, false)).toBe(true);
  });
  it('waits off game pages, route popups, the back office and a forced password change', () => {
    expect(noticeWelcome(undefined, false)).toBe(false);
    expect(noticeWelcome({ layout: 'player', hideSideMenu: true }, false)).toBe(false);
    expect(noticeWelcome({ layout: 'player', popup: 'login' }, false)).toBe(false);
    expect(noticeWelcome({ layout: 'backoffice' }, false)).toBe(false);
    expect(noticeWelcome(player, true)).toBe(false);
  });
  it('is not needed on a contract page, which already shows the offers with their buttons', () => {
    for (const page of Object.values(CONTRACT_KIND_PAGE)) expect(noticeWelcome({ layout: 'agent', agentPage: page }, false), page).toBe(false);
  });
});

describe('once per session per waiting set', () => {
  const offer: PendingContract = { kind: 'daily', request: 'new' };
  const ending: PendingContract = { kind: 'dividend', request: 'termination' };

  /** One consolidated answer on a page where the popup may show. */
  const step = (seen: string[], pending: PendingContract[]) => {
    const r = noticeStep(seen, pending, true);
    return { shown: r.show, seen: r.seen };
  };

  it('shows once, then not again for the same waiting set (every navigation, every refetch)', () => {
    const first = step([], [offer]);
    expect(first).toEqual({ shown: true, seen: ['daily:new'] });
    expect(step(first.seen, [offer])).toEqual({ shown: false, seen: ['daily:new'] });
  });

  it('shows nothing when nothing waits', () => {
    expect(step([], [])).toEqual({ shown: false, seen: [] });
  });

  it('shows again, listing everything, when something new comes to wait', () => {
    const first = step([], [offer]);
    const second = step(first.seen, [ending, offer]);
    expect(second).toEqual({ shown: true, seen: ['dividend:termination', 'daily:new'] });
  });

  it('does not show when what waits only shrinks (one answered)', () => {
    const first = step([], [ending, offer]);
    expect(step(first.seen, [offer])).toEqual({ shown: false, seen: ['daily:new'] });
  });

  it('shows a later offer of a kind whose earlier offer was answered meanwhile', () => {
    const first = step([], [offer]);
    const answered = step(first.seen, []);
    expect(answered).toEqual({ shown: false, seen: [] });
    expect(step(answered.seen, [offer]).shown).toBe(true);
  });

  it('tells an offer and a termination request of the same kind apart', () => {
    const first = step([], [offer]);
    expect(step(first.seen, [{ kind: 'daily', request: 'termination' }]).shown).toBe(true);
  });

  it('waits, unseen, while it may not show, and forgets what no longer waits meanwhile', () => {
    expect(noticeStep([], [offer], false)).toEqual({ show: false, seen: [] });
    expect(noticeStep(['daily:new', 'dividend:termination'], [offer], false)).toEqual({ show: false, seen: ['daily:new'] });
    expect(noticeStep([], [offer], true)).toEqual({ show: true, seen: ['daily:new'] });
  });

  it('reads a stored memory, and anything unreadable as nothing shown', () => {
    expect(parseShown(JSON.stringify(['daily:new', 3, 'dividend:termination']))).toEqual(['daily:new', 'dividend:termination']);
    expect(parseShown(null)).toEqual([]);
    expect(parseShown('{oops')).toEqual([]);
    expect(parseShown('{"a":1}')).toEqual([]);
  });
});

describe('the kinds the site runs', () => {
  it('leaves out the pages of kinds switched off, and none while the answer has not come', () => {
    expect([...hiddenContractPages(undefined)]).toEqual([]);
    expect([...hiddenContractPages(answer({}))]).toEqual([]);
    expect([...hiddenContractPages(answer({ salary: false, agentRealtimeSalary: false }))]).toEqual(['contractDailySalary', 'contractRealtimeSalary']);
    expect(kindRuns(answer({ enableCt: false }), 'dividend')).toBe(false);
    expect(kindRuns(answer({ enableCt: false }), 'hourly')).toBe(true);
    expect(kindRuns(undefined, 'hourly')).toBeUndefined();
  });
});
