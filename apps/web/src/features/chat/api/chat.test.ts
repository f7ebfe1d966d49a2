import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { ChatConversation, ChatMessage } from '@apsara/contracts';
import { MemoryStorage } from '../../../lib/memory-storage.test-helper';

vi.stubGlobal('sessionStorage', new MemoryStorage());
const { CHAT_KEY, keepSentLine, loadEarlier, readConversation } = await import('./chat');

const line = (id: string, sender: ChatMessage['sender'] = 'member'): ChatMessage => ({ id, sender, operatorName: null, body: `line ${id}`, createdAt: '2026-11-28T02:00:00.000Z' });
const conversation = (over: Partial<ChatConversation>): ChatConversation => ({
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
const answer = (c: ChatConversation | null) => new Response(JSON.stringify({ success: true, value: { conversation: c } }), { status: 200, headers: { 'Content-Type': 'application/json' } });
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => line(String(from + i)));

describe('reading the conversation', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const asked = () => fetchMock.mock.calls.map(([url]) => String(url));
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reads the latest page first, then only the lines after the last one held', async () => {
    const qc = new QueryClient();
    fetchMock.mockResolvedValueOnce(answer(conversation({ messages: [line('1', 'system'), line('2')] })));
    qc.setQueryData(CHAT_KEY, await readConversation(qc));
    fetchMock.mockResolvedValueOnce(answer(conversation({ messages: [line('3', 'operator')], unread: 1 })));
    const next = await readConversation(qc);
    expect(asked()).toEqual(['/wps/chat', '/wps/chat?after=2']);
    expect(next?.messages.map((m) => m.id)).toEqual(['1', '2', '3']);
    expect(next?.unread).toBe(1);
  });

  it("does not skip an answer written just before the member's own line", async () => {
    const qc = new QueryClient();
    fetchMock.mockResolvedValueOnce(answer(conversation({ messages: [line('1', 'system'), line('2')] })));
    qc.setQueryData(CHAT_KEY, await readConversation(qc));
    // The operator's line 3 is stored, then the member's line 4, whose send answers first.
    keepSentLine(qc, { message: line('4'), replayed: false });
    fetchMock.mockResolvedValueOnce(answer(conversation({ messages: [line('3', 'operator'), line('4')] })));
    qc.setQueryData(CHAT_KEY, await readConversation(qc));
    expect(asked()).toEqual(['/wps/chat', '/wps/chat?after=2']);
    expect(qc.getQueryData<ChatConversation>(CHAT_KEY)?.messages.map((m) => m.id)).toEqual(['1', '2', '3', '4']);
    // The next read starts after the last line the server listed.
    fetchMock.mockResolvedValueOnce(answer(conversation({ messages: [] })));
    await readConversation(qc);
    expect(asked().at(-1)).toBe('/wps/chat?after=4');
  });

  it('catches up page by page after a long time away', async () => {
    const qc = new QueryClient();
    qc.setQueryData(CHAT_KEY, conversation({ messages: [line('1')] }));
    fetchMock.mockResolvedValueOnce(answer(conversation({ messages: range(2, 51) }))).mockResolvedValueOnce(answer(conversation({ messages: range(52, 60) })));
    const next = await readConversation(qc);
    expect(asked()).toEqual(['/wps/chat?after=1', '/wps/chat?after=51']);
    expect(next?.messages).toHaveLength(60);
  });

  it('reads the latest page of a new conversation opened elsewhere instead of a slice of it', async () => {
    const qc = new QueryClient();
    qc.setQueryData(CHAT_KEY, conversation({ messages: [line('1')] }));
    fetchMock.mockResolvedValueOnce(answer(conversation({ id: '8', messages: [line('5', 'system')] }))).mockResolvedValueOnce(answer(conversation({ id: '8', messages: [line('5', 'system'), line('6')] })));
    const next = await readConversation(qc);
    expect(asked()).toEqual(['/wps/chat?after=1', '/wps/chat']);
    expect(next?.id).toBe('8');
    expect(next?.messages.map((m) => m.id)).toEqual(['5', '6']);
  });

  it('merges an earlier page in front of the lines shown', async () => {
    const qc = new QueryClient();
    qc.setQueryData(CHAT_KEY, conversation({ messages: range(51, 100), earlier: true }));
    fetchMock.mockResolvedValueOnce(answer(conversation({ messages: range(1, 50), earlier: false })));
    await loadEarlier(qc, '51');
    expect(asked()).toEqual(['/wps/chat?before=51']);
    const held = qc.getQueryData<ChatConversation>(CHAT_KEY);
    expect(held?.messages).toHaveLength(100);
    expect(held?.earlier).toBe(false);
  });
});
