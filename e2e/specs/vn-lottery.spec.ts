import { LOTTERY_GAMES } from '@apsara/contracts';
import { adjustBalance, memberInfo, opsLogin, registerAccount } from '../fixtures/api';
import { HOSTS, PORT } from '../fixtures/constants';
import { escapeRegExp } from '../fixtures/i18n';
import { expect, test } from '../fixtures/test';

const ORIGIN = `http://127.0.0.1:${PORT}`;
/** Seconds a timer's label ("Betting closes in 01:35") has left, or -1 when it is in another phase. */
const secondsLeft = (label: string | null, openPhase: string) => {
  const m = new RegExp(`^${escapeRegExp(openPhase)} (\\d+):(\\d\\d)$`).exec(label ?? '');
  return m ? Number(m[1]) * 60 + Number(m[2]) : -1;
};
const onSite = (token: string) => ({ Host: `${HOSTS.apsara}:${PORT}`, 'Accept-Language': 'en', Authorization: `Bearer ${token}` });

/**
 * The Vietnam lottery (docs/lottery.md): a member with money opens /vnLottery, enters the Mekong game,
 * picks a Lô number on the 00–99 grid, a Xiên 2 pair (two presses) and a 3 càng number typed in (a short
 * one refused on the spot), and places the slip while betting is open: the stake leaves the header
 * balance at once and the slip is the server's, pending, with the three bets at their odds. The rules tab
 * speaks of the 27 numbers. Settlement is the server suite's (a draw is two minutes away).
 */
test('a member puts Lô, Xiên 2 and 3 càng bets on the Vietnam lottery and places the slip', async ({ page, ui, request }) => {
  test.setTimeout(120_000);
  const t = ui.t;
  const game = LOTTERY_GAMES.VN2M.names.en;
  const account = await registerAccount(request);
  let token = '';

  await test.step('log in and receive 200.00 from the site', async () => {
    await page.goto('/');
    await ui.loginThroughPopup(account.username, account.password);
    token = (await ui.token())!;
    const memberId = String((await memberInfo(request, token)).value!.id);
    expect((await adjustBalance(request, await opsLogin(request), memberId, '200.00', `vn-lottery-${memberId}`)).success).toBe(true);
    await expect(ui.balance).toHaveText('$200.00');
  });

  await test.step('the Vietnam lottery page lists the Mekong game; Play opens it', async () => {
    await page.goto('/vnLottery');
    await expect(page.getByRole('heading', { level: 1, name: t('lottery:page.title_vn'), exact: true })).toBeVisible();
    const card = page.getByRole('article', { name: game, exact: true });
    await expect(card.getByRole('timer')).toBeVisible();
    // Only the Vietnam lotteries here.
    await expect(page.getByRole('article', { name: LOTTERY_GAMES.FAST5D.names.en, exact: true })).toHaveCount(0);
    await card.getByRole('link', { name: t('lottery:lobby.play_name', { name: game }), exact: true }).click();
    await expect(page).toHaveURL(/\/vnLottery\?gameCode=VN2M$/);
  });

  const slipPanel = ui.panel('lottery:slip.title');
  const lo = t('lottery:bet.lo2', { pick: '07' });
  const pair = t('lottery:bet.xien2', { pick: '12 & 85' });
  const three = t('lottery:bet.cang3', { pick: '512' });

  await test.step('a Lô number, a Xiên 2 pair and a typed 3 càng number go on the slip', async () => {
    const loCell = page.getByRole('button', { name: t('lottery:vn.cell', { bet: lo, odds: '3.60' }), exact: true });
    await loCell.click();
    await expect(loCell).toHaveAttribute('aria-pressed', 'true');

    await page.getByRole('tab', { name: t('lottery:kind.xien2'), exact: true }).click();
    const grid = page.getByRole('group', { name: t('lottery:vn.grid', { kind: t('lottery:kind.xien2') }), exact: true });
    await grid.getByRole('button', { name: t('lottery:vn.pair_cell', { n: '85' }), exact: true }).click();
    await expect(page.getByText(t('lottery:vn.pair_first', { first: '85' }), { exact: true })).toBeVisible();
    await grid.getByRole('button', { name: t('lottery:vn.pair_cell', { n: '12' }), exact: true }).click();

    await page.getByRole('tab', { name: t('lottery:kind.cang3'), exact: true }).click();
    const typed = page.getByLabel(t('lottery:vn.cang3_label'), { exact: true });
    await typed.fill('51');
    await page.getByRole('button', { name: t('lottery:vn.cang3_add'), exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: t('lottery:vn.cang3_invalid') })).toBeVisible();
    await typed.fill('512');
    await page.getByRole('button', { name: t('lottery:vn.cang3_add'), exact: true }).click();

    for (const bet of [lo, pair, three]) await expect(slipPanel.getByRole('textbox', { name: t('lottery:slip.amount_of', { bet }), exact: true })).toHaveValue('10.00');
    await expect(slipPanel.getByText(t('lottery:slip.total'), { exact: true }).locator('..')).toContainText('$30.00');
    // A Lô pays per hit: no single top payout is claimed.
    await expect(slipPanel.getByText(t('lottery:slip.top'), { exact: true })).toHaveCount(0);
    await expect(slipPanel).toContainText(t('lottery:slip.pays_hit', { amount: '$36.00' }));
  });

  await test.step('placed while betting is open: the stake leaves the balance, the slip is pending on the server', async () => {
    // Not in the last seconds before the close: the slip must reach the draw it was made for.
    const timer = page.getByRole('timer').first();
    await expect.poll(async () => secondsLeft(await timer.getAttribute('aria-label'), t('lottery:phase.open')), { timeout: 30_000, intervals: [500] }).toBeGreaterThanOrEqual(12);
    const move = slipPanel.getByRole('button', { name: new RegExp(`^${escapeRegExp(t('lottery:slip.move_to', { drawNo: '\u0000' })).replace('\u0000', '[\\d-]+')}$`) });
    if (await move.isVisible()) await move.click();
    await slipPanel.getByRole('button', { name: t('lottery:slip.place_total', { total: '$30.00' }), exact: true }).click();
    const status = slipPanel.getByRole('status').filter({ hasText: /LT\d{8}/ });
    const placed = new RegExp(`^${escapeRegExp(t('lottery:slip.placed', { number: '\u0000', drawNo: '\u0001', stake: '$30.00' })).replace('\u0000', '(LT\\d{8})').replace('\u0001', '(\\d{8}-\\d{4})')}$`);
    await expect(status).toHaveText(placed);
    await expect(ui.balance).toHaveText('$170.00');
    const body = (await (await request.get(`${ORIGIN}/wps/lottery/bets?gameCode=VN2M`, { headers: onSite(token) })).json()) as {
      value: { items: { status: string; stake: string; bets: { kind: string; pick: string; odds: string }[] }[] };
    };
    expect(body.value.items).toHaveLength(1);
    expect(body.value.items[0]).toMatchObject({ status: 'pending', stake: '30.00' });
    expect(body.value.items[0]!.bets.map((b) => [b.kind, b.pick, b.odds])).toEqual([
      ['lo2', '07', '3.60'],
      ['xien2', '12,85', '17.80'],
      ['cang3', '512', '980.00'],
    ]);
  });

  await test.step('My bets lists the slip; the rules speak of the 27 numbers', async () => {
    await page.getByRole('tab', { name: t('lottery:tabs.mine'), exact: true }).click();
    await expect(ui.panel('lottery:mine.title').getByRole('listitem').filter({ hasText: /LT\d{8}/ })).toHaveCount(1);
    await page.getByRole('tab', { name: t('lottery:tabs.rules'), exact: true }).click();
    await expect(page.getByText(t('lottery:rules.intro_vn'), { exact: true })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(`^${escapeRegExp(t('lottery:kind.lo2'))}`) })).toContainText('97.2');
  });
});
