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

type Bet = { id: string; kind: string; stake: string; toReturn: string; price: number; legs: { match: string; pick: string; price: number }[] };
const cents = (amount: string) => BigInt(amount.replace('.', ''));
const price = (hundredths: number) => (hundredths / 100).toFixed(2);
const money = (minor: bigint) => `${minor / 100n}.${(minor % 100n).toString().padStart(2, '0')}`;

test("a member backs a match in play and a double from the Sports page; the stakes leave the wallet, the single is settled when its match ends, and the betting record shows both in the sportsbook's words", async ({ page, ui, request }) => {
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
  let placed: { ok: boolean; code?: string; balance?: string; bet?: Bet } = { ok: false };
  let pickAgain = true;
  for (let attempt = 0; attempt < 8 && !placed.ok; attempt++) {
    if (pickAgain) {
      // The slip takes several picks (an accumulator): a pick whose market closed is cleared off first,
      // or the next price would join it.
      const clear = page.getByRole('button', { name: 'Clear', exact: true });
      if (await clear.isVisible()) await clear.click();
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

  // While that match is played: a double from the two last kick-offs on Today (far enough ahead that
  // their prices hold), at the product of the two prices, rounded down.
  await page.getByRole('tab', { name: 'Today' }).click();
  const later = board.locator('article.match');
  const count = await later.count();
  const first = later.nth(count - 1).locator('button.price:not([disabled])').first();
  const second = later.nth(count - 2).locator('button.price:not([disabled])').last();
  const figures = [Number(await first.locator('b').textContent()), Number(await second.locator('b').textContent())].map((p) => Math.round(p * 100));
  await first.click();
  await second.click();
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  const doublePrice = Math.floor((figures[0] * figures[1]) / 100);
  await expect(page.locator('#slip-kind')).toHaveText(`Double @ ${price(doublePrice)}`);
  await expect(page.locator('#slip-picks li')).toHaveCount(2);
  await page.getByLabel('Stake').fill('1.00');
  await expect(page.locator('#slip-return')).toHaveText(price(doublePrice));
  const doubleAnswer = page.waitForResponse((r) => r.url().startsWith(`${SIM_URL}/sportsbook/IBC/`) && r.url().endsWith('/bet'));
  await page.getByRole('button', { name: 'Place bet' }).click();
  const double = (await (await doubleAnswer).json()) as { ok: boolean; bet?: Bet };
  expect(double, JSON.stringify(double)).toMatchObject({ ok: true, bet: { kind: 'Double', price: doublePrice, stake: '1.00' } });
  await expect(page.getByRole('status')).toContainText(`Bet placed: 1.00 on Double @ ${price(doublePrice)}`);
  await expect(page.locator('#balance')).toHaveText('47.00');
  const doubleRow = page.getByRole('region', { name: 'My bets' }).locator(`tr[data-bet="${double.bet!.id}"]`);
  await expect(doubleRow).toContainText('Double');
  for (const leg of double.bet!.legs) await expect(doubleRow).toContainText(`${leg.match}: ${leg.pick} @ ${price(leg.price)}`);

  // The single's match ends within a minute; the simulator settles on its own and the page reads it.
  await expect(row).toContainText(/Won|Lost/, { timeout: 100_000 });
  const won = (await row.textContent())!.includes('Won');
  const expected = won ? cents('47.00') + cents(placed.bet!.toReturn) : cents('47.00');
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
  // The sportsbook's own words: the match, the pick and the price, and how it ended.
  const single = placed.bet!.legs[0];
  await expect(round).toContainText(`${single.match} · ${single.pick} @ ${price(placed.bet!.price)}`);
  await expect(round).toContainText(new RegExp(`${escapeRegExp(t('member:bets.result', { text: '' }))}Full time \\d+–\\d+ · ${won ? 'won' : 'lost'}`));
  // The double is open, one line per selection under its heading.
  const open = record.getByRole('row').filter({ hasText: double.bet!.id });
  await expect(open).toContainText(t('member:bets.status_open'));
  await expect(open).toContainText(`Double @ ${price(doublePrice)}`);
  for (const leg of double.bet!.legs) await expect(open).toContainText(`${leg.match} · ${leg.pick} @ ${price(leg.price)}`);
  // Its win/loss is not known yet: a dash, and the totals name the open round and its stake instead of counting it lost.
  await expect(open.locator(`td[data-label="${t('member:bets.win_loss')}"]`)).toHaveText('—');
  await expect(open.locator(`td[data-label="${t('member:bets.payout')}"]`)).toHaveText('—');
  await expect(page.getByText(t('member:bets.open_note', { count: 1, stake: '$1.00' }), { exact: true })).toBeVisible();
});
