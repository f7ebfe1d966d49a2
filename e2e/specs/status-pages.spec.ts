import { HOSTS, siteUrl } from '../fixtures/constants';
import { texts } from '../fixtures/i18n';
import type { Portal } from '../fixtures/portal';
import { snap } from '../fixtures/screens';
import { expect, test } from '../fixtures/test';

test('a site in maintenance (status 1) shows the maintenance page instead of the portal', async ({ page, ui }, testInfo) => {
  await page.goto(siteUrl(HOSTS.maintenance));

  await expect(page.getByRole('heading', { level: 1, name: ui.t('system.maintenance.title') })).toBeVisible();
  // The merchant's own maintenance message (seed config) replaces the generic text.
  await expect(page.getByText('Scheduled upgrade of the game servers')).toBeVisible();
  await expect(page.getByRole('button', { name: ui.t('system.checkAgain') })).toBeVisible();
  await expect(page.getByRole('link', { name: ui.t('system.contactSupport') })).toHaveAttribute('href', /^(https?:|mailto:|tel:)/);
  // None of the portal: no login, no lobby, no side menu.
  await expect(ui.headerLogin).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: ui.t('nav.main') })).toHaveCount(0);
  await expect(page.getByRole('region', { name: ui.t('lobby.jackpot') })).toHaveCount(0);

  // Deep links get the same page.
  await page.goto(`${siteUrl(HOSTS.maintenance)}/promotions`);
  await expect(page.getByRole('heading', { level: 1, name: ui.t('system.maintenance.title') })).toBeVisible();
  await snap(page, testInfo, 'maintenance');
});

test.describe('a Khmer reader of the maintenance page', () => {
  test.use({ locale: 'km-KH' });

  test('reads when the site is back in Khmer, on the site\'s clock, and in Chinese after switching', async ({ page, ui }, testInfo) => {
    // The seed site sets no end; this one says 1 May 2030, 10:00 UTC (17:00 in Phnom Penh, the site's zone).
    await page.route('**/wps/system/status', (route) =>
      route.fulfill({ json: { success: true, value: { status: 1, ip: '203.0.113.7', maintenance: { message: null, until: '2030-05-01T10:00:00.000Z' } } } }),
    );
    const backAt = (t: (key: string, vars?: Record<string, string | number>) => string) =>
      t('system.maintenance.until', {
        time: t('dates.zoned', { time: t('dates.dayTime', { date: t('dates.day', { day: 1, month: t('dates.month.5'), year: 2030 }), time: '17:00' }), zone: 'GMT+7' }),
      });
    await page.goto(siteUrl(HOSTS.maintenance));
    await expect(page.getByRole('heading', { level: 1, name: ui.t('system.maintenance.title') })).toBeVisible();
    await expect(page.getByText(backAt(ui.t), { exact: true })).toBeVisible();
    await snap(page, testInfo, 'maintenance-until-km');

    await page.getByLabel(ui.t('nav.language')).selectOption('cn');
    const cn = texts('cn');
    await expect(page.getByText(backAt(cn), { exact: true })).toBeVisible();
  });
});

/** The IP the region-blocked page reports ("Your IP address" and the value beside it). */
const shownIp = (ui: Portal) => ui.page.getByText(ui.t('system.blocked.ip')).locator('xpath=following-sibling::*[1]');

test.describe('region block (blocked.localhost blocks 127.0.0.0/8 and ::1)', () => {
  test.describe('a browser on this machine, no proxy', () => {
    test.use({ clientIp: null });

    test('sees the region-blocked page with its IP and a support link', async ({ page, ui }, testInfo) => {
      await page.goto(siteUrl(HOSTS.blocked));

      await expect(page.getByRole('heading', { level: 1, name: ui.t('system.blocked.title') })).toBeVisible();
      await expect(page.getByText(ui.t('system.blocked.text'))).toBeVisible();
      await expect(shownIp(ui)).toHaveText(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);
      const support = page.getByRole('link', { name: ui.t('system.contactSupport') });
      await expect(support).toBeVisible();
      await expect(support).toHaveAttribute('href', /^(https?:|mailto:|tel:)/);
      await expect(ui.headerLogin).toHaveCount(0);
      await expect(page.getByRole('navigation', { name: ui.t('nav.main') })).toHaveCount(0);
      await snap(page, testInfo, 'region-blocked');
    });
  });

  test.describe('a player behind the trusted proxy with a blocked address', () => {
    test.use({ clientIp: '127.45.6.7' });

    test('sees the address the server resolved for them', async ({ page, ui }) => {
      await page.goto(siteUrl(HOSTS.blocked));
      await expect(page.getByRole('heading', { level: 1, name: ui.t('system.blocked.title') })).toBeVisible();
      await expect(shownIp(ui)).toHaveText('127.45.6.7');
    });
  });

  test('a player from an address outside the blocked ranges gets the portal on the same host', async ({ page, ui }) => {
    await page.goto(siteUrl(HOSTS.blocked));
    await expect(ui.headerLogin).toBeVisible();
    await expect(page.getByRole('heading', { name: ui.t('system.blocked.title') })).toHaveCount(0);
  });
});

test('the normal site is not affected by its neighbours being down', async ({ page, ui }) => {
  await page.goto(siteUrl(HOSTS.apsara));
  await expect(ui.headerLogin).toBeVisible();
  await expect(page.getByRole('heading', { name: ui.t('system.maintenance.title') })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: ui.t('system.blocked.title') })).toHaveCount(0);
});
