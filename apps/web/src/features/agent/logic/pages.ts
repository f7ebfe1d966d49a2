/**
 * The agent-center pages of spec §2, by their spec names. The built ones are routes
 * (/agentHome/<name>); the rest are listed in the menu as coming soon, without a link. Plain data:
 * the route table (app/routes.ts) and the menu both read it, so nothing here imports React.
 */
export const AGENT_CENTER_PATH = '/agentHome';

/** Pages with content, each at /agentHome/<name>. /agentHome itself shows the team overview. */
export const AGENT_PAGES = [
  'agentAnnouncement',
  'agentTeamOverview',
  'registerCenter',
  'downlineManagmentView',
  'personalHistoryCopy',
  'palStatementsAgentCopy',
  'agentDownlineTransactionDetailsCopy',
  'agentRevenueReport',
  'contractDividend',
  'contractDailySalary',
  'contractHourSalary',
  'contractRealtimeSalary',
] as const;
export type AgentPage = (typeof AGENT_PAGES)[number];

/** Pages of the spec whose content comes later: shown in the menu, marked, not clickable. */
export const UPCOMING_AGENT_PAGES = [
  'messages',
  'accountChange',
] as const;
export type UpcomingAgentPage = (typeof UPCOMING_AGENT_PAGES)[number];

export type AgentMenuEntry = { page: AgentPage; ready: true } | { page: UpcomingAgentPage; ready: false };

const ready = (page: AgentPage): AgentMenuEntry => ({ page, ready: true });
const soon = (page: UpcomingAgentPage): AgentMenuEntry => ({ page, ready: false });

/** The menu in the spec's order, in three groups: the team, its records, and what comes later. */
export const AGENT_MENU: readonly { key: 'team' | 'records' | 'more'; entries: readonly AgentMenuEntry[] }[] = [
  { key: 'team', entries: [ready('agentAnnouncement'), ready('agentTeamOverview'), ready('registerCenter'), ready('downlineManagmentView')] },
  {
    key: 'records',
    entries: [ready('personalHistoryCopy'), ready('palStatementsAgentCopy'), ready('agentRevenueReport'), ready('agentDownlineTransactionDetailsCopy')],
  },
  {
    key: 'more',
    entries: [ready('contractDividend'), ready('contractDailySalary'), ready('contractHourSalary'), ready('contractRealtimeSalary'), soon('messages'), soon('accountChange')],
  },
];

export const isAgentPage = (value: unknown): value is AgentPage => typeof value === 'string' && (AGENT_PAGES as readonly string[]).includes(value);

export const agentPagePath = (page: AgentPage) => `${AGENT_CENTER_PATH}/${page}`;

/**
 * A page's address with a team member picked (the transactions and bets pages accept ?username=),
 * or without one.
 */
export const agentPageHref = (page: AgentPage, username?: string) => {
  const name = username?.trim();
  return name ? `${agentPagePath(page)}?${new URLSearchParams({ username: name })}` : agentPagePath(page);
};

/** The page a menu entry stands for is on screen: the overview is also what /agentHome shows. */
export const isCurrentPage = (entry: AgentPage, current: AgentPage | null) => entry === (current ?? 'agentTeamOverview');
