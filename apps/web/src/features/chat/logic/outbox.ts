/*
 * Lines the member wrote that the server has not confirmed yet. Each line gets its idempotency key
 * when written, and keeps it: a retry after a failed send (the network dropped, the answer never
 * came) resends the same key, so the server answers with the line it may already have stored instead
 * of storing it twice. The key belongs to the line, not to its words: "ok" written twice is two lines.
 */

export type OutboxEntry = {
  key: string;
  body: string;
  state: 'sending' | 'failed';
  /** Why the last try failed, in the member's language. */
  error?: string;
};

export type OutboxAction =
  | { type: 'queue'; key: string; body: string }
  | { type: 'retry'; key: string }
  | { type: 'sent'; key: string }
  | { type: 'failed'; key: string; error: string }
  | { type: 'discard'; key: string }
  | { type: 'clear' };

export const outboxReducer = (outbox: readonly OutboxEntry[], action: OutboxAction): OutboxEntry[] => {
  switch (action.type) {
    case 'queue':
      if (outbox.some((e) => e.key === action.key)) return [...outbox];
      return [...outbox, { key: action.key, body: action.body, state: 'sending' }];
    case 'retry':
      return outbox.map((e) => (e.key === action.key ? { key: e.key, body: e.body, state: 'sending' } : e));
    case 'failed':
      return outbox.map((e) => (e.key === action.key ? { ...e, state: 'failed', error: action.error } : e));
    case 'sent':
    case 'discard':
      return outbox.filter((e) => e.key !== action.key);
    case 'clear':
      return [];
  }
};

/** Whether a line is on its way: the composer waits for it. */
export const isSending = (outbox: readonly OutboxEntry[]) => outbox.some((e) => e.state === 'sending');

export type Delivery<T> = {
  /** Sends one line under its key. */
  send: (body: string, idempotencyKey: string) => Promise<T>;
  dispatch: (action: OutboxAction) => void;
  onSent: (result: T) => void;
  errorText: (e: unknown) => string;
};

/** Sends the entry (new or retried) under its own key and records how it went. */
export const deliver = async <T>(entry: Pick<OutboxEntry, 'key' | 'body'>, d: Delivery<T>): Promise<boolean> => {
  try {
    const result = await d.send(entry.body, entry.key);
    // The line is in the conversation before it leaves the outbox, so it never blinks out.
    d.onSent(result);
    d.dispatch({ type: 'sent', key: entry.key });
    return true;
  } catch (e) {
    d.dispatch({ type: 'failed', key: entry.key, error: d.errorText(e) });
    return false;
  }
};
