import type { RebateConfig, VipValue } from '@apsara/contracts';
import { adjustBalance, apiLogin, approveDeposit, bankDeposit, memberInfo, opsLogin, registerAccount } from '../fixtures/api';
import { solidPng } from '../fixtures/images';
import { snap } from '../fixtures/screens';
import { signInToBackOffice } from '../fixtures/backoffice';
import { HOSTS, PORT } from '../fixtures/constants';
import { expect, test } from '../fixtures/test';

const ORIGIN = `http://127.0.0.1:${PORT}`;
const onSite = (token: string) => ({ Host: `${HOSTS.apsara}:${PORT}`, 'Accept-Language': 'en', Authorization: `Bearer ${token}` });

/**
 * Manual rebate (docs/rebate.md): the site turns it on (flag MANPLAYREB3); a new member finds it in the
 * member center with nothing to collect, plays four Dice rounds of 100.00 (slots and RNG, 0.50 % on the
 * demo site), sees 2.00 to collect without a reload, collects it into the main wallet (header balance
 * and the collections list follow), and finds the movement in the account record; an operator finds the
 * collection in the back office under the member's name. The flag is put back whatever happens.
 */
test('a member plays, sees the rebate grow without a reload, collects it into the main wallet and finds it in the records', async ({ page, ui, request }) => {
  test.setTimeout(120_000);
  const t = ui.t;
  const ops = await opsLogin(request);
  const flags = ((await (await request.get(`${ORIGIN}/ops/config`, { headers: onSite(ops) })).json()) as { value: { flags: Record<string, boolean> } }).value.flags;
  const setFlag = async (on: boolean) => {
    const res = await request.patch(`${ORIGIN}/ops/config/flags`, { headers: onSite(ops), data: { ...flags, MANPLAYREB3: on } });
    expect(res.ok(), await res.text()).toBe(true);
  };

  const account = await registerAccount(request);
  const token = ((await apiLogin(request, account)).value as { token: string }).token;
  const id = String((await memberInfo(request, token)).value?.id);
  expect((await adjustBalance(request, ops, id, '500.00', `rebate-e2e-${account.username}`)).success).toBe(true);

  await setFlag(true);
  try {
    await page.goto('/');
    await ui.loginThroughPopup(account.username, account.password);
    const panel = ui.panel('member:rebate.collect_title');
    const collect = panel.getByRole('button', { name: t('member:rebate.collect'), exact: true });

    await test.step('the member center lists the manual rebate; nothing to collect yet', async () => {
      await page.goto('/member');
      await ui.memberMenu.getByRole('link', { name: t('member:page.manualRebate'), exact: true }).click();
      await expect(page).toHaveURL(/\/member\/manualRebate$/);
      await expect(ui.memberPageHeading('manualRebate')).toBeVisible();
      await expect(panel.getByText(t('member:rebate.none'), { exact: true })).toBeVisible();
      await expect(page.getByTestId('rebate-total')).toHaveText('$0.00');
      await expect(collect).toBeDisabled();
      await expect(ui.panel('member:rebate.claims_title').getByText(t('member:rebate.no_claims'), { exact: true })).toBeVisible();
    });

    await test.step('four Dice rounds of 100.00: 2.00 to collect, shown without a reload', async () => {
      const loads: string[] = [];
      page.on('load', () => loads.push(page.url()));
      for (let i = 0; i < 4; i++) {
        const res = await request.post(`${ORIGIN}/wps/inhouse/dice/roll`, { headers: onSite(token), data: { amount: '100.00', target: '50.00', direction: 'under', idempotencyKey: `rebate-e2e-${account.username}-${i}` } });
        expect(((await res.json()) as { success: boolean }).success, `roll ${i}`).toBe(true);
      }
      await expect(page.getByTestId('rebate-total')).toHaveText('$2.00');
      const row = panel.getByRole('row', { name: new RegExp(`^${t('member:rebate.category.rng')}`) });
      await expect(row).toContainText('$400.00');
      await expect(row).toContainText('0.50%');
      await expect(collect).toBeEnabled();
      expect(loads).toEqual([]);
    });

    await test.step('collecting pays 2.00 into the main wallet: the header balance, the note and the collections follow', async () => {
      const before = await ui.balance.textContent();
      await collect.click();
      await expect(panel.getByText(t('member:rebate.collected', { amount: '$2.00' }), { exact: true })).toBeVisible();
      await expect(ui.balance).not.toHaveText(before ?? '');
      const shown = Number((await ui.balance.textContent())!.replace(/[$,]/g, ''));
      const was = Number(before!.replace(/[$,]/g, ''));
      expect(shown - was).toBeCloseTo(2, 2);
      await expect(page.getByTestId('rebate-total')).toHaveText('$0.00');
      await expect(collect).toBeDisabled();
      const claims = ui.panel('member:rebate.claims_title');
      await expect(claims.getByRole('row').filter({ hasText: '+$2.00' })).toHaveCount(1);
      await expect(claims).toContainText(t('member:rebate.rounds_other', { n: '4' }));
    });

    await test.step('the account record lists the rebate', async () => {
      await ui.openMemberPage('transactionHistory');
      await expect(page.getByRole('row').filter({ hasText: t('member:txType.REBATE') }).filter({ hasText: '$2.00' })).toHaveCount(1);
    });

    await test.step("the back office lists the collection among the site's, and under the member's name", async () => {
      await page.goto('/backoffice/rebates');
      await signInToBackOffice(page, t);
      await expect(page.getByRole('heading', { level: 1, name: t('ops:page.rebates'), exact: true })).toBeVisible();
      const everyone = page.getByRole('table', { name: t('ops:rebates.caption'), exact: true });
      await expect(everyone.getByRole('row').filter({ hasText: account.username })).toHaveCount(1);

      await page.getByLabel(t('ops:rebates.username'), { exact: true }).fill(account.username.toUpperCase());
      await page.getByRole('button', { name: t('ops:rebates.search'), exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`username=${account.username.toUpperCase()}`));
      const mine = page.getByRole('table', { name: t('ops:rebates.caption_member', { name: account.username.toUpperCase() }), exact: true });
      const row = mine.getByRole('row').filter({ hasText: account.username });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('$2.00');
      await expect(row).toContainText('$400.00');
      await expect(row).toContainText(t('ops:rebates.rounds_other', { formatted: '4' }));
      await expect(row).toContainText(t('ops:rebates.line', { category: t('ops:settings.points.source_rng'), rate: '0.50' }));
      await expect(page.getByText(t('ops:rebates.total_one', { formatted: '1' }))).toBeVisible();

      // Days of the site's calendar: an old month has none of it, today has it.
      await page.getByLabel(t('ops:rebates.from'), { exact: true }).fill('2020-01-01');
      await page.getByLabel(t('ops:rebates.to'), { exact: true }).fill('2020-01-31');
      await page.getByRole('button', { name: t('ops:rebates.search'), exact: true }).click();
      await expect(page).toHaveURL(/from=2020-01-01&to=2020-01-31/);
      await expect(page.getByText(t('ops:rebates.none'), { exact: true })).toBeVisible();
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Phnom_Penh' }).format(new Date());
      await page.getByLabel(t('ops:rebates.from'), { exact: true }).fill(today);
      await page.getByLabel(t('ops:rebates.to'), { exact: true }).fill(today);
      await page.getByRole('button', { name: t('ops:rebates.search'), exact: true }).click();
      const days = page.getByRole('table', { name: `${t('ops:rebates.caption_member', { name: account.username.toUpperCase() })} · ${t('ops:rebates.caption_days', { from: today, to: today })}`, exact: true });
      await expect(days.getByRole('row').filter({ hasText: account.username })).toHaveCount(1);
    });
  } finally {
    await setFlag(flags.MANPLAYREB3 ?? false);
  }
});

/**
 * Rates by VIP rank (docs/rebate.md "Settings"): a member deposits 1,100.00 and plays ten Dice rounds of
 * 100.00, which makes them VIP1 on the demo site; the operator gives VIP1 a rate of 1.20 % for slots and
 * RNG in the rebate settings' table by rank (a rate above the cap refused on its cell first), and the
 * member's rebate page then says it shows the rates of VIP 1 and pays their 1,000.00 of bets at 1.20 %.
 * The site's rebate settings and flag are put back whatever happens.
 */
test("an operator sets a VIP rank's rebate rate in the settings and the rank's member is shown and paid it", async ({ page, ui, request }, testInfo) => {
  test.setTimeout(150_000);
  const t = ui.t;
  const ops = await opsLogin(request);
  const config = ((await (await request.get(`${ORIGIN}/ops/config`, { headers: onSite(ops) })).json()) as { value: { flags: Record<string, boolean>; rebate: RebateConfig } }).value;
  const put = async (section: string, data: unknown) => {
    const res = await request.patch(`${ORIGIN}/ops/config/${section}`, { headers: onSite(ops), data });
    expect(res.ok(), await res.text()).toBe(true);
  };

  const account = await registerAccount(request);
  const token = ((await apiLogin(request, account)).value as { token: string }).token;
  await put('flags', { ...config.flags, MANPLAYREB3: true });
  try {
    await test.step('the member deposits 1,100.00 and plays 1,000.00: the rank job makes them VIP1', async () => {
      const deposit = await bankDeposit(request, token, { amount: '1100.00', reference: `reb-vip-${account.username}`, receipt: solidPng(8, [40, 90, 160]) });
      expect(await approveDeposit(request, ops, deposit.id)).toMatchObject({ success: true });
      for (let i = 0; i < 10; i++) {
        const res = await request.post(`${ORIGIN}/wps/inhouse/dice/roll`, { headers: onSite(token), data: { amount: '100.00', target: '50.00', direction: 'under', idempotencyKey: `reb-vip-${account.username}-${i}` } });
        expect(((await res.json()) as { success: boolean }).success, `roll ${i}`).toBe(true);
      }
      await expect
        .poll(async () => ((await (await request.get(`${ORIGIN}/wps/vip`, { headers: onSite(token) })).json()) as { value: VipValue }).value.me?.level, { timeout: 60_000, intervals: [2_000] })
        .toBe(1);
    });

    await test.step("the operator sets VIP1's slots and RNG rate in the table by rank: 3.01 is refused on its cell, 1.20 saved", async () => {
      await page.goto('/backoffice/settings?section=rebate');
      await signInToBackOffice(page, t);
      const table = page.getByRole('table', { name: t('ops:settings.rebate.by_rank'), exact: true });
      await expect(table).toBeVisible();
      // A header row and the demo site's eight ranks.
      await expect(table.getByRole('row')).toHaveCount(9);
      const cell = table.getByLabel(t('ops:settings.rebate.rank_rate_of', { rank: 'VIP1', category: t('ops:settings.points.source_rng') }), { exact: true });
      await expect(cell).toHaveValue('');
      await expect(cell).toHaveAttribute('placeholder', '0.50');
      await cell.fill('3.01');
      await page.getByRole('button', { name: t('ops:settings.save'), exact: true }).click();
      await expect(table.getByText(t('ops:settings.rule.percent_between', { max: '3.00' }), { exact: true })).toBeVisible();
      await cell.fill('1.20');
      await page.getByRole('button', { name: t('ops:settings.save'), exact: true }).click();
      await expect(page.getByText(t('ops:settings.saved', { section: t('ops:settings.section.rebate') }), { exact: true })).toBeVisible();
      await expect(cell).toHaveValue('1.20');
      const saved = ((await (await request.get(`${ORIGIN}/ops/config`, { headers: onSite(ops) })).json()) as { value: { rebate: RebateConfig } }).value.rebate;
      expect(saved.vipRates).toEqual([{ rng: 120 }]);
      // VIP2 left empty is paid VIP1's rate, and may not be set under it.
      const two = table.getByLabel(t('ops:settings.rebate.rank_rate_of', { rank: 'VIP2', category: t('ops:settings.points.source_rng') }), { exact: true });
      await expect(two).toHaveAttribute('placeholder', '1.20');
      await two.fill('1.00');
      await page.getByRole('button', { name: t('ops:settings.save'), exact: true }).click();
      await expect(table.getByText(t('ops:settings.rule.rank_rate_below', { rank: 'VIP1', percent: '1.20' }), { exact: true })).toBeVisible();
      await two.fill('');
      await snap(page, testInfo, 'backoffice-rebate-by-rank', true);
    });

    await test.step("the member's rebate page shows the rates of VIP 1 and pays at them", async () => {
      await page.goto('/');
      await ui.loginThroughPopup(account.username, account.password);
      await page.goto('/member/manualRebate');
      const panel = ui.panel('member:rebate.collect_title');
      await expect(panel.getByTestId('rebate-vip')).toHaveText(t('member:rebate.vip_rates', { n: 1 }));
      const row = panel.getByRole('row', { name: new RegExp(`^${t('member:rebate.category.rng')}`) });
      await expect(row).toContainText('$1,000.00');
      await expect(row).toContainText('1.20%');
      await expect(page.getByTestId('rebate-total')).toHaveText('$12.00');
      await snap(page, testInfo, 'member-rebate-vip', true);
      await panel.getByRole('button', { name: t('member:rebate.collect'), exact: true }).click();
      await expect(panel.getByText(t('member:rebate.collected', { amount: '$12.00' }), { exact: true })).toBeVisible();
      await expect(ui.panel('member:rebate.claims_title').getByRole('row').filter({ hasText: '1.20%' }).filter({ hasText: '+$12.00' })).toHaveCount(1);
    });
  } finally {
    await put('rebate', config.rebate);
    await put('flags', config.flags);
  }
});
