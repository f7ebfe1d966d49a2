/**
 * Lists of notices (the announcement popup, the agent center's announcements): pinned ones first,
 * 9 to a page (spec §9 "Announcements page size 9"), the content as plain text with its line breaks.
 */

/** Spec §9. */
export const ANNOUNCEMENT_PAGE_SIZE = 9;

/**
 * Pinned notices first; otherwise the order the server sent (the operators' order, newest first),
 * which a stable split keeps.
 */
export const pinnedFirst = <T extends { pinned: boolean }>(items: readonly T[]): T[] => [...items.filter((n) => n.pinned), ...items.filter((n) => !n.pinned)];

export const pageCount = (total: number, size = ANNOUNCEMENT_PAGE_SIZE) => Math.max(1, Math.ceil(total / size));

/** The items of a page (1-based); a page past the end shows the last one. */
export const pageItems = <T>(items: readonly T[], page: number, size = ANNOUNCEMENT_PAGE_SIZE): T[] => {
  const shown = Math.min(Math.max(1, Math.floor(page)), pageCount(items.length, size));
  return items.slice((shown - 1) * size, shown * size);
};

/** The page an item is on, so a popup opened for one notice shows it in its list; page 1 when absent. */
export const pageOfId = (items: readonly { id: string }[], id: string | undefined, size = ANNOUNCEMENT_PAGE_SIZE) => {
  const index = id === undefined ? -1 : items.findIndex((n) => n.id === id);
  return index < 0 ? 1 : Math.floor(index / size) + 1;
};

/** The item asked for, else the first: a list with items always shows one of them. */
export const selectedOf = <T extends { id: string }>(items: readonly T[], id: string | undefined): T | undefined => items.find((n) => n.id === id) ?? items[0];

/** The first line with words: what the marquee shows of a notice (the rest is in the popup). */
export const firstLine = (text: string) =>
  text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .find((line) => line.length > 0) ?? '';

/**
 * An operator's text as paragraphs: a blank line starts a new one, a single line break stays a line
 * break inside it (shown with `white-space: pre-line`). Plain text only: nothing is read as HTML.
 */
export const paragraphsOf = (text: string): string[] =>
  text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((p) => p.replace(/^\n+|\n+$/g, '').replace(/[ \t]+$/gm, ''))
    .filter((p) => p.trim().length > 0);
