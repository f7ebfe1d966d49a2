import { afterAll, describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { i18n } from '../../../i18n';
import { useLotteryTexts } from './texts';

const Interval = ({ seconds }: { seconds: number }) => <>{useLotteryTexts().interval(seconds)}</>;
const said = (seconds: number) => renderToStaticMarkup(<Interval seconds={seconds} />);

const start = i18n.language;
afterAll(() => i18n.changeLanguage(start));

describe("a lottery's interval in words", () => {
  it('writes Khmer digits in Khmer, as the games\u2019 Khmer names do, and Latin digits in English and Chinese', async () => {
    await i18n.changeLanguage('km');
    expect(said(120)).toBe(i18n.t('lottery:unit.minutes', { n: '២' }));
    expect(said(45)).toBe(i18n.t('lottery:unit.seconds', { n: '៤៥' }));
    expect(said(120)).not.toMatch(/[0-9]/);
    await i18n.changeLanguage('en');
    expect(said(300)).toBe(i18n.t('lottery:unit.minutes', { n: '5' }));
    await i18n.changeLanguage('cn');
    expect(said(60)).toMatch(/1/);
  });
});
