import { afterAll, describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import type { BetLotterySlip } from '@apsara/contracts';
import { i18n } from '../../../i18n';
import { LotterySlipLines } from './slip-lines';

const start = i18n.language;
afterAll(() => i18n.changeLanguage(start));

const slip: BetLotterySlip = {
  number: 'LT00000042',
  drawNo: '20261203-0042',
  bets: [
    { kind: 'de2', position: null, pick: '27', amount: '5.00', won: true },
    { kind: 'digit', position: 0, pick: '7', amount: '1.50', won: false },
    { kind: 'sumOddEven', position: null, pick: 'odd', amount: '2.00', won: null },
  ],
};
const lines = () => [...renderToStaticMarkup(<LotterySlipLines slip={slip} symbol="$" className="line" />).matchAll(/<span class="line">(.*?)<\/span>/g)].map((m) => m[1].replace(/&amp;/g, '&'));

describe("a lottery round's slip in the betting record", () => {
  it('says the slip and draw, then each bet with its amount, marking the bets that won, in the reader’s language', async () => {
    await i18n.changeLanguage('en');
    expect(lines()).toEqual([
      i18n.t('lottery:record.slip', { number: 'LT00000042', drawNo: '20261203-0042' }),
      `${i18n.t('lottery:bet.de2', { pick: '27' })} · $5.00 · ${i18n.t('lottery:record.won')}`,
      `${i18n.t('lottery:bet.digit', { position: i18n.t('lottery:position.p0'), digit: '7' })} · $1.50`,
      `${i18n.t('lottery:bet.sum', { pick: i18n.t('lottery:pick.odd') })} · $2.00`,
    ]);
    await i18n.changeLanguage('km');
    expect(lines()[0]).toMatch(/[\u1780-\u17FF]/);
    expect(lines()[1]).toContain(i18n.t('lottery:record.won'));
  });
});
