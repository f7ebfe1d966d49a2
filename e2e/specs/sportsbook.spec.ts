import { adjustBalance, memberInfo, opsLogin, registerAccount, walletBalance } from '../fixtures/api';
import { SIM_URL } from '../fixtures/constants';
import { escapeRegExp } from '../fixtures/i18n';
import { expect, test } from '../fixtures/test';

/**
 * The sportsbook of the sports vendors (apps/vendor-sim/src/sportsbook.ts), played from the portal's
 * Sports page: a member backs a price on a match being played; the stake leaves the portal wallet at
 * once (a seamless bet), the bet stays open while the match runs, and when it ends the simulator
 * settles it on its own (a win that closes the round, or endRound). The config runs one-minute
 * matches (VENDOR_SIM_MATCH_MINUTES=1), so a bet in play settles within about a minute.
 */

const cents = (amount: string) => BigInt(amount.replace('.', ''));
const money = (minor: bigint) => `${minor / 100n}.${(minor % 100n).toString().padStart(2, '0')}`;

test('a member backs a match in play from the Sports page; the stake leaves the wallet, and the bet is settled when the match ends', async ({ page, ui, request }) => {
  test.setTimeout(180_000);
  const t = ui.t;
  const account = await registerAccount(request);
  await page.goto('/');
  await ui.loginThroughPopup(account.username, account.password);
  const token = (await ui.token())!;
  const memberId = String((await memberInfo(request, token)).value!.id);
  expect((await adjustBalance(request, await opsLogin(request), memberId, '50.00', `sports-${memberId}`)).success).toBe(true);
  await expect(ui.balance).toHaveText('$50.00');
  await page.getByRole('navigation', { name: t('nav.main'), exact: true }).getByRole('link', { name: t('category.SPORTS'), exact: true }).click();
  await expect(page).toHaveURL(/\/sports$/);

  await page.getByRole('button', { name: t('gameUi.playVendor_named', { vendor: 'IBC Sports' }), exact: true }).click();
  await page.waitForURL(new RegExp(`^${escapeRegExp(`${SIM_URL}/launch/IBC/`)}`), { timeout: 30_000 });
  await expect(page.getByRole('tab', { name: 'Today' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('#balance')).toHaveText('50.00');
  const board = page.getByRole('tabpanel');
  await expect(board.locator('article.match').first()).toBeVisible();

  await page.getByRole('tab', { name: 'In-play' }).click();
  await expect(page.getByRole('tab', { name: 'In-play' })).toHaveAttribute('aria-selected', 'true');

  // Back the first price still open on the match furthest into play. In-play prices move with the
  // clock and the board is up to 5 s old: a price that fell is offered on the slip at its new figure and
  // pressed again at once, as a player would; a market that closed meanwhile is picked again from the board.
  let placed: { ok: boolean; code?: string; balance?: string; bet?: { id: string; stake: string; toReturn: string; price: number } } = { ok: false };
  let pickAgain = true;
  for (let attempt = 0; attempt < 8 && !placed.ok; attempt++) {
    if (pickAgain) {
      const price = board.locator('article.match button.price:not([disabled])').first();
      await expect(price).toBeVisible({ timeout: 20_000 });
      await price.click();
      await page.getByLabel('Stake').fill('2.00');
    }
    const answer = page.waitForResponse((r) => r.url().startsWith(`${SIM_URL}/sportsbook/IBC/`) && r.url().endsWith('/bet'));
    await page.getByRole('button', { name: 'Place bet' }).click();
    placed = await (await answer).json();
    expect(['PRICE_CHANGED', 'MARKET_CLOSED', undefined], JSON.stringify(placed)).toContain(placed.code);
    if (placed.code === 'PRICE_CHANGED') await expect(page.getByRole('status')).toContainText('press Place bet to take it');
    pickAgain = placed.code === 'MARKET_CLOSED';
  }
  expect(placed, JSON.stringify(placed)).toMatchObject({ ok: true, balance: '48.00', bet: { stake: '2.00' } });
  await expect(page.getByRole('status')).toContainText(`Bet placed: 2.00`);
  await expect(page.locator('#balance')).toHaveText('48.00');
  const row = page.getByRole('region', { name: 'My bets' }).locator(`tr[data-bet="${placed.bet!.id}"]`);
  await expect(row).toContainText(`Open — returns ${placed.bet!.toReturn}`);
  expect(await walletBalance(request, token)).toMatchObject({ balance: '48.00' });

  // The match ends within a minute; the simulator settles on its own and the page reads it.
  await expect(row).toContainText(/Won|Lost/, { timeout: 100_000 });
  const won = (await row.textContent())!.includes('Won');
  const expected = won ? cents('48.00') + cents(placed.bet!.toReturn) : cents('48.00');
  await expect(page.locator('#balance')).toHaveText(money(expected), { timeout: 15_000 });
  expect(await walletBalance(request, token)).toMatchObject({ balance: money(expected) });

  // Back in the portal: the header and the betting record show the settled round.
  await page.getByRole('link', { name: /Back to lobby/ }).click();
  await expect(page).toHaveURL(/\/sports$/);
  await expect(ui.balance).toHaveText(`$${money(expected)}`);
  await ui.memberLink(account.username).click();
  await ui.openMemberPage('personalHistoryCopy');
  const record = page.getByRole('table', { name: t('member:bets.title'), exact: true });
  const round = record.getByRole('row').filter({ hasText: placed.bet!.id });
  await expect(round).toContainText('IBC');
  await expect(round).toContainText('$2.00');
  await expect(round).toContainText(t('member:bets.status_closed'));
});
