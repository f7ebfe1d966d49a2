import { describe, expect, it, vi } from 'vitest';
import { deliver, isSending, outboxReducer, type OutboxAction, type OutboxEntry } from './outbox';

/** An outbox held like the component holds it. */
const box = () => {
  let entries: OutboxEntry[] = [];
  const dispatch = (a: OutboxAction) => {
    entries = outboxReducer(entries, a);
  };
  return { dispatch, get entries() { return entries; } };
};

describe('chat outbox', () => {
  it('resends a failed line under the same key, and the server answer replaces it once', async () => {
    const b = box();
    const keys: string[] = [];
    let online = false;
    const send = vi.fn(async (body: string, key: string) => {
      keys.push(key);
      if (!online) throw new Error('offline');
      return { body, key };
    });
    const onSent = vi.fn();
    const d = { send, dispatch: b.dispatch, onSent, errorText: (e: unknown) => (e as Error).message };

    b.dispatch({ type: 'queue', key: 'chat-aaaa1111', body: 'Is my deposit credited?' });
    expect(isSending(b.entries)).toBe(true);
    expect(await deliver(b.entries[0], d)).toBe(false);
    expect(b.entries).toEqual([{ key: 'chat-aaaa1111', body: 'Is my deposit credited?', state: 'failed', error: 'offline' }]);
    expect(isSending(b.entries)).toBe(false);

    online = true;
    b.dispatch({ type: 'retry', key: 'chat-aaaa1111' });
    expect(b.entries[0]).toEqual({ key: 'chat-aaaa1111', body: 'Is my deposit credited?', state: 'sending' });
    expect(await deliver(b.entries[0], d)).toBe(true);
    expect(keys).toEqual(['chat-aaaa1111', 'chat-aaaa1111']);
    expect(onSent).toHaveBeenCalledOnce();
    expect(b.entries).toEqual([]);
  });

  it('gives each new line its own key, even with the same words', () => {
    let entries: OutboxEntry[] = [];
    entries = outboxReducer(entries, { type: 'queue', key: 'chat-1111aaaa', body: 'ok' });
    entries = outboxReducer(entries, { type: 'queue', key: 'chat-2222bbbb', body: 'ok' });
    // The same key queued again (a double click) is still one line.
    entries = outboxReducer(entries, { type: 'queue', key: 'chat-2222bbbb', body: 'ok' });
    expect(entries.map((e) => e.key)).toEqual(['chat-1111aaaa', 'chat-2222bbbb']);
  });

  it('lets the member drop a line that failed, and clears on sign-out', () => {
    let entries: OutboxEntry[] = [];
    entries = outboxReducer(entries, { type: 'queue', key: 'chat-1111aaaa', body: 'one' });
    entries = outboxReducer(entries, { type: 'queue', key: 'chat-2222bbbb', body: 'two' });
    entries = outboxReducer(entries, { type: 'failed', key: 'chat-1111aaaa', error: 'x' });
    entries = outboxReducer(entries, { type: 'discard', key: 'chat-1111aaaa' });
    expect(entries.map((e) => e.body)).toEqual(['two']);
    expect(outboxReducer(entries, { type: 'clear' })).toEqual([]);
  });
});
