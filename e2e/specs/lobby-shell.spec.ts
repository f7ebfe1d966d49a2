import { localize } from '@apsara/contracts';
import { memberInfo } from '../fixtures/api';
import { shownAnnouncements } from '../fixtures/announcements';
import { LICENCE_COMPANY } from '../fixtures/constants';
import { KHMER, texts } from '../fixtures/i18n';
import { snap } from '../fixtures/screens';
import { expect, test } from '../fixtures/test';

// A Khmer device: the portal must come up in KM, its default language.
test.use({ locale: 'km-KH' });

const BRAND = 'Apsara';

/** "$45,678,901.23" → 45678901.23; fails the test on anything that is not a 2-decimal grouped amount. */
const parseAmount = (shown: string, symbol: string) => {
  expect(shown).toMatch(new RegExp(`^\\${symbol}\\d{1,3}(,\\d{3})*\\.\\d{2}$`));
  return Number(shown.slice(symbol.length).replace(/,/g, ''));
};

test('the lobby shell renders in Khmer and switches to English', async ({ page, ui, request }, testInfo) => {
  const km = texts('km');
  const en = texts('en');
  // The site's own banners and notices (the demo site's four banners and its notices), as the API shows them.
  const shown = await shownAnnouncements(request);
  const homeBanners = shown.banners.filter((b) => b.groupName === 'w_home').sort((a, b) => a.sequence - b.sequence);
  expect(homeBanners.length).toBeGreaterThanOrEqual(4);
  await page.goto('/');

  // ── KM everywhere ───────────────────────────────────────────────────────────────────────────
  await expect(page.locator('html')).toHaveAttribute('lang', 'km');
  const sideMenu = page.getByRole('navigation', { name: km('nav.main') });
  await expect(sideMenu.getByRole('link', { name: km('nav.home') })).toBeVisible();
  await expect(sideMenu.getByRole('link', { name: km('nav.promotions') })).toBeVisible();
  await expect(page.getByLabel(km('nav.language'))).toHaveValue('km');

  await expect(ui.headerLogin).toHaveText(km('auth:header.login'));
  await expect(ui.headerRegister).toHaveText(km('auth:header.register'));
  await expect(ui.headerLogin).toHaveText(KHMER);

  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('img', { name: km('footer.adultsOnly') })).toHaveText('18+');
  await expect(footer).toContainText(km('footer.licence', { company: LICENCE_COMPANY.apsara, brand: BRAND }));

  // Jackpot ticker: a 2-decimal amount between 45 and 99 million that keeps rising (every 3–5 s).
  const jackpot = page.getByRole('region', { name: km('lobby.jackpot') });
  await expect(jackpot).toBeVisible();
  const amount = jackpot.getByText(/^\$[\d,]+\.\d{2}$/);
  const first = parseAmount((await amount.textContent()) ?? '', '$');
  expect(first).toBeGreaterThanOrEqual(45_000_000);
  expect(first).toBeLessThanOrEqual(99_000_000 + 10_000); // a few +100–500 steps may already have run

  // Banner carousel: one banner fills the frame; autoplay moves to another within 5 s + 1 s transition.
  const carousel = page.getByRole('region', { name: km('lobby.bannersLabel') });
  const titles = homeBanners.map((b) => localize(b.title, 'km'));
  const banner = (title: string) => carousel.getByRole('link', { name: title, exact: true });
  /** The banner whose left edge sits on the carousel's left edge: the one a person sees. */
  const currentBanner = async () => {
    const frame = await carousel.boundingBox();
    for (const title of titles) {
      const box = await banner(title).boundingBox();
      if (frame && box && Math.abs(box.x - frame.x) < 2 && box.width > frame.width * 0.9) return title;
    }
    return null;
  };
  await expect.poll(currentBanner).not.toBeNull();
  // currentBanner() already found it filling the frame; asserting that again would race the autoplay.
  const shownFirst = await currentBanner();
  await expect
    .poll(async () => {
      const now = await currentBanner();
      return now !== null && now !== shownFirst;
    }, { timeout: 8_000 })
    .toBe(true);
  await snap(page, testInfo, 'lobby-km');

  // The marquee shows each player notice's first line.
  const firstNotice = localize(shown.player[0].content, 'km').split('\n')[0];
  await expect(page.getByRole('region', { name: km('lobby.noticesLabel') })).toContainText(firstNotice);

  // The ticker has been running meanwhile; it must have risen (a step every 3–5 s).
  await expect.poll(async () => parseAmount((await amount.textContent()) ?? '', '$'), { timeout: 8_000 }).toBeGreaterThan(first);

  // ── Switch to English through the side menu's language select ───────────────────────────────
  await page.getByLabel(km('nav.language')).selectOption('en');

  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const enMenu = page.getByRole('navigation', { name: en('nav.main') });
  await expect(enMenu.getByRole('link', { name: en('nav.home') })).toBeVisible();
  await expect(ui.header.getByRole('button', { name: en('auth:header.login'), exact: true })).toBeVisible();
  await expect(ui.header.getByRole('button', { name: en('auth:header.register'), exact: true })).toBeVisible();
  await expect(footer).toContainText(en('footer.licence', { company: LICENCE_COMPANY.apsara, brand: BRAND }));
  await expect(page.getByRole('region', { name: en('lobby.jackpot') })).toBeVisible();
  await expect(page.getByRole('region', { name: en('lobby.bannersLabel') })).toBeVisible();
  // No Khmer left in the shell's chrome.
  await expect(ui.header).not.toContainText(KHMER);
  await expect(enMenu).not.toContainText(KHMER);

  expect(await page.evaluate(() => [localStorage.getItem('hisLang'), localStorage.getItem('lang')])).toEqual(['en', 'en']);

  // The choice outlives a reload, although the device still says Khmer.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByLabel(en('nav.language'))).toHaveValue('en');
  await expect(ui.header.getByRole('button', { name: en('auth:header.login'), exact: true })).toBeVisible();

  // A listed language without texts of its own says so, and the page reads English meanwhile.
  await page.getByLabel(en('nav.language')).selectOption('th');
  await expect(page.getByText(en('nav.language_english_note', { name: 'ไทย' }), { exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByLabel(en('nav.language')).selectOption('en');
  await expect(page.getByText(en('nav.language_english_note', { name: 'ไทย' }), { exact: true })).toHaveCount(0);

  // Clickable pagination: the fourth bullet brings the fourth banner.
  const enCarousel = page.getByRole('region', { name: en('lobby.bannersLabel') });
  await enCarousel.getByRole('button', { name: en('lobby.carousel.goTo', { index: 4 }) }).click();
  await expect(enCarousel.getByRole('link', { name: localize(homeBanners[3].title, 'en'), exact: true })).toBeInViewport({ ratio: 0.9 });
});

test.describe('a signed-in member', () => {
  test.use({ locale: 'en-US' });

  test('changing the language tells the server, and the UI follows', async ({ page, ui, request, freshAccount }) => {
    const cn = texts('cn');
    await page.goto('/');
    await ui.loginThroughPopup(freshAccount.username, freshAccount.password);
    const token = (await ui.token())!;

    await page.getByLabel(ui.t('nav.language')).selectOption('cn');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(ui.header.getByRole('button', { name: cn('auth:header.logout'), exact: true })).toBeVisible();
    // The member's language is remembered on the server (messages, SMS and e-mail follow it).
    await expect.poll(async () => (await memberInfo(request, token)).value?.language).toBe('cn');
  });
});
