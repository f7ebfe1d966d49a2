import { afterAll, describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import type { SiteConfigValue, SystemStatusValue } from '@apsara/contracts';
import { i18n } from '../../../i18n';
import { MaintenanceScreen } from './system-screen';

const status = (until: string | null): SystemStatusValue => ({ status: 1, ip: '203.0.113.7', maintenance: { message: null, until } });
const config = { timezone: 'Asia/Phnom_Penh', merchantName: 'Apsara', customerService: [] } as unknown as SiteConfigValue;
const page = (until: string | null) => renderToStaticMarkup(<MaintenanceScreen status={status(until)} config={config} onRetry={() => undefined} />);
/** The "expected back" line, tags and entities aside. */
const untilLine = (html: string) => /<p class="system-card__meta">([^<]*)<\/p>/.exec(html)?.[1]?.replace(/&#x27;/g, "'") ?? null;

const start = i18n.language;
afterAll(() => i18n.changeLanguage(start));

describe('maintenance page', () => {
  it('writes the end of maintenance in the reader\'s language, on the site\'s clock', async () => {
    await i18n.changeLanguage('km');
    expect(untilLine(page('2025-05-01T10:00:00Z'))).toBe(i18n.t('system.maintenance.until', { time: '1 ឧសភា 2025 ម៉ោង 17:00 (GMT+7)' }));
    await i18n.changeLanguage('cn');
    expect(untilLine(page('2025-05-01T10:00:00Z'))).toBe(i18n.t('system.maintenance.until', { time: '2025年5月1日 17:00（GMT+7）' }));
    await i18n.changeLanguage('en');
    expect(untilLine(page('2025-05-01T10:00:00Z'))).toBe('Expected back: 1 May 2025, 17:00 (GMT+7)');
  });

  it('says nothing of an end it does not know', async () => {
    await i18n.changeLanguage('km');
    expect(untilLine(page(null))).toBeNull();
    expect(untilLine(page('not a time'))).toBeNull();
  });
});
