/**
 * The agent-center pages of spec §2, by their spec names, each a route (/agentHome/<name>). Plain
 * data: the route table (app/routes.ts) and the menu both read it, so nothing here imports React.
 */
export const AGENT_CENTER_PATH = '/agentHome';

/** Every page, each at /agentHome/<name>. /agentHome itself shows the team overview. */
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
  'messages',
  'accountChange',
] as const;
export type AgentPage = (typeof AGENT_PAGES)[number];

/**
 * The menu in the spec's order, in three groups: the team, its records, and the agent's own contracts,
 * messages and account changes (spec §2 "Also: messages, customer service, account change details";
 * customer service is the chat launcher, on every page of the center).
 */
export const AGENT_MENU: readonly { key: 'team' | 'records' | 'more'; entries: readonly AgentPage[] }[] = [
  { key: 'team', entries: ['agentAnnouncement', 'agentTeamOverview', 'registerCenter', 'downlineManagmentView'] },
  { key: 'records', entries: ['personalHistoryCopy', 'palStatementsAgentCopy', 'agentRevenueReport', 'agentDownlineTransactionDetailsCopy'] },
  { key: 'more', entries: ['contractDividend', 'contractDailySalary', 'contractHourSalary', 'contractRealtimeSalary', 'messages', 'accountChange'] },
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
