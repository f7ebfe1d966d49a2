import { describe, expect, it } from 'vitest';
import { AGENT_MENU, AGENT_PAGES, agentPageHref, agentPagePath, isAgentPage, isCurrentPage } from './pages';

describe('agent-center pages', () => {
  it('lists every page once in the menu', () => {
    const entries = AGENT_MENU.flatMap((g) => g.entries);
    expect([...entries].sort()).toEqual([...AGENT_PAGES].sort());
  });

  it('keeps the spec names as paths', () => {
    expect(agentPagePath('registerCenter')).toBe('/agentHome/registerCenter');
    expect(isAgentPage('downlineManagmentView')).toBe(true);
    expect(isAgentPage('agentAnnouncement')).toBe(true);
    expect(isAgentPage('messages')).toBe(true);
    expect(isAgentPage('messageV2')).toBe(false);
    expect(isAgentPage(undefined)).toBe(false);
  });

  it('carries a team member to the transactions and bets pages', () => {
    expect(agentPageHref('agentDownlineTransactionDetailsCopy', ' demo01 ')).toBe('/agentHome/agentDownlineTransactionDetailsCopy?username=demo01');
    expect(agentPageHref('personalHistoryCopy', 'a+b@c')).toBe('/agentHome/personalHistoryCopy?username=a%2Bb%40c');
    expect(agentPageHref('personalHistoryCopy', '')).toBe('/agentHome/personalHistoryCopy');
  });

  it('marks the overview current on /agentHome too', () => {
    expect(isCurrentPage('agentTeamOverview', null)).toBe(true);
    expect(isCurrentPage('agentTeamOverview', 'registerCenter')).toBe(false);
    expect(isCurrentPage('registerCenter', 'registerCenter')).toBe(true);
  });
});
