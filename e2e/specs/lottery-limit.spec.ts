import type { APIRequestContext } from '@playwright/test';
import { adjustBalance, memberInfo, opsLogin, registerAccount } from '../fixtures/api';
import { HOSTS, OPS_ADMIN, PORT } from '../fixtures/constants';
import { escapeRegExp } from '../fixtures/i18n';
import { expect, test } from '../fixtures/test';

const ORIGIN = `http://127.0.0.1:${PORT}`;
const onSite = (token: string) => ({ Host: `${HOSTS.apsara}:${PORT}`, 'Accept-Language': 'en', Authorization: `Bearer ${token}` });
const secondsLeft = (label: string | null, openPhase: string) => {
  const m = new RegExp(`^${escapeRegExp(openPhase)} (\\d+):(\\d\\d)$`).exec(label ?? '');
  return m ? Number(m[1]) * 60 + Number(m[2]) : -1;
};
const lotteryLimit = async (request: APIRequestContext, token: string) => {
  const body = (await (await request.get(`${ORIGIN}/ops/config`, { headers: onSite(token) })).json()) as { value: { lottery: { maxPayoutPerNumber: string; byKind?: Record<string, string> } } };
  return body.value.lottery;
};

/**
 * The lottery limits (docs/lottery.md "Limits"): an admin holds Đề, in the back office's settings, to a
 * limit of its own for what one pick of one draw may pay (the site's limit stays for the other kinds); a
 * member's Đề bet that would go past it is refused at the bet, with how much more the number still
 * takes, and nothing leaves the balance; a bet within it is placed, and the back office's Lottery risk
 * shows the number near its own limit; the audit log names the change by the kind. The admin then
 * closes the number from its row while the member has it on the slip: the slip is refused and the
 * number shows closed until it is opened again. The limits are put back and every closed number
 * opened again through the API at the end, whatever happens.
 */
test('an operator holds Đề to a limit of its own and a member is told how much more a number takes', async ({ page, ui, request }) => {
  test.setTimeout(180_000);
  const t = ui.t;
  const opsToken = await opsLogin(request);
  const before = await lotteryLimit(request, opsToken);
  const account = await registerAccount(request);
  const ops = await page.context().newPage();

  try {
    await test.step('the admin holds Đề to 500.00 on one pick of a draw', async () => {
      await ops.goto('/backoffice/settings?section=lottery');
      await ops.getByLabel(t('ops:login.username'), { exact: true }).fill(OPS_ADMIN.username);
      await ops.getByLabel(t('ops:login.password'), { exact: true }).fill(OPS_ADMIN.password);
      await ops.getByRole('button', { name: t('ops:login.submit'), exact: true }).click();
      await expect(ops.getByRole('tab', { name: t('ops:settings.section.lottery'), exact: true })).toHaveAttribute('aria-selected', 'true');
      await expect(ops.getByLabel(t('ops:settings.lottery.maxPayoutPerNumber'))).toHaveValue(before.maxPayoutPerNumber);
      const field = ops.getByLabel(t('ops:settings.lottery.limit_of', { kind: t('lottery:kind.de2') }), { exact: true });
      await expect(field).toHaveValue(before.byKind?.de2 ?? '');
      await field.fill('0');
      await ops.getByRole('button', { name: t('ops:settings.save'), exact: true }).click();
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await field.fill('500');
      await ops.getByRole('button', { name: t('ops:settings.save'), exact: true }).click();
      await expect(ops.getByRole('status').filter({ hasText: t('ops:settings.saved', { section: t('ops:settings.section.lottery') }) })).toBeVisible();
      expect(await lotteryLimit(request, opsToken)).toEqual({ maxPayoutPerNumber: before.maxPayoutPerNumber, byKind: { ...before.byKind, de2: '500.00' } });
      // The audit log names the change as the settings page does, the kind by its name.
      await ops.goto('/backoffice/audit?targetType=config&targetId=lottery');
      const change = ops.getByRole('row').filter({ hasText: t('ops:audit.actions.config.update') }).first();
      await expect(change).toContainText(`${t('ops:settings.section.lottery')} › ${t('ops:audit.field.byKind')} › ${t('lottery:kind.de2')}`);
      await expect(change).toContainText('500.00');
      await ops.goto('/backoffice/settings?section=lottery');
    });

    await test.step('a member with 100.00 puts 10.00 on Đề 27: refused at the bet, nothing taken', async () => {
      await page.goto('/');
      await ui.loginThroughPopup(account.username, account.password);
      const token = (await ui.token())!;
      const memberId = String((await memberInfo(request, token)).value!.id);
      expect((await adjustBalance(request, opsToken, memberId, '100.00', `lottery-limit-${memberId}`)).success).toBe(true);
      await expect(ui.balance).toHaveText('$100.00');
      await page.goto('/vnLottery?gameCode=VN2M');
      await page.getByRole('tab', { name: t('lottery:kind.de2'), exact: true }).click();
      const de = t('lottery:bet.de2', { pick: '27' });
      await page.getByRole('button', { name: t('lottery:vn.cell', { bet: de, odds: '98.00' }), exact: true }).click();
      const slip = ui.panel('lottery:slip.title');
      await expect(slip.getByRole('textbox', { name: t('lottery:slip.amount_of', { bet: de }), exact: true })).toHaveValue('10.00');
      const timer = page.getByRole('timer').first();
      await expect.poll(async () => secondsLeft(await timer.getAttribute('aria-label'), t('lottery:phase.open')), { timeout: 30_000, intervals: [500] }).toBeGreaterThanOrEqual(12);
      const move = slip.getByRole('button', { name: new RegExp(`^${escapeRegExp(t('lottery:slip.move_to', { drawNo: '\u0000' })).replace('\u0000', '[\\d-]+')}$`) });
      if (await move.isVisible()) await move.click();
      await slip.getByRole('button', { name: t('lottery:slip.place_total', { total: '$10.00' }), exact: true }).click();
      // 500.00 at 98.00 to one: 5.10 may go on it.
      await expect(slip.getByText(t('lottery:slip.limit', { pick: '27', amount: '$5.10' }), { exact: true })).toBeVisible();
      await expect(slip.getByRole('textbox', { name: t('lottery:slip.amount_of', { bet: de }), exact: true })).toHaveAttribute('aria-invalid', 'true');
      await expect(ui.balance).toHaveText('$100.00');
    });

    await test.step('5.00 on the same number is within the limit and is placed', async () => {
      const slip = ui.panel('lottery:slip.title');
      const de = t('lottery:bet.de2', { pick: '27' });
      await slip.getByRole('textbox', { name: t('lottery:slip.amount_of', { bet: de }), exact: true }).fill('5.00');
      await slip.getByRole('button', { name: t('lottery:slip.place_total', { total: '$5.00' }), exact: true }).click();
      await expect(slip.getByRole('status').filter({ hasText: /LT\d{8}/ })).toBeVisible();
      await expect(ui.balance).toHaveText('$95.00');
    });

    await test.step('the admin finds Đề 27 full in Lottery risk: 490.00 of 500.00, 10.00 left (less than a 1.00 bet pays)', async () => {
      await ops.bringToFront();
      await ops.getByRole('link', { name: t('ops:page.lotteryRisk') }).click();
      await expect(ops).toHaveURL(/\/backoffice\/lottery-risk$/);
      await expect(ops.getByRole('heading', { level: 1, name: t('ops:page.lotteryRisk'), exact: true })).toBeVisible();
      const table = ops.getByRole('table', { name: t('ops:lotteryRisk.caption'), exact: true });
      const row = table.getByRole('row').filter({ hasText: t('lottery:bet.de2', { pick: '27' }) });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('$490.00');
      await expect(row).toContainText('$10.00');
      await expect(row).toContainText(t('ops:lotteryRisk.percent', { percent: 98 }));
      await expect(row).toContainText(t('ops:lotteryRisk.level_full'));
      await expect(row.getByRole('meter', { name: t('ops:lotteryRisk.share_label', { bet: t('lottery:bet.de2', { pick: '27' }), percent: 98 }) })).toHaveAttribute('value', '98');
      await expect(row).toContainText(t('ops:lotteryRisk.of_limit', { amount: '$500.00' }));
      await expect(ops.getByText(t('ops:lotteryRisk.own_limits', { count: Object.keys({ ...before.byKind, de2: '' }).length }))).toBeVisible();

      // Finding one number of one lottery: its row alone; a number nobody backed says so.
      const find = ops.getByRole('search', { name: t('ops:lotteryRisk.find_label') });
      await find.getByLabel(t('ops:lotteryRisk.find_game'), { exact: true }).selectOption('VN2M');
      await find.getByLabel(t('ops:lotteryRisk.find_number'), { exact: true }).fill('27');
      await find.getByRole('button', { name: t('ops:lotteryRisk.find'), exact: true }).click();
      await expect(ops).toHaveURL(/game=VN2M&number=27$/);
      await expect(table.getByRole('row').filter({ hasText: t('lottery:bet.de2', { pick: '27' }) })).toHaveCount(1);
      await expect(ops.getByText(t('ops:lotteryRisk.filtered'), { exact: false })).toBeVisible();
      await find.getByLabel(t('ops:lotteryRisk.find_number'), { exact: true }).fill('999');
      await find.getByRole('button', { name: t('ops:lotteryRisk.find'), exact: true }).click();
      await expect(ops.getByText(t('ops:lotteryRisk.none_found'), { exact: true })).toBeVisible();
      await find.getByRole('button', { name: t('ops:lotteryRisk.show_all'), exact: true }).click();
      await expect(table.getByRole('row').filter({ hasText: t('lottery:bet.de2', { pick: '27' }) })).toHaveCount(1);
    });

    await test.step('the admin closes 27 while the member has Lô 27 on the slip: the slip is refused, the number shows closed; opened again, it takes bets', async () => {
      const lo = t('lottery:bet.lo2', { pick: '27' });
      const slip = ui.panel('lottery:slip.title');
      await page.bringToFront();
      await page.getByRole('tab', { name: t('lottery:kind.lo2'), exact: true }).click();
      await page.getByRole('button', { name: new RegExp(`^${escapeRegExp(t('lottery:vn.cell', { bet: lo, odds: '\u0000' })).replace('\u0000', '[\\d.]+')}$`) }).click();
      const amount = slip.getByRole('textbox', { name: t('lottery:slip.amount_of', { bet: lo }), exact: true });
      await amount.fill('1.00');

      await ops.bringToFront();
      const table = ops.getByRole('table', { name: t('ops:lotteryRisk.caption'), exact: true });
      const row = table.getByRole('row').filter({ hasText: t('lottery:bet.de2', { pick: '27' }) });
      const anyGame = (key: string, number: string) => new RegExp(`^${escapeRegExp(t(key, { number, game: '\u0000' })).replace('\u0000', '.+')}$`);
      await row.getByRole('button', { name: anyGame('ops:lotteryRisk.close_named', '27') }).click();
      const dialog = ops.getByRole('dialog', { name: anyGame('ops:lotteryRisk.close_title', '27') });
      await dialog.getByLabel(t('ops:decision.optional', { label: t('ops:lotteryRisk.reason') })).fill('E2E: drawing too many bets');
      await dialog.getByRole('button', { name: t('ops:lotteryRisk.close_confirm'), exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(row).toContainText(t('ops:lotteryRisk.closed_badge'));
      const closedList = ops.getByRole('table', { name: t('ops:lotteryRisk.closed_caption'), exact: true });
      const closedRow = closedList.getByRole('row').filter({ hasText: 'E2E: drawing too many bets' });
      await expect(closedRow).toContainText(OPS_ADMIN.username);

      await page.bringToFront();
      const timer = page.getByRole('timer').first();
      await expect.poll(async () => secondsLeft(await timer.getAttribute('aria-label'), t('lottery:phase.open')), { timeout: 30_000, intervals: [500] }).toBeGreaterThanOrEqual(8);
      const move = slip.getByRole('button', { name: new RegExp(`^${escapeRegExp(t('lottery:slip.move_to', { drawNo: '\u0000' })).replace('\u0000', '[\\d-]+')}$`) });
      if (await move.isVisible()) await move.click();
      await slip.getByRole('button', { name: t('lottery:slip.place_total', { total: '$1.00' }), exact: true }).click();
      // The server's words, then the slip's own at the bet once the lottery is read again; nothing taken.
      await expect(slip.getByRole('alert').filter({ hasText: /27/ })).toBeVisible();
      await expect(slip.getByText(t('lottery:slip.number_closed', { pick: '27' }), { exact: true })).toBeVisible();
      await expect(slip.getByRole('button', { name: t('lottery:slip.place_total', { total: '$1.00' }), exact: true })).toBeDisabled();
      await expect(page.getByText(t('lottery:board.closed_note', { numbers: '27' }), { exact: true })).toBeVisible();
      await expect(ui.balance).toHaveText('$95.00');
      // Đề 27 is closed on the board; Lô 27, on the slip already, can still be pressed off it.
      await page.getByRole('tab', { name: t('lottery:kind.de2'), exact: true }).click();
      await expect(page.getByRole('button', { name: t('lottery:vn.cell_closed', { n: '27' }), exact: true })).toHaveAttribute('aria-disabled', 'true');
      // The tab now carries the count of Lô bets on the slip after its name.
      await page.getByRole('tab', { name: new RegExp(`^${escapeRegExp(t('lottery:kind.lo2'))}`) }).click();
      await page.getByRole('button', { name: new RegExp(`^${escapeRegExp(t('lottery:vn.cell', { bet: lo, odds: '\u0000' })).replace('\u0000', '[\\d.]+')}$`) }).click();
      await expect(amount).toHaveCount(0);

      await ops.bringToFront();
      await closedRow.getByRole('button', { name: anyGame('ops:lotteryRisk.reopen_named', '27') }).click();
      const reopen = ops.getByRole('dialog', { name: anyGame('ops:lotteryRisk.reopen_title', '27') });
      await reopen.getByRole('button', { name: t('ops:lotteryRisk.reopen_confirm'), exact: true }).click();
      await expect(reopen).toBeHidden();
      await expect(ops.getByText(t('ops:lotteryRisk.closed_none'), { exact: true })).toBeVisible();
      await expect(row).not.toContainText(t('ops:lotteryRisk.closed_badge'));

      await page.bringToFront();
      await page.reload();
      await page.getByRole('tab', { name: t('lottery:kind.lo2'), exact: true }).click();
      await expect(page.getByRole('button', { name: t('lottery:vn.cell_closed', { n: '27' }), exact: true })).toHaveCount(0);
      await expect(page.getByText(t('lottery:board.closed_note', { numbers: '27' }), { exact: true })).toHaveCount(0);

      // The audit log has both, the number named.
      await ops.goto('/backoffice/audit?action=lottery');
      await expect(ops.getByRole('row').filter({ hasText: t('ops:audit.actions.lottery.number_close') }).first()).toContainText('VN2M:27');
      await expect(ops.getByRole('row').filter({ hasText: t('ops:audit.actions.lottery.number_reopen') }).first()).toContainText('E2E: drawing too many bets');
    });
  } finally {
    await request.patch(`${ORIGIN}/ops/config/lottery`, { headers: onSite(opsToken), data: before });
    // Whatever happened, no number stays closed for the specs after this one.
    const closed = (await (await request.get(`${ORIGIN}/ops/lottery/closed-numbers`, { headers: onSite(opsToken) })).json()) as { value?: { items: { id: string }[] } };
    for (const c of closed.value?.items ?? []) await request.delete(`${ORIGIN}/ops/lottery/closed-numbers/${c.id}`, { headers: onSite(opsToken) });
  }
});
