import type { Request } from '@playwright/test';
import { adjustBalance, memberInfo, opsLogin, registerAccount } from '../fixtures/api';
import { Portal } from '../fixtures/portal';
import { expect, test } from '../fixtures/test';

// Chromium as people run it: Playwright switches the back/forward cache off by default, and with it
// on, every page left behind keeps its requests open (the defect this journey guards against).
test.use({ launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', ignoreDefaultArgs: ['--disable-back-forward-cache'], args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'] } });

const STREAM = '/wps/v2/wallets/events';

test('page after page and tab after tab, one session reads one balance stream, and the site keeps loading', async ({ page, ui, request, context }) => {
  const account = await registerAccount(request);
  // Streams opened and not yet ended, across every open tab of this browser.
  const started = new Set<Request>();
  context.on('request', (r) => r.url().includes(STREAM) && started.add(r));
  const ended = (r: Request) => started.delete(r);
  context.on('requestfailed', ended);
  context.on('requestfinished', ended);
  const open = () => [...started].filter((r) => !r.frame().page().isClosed()).length;

  // Counts the times a page of this tab came back from the back/forward cache.
  await page.addInitScript(() => {
    addEventListener('pageshow', (e) => {
      if (e.persisted) sessionStorage.setItem('e2e-restored', String(Number(sessionStorage.getItem('e2e-restored') ?? 0) + 1));
    });
  });
  await page.goto('/');
  await ui.loginThroughPopup(account.username, account.password);
  await expect(ui.balance).toHaveText('$0.00');

  // Full page loads, each leaving the last page in the back/forward cache. Six open streams would use
  // every connection Chromium allows to the site, and the next page would never load.
  const routes = ['/member', '/member/withdraw', '/rng', '/member/depositv2', '/live', '/member/transferFund', '/fish', '/member/securityCenter', '/promotions'];
  for (const route of routes) {
    await page.goto(route, { timeout: 15_000 });
    await expect(ui.balance).toHaveText('$0.00', { timeout: 15_000 });
    // The header's avatar is read too: the stream's opening event must not cancel that read (it
    // did on member pages, leaving the initial letter in place of the picture).
    await expect(ui.memberLink(account.username).locator('img')).toHaveCount(1);
  }
  // Back: the page comes out of the cache (no load event) and takes a stream again.
  await page.goBack({ waitUntil: 'commit' });
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('e2e-restored'))).toBe('1');
  await expect(ui.balance).toHaveText('$0.00');
  await expect.poll(open).toBe(1);

  // More tabs of the same session (as "duplicate tab" makes them: same session storage).
  const storage = await page.evaluate(() => JSON.stringify(Object.fromEntries(Object.entries(sessionStorage).filter(([k]) => k !== 'e2e-restored'))));
  const tabs: Portal[] = [ui];
  for (let i = 0; i < 3; i++) {
    const p = await context.newPage();
    await p.addInitScript((saved) => {
      for (const [k, v] of Object.entries(JSON.parse(saved) as Record<string, string>)) sessionStorage.setItem(k, v);
    }, storage);
    await p.goto('/member');
    const tab = new Portal(p, ui.lang);
    await expect(tab.balance).toHaveText('$0.00');
    tabs.push(tab);
  }
  await expect.poll(open).toBe(1);

  // Money lands: every tab shows it, without a reload.
  const token = await ui.token();
  const memberId = String((await memberInfo(request, token!)).value!.id);
  const ops = await opsLogin(request);
  expect((await adjustBalance(request, ops, memberId, '75.25', `tabs-${memberId}-1`)).success).toBe(true);
  for (const tab of tabs) await expect(tab.balance).toHaveText('$75.25');

  // The tab reading the stream closes: another takes it over and still hears the next movement.
  const readerPage = [...started].find((r) => !r.frame().page().isClosed())!.frame().page();
  const reader = tabs.find((t) => t.page === readerPage)!;
  await reader.page.close();
  expect((await adjustBalance(request, ops, memberId, '4.75', `tabs-${memberId}-2`)).success).toBe(true);
  for (const tab of tabs.filter((t) => t !== reader)) await expect(tab.balance).toHaveText('$80.00');
  await expect.poll(open).toBe(1);
});

test('the header still loads when the stream’s first event comes before member info', async ({ page, ui, request }) => {
  const account = await registerAccount(request);
  await page.goto('/');
  await ui.loginThroughPopup(account.username, account.password);
  await expect(ui.balance).toHaveText('$0.00');
  // From now on the stream answers at once, and member info only after a pause: on the next load the
  // event always arrives first.
  await page.route(`**${STREAM}`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/event-stream', body: 'event: balance\ndata: {"balance":"0.00","held":"0.00","available":"0.00"}\n\n' }),
  );
  await page.route('**/wps/member/info', async (route) => {
    await new Promise((r) => setTimeout(r, 1_500));
    await route.continue();
  });
  await page.reload();
  await expect(ui.balance).toHaveText('$0.00');
});
