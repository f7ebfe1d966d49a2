import { describe, expect, it } from 'vitest';
import type { ChatConversation } from '@apsara/contracts';
import { badgeText, launcherUnread, markedRead, shouldMarkRead } from './unread';

const conversation = (unread: number): ChatConversation => ({
  id: '3',
  topic: 'account',
  status: 'open',
  createdAt: '2026-11-28T02:00:00.000Z',
  closedAt: null,
  closedBy: null,
  unread,
  messages: [],
  earlier: false,
});

describe('chat unread', () => {
  it('shows unread lines on the launcher only while the panel is closed', () => {
    expect(launcherUnread(conversation(2), false)).toBe(2);
    expect(launcherUnread(conversation(2), true)).toBe(0);
    expect(launcherUnread(null, false)).toBe(0);
    expect(launcherUnread(undefined, false)).toBe(0);
  });

  it('caps the badge', () => {
    expect(badgeText(7)).toBe('7');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(140)).toBe('99+');
  });

  it('marks lines read when the member can see them, and only then', () => {
    expect(shouldMarkRead(conversation(1), true, true)).toBe(true);
    expect(shouldMarkRead(conversation(1), false, true)).toBe(false);
    expect(shouldMarkRead(conversation(1), true, false)).toBe(false);
    expect(shouldMarkRead(conversation(0), true, true)).toBe(false);
    expect(shouldMarkRead(null, true, true)).toBe(false);
    expect(markedRead(conversation(4))?.unread).toBe(0);
    expect(markedRead(conversation(4), 1)?.unread).toBe(1);
  });
});
