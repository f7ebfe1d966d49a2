import { afterAll, describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { i18n } from '../../../i18n';
import { ResultAnnouncement, type HeardDraw } from './result-announcement';

/** What the live region says, tags aside. */
const spoken = (draw: HeardDraw | null) => {
  const html = renderToStaticMarkup(<ResultAnnouncement draw={draw} />);
  expect(html).toMatch(/^<p class="visually-hidden" role="status">/);
  return html.replace(/<[^>]+>/g, '');
};

const start = i18n.language;
afterAll(() => i18n.changeLanguage(start));

describe('the announcement of a new lottery result', () => {
  const fiveD: HeardDraw = { drawNo: '20261202-0443', result: [3, 8, 4, 3, 6] };
  // A Vietnam draw: the special prize's five digits first, then the other 22 prizes' digits.
  const vn: HeardDraw = { drawNo: '20261202-0442', result: [9, 7, 4, 3, 2, ...Array.from({ length: 102 }, (_, i) => i % 10)] };

  it('speaks the language on screen, and the new one after a switch', async () => {
    const heard: Record<string, string> = {};
    for (const lang of ['km', 'en', 'cn']) {
      await i18n.changeLanguage(lang);
      heard[lang] = spoken(fiveD);
      expect(heard[lang], lang).toBe(i18n.t('lottery:reveal.announce', { drawNo: fiveD.drawNo, digits: '3 8 4 3 6' }));
    }
    expect(heard.en).toBe('Draw 20261202-0443 result: 3 8 4 3 6');
    expect(heard.km).toMatch(/[\u1780-\u17FF]/);
    expect(heard.cn).toMatch(/[\u4E00-\u9FFF]/);
  });

  it('names a Vietnam draw by its special prize in the language on screen', async () => {
    for (const lang of ['en', 'km', 'cn']) {
      await i18n.changeLanguage(lang);
      const said = spoken(vn);
      expect(said, lang).toBe(i18n.t('lottery:reveal.announce', { drawNo: vn.drawNo, digits: i18n.t('lottery:result.vn_facts', { special: '97432', tail: '32' }) }));
      expect(said, lang).not.toContain('0 1 2 3');
    }
  });

  it('says nothing before a result has landed', () => {
    expect(spoken(null)).toBe('');
  });
});
