import type { OperatorRole } from '@apsara/contracts';
import type { BoPage } from './pages';

/**
 * What an operator may do, by role, as the server's services decide it (docs/operators.md and each
 * call's summary in /docs): the console hides or disables the rest. The server still checks every
 * call (OPERATOR_FORBIDDEN), and its refusal is shown when it comes.
 */
export const OPS_ACTIONS = [
  /** Approve or reject a deposit. */
  'deposit.decide',
  /** Approve, mark paid or reject a withdrawal. */
  'withdrawal.decide',
  /** Approve (with its bonus) or reject a promotion application. */
  'promotion.decide',
  /** Approve or reject a points-mall redemption. */
  'pointOrder.decide',
  /** Answer feedback. */
  'feedback.resolve',
  /** Answer members in the customer service chat, mark their lines read, end a conversation. */
  'chat.answer',
  /** Credit or debit a member's main wallet. */
  'member.adjust',
  /** Freeze or reopen a member. */
  'member.status',
  /** Make a player an agent, or an agent without team or open contracts a player again. */
  'member.kind',
  /** Give a member a temporary password (they must replace it at their next sign-in). */
  'member.password',
  /** Correct a member's full name (real name) or birthday, which members cannot change themselves. */
  'member.profile',
  /** Replace a section of the site's settings. */
  'config.edit',
  /** Create missions, retire or restore them, change their order. */
  'mission.edit',
  /** Write announcements (banners, notices, popups), change them, switch them off. */
  'announcement.edit',
  /** Make operator accounts, change another's role or status, set another's password. */
  'operator.manage',
  /** Read the audit log. */
  'audit.read',
  /** Send a message to one member's inbox or to every member's. */
  'message.send',
  /** List points-mall goods, change their price, limit, order and stock, take them off sale. */
  'pointGoods.edit',
  /** Read the contracts the site and its agents hold, and their settlements. */
  'contract.read',
  /** Offer a contract to a top agent, withdraw it, ask to end one, agree or refuse. */
  'contract.manage',
  /** Create promotions, change their words, picture, schedule and order, switch them off and on. */
  'promotion.edit',
  /** Write the help center's topics, change, reorder, switch off and on, delete them. */
  'helpTopic.edit',
  /** Write the Beginner Guide, blog and news: articles, their words, address and publishing, deleting them. */
  'article.edit',
  /** Switch the site's game vendors on and off, put them under maintenance, change their order. */
  'game.edit',
  /** Close a lottery number to new bets, and open it again. */
  'lottery.close',
] as const;
export type OpsAction = (typeof OPS_ACTIONS)[number];

const MONEY_DECISIONS: readonly OpsAction[] = ['deposit.decide', 'withdrawal.decide', 'promotion.decide', 'pointOrder.decide', 'member.adjust'];

const BY_ROLE: Record<OperatorRole, ReadonlySet<OpsAction>> = {
  admin: new Set(OPS_ACTIONS),
  // Finance decides money, and nothing else changes through it.
  // It also reads agent contracts and their settlements (the pay they make).
  finance: new Set<OpsAction>([...MONEY_DECISIONS, 'contract.read']),
  // Support reads everything it may and answers members: feedback, the chat, a locked-out member's
  // password and a member's mistyped name or birthday are what it changes.
  support: new Set<OpsAction>(['feedback.resolve', 'chat.answer', 'member.password', 'member.profile', 'message.send']),
};

export const can = (role: OperatorRole | undefined, action: OpsAction): boolean => (role ? BY_ROLE[role].has(action) : false);

/** What a role may do, in the catalogue's order (the frame shows it; tests compare it). */
/** Actions whose texts live in the `contentAdmin` section of ops.json. */
const CONTENT_ADMIN_ACTIONS: readonly OpsAction[] = ['message.send', 'pointGoods.edit', 'contract.read', 'contract.manage'];

/** The ops.json key of an action's name (the dashboard lists a role's actions). */
export const actionTextKey = (action: OpsAction): string => {
  if (CONTENT_ADMIN_ACTIONS.includes(action)) return `contentAdmin.action.${action}`;
  // The promotions page's texts live in the `promotionsAdmin` section.
  if (action === 'promotion.edit') return 'promotionsAdmin.action.promotion.edit';
  // The help center page's texts live in the `helpCenterAdmin` section.
  if (action === 'helpTopic.edit') return 'helpCenterAdmin.action.helpTopic.edit';
  // The articles page's texts live in the `articlesAdmin` section.
  if (action === 'article.edit') return 'articlesAdmin.action.article.edit';
  // The games page's texts live in the `gamesAdmin` section.
  if (action === 'game.edit') return 'gamesAdmin.action.game.edit';
  // The lottery risk page's texts live in the `lotteryRisk` section.
  if (action === 'lottery.close') return 'lotteryRisk.action.lottery.close';
  return `action.${action}`;
};

export const actionsOf = (role: OperatorRole): OpsAction[] => OPS_ACTIONS.filter((a) => BY_ROLE[role].has(a));

/** Pages a role does not see in the menu: the server answers them with OPERATOR_FORBIDDEN anyway. */
const PAGE_NEEDS: Partial<Record<BoPage, OpsAction>> = { audit: 'audit.read', operators: 'operator.manage', agentContracts: 'contract.read' };

export const pageVisible = (role: OperatorRole | undefined, page: BoPage): boolean => {
  const need = PAGE_NEEDS[page];
  return need ? can(role, need) : true;
};

/** Whether every action on a page is closed to the role (the page says it is read only). */
export const readOnlyOn = (role: OperatorRole | undefined, page: BoPage): boolean => {
  const actions: Partial<Record<BoPage, readonly OpsAction[]>> = {
    deposits: ['deposit.decide'],
    withdrawals: ['withdrawal.decide'],
    promotionClaims: ['promotion.decide'],
    pointOrders: ['pointOrder.decide'],
    feedback: ['feedback.resolve'],
    chats: ['chat.answer'],
    members: ['member.adjust', 'member.status', 'member.kind', 'member.password', 'member.profile'],
    missions: ['mission.edit'],
    announcements: ['announcement.edit'],
    settings: ['config.edit'],
    operators: ['operator.manage'],
    messages: ['message.send'],
    pointGoods: ['pointGoods.edit'],
    agentContracts: ['contract.manage'],
    promotions: ['promotion.edit'],
    helpCenter: ['helpTopic.edit'],
    articles: ['article.edit'],
    games: ['game.edit'],
  };
  const list = actions[page];
  return list ? !list.some((a) => can(role, a)) : false;
};
