import { describe, expect, it } from 'vitest';
import { ANNOUNCEMENT_PAGE_SIZE, firstLine, pageCount, pageItems, pageOfId, paragraphsOf, pinnedFirst, selectedOf } from './notices';

const notices = (n: number, pinned: number[] = []) => Array.from({ length: n }, (_, i) => ({ id: `n${i}`, pinned: pinned.includes(i) }));

describe('notice lists', () => {
  it('puts pinned notices first and keeps the server order within each part', () => {
    expect(pinnedFirst(notices(5, [1, 3])).map((n) => n.id)).toEqual(['n1', 'n3', 'n0', 'n2', 'n4']);
    expect(pinnedFirst([])).toEqual([]);
  });

  it('pages by 9 (spec §9)', () => {
    expect(ANNOUNCEMENT_PAGE_SIZE).toBe(9);
    const list = notices(20);
    expect(pageCount(0)).toBe(1);
    expect(pageCount(9)).toBe(1);
    expect(pageCount(10)).toBe(2);
    expect(pageCount(20)).toBe(3);
    expect(pageItems(list, 1).map((n) => n.id)).toEqual(list.slice(0, 9).map((n) => n.id));
    expect(pageItems(list, 3).map((n) => n.id)).toEqual(['n18', 'n19']);
    // Out of range: the nearest page that exists (a list that shrank while its popup was open).
    expect(pageItems(list, 7).map((n) => n.id)).toEqual(['n18', 'n19']);
    expect(pageItems(list, 0)).toHaveLength(9);
  });

  it('opens on the page of the notice asked for', () => {
    const list = notices(20);
    expect(pageOfId(list, 'n0')).toBe(1);
    expect(pageOfId(list, 'n8')).toBe(1);
    expect(pageOfId(list, 'n9')).toBe(2);
    expect(pageOfId(list, 'n19')).toBe(3);
    expect(pageOfId(list, 'gone')).toBe(1);
    expect(pageOfId(list, undefined)).toBe(1);
  });

  it('selects the notice asked for, else the first', () => {
    const list = notices(3);
    expect(selectedOf(list, 'n2')?.id).toBe('n2');
    expect(selectedOf(list, 'gone')?.id).toBe('n0');
    expect(selectedOf(list, undefined)?.id).toBe('n0');
    expect(selectedOf([], 'n1')).toBeUndefined();
  });

  it("shows a notice's first line with words in the marquee", () => {
    expect(firstLine('Welcome to the new lobby: faster.\nYour favourites are where you left them.')).toBe('Welcome to the new lobby: faster.');
    expect(firstLine('\r\n   \r\n  Maintenance tonight  \r\nfrom 02:00')).toBe('Maintenance tonight');
    expect(firstLine('')).toBe('');
  });

  it('keeps line breaks and splits paragraphs on blank lines, as plain text', () => {
    expect(paragraphsOf('Line one\nline two\n\nSecond paragraph')).toEqual(['Line one\nline two', 'Second paragraph']);
    expect(paragraphsOf('\r\n\r\nA\r\n \r\nB  \nC\n\n\n')).toEqual(['A', 'B\nC']);
    expect(paragraphsOf('<b>not bold</b>')).toEqual(['<b>not bold</b>']);
    expect(paragraphsOf('  \n ')).toEqual([]);
  });
});
