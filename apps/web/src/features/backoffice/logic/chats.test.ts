import { describe, expect, it } from 'vitest';
import { CHAT_MESSAGE_MAX, ChatSendBody, type ChatMessage, type OpsChatDetail } from '@apsara/contracts';
import { chatIdFromSearch, chatState, chatTabFromSearch, lineText, mergeDetail, mergeLines, newestLineId, oldestLineId, replyLength, replyProblem, shortTime, shouldMarkRead } from './chats';

const line = (id: number, sender: ChatMessage['sender'] = 'member', body: ChatMessage['body'] = `line ${id}`): ChatMessage => ({
  id: String(id),
  sender,
  operatorName: sender === 'operator' ? 'ops1' : null,
  body,
  createdAt: new Date(Date.UTC(2026, 2, 1, 10, 0, id)).toISOString(),
});

const detail = (ids: number[], extra: Partial<OpsChatDetail> = {}): OpsChatDetail => ({
  id: '7',
  memberId: '42',
  username: 'dara01',
  topic: 'deposit',
  status: 'open',
  assignedTo: null,
  waiting: true,
  lastMessage: 'hi',
  lastMessageAt: '2026-03-01T10:00:00.000Z',
  createdAt: '2026-03-01T09:00:00.000Z',
  closedAt: null,
  closedBy: null,
  unread: 1,
  messages: ids.map((id) => line(id)),
  earlier: false,
  ...extra,
});

const ids = (d: OpsChatDetail) => d.messages.map((m) => Number(m.id));

describe('the chat queue in the address', () => {
  it('opens on the waiting tab unless another one is named', () => {
    expect(chatTabFromSearch(null)).toBe('waiting');
    expect(chatTabFromSearch('closed')).toBe('closed');
    expect(chatTabFromSearch('open')).toBe('open');
    expect(chatTabFromSearch('all')).toBe('waiting');
  });

  it('keeps a conversation id only when it is one', () => {
    expect(chatIdFromSearch('123')).toBe('123');
    expect(chatIdFromSearch('0')).toBeNull();
    expect(chatIdFromSearch('12a')).toBeNull();
    expect(chatIdFromSearch('1'.repeat(19))).toBeNull();
    expect(chatIdFromSearch(null)).toBeNull();
  });

  it('says where a conversation stands', () => {
    expect(chatState({ status: 'open', waiting: true })).toBe('waiting');
    expect(chatState({ status: 'open', waiting: false })).toBe('open');
    expect(chatState({ status: 'closed', waiting: false })).toBe('closed');
  });
});

describe('an answer', () => {
  const samples = ['', '   ', 'Hello', '  Hello  ', 'line one\nline two', 'a <b> tag', '1 > 0', 'x'.repeat(CHAT_MESSAGE_MAX), 'x'.repeat(CHAT_MESSAGE_MAX + 1), ` ${'x'.repeat(CHAT_MESSAGE_MAX)} `, '😀'.repeat(CHAT_MESSAGE_MAX), 'bell\u0007', 'tab\tok', 'សួស្ដី', '您好'];

  it('is judged as the server judges it', () => {
    for (const body of samples) {
      const server = ChatSendBody.safeParse({ body, idempotencyKey: 'ops-chat-12345678' }).success;
      expect(replyProblem(body) === null, JSON.stringify(body.slice(0, 20))).toBe(server);
    }
  });

  it('names what is wrong', () => {
    expect(replyProblem('  ')).toBe('required');
    expect(replyProblem('x'.repeat(CHAT_MESSAGE_MAX + 1))).toBe('too_long');
    expect(replyProblem('<script>')).toBe('angles');
    expect(replyProblem('a\u0000b')).toBe('control');
  });

  it('counts characters as a person does: trimmed, an emoji is one', () => {
    expect(replyLength('  hi  ')).toBe(2);
    expect(replyLength('😀😀')).toBe(2);
  });
});

describe('the conversation on screen', () => {
  it('merges pages by id, oldest first, each line once', () => {
    expect(mergeLines([line(3), line(1)], [line(2), line(3), line(10)]).map((m) => m.id)).toEqual(['1', '2', '3', '10']);
  });

  it('adds the lines after the newest one, keeping what it knew of earlier lines', () => {
    const shown = detail([51, 52, 53], { earlier: true });
    const next = mergeDetail(shown, detail([54, 55], { earlier: false, unread: 2, assignedTo: 'ops1', waiting: false }), 'after');
    expect(ids(next)).toEqual([51, 52, 53, 54, 55]);
    expect(next.earlier).toBe(true);
    // Where it stands comes from the newer answer.
    expect(next).toMatchObject({ unread: 2, assignedTo: 'ops1', waiting: false });
  });

  it('puts earlier lines above and says whether still more exist', () => {
    const shown = detail([51, 52], { earlier: true, unread: 0 });
    const older = mergeDetail(shown, detail([1, 2, 50], { earlier: false, unread: 5 }), 'before');
    expect(ids(older)).toEqual([1, 2, 50, 51, 52]);
    expect(older.earlier).toBe(false);
    // A page of older lines says nothing newer about the conversation.
    expect(older.unread).toBe(0);
    expect(mergeDetail(shown, detail([40, 41], { earlier: true }), 'before').earlier).toBe(true);
  });

  it('keeps earlier lines when the newest page is read again, and their flag', () => {
    const withOlder = detail([1, 2, 3, 4], { earlier: false });
    const latest = mergeDetail(withOlder, detail([3, 4, 5], { earlier: true, status: 'closed' }), 'latest');
    expect(ids(latest)).toEqual([1, 2, 3, 4, 5]);
    expect(latest.earlier).toBe(false);
    expect(latest.status).toBe('closed');
    // With nothing older on screen, the newest page's own word holds.
    expect(mergeDetail(detail([3, 4]), detail([3, 4, 5], { earlier: true }), 'latest').earlier).toBe(true);
  });

  it('changes nothing when the same answer is merged twice (a refresh racing "load earlier")', () => {
    const shown = detail([51, 52], { earlier: true });
    const page = detail([1, 50], { earlier: false });
    const once = mergeDetail(shown, page, 'before');
    expect(mergeDetail(once, page, 'before')).toEqual(once);
    const after = detail([53]);
    expect(mergeDetail(mergeDetail(once, after, 'after'), after, 'after')).toEqual(mergeDetail(once, after, 'after'));
  });

  it('starts over for another conversation', () => {
    const other = { ...detail([9]), id: '8' };
    expect(mergeDetail(detail([1, 2]), other, 'after')).toBe(other);
    expect(mergeDetail(undefined, other, 'latest')).toBe(other);
  });

  it('finds the ends to page from', () => {
    expect(newestLineId(detail([4, 5, 6]))).toBe('6');
    expect(oldestLineId(detail([4, 5, 6]))).toBe('4');
    expect(newestLineId(detail([]))).toBeNull();
    expect(oldestLineId(undefined)).toBeNull();
  });

  it("shows the site's lines in the operator's language, English when it has none", () => {
    const body = { en: 'Customer service ended this conversation.', km: 'សេវាអតិថិជនបានបញ្ចប់ការសន្ទនានេះ។' };
    expect(lineText(body, 'km')).toBe(body.km);
    expect(lineText(body, 'cn')).toBe(body.en);
    expect(lineText('plain words', 'cn')).toBe('plain words');
  });

  it('marks lines read only when there are some, the role may answer and the page is seen', () => {
    expect(shouldMarkRead({ unread: 2 }, true, true)).toBe(true);
    expect(shouldMarkRead({ unread: 0 }, true, true)).toBe(false);
    expect(shouldMarkRead({ unread: 2 }, false, true)).toBe(false);
    expect(shouldMarkRead({ unread: 2 }, true, false)).toBe(false);
    expect(shouldMarkRead(undefined, true, true)).toBe(false);
  });

  it('writes queue times short: the time today, the date this year, all of it before', () => {
    const now = '2026-03-18 15:00';
    expect(shortTime('2026-03-18 09:05', now)).toBe('09:05');
    expect(shortTime('2026-01-02 09:05', now)).toBe('01-02 09:05');
    expect(shortTime('2025-12-30 23:59', now)).toBe('2025-12-30 23:59');
    expect(shortTime('—', now)).toBe('—');
  });
});
