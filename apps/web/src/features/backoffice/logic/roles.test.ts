import { describe, expect, it } from 'vitest';
import { OPERATOR_ROLES } from '@apsara/contracts';
import { OPS_ACTIONS, actionsOf, can, pageVisible, readOnlyOn } from './roles';
import { BO_PAGES } from './pages';

describe('operator roles', () => {
  it('lets an admin do everything', () => {
    expect(actionsOf('admin')).toEqual([...OPS_ACTIONS]);
  });

  it('lets finance decide money and nothing else', () => {
    expect(actionsOf('finance').sort()).toEqual(['deposit.decide', 'member.adjust', 'pointOrder.decide', 'promotion.decide', 'withdrawal.decide']);
    for (const a of ['member.status', 'member.password', 'config.edit', 'mission.edit', 'announcement.edit', 'audit.read', 'feedback.resolve', 'chat.answer', 'operator.manage'] as const) expect(can('finance', a), a).toBe(false);
  });

  it('lets support read, answer feedback and chats, and reset a member\'s password as the server allows, but move no money', () => {
    expect(actionsOf('support')).toEqual(['feedback.resolve', 'chat.answer', 'member.password']);
    for (const a of ['deposit.decide', 'withdrawal.decide', 'member.adjust', 'config.edit', 'announcement.edit', 'operator.manage'] as const) expect(can('support', a), a).toBe(false);
  });

  it('allows nothing before the operator is known', () => {
    for (const a of OPS_ACTIONS) expect(can(undefined, a)).toBe(false);
  });

  it('shows the audit log and the operator accounts to admins only, and every other page to every role', () => {
    for (const role of OPERATOR_ROLES) {
      for (const page of BO_PAGES) expect(pageVisible(role, page), `${role} ${page}`).toBe((page !== 'audit' && page !== 'operators') || role === 'admin');
    }
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
