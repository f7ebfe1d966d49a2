import { CHAT_MESSAGE_MAX, localize, type ChatMessage, type Lang, type OpsChatDetail } from '@apsara/contracts';

/*
 * The customer service inbox (docs/chat.md "Operators"): its queue tabs, the conversation on screen
 * put together from the pages the server answers, and the rules of an answer. Nothing here imports
 * React.
 */

/** Waiting (open, the member wrote last: someone should answer) first; it is the default. */
export const CHAT_TABS = ['waiting', 'open', 'closed'] as const;
export type ChatTab = (typeof CHAT_TABS)[number];

export const chatTabFromSearch = (raw: string | null): ChatTab => ((CHAT_TABS as readonly string[]).includes(raw ?? '') ? (raw as ChatTab) : 'waiting');

/** `?chat=<id>`: a conversation id as the contract's IdString has it, else none. */
export const chatIdFromSearch = (raw: string | null): string | null => (raw && /^[1-9]\d{0,17}$/.test(raw) ? raw : null);

// ---- An answer ----

// C0 controls and DEL except tab, line feed and carriage return, as the contract's text() refuses them.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export type ReplyProblem = 'required' | 'too_long' | 'angles' | 'control';

/** Characters of an answer as the server counts them: trimmed, an emoji is one. */
export const replyLength = (text: string) => [...text.trim()].length;

/**
 * What keeps an answer from being sent, as ChatSendBody judges it: 1–1000 characters after trimming,
 * no `<` or `>` (lines are shown as text in two apps), no control characters.
 */
export const replyProblem = (text: string): ReplyProblem | null => {
  if (CONTROL.test(text)) return 'control';
  const n = replyLength(text);
  if (n === 0) return 'required';
  if (n > CHAT_MESSAGE_MAX) return 'too_long';
  if (/[<>]/.test(text)) return 'angles';
  return null;
};

// ---- The conversation on screen ----

const idOf = (m: ChatMessage) => BigInt(m.id);

/** Lines of two pages as one list, each line once, oldest first (ids grow with time). */
export const mergeLines = (a: readonly ChatMessage[], b: readonly ChatMessage[]): ChatMessage[] => {
  const byId = new Map<string, ChatMessage>();
  for (const m of a) byId.set(m.id, m);
  for (const m of b) byId.set(m.id, m);
  return [...byId.values()].sort((x, y) => (idOf(x) < idOf(y) ? -1 : idOf(x) > idOf(y) ? 1 : 0));
};

/**
 * How a page of lines was asked for: `latest` (no cursor: the newest lines), `after` (the lines after
 * the newest one on screen: the refresh), `before` (the lines before the oldest one: "load earlier").
 */
export type PageMode = 'latest' | 'after' | 'before';

/**
 * The conversation on screen after one more answer of GET /ops/chats/:id: where it stands (status,
 * operator, unread) from the newer answer, the lines of both, and whether lines exist before the
 * oldest one shown. Merging the same answer twice changes nothing, so a refresh that raced a "load
 * earlier" loses neither.
 */
export const mergeDetail = (prev: OpsChatDetail | undefined, next: OpsChatDetail, mode: PageMode): OpsChatDetail => {
  if (!prev || prev.id !== next.id) return next;
  const messages = mergeLines(prev.messages, next.messages);
  const oldestPrev = prev.messages[0];
  const oldestNext = next.messages[0];
  let earlier: boolean;
  if (mode === 'after') earlier = prev.earlier;
  else if (mode === 'before') earlier = oldestNext ? (!oldestPrev || idOf(oldestNext) <= idOf(oldestPrev) ? next.earlier : prev.earlier) : false;
  // The newest page: what it says of the lines before it holds unless older lines are already shown.
  else earlier = oldestPrev && (!oldestNext || idOf(oldestPrev) < idOf(oldestNext)) ? prev.earlier : next.earlier;
  // A page of older lines says nothing newer about the conversation than what is on screen.
  const summary = mode === 'before' ? prev : next;
  return { ...summary, messages, earlier };
};

/** The id to ask for lines after: the newest on screen. */
export const newestLineId = (detail: Pick<OpsChatDetail, 'messages'> | undefined): string | null => detail?.messages.at(-1)?.id ?? null;

/** The id to ask for lines before: the oldest on screen. */
export const oldestLineId = (detail: Pick<OpsChatDetail, 'messages'> | undefined): string | null => detail?.messages[0]?.id ?? null;

/** A line's words in the operator's language: the site's own lines are stored in every portal language. */
export const lineText = (body: ChatMessage['body'], lang: Lang): string => (typeof body === 'string' ? body : localize(body, lang));

/**
 * Whether to tell the server the member's lines are read now: there are some, this operator may
 * answer (finance only reads), and the operator can see the page.
 */
export const shouldMarkRead = (detail: Pick<OpsChatDetail, 'unread'> | undefined, canAnswer: boolean, visible: boolean) => Boolean(detail && detail.unread > 0 && canAnswer && visible);

/** Where a conversation stands in the queue's words: waiting for an answer, open, or closed. */
export const chatState = (c: { status: 'open' | 'closed'; waiting: boolean }): ChatTab => (c.status === 'closed' ? 'closed' : c.waiting ? 'waiting' : 'open');

/**
 * A time in the queue, short as a messenger writes it: "14:05" today, "03-18 14:05" this year,
 * "2025-12-30 14:05" before, from the site-time text "yyyy-MM-dd HH:mm" of the moment and of now.
 */
export const shortTime = (at: string, now: string): string => {
  if (at.length < 16 || now.length < 16) return at;
  if (at.slice(0, 10) === now.slice(0, 10)) return at.slice(11);
  if (at.slice(0, 4) === now.slice(0, 4)) return at.slice(5);
  return at;
};
