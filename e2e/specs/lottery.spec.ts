import type { APIRequestContext } from '@playwright/test';
import { LOTTERY_GAMES } from '@apsara/contracts';
import { adjustBalance, memberInfo, opsLogin, registerAccount } from '../fixtures/api';
import { HOSTS, PORT } from '../fixtures/constants';
import { escapeRegExp } from '../fixtures/i18n';
import { expect, test } from '../fixtures/test';

const ORIGIN = `http://127.0.0.1:${PORT}`;
const onSite = (token: string) => ({ Host: `${HOSTS.apsara}:${PORT}`, 'Accept-Language': 'en', Authorization: `Bearer ${token}` });

type Slip = { number: string; drawNo: string; status: 'pending' | 'won' | 'lost'; payout: string; stake: string; result: number[] | null };

/** `GET /wps/lottery/bets` — the member's slips, newest first (first page). */
const slips = async (request: APIRequestContext, token: string) => {
  const body = (await (await request.get(`${ORIGIN}/wps/lottery/bets`, { headers: onSite(token) })).json()) as { success: boolean; value: { items: Slip[]; total: number } };
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.value;
};

/** "$480.00" from minor units, as the header writes it. */
const dollars = (minor: number) => `$${(minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const minorOf = (amount: string) => Math.round(Number(amount) * 100);

/** Seconds a timer's label ("Betting closes in 00:35") has left, or -1 when it is in another phase. */
const secondsLeft = (label: string | null, openPhase: string) => {
  const m = new RegExp(`^${escapeRegExp(openPhase)} (\\d+):(\\d\\d)$`).exec(label ?? '');
  return m ? Number(m[1]) * 60 + Number(m[2]) : -1;
};

/**
 * The lottery journey: a new member with money opens the lotteries, enters the one-minute game, puts
 * two bets on the slip (a digit and a big/small), places it while betting is open — the header balance
 * drops by the stake at once — waits for the draw and sees the slip settled in My bets with each bet's
 * outcome, the payout reaching the header; then checks the draw in the browser from the Results tab
 * (seed against its published hash, digits recomputed). No page load after signing in.
 */
test('a member places a lottery slip, sees it settled after the draw and verifies the draw', async ({ page, ui, request }) => {
  test.setTimeout(180_000);
  const t = ui.t;
  const game = LOTTERY_GAMES.FAST5D.names.en;
  const account = await registerAccount(request);
  let token = '';

  await test.step('log in through the popup and receive 500.00 from the site', async () => {
    await page.goto('/');
    await ui.loginThroughPopup(account.username, account.password);
    token = (await ui.token())!;
    const memberId = String((await memberInfo(request, token)).value!.id);
    const ops = await opsLogin(request);
    expect((await adjustBalance(request, ops, memberId, '500.00', `lottery-${memberId}-money`)).success).toBe(true);
    await expect(ui.balance).toHaveText('$500.00');
  });

  const loads: string[] = [];

  await test.step('open the lotteries and enter the one-minute game', async () => {
    await page.goto('/lottery');
    page.on('load', () => loads.push(page.url()));
    await expect(page.getByRole('heading', { level: 1, name: t('lottery:page.title_all'), exact: true })).toBeVisible();
    const card = page.getByRole('article', { name: game, exact: true });
    await expect(card.getByRole('timer')).toBeVisible();
    await card.getByRole('link', { name: t('lottery:lobby.play_name', { name: game }), exact: true }).click();
    await expect(page).toHaveURL(/\/lottery\?gameCode=FAST5D$/);
    await expect(page.getByRole('tab', { name: t('lottery:tabs.bet'), exact: true })).toHaveAttribute('aria-selected', 'true');
  });

  const slipPanel = ui.panel('lottery:slip.title');
  const first = t('lottery:position.p0');
  const third = t('lottery:position.p2');
  const digitBet = t('lottery:bet.digit', { position: first, digit: 7 });
  const sizeBet = t('lottery:bet.positional', { position: third, pick: t('lottery:pick.big') });

  await test.step('put a digit and a big/small bet on the slip', async () => {
    await page.getByRole('button', { name: t('lottery:board.cell', { bet: digitBet, odds: '9.80' }), exact: true }).click();
    await page.getByRole('tab', { name: third, exact: true }).click();
    const big = page.getByRole('button', { name: t('lottery:board.cell', { bet: sizeBet, odds: '1.96' }), exact: true });
    await big.click();
    await expect(big).toHaveAttribute('aria-pressed', 'true');
    await expect(slipPanel.getByRole('textbox', { name: t('lottery:slip.amount_of', { bet: digitBet }), exact: true })).toHaveValue('10.00');
    await expect(slipPanel.getByRole('textbox', { name: t('lottery:slip.amount_of', { bet: sizeBet }), exact: true })).toHaveValue('10.00');
    await expect(slipPanel.getByText(t('lottery:slip.total'), { exact: true }).locator('..')).toContainText('$20.00');
    // 7 on the 1st digit (98.00) and big on the 3rd (19.60) can both come up.
    await expect(slipPanel.getByText(t('lottery:slip.top'), { exact: true }).locator('..')).toContainText('$117.60');
  });

  let number = '';
  let drawNo = '';
  await test.step('place the slip while betting is open: the stake leaves the balance at once', async () => {
    // Not in the last seconds before the close: the slip must reach the open draw.
    const timer = page.getByRole('timer').first();
    await expect.poll(async () => secondsLeft(await timer.getAttribute('aria-label'), t('lottery:phase.open')), { timeout: 75_000, intervals: [500] }).toBeGreaterThanOrEqual(12);
    // Waiting may have carried us past the draw the slip was made for: the slip says so and offers the
    // open draw, as it would to a player who hesitated.
    const moveName = new RegExp(`^(${escapeRegExp(t('lottery:slip.move_to', { drawNo: '\u0000' })).replace('\u0000', '[\\d-]+')}|${escapeRegExp(t('lottery:slip.move_next'))})$`);
    const move = slipPanel.getByRole('button', { name: moveName });
    if (await move.isVisible()) {
      await move.click();
      await expect(move).toHaveCount(0);
    }
    await slipPanel.getByRole('button', { name: t('lottery:slip.place_total', { total: '$20.00' }), exact: true }).click();
    const placed = new RegExp(`^${escapeRegExp(t('lottery:slip.placed', { number: '\u0000', drawNo: '\u0001', stake: '$20.00' })).replace('\u0000', '(LT\\d{8})').replace('\u0001', '(\\d{8}-\\d{4})')}$`);
    const status = slipPanel.getByRole('status').filter({ hasText: /LT\d{8}/ });
    await expect(status).toHaveText(placed);
    [, number, drawNo] = placed.exec((await status.textContent()) ?? '')!;
    await expect(ui.balance).toHaveText('$480.00');
    await expect(slipPanel.getByText(t('lottery:slip.empty_title'), { exact: true })).toBeVisible();
    const mine = await slips(request, token);
    expect(mine.total, 'one slip').toBe(1);
    expect(mine.items[0]).toMatchObject({ number, drawNo, stake: '20.00', status: 'pending' });
  });

  await test.step('after the draw the slip is settled in My bets, and the payout reaches the header', async () => {
    await page.getByRole('tab', { name: t('lottery:tabs.mine'), exact: true }).click();
    const row = ui.panel('lottery:mine.title').getByRole('listitem').filter({ hasText: number });
    await expect(row).toContainText(t('lottery:game.draw', { drawNo }));
    const settled = new RegExp(`^(${['won', 'part', 'lost'].map((o) => escapeRegExp(t(`lottery:status.${o}`))).join('|')})$`);
    // The draw is at most a minute away; the draw job pays within seconds of it.
    await expect(row.getByText(settled).first()).toBeVisible({ timeout: 90_000 });
    const [slip] = (await slips(request, token)).items;
    expect(slip).toMatchObject({ number, drawNo });
    expect(slip.status).not.toBe('pending');
    expect(slip.result).toHaveLength(5);
    await expect(row).toContainText(`$${slip.payout}`);
    // "Won" only when the payout covers the 20.00 staked; the size bet alone pays back 19.60: part won.
    const outcome = minorOf(slip.payout) >= 2_000 ? 'won' : minorOf(slip.payout) > 0 ? 'part' : 'lost';
    await expect(row.getByText(settled).first()).toHaveText(t(`lottery:status.${outcome}`));
    await row.getByRole('button', { expanded: false }).click();
    const bets = row.getByRole('table', { name: t('lottery:mine.bets_of', { number }), exact: true });
    await expect(bets.getByRole('row').filter({ hasText: digitBet })).toContainText('×9.80');
    await expect(bets.getByRole('row').filter({ hasText: sizeBet })).toContainText('×1.96');
    await expect(ui.balance).toHaveText(dollars(48_000 + minorOf(slip.payout)));
  });

  await test.step('the Results tab checks the draw in the browser', async () => {
    await page.getByRole('tab', { name: t('lottery:tabs.results'), exact: true }).click();
    const results = ui.panel('lottery:results.title');
    await results.getByRole('button', { name: t('lottery:results.verify_of', { drawNo }), exact: true }).click();
    const dialog = ui.dialog('lottery:verify.title', { drawNo });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(t('lottery:verify.hash_ok'), { exact: true })).toBeVisible();
    await expect(dialog.getByText(t('lottery:verify.digits_ok'), { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: t('lottery:verify.close'), exact: true }).click();
    await expect(dialog).toBeHidden();
    expect(loads, 'no page load since the lotteries opened').toEqual([]);
  });
});
