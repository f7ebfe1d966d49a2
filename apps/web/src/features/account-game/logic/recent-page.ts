/*
 * The /recent page's page number lives in the address (?page=N), like the game list pages, so the back
 * button returns to the page before and a reload keeps the place.
 */

const MAX_PAGE = 10_000;

/** The page asked for; anything malformed is page 1. */
export const readPage = (params: URLSearchParams): number => {
  const page = Number(params.get('page') ?? '1');
  return Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1;
};

/** The address of a page; page 1 has the plain address. */
export const writePage = (page: number): URLSearchParams => (page > 1 ? new URLSearchParams({ page: String(page) }) : new URLSearchParams());

/**
 * A page past the end (an old link, or games dropped from the list since): the last page that has
 * games, or null when the page asked for is fine (has games, or the list is empty).
 */
export const pageInRange = (page: number, answer: { total: number; totalPages: number; content: readonly unknown[] } | undefined): number | null => {
  if (!answer || answer.content.length > 0 || answer.total === 0 || page === 1) return null;
  const last = Math.max(1, answer.totalPages);
  return page > last ? last : null;
};
