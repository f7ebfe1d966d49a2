import { afterAll, describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { i18n } from '../../../i18n';
import { oddsTable } from '../logic/slip';
import { BetBoard } from './bet-board';
import { VnBetBoard } from './vn-bet-board';

const start = i18n.language;
afterAll(() => i18n.changeLanguage(start));

/** The grid's cells: their text, whether they are marked closed, and their name. */
const cells = (html: string, cls: string) =>
  [...html.matchAll(new RegExp(`<button[^>]*class="${cls}[^"]*"[^>]*>`, 'g'))].map((m) => ({
    closed: m[0].includes('is-closed') && m[0].includes('aria-disabled="true"'),
    label: /aria-label="([^"]*)"/.exec(m[0])?.[1] ?? '',
  }));

describe('closed numbers on the bet boards', () => {
  it('the Vietnam grid marks each closed number and names it closed; the head lists them', async () => {
    await i18n.changeLanguage('en');
    const html = renderToStaticMarkup(<VnBetBoard bets={[]} odds={oddsTable(undefined)} onToggle={() => undefined} closed={['27', '05']} />);
    const grid = cells(html, 'lt-vn-cell');
    expect(grid).toHaveLength(100);
    expect(grid.flatMap((c, i) => (c.closed ? [i] : []))).toEqual([5, 27]);
    expect(grid[27]!.label).toBe(i18n.t('lottery:vn.cell_closed', { n: '27' }));
    expect(html).toContain(i18n.t('lottery:board.closed_note', { numbers: '27, 05' }));
    // A bet on it already on the slip stays pressable, so it can be taken off.
    const held = cells(renderToStaticMarkup(<VnBetBoard bets={[{ kind: 'lo2', position: null, pick: '27', amount: '1.00' }]} odds={oddsTable(undefined)} onToggle={() => undefined} closed={['27']} />), 'lt-vn-cell');
    expect(held[27]!.closed).toBe(false);
    const open = renderToStaticMarkup(<VnBetBoard bets={[]} odds={oddsTable(undefined)} onToggle={() => undefined} />);
    expect(cells(open, 'lt-vn-cell').some((c) => c.closed)).toBe(false);
    expect(open).not.toContain('lt-board__closed');
  });

  it('the 5D board marks a closed digit (in the position shown) and leaves big, small, odd and even open', async () => {
    await i18n.changeLanguage('km');
    const html = renderToStaticMarkup(<BetBoard bets={[]} odds={oddsTable(undefined)} onToggle={() => undefined} closed={['7']} />);
    const all = cells(html, 'lt-cell');
    expect(all.filter((c) => c.closed)).toHaveLength(1);
    expect(all.find((c) => c.closed)!.label).toMatch(/[\u1780-\u17FF]/);
    expect(all).toHaveLength(14);
  });
});
