import { describe, expect, it } from 'vitest';
import type { ChatConversation, ChatMessage } from '@apsara/contracts';
import { compareIds, dayKind, mergeConversation, mergeMessages, timelineOf, withMessage } from './messages';

const line = (id: string, sender: ChatMessage['sender'] = 'member', createdAt = '2026-11-28T02:00:00.000Z', body: ChatMessage['body'] = `line ${id}`): ChatMessage => ({
  id,
  sender,
  operatorName: sender === 'operator' ? 'sophea' : null,
  body,
  createdAt,
});

const conversation = (over: Partial<ChatConversation> = {}): ChatConversation => ({
  id: '7',
  topic: 'deposit',
  status: 'open',
  createdAt: '2026-11-28T02:00:00.000Z',
  closedAt: null,
  closedBy: null,
  unread: 0,
  messages: [],
  earlier: false,
  ...over,
});

const ids = (c: ChatConversation | null | undefined) => c?.messages.map((m) => m.id);

describe('compareIds', () => {
  it('orders decimal ids by value, not as text', () => {
    expect(compareIds('9', '10')).toBeLessThan(0);
    expect(compareIds('100', '99')).toBeGreaterThan(0);
    expect(compareIds('123456789012345678', '123456789012345677')).toBeGreaterThan(0);
    expect(compareIds('42', '42')).toBe(0);
  });
});

describe('mergeMessages', () => {
  it('keeps each id once, oldest first, whatever order the pieces come in', () => {
    const merged = mergeMessages([line('10'), line('11'), line('12')], [line('12'), line('13'), line('9')]);
    expect(merged.map((m) => m.id)).toEqual(['9', '10', '11', '12', '13']);
  });

  it("takes the later piece's copy of a line heard twice", () => {
    const merged = mergeMessages([line('5', 'member', '2026-11-28T02:00:00.000Z', 'old')], [line('5', 'member', '2026-11-28T02:00:00.000Z', 'new')]);
    expect(merged).toHaveLength(1);
    expect(merged[0].body).toBe('new');
  });
});

describe('mergeConversation', () => {
  it('adds the lines after the last one held and takes the fresher state', () => {
    const held = conversation({ messages: [line('1', 'system'), line('2')], earlier: false, unread: 0 });
    const heard = conversation({ messages: [line('3', 'operator')], unread: 1 });
    const merged = mergeConversation(held, heard);
    expect(ids(merged)).toEqual(['1', '2', '3']);
    expect(merged?.unread).toBe(1);
  });

  it('keeps the older pages loaded when the latest page is read again', () => {
    // The member loaded an earlier page (lines 1–50 and no more before them), then a reread of the latest page came.
    const older = Array.from({ length: 50 }, (_, i) => line(String(i + 1)));
    const latest = Array.from({ length: 50 }, (_, i) => line(String(i + 51)));
    const held = conversation({ messages: [...older, ...latest], earlier: false });
    const merged = mergeConversation(held, conversation({ messages: [...latest.slice(1), line('101')], earlier: true }));
    expect(merged?.messages).toHaveLength(101);
    expect(merged?.earlier).toBe(false);
  });

  it('says more lines exist before when the piece reaching furthest back says so', () => {
    const held = conversation({ messages: [line('60'), line('61')], earlier: true });
    expect(mergeConversation(held, conversation({ messages: [line('62')], earlier: false }))?.earlier).toBe(true);
    expect(mergeConversation(held, conversation({ messages: [line('10'), line('11')], earlier: false }))?.earlier).toBe(false);
    expect(mergeConversation(held, conversation({ messages: [], earlier: false }))?.earlier).toBe(true);
  });

  it('takes a closed state with its last line', () => {
    const held = conversation({ messages: [line('1'), line('2', 'operator')] });
    const merged = mergeConversation(held, conversation({ status: 'closed', closedBy: 'operator', closedAt: '2026-11-28T03:00:00.000Z', messages: [line('3', 'system')] }));
    expect(merged?.status).toBe('closed');
    expect(merged?.closedBy).toBe('operator');
    expect(ids(merged)).toEqual(['1', '2', '3']);
  });

  it('replaces the conversation held by another one', () => {
    const held = conversation({ id: '7', status: 'closed', messages: [line('1'), line('2')] });
    const merged = mergeConversation(held, conversation({ id: '8', messages: [line('9', 'system')] }));
    expect(merged?.id).toBe('8');
    expect(ids(merged)).toEqual(['9']);
  });

  it('answers nothing when the server has no conversation, and the first one heard as it is', () => {
    expect(mergeConversation(conversation(), null)).toBeNull();
    const first = conversation({ messages: [line('1', 'system')] });
    expect(mergeConversation(undefined, first)).toBe(first);
  });

  it('adds a confirmed line once, even when the live reread brought it first', () => {
    const held = conversation({ messages: [line('1'), line('2')] });
    expect(ids(withMessage(withMessage(held, line('3')), line('3')))).toEqual(['1', '2', '3']);
    expect(withMessage(null, line('3'))).toBeNull();
  });
});

describe('timelineOf', () => {
  it('puts a day heading before the first line of each day in the site time zone', () => {
    // 16:59 and 17:01 UTC fall on two days in Phnom Penh (GMT+7).
    const items = timelineOf([line('1', 'system', '2026-11-27T16:59:00.000Z'), line('2', 'member', '2026-11-27T17:01:00.000Z'), line('3', 'operator', '2026-11-27T18:30:00.000Z')], 'Asia/Phnom_Penh');
    expect(items.map((i) => (i.kind === 'day' ? `day ${i.day}` : `${i.message.id} ${i.time}`))).toEqual(['day 2026-11-27', '1 23:59', 'day 2026-11-28', '2 00:01', '3 01:30']);
  });

  it('reads today and yesterday across a month end', () => {
    expect(dayKind('2026-11-28', '2026-11-28')).toBe('today');
    expect(dayKind('2026-11-30', '2026-12-01')).toBe('yesterday');
    expect(dayKind('2026-11-29', '2026-12-01')).toBe('date');
  });
});
