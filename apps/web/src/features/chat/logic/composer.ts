import { CHAT_MESSAGE_MAX } from '@apsara/contracts';

/*
 * The composer's rules, the same the server checks (contracts ChatSendBody): 1–1000 characters after
 * trimming, counted as a person counts them (an emoji is one), and no < or >.
 */

// C0 controls and DEL, except tab, line feed and carriage return: pasted, never typed.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** The counter shows from here on, so the limit never comes as a surprise. */
export const COUNTER_FROM = CHAT_MESSAGE_MAX - 200;

/** The words that would be sent: trimmed, without control characters. */
export const cleanDraft = (draft: string) => draft.replace(CONTROL, '').trim();

/** Characters of the line as the server counts them. */
export const draftLength = (draft: string) => [...cleanDraft(draft)].length;

export type DraftProblem = 'empty' | 'tooLong' | 'angles';

export const draftProblem = (draft: string): DraftProblem | null => {
  const clean = cleanDraft(draft);
  if (!clean) return 'empty';
  if ([...clean].length > CHAT_MESSAGE_MAX) return 'tooLong';
  if (/[<>]/.test(clean)) return 'angles';
  return null;
};

export const showCounter = (length: number) => length >= COUNTER_FROM;

type Key = { key: string; shiftKey: boolean; altKey?: boolean; ctrlKey?: boolean; metaKey?: boolean; isComposing?: boolean };

/**
 * Enter sends; Shift+Enter writes a new line. An Enter that ends an input method's composition
 * (Chinese pinyin, Khmer keyboards on some systems) picks the word, and must not send.
 */
export const isSendKey = (e: Key) => e.key === 'Enter' && !e.shiftKey && !e.altKey && !e.ctrlKey && !e.metaKey && !e.isComposing;
