import { errorMessage } from '@apsara/contracts';
import { apiLogin, gameMenus, memberInfo } from '../fixtures/api';
import { DEMO, HOSTS, LICENCE_COMPANY, siteUrl } from '../fixtures/constants';
import { expect, test } from '../fixtures/test';

const LOTUS = siteUrl(HOSTS.lotus);

test('members, config and tokens stay on their own merchant host', async ({ page, ui, request, freshAccount }) => {
  const wrong = errorMessage('ACCOUNT_OR_PASSWORD_WRONG', 'en');

  // The default merchant on localhost: its own brand, licence and currency.
  await page.goto(siteUrl(HOSTS.apsara));
  await expect(page.getByRole('contentinfo')).toContainText(LICENCE_COMPANY.apsara);
  await expect(page.getByRole('region', { name: ui.t('lobby.jackpot') })).toContainText('$');

  // The footer names the providers and game categories this site offers (its game menus), not a fixed list.
  const offered = async (host: string) => {
    const menus = await gameMenus(request, host);
    return { vendors: [...new Set(menus.flatMap((m) => m.vendors.map((v) => v.displayName)))].sort(), types: menus.map((m) => m.gameType) };
  };
  const footerVendors = async () =>
    (await page.getByRole('contentinfo').getByRole('region', { name: ui.t('footer.providers') }).getByRole('img').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''))).sort();
  const apsaraOffer = await offered(HOSTS.apsara);
  expect(apsaraOffer.vendors.length).toBeGreaterThan(10);
  await expect.poll(footerVendors).toEqual(apsaraOffer.vendors);
  await expect(page.getByRole('contentinfo').getByRole('link', { name: ui.t('category.BINGO'), exact: true })).toBeVisible();

  // Lotus on lotus.localhost: another brand, another licence, baht.
  await page.goto(LOTUS);
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText(LICENCE_COMPANY.lotus);
  await expect(footer).not.toContainText(LICENCE_COMPANY.apsara);
  // Lotus offers fewer providers (no TTG, WD, MGS, TGP) and no bingo: its footer says so.
  const lotusOffer = await offered(HOSTS.lotus);
  expect(lotusOffer.vendors.length).toBeLessThan(apsaraOffer.vendors.length);
  expect(lotusOffer.types).not.toContain('BINGO');
  await expect.poll(footerVendors).toEqual(lotusOffer.vendors);
  await expect(footer.getByRole('link', { name: ui.t('category.BINGO'), exact: true })).toHaveCount(0);
  await expect(page.getByRole('region', { name: ui.t('lobby.jackpot') })).toContainText('฿');

  // An account registered on localhost does not exist on Lotus.
  const dialog = await ui.openLogin();
  // Lotus turns SMS login on (MOBILEVERCODELOGIN3); its popup has both tabs.
  await expect(dialog.getByRole('tab', { name: ui.t('auth:login.tab_sms') })).toBeVisible();
  const refused = await ui.submitLoginAndWait(dialog, freshAccount.username, freshAccount.password);
  expect(refused.status()).toBe(401);
  await expect(ui.formError(dialog, wrong)).toBeVisible();
  expect(await ui.token()).toBeNull();

  // The Lotus member logs in there and sees baht.
  const accepted = await ui.submitLoginAndWait(dialog, DEMO.lotus.username, DEMO.lotus.password);
  expect(accepted.status()).toBe(200);
  await expect(dialog).toBeHidden();
  await expect(ui.memberLink(DEMO.lotus.nickname)).toBeVisible();
  await expect(ui.balance).toHaveText('฿0.00');
  const lotusToken = await ui.token();
  expect(lotusToken).toBeTruthy();

  // A Lotus token is worthless on localhost, and a localhost token on Lotus.
  expect((await memberInfo(request, lotusToken!, HOSTS.lotus)).status).toBe(200);
  expect(await memberInfo(request, lotusToken!, HOSTS.apsara)).toMatchObject({ status: 401, code: 'NOT_LOGGED_IN' });

  const home = await apiLogin(request, freshAccount, HOSTS.apsara);
  expect(home.status).toBe(200);
  const homeToken = String(home.value?.token);
  expect((await memberInfo(request, homeToken, HOSTS.apsara)).status).toBe(200);
  // Asked from the Lotus page itself, as the browser would.
  const crossed = await page.evaluate(async (token) => {
    const res = await fetch('/wps/member/info', { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } });
    return { status: res.status, body: (await res.json()) as { success: boolean; code?: string } };
  }, homeToken);
  expect(crossed).toMatchObject({ status: 401, body: { success: false, code: 'NOT_LOGGED_IN' } });

  // And the Lotus member cannot log in on localhost.
  await page.goto(siteUrl(HOSTS.apsara));
  await expect(ui.headerLogin).toBeVisible(); // localhost has its own session storage: a visitor here
  const homeDialog = await ui.openLogin();
  await expect(homeDialog.getByRole('tab', { name: ui.t('auth:login.tab_sms') })).toHaveCount(0);
  const lotusHere = await ui.submitLoginAndWait(homeDialog, DEMO.lotus.username, DEMO.lotus.password);
  expect(lotusHere.status()).toBe(401);
  await expect(ui.formError(homeDialog, wrong)).toBeVisible();
  expect(await ui.token()).toBeNull();
});
