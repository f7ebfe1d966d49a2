import { describe, expect, it } from 'vitest';
import { pageInRange, readPage, writePage } from './recent-page';

describe('the /recent page number in the address', () => {
  it('reads a page, and anything malformed as page 1', () => {
    expect(readPage(new URLSearchParams('page=3'))).toBe(3);
    expect(readPage(new URLSearchParams(''))).toBe(1);
    for (const bad of ['0', '-2', '1.5', 'abc', '10001', '']) expect(readPage(new URLSearchParams({ page: bad })), bad).toBe(1);
  });

  it('writes page 1 as the plain address', () => {
    expect(writePage(1).toString()).toBe('');
    expect(writePage(4).toString()).toBe('page=4');
    expect(readPage(writePage(7))).toBe(7);
  });

  it('sends a page past the end to the last page with games', () => {
    expect(pageInRange(5, { total: 45, totalPages: 3, content: [] })).toBe(3);
    expect(pageInRange(2, { total: 20, totalPages: 1, content: [] })).toBe(1);
  });

  it('leaves a page with games, page 1 and an empty list alone', () => {
    expect(pageInRange(2, { total: 45, totalPages: 3, content: [{}] })).toBeNull();
    expect(pageInRange(1, { total: 0, totalPages: 0, content: [] })).toBeNull();
    expect(pageInRange(4, { total: 0, totalPages: 0, content: [] })).toBeNull();
    expect(pageInRange(3, undefined)).toBeNull();
  });
});
