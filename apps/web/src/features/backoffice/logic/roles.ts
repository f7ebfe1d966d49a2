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
  /** Give a member a temporary password (they must replace it at their next sign-in). */
  'member.password',
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
] as const;
export type OpsAction = (typeof OPS_ACTIONS)[number];

const MONEY_DECISIONS: readonly OpsAction[] = ['deposit.decide', 'withdrawal.decide', 'promotion.decide', 'pointOrder.decide', 'member.adjust'];

const BY_ROLE: Record<OperatorRole, ReadonlySet<OpsAction>> = {
  admin: new Set(OPS_ACTIONS),
  // Finance decides money, and nothing else changes through it.
  finance: new Set(MONEY_DECISIONS),
  // Support reads everything it may and answers members: feedback, the chat and a locked-out member's
  // password are what it changes.
  support: new Set<OpsAction>(['feedback.resolve', 'chat.answer', 'member.password']),
};

export const can = (role: OperatorRole | undefined, action: OpsAction): boolean => (role ? BY_ROLE[role].has(action) : false);

/** What a role may do, in the catalogue's order (the frame shows it; tests compare it). */
export const actionsOf = (role: OperatorRole): OpsAction[] => OPS_ACTIONS.filter((a) => BY_ROLE[role].has(a));

/** Pages a role does not see in the menu: the server answers them with OPERATOR_FORBIDDEN anyway. */
const PAGE_NEEDS: Partial<Record<BoPage, OpsAction>> = { audit: 'audit.read', operators: 'operator.manage' };

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
    members: ['member.adjust', 'member.status', 'member.password'],
    missions: ['mission.edit'],
    announcements: ['announcement.edit'],
    settings: ['config.edit'],
    operators: ['operator.manage'],
  };
  const list = actions[page];
  return list ? !list.some((a) => can(role, a)) : false;
};
