import { describe, expect, it } from 'vitest';
import { OPERATOR_ROLES } from '@apsara/contracts';
import { OPS_ACTIONS, actionsOf, can, pageVisible, readOnlyOn } from './roles';
import { BO_PAGES } from './pages';

describe('operator roles', () => {
  it('lets an admin do everything', () => {
    expect(actionsOf('admin')).toEqual([...OPS_ACTIONS]);
  });

  it('lets finance decide money and nothing else', () => {
    expect(actionsOf('finance').sort()).toEqual(['contract.read', 'deposit.decide', 'member.adjust', 'pointOrder.decide', 'promotion.decide', 'withdrawal.decide']);
    for (const a of ['member.status', 'member.kind', 'member.password', 'config.edit', 'mission.edit', 'announcement.edit', 'audit.read', 'feedback.resolve', 'chat.answer', 'operator.manage', 'message.send', 'pointGoods.edit', 'contract.manage'] as const) expect(can('finance', a), a).toBe(false);
  });

  it('lets support read, answer feedback and chats, and reset a member\'s password as the server allows, but move no money', () => {
    expect(actionsOf('support')).toEqual(['feedback.resolve', 'chat.answer', 'member.password', 'member.profile', 'message.send']);
    for (const a of ['deposit.decide', 'withdrawal.decide', 'member.adjust', 'member.kind', 'config.edit', 'announcement.edit', 'operator.manage', 'pointGoods.edit', 'contract.read', 'contract.manage'] as const) expect(can('support', a), a).toBe(false);
  });

  it('allows nothing before the operator is known', () => {
    for (const a of OPS_ACTIONS) expect(can(undefined, a)).toBe(false);
  });

  it('shows the audit log and the operator accounts to admins only, agent contracts to admins and finance, and every other page to every role', () => {
    for (const role of OPERATOR_ROLES) {
      for (const page of BO_PAGES) {
        const expected = page === 'audit' || page === 'operators' ? role === 'admin' : page === 'agentContracts' ? role !== 'support' : true;
        expect(pageVisible(role, page), `${role} ${page}`).toBe(expected);
      }
    }
  });

  it('follows the services of messages, points goods and agent contracts (docs/messages.md, points-mall.md, agent-contracts.md)', () => {
    // POST /ops/messages: admin and support; GET: every role.
    expect(readOnlyOn('admin', 'messages')).toBe(false);
    expect(readOnlyOn('support', 'messages')).toBe(false);
    expect(readOnlyOn('finance', 'messages')).toBe(true);
    // POST/PATCH /ops/point-goods: admin only; GET: every role.
    expect(readOnlyOn('admin', 'pointGoods')).toBe(false);
    expect(readOnlyOn('finance', 'pointGoods')).toBe(true);
    expect(readOnlyOn('support', 'pointGoods')).toBe(true);
    // Offers and actions: admin; lists: admin and finance; support gets OPERATOR_FORBIDDEN.
    expect(readOnlyOn('admin', 'agentContracts')).toBe(false);
    expect(readOnlyOn('finance', 'agentContracts')).toBe(true);
    expect(can('finance', 'contract.read')).toBe(true);
    expect(can('support', 'contract.read')).toBe(false);
  });

  it('lets admins alone create and change promotions, as POST and PATCH /ops/promotions allow; every role reads them', () => {
    expect(can('admin', 'promotion.edit')).toBe(true);
    expect(can('finance', 'promotion.edit')).toBe(false);
    expect(can('support', 'promotion.edit')).toBe(false);
    expect(readOnlyOn('admin', 'promotions')).toBe(false);
    expect(readOnlyOn('finance', 'promotions')).toBe(true);
    expect(readOnlyOn('support', 'promotions')).toBe(true);
    for (const role of OPERATOR_ROLES) expect(pageVisible(role, 'promotions'), role).toBe(true);
  });

  it('lets admins alone change the site\'s game vendors, as PATCH /ops/game-offers allows; every role reads them', () => {
    expect(can('admin', 'game.edit')).toBe(true);
    expect(can('finance', 'game.edit')).toBe(false);
    expect(can('support', 'game.edit')).toBe(false);
    expect(readOnlyOn('admin', 'games')).toBe(false);
    expect(readOnlyOn('finance', 'games')).toBe(true);
    expect(readOnlyOn('support', 'games')).toBe(true);
    for (const role of OPERATOR_ROLES) expect(pageVisible(role, 'games'), role).toBe(true);
  });

  it('marks pages read only where a role can change nothing', () => {
    expect(readOnlyOn('support', 'deposits')).toBe(true);
    expect(readOnlyOn('support', 'feedback')).toBe(false);
    expect(readOnlyOn('finance', 'members')).toBe(false);
    expect(readOnlyOn('finance', 'settings')).toBe(true);
    expect(readOnlyOn('admin', 'settings')).toBe(false);
    // Announcements: every role reads them, only admins write them.
    expect(readOnlyOn('admin', 'announcements')).toBe(false);
    expect(readOnlyOn('finance', 'announcements')).toBe(true);
    expect(readOnlyOn('support', 'announcements')).toBe(true);
    // The chat: every role reads it, admins and support answer.
    expect(readOnlyOn('finance', 'chats')).toBe(true);
    expect(readOnlyOn('support', 'chats')).toBe(false);
    expect(readOnlyOn('admin', 'chats')).toBe(false);
    // Pages with nothing to change are never called read only.
    expect(readOnlyOn('support', 'dashboard')).toBe(false);
  });
});
