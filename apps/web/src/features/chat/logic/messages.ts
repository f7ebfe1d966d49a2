import type { ChatConversation, ChatMessage } from '@apsara/contracts';

/*
 * A conversation reaches the portal in pieces: the latest page, the lines after the last one held
 * (each live notice or poll), and older pages the member asks for ("load earlier"). These functions
 * put the pieces together by message id, so a line heard twice is shown once and in its place.
 */

/** Numeric ids as decimal strings (up to 18 digits): compared by length, then by digits. */
export const compareIds = (a: string, b: string): number => (a.length !== b.length ? a.length - b.length : a < b ? -1 : a > b ? 1 : 0);

/** Both lists as one, oldest first, each id once; the later list's copy of a line wins. */
export const mergeMessages = (held: readonly ChatMessage[], heard: readonly ChatMessage[]): ChatMessage[] => {
  const byId = new Map<string, ChatMessage>();
  for (const m of held) byId.set(m.id, m);
  for (const m of heard) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => compareIds(a.id, b.id));
};

export const lastMessageId = (c: ChatConversation | null | undefined) => c?.messages.at(-1)?.id;
export const firstMessageId = (c: ChatConversation | null | undefined) => c?.messages[0]?.id;

/**
 * What the portal holds after hearing `heard` about the conversation it held. Another conversation
 * (the member opened a new one, maybe in another tab) replaces the old one. For the same one, the
 * lines are merged, the state (status, unread, closedAt) is the fresher answer's, and "more lines
 * before" is told by whichever piece reaches further back.
 */
export const mergeConversation = (held: ChatConversation | null | undefined, heard: ChatConversation | null): ChatConversation | null => {
  if (!heard) return null;
  if (!held || held.id !== heard.id) return heard;
  const oldestHeld = firstMessageId(held);
  const oldestHeard = firstMessageId(heard);
  let earlier = heard.earlier;
  if (oldestHeard === undefined) earlier = held.earlier;
  else if (oldestHeld !== undefined && compareIds(oldestHeld, oldestHeard) < 0) earlier = held.earlier;
  return { ...heard, messages: mergeMessages(held.messages, heard.messages), earlier };
};

/** A line the member just wrote, added to the conversation it was written in (the open one). */
export const withMessage = (held: ChatConversation | null | undefined, message: ChatMessage): ChatConversation | null | undefined =>
  held ? { ...held, messages: mergeMessages(held.messages, [message]) } : held;

/** What a timeline shows: a day heading before the first line of each day, then the lines. */
export type TimelineItem = { kind: 'day'; key: string; day: string } | { kind: 'message'; key: string; message: ChatMessage; time: string };

/** Calendar day ("2026-11-28") and clock time ("09:05") of an instant in a time zone. */
export const dayAndTime = (iso: string, timeZone: string): { day: string; time: string } => {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return { day: '', time: '' };
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
};

/** The lines with a day heading wherever the day changes (in the site's time zone). */
export const timelineOf = (messages: readonly ChatMessage[], timeZone: string): TimelineItem[] => {
  const items: TimelineItem[] = [];
  let lastDay: string | undefined;
  for (const message of messages) {
    const { day, time } = dayAndTime(message.createdAt, timeZone);
    if (day !== lastDay) {
      items.push({ kind: 'day', key: `day-${day}`, day });
      lastDay = day;
    }
    items.push({ kind: 'message', key: message.id, message, time });
  }
  return items;
};

/** How a day heading reads: "Today", "Yesterday", or the date. `today` is today's day in the same zone. */
export const dayKind = (day: string, today: string): 'today' | 'yesterday' | 'date' => {
  if (day === today) return 'today';
  const t = Date.UTC(+today.slice(0, 4), +today.slice(5, 7) - 1, +today.slice(8, 10));
  const d = Date.UTC(+day.slice(0, 4), +day.slice(5, 7) - 1, +day.slice(8, 10));
  return t - d === 86_400_000 ? 'yesterday' : 'date';
};
