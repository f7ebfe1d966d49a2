/** One server-sent event. */
export type SseEvent = { event: string; data: string };

/**
 * Splits a text/event-stream into events as chunks arrive: returns the complete events and the
 * unfinished rest to carry into the next chunk. Comment lines (": ping") and ids are skipped.
 */
export const parseSse = (buffer: string): { events: SseEvent[]; rest: string } => {
  const events: SseEvent[] = [];
  const blocks = buffer.replace(/\r\n/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    if (data.length) events.push({ event, data: data.join('\n') });
  }
  return { events, rest };
};
