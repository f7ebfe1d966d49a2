import type { APIRequestContext } from '@playwright/test';
import type { DiceRollValue, VipValue } from '@apsara/contracts';
import { approveDeposit, newPassword, opsDeposits, opsLogin, uniqueUsername } from '../fixtures/api';
import { CAPTCHA_ANSWER, HOSTS, PORT } from '../fixtures/constants';
import { escapeRegExp } from '../fixtures/i18n';
import { solidPng } from '../fixtures/images';
import { expect, test } from '../fixtures/test';

const ORIGIN = `http://127.0.0.1:${PORT}`;
const onSite = (token?: string) => ({ Host: `${HOSTS.apsara}:${PORT}`, 'Accept-Language': 'en', ...(token ? { Authorization: `Bearer ${token}` } : {}) });

/** The demo site's ranks (db/seed.ts): VIP1 asks bets of 1,000.00 and deposits of 100.00 and pays 5.00. */
const DEPOSIT = '1100.00';
const STAKE = '100.00';
const ROUNDS = 10;

/** "$1,025.50" → 102550n, and back. */
const centsOf = (shown: string) => BigInt(shown.replace(/[$,]/g, '').replace('.', ''));
const usd = (cents: bigint) => `$${(cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${(cents % 100n).toString().padStart(2, '0')}`;

const valueOf = async <T>(response: { json: () => Promise<unknown> }) => {
  const body = (await response.json()) as { success: boolean; value: T };
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.value;
};

/** `GET /wps/vip` as a visitor: the site's ranks. */
const ranks = async (request: APIRequestContext) => valueOf<VipValue>(await request.get(`${ORIGIN}/wps/vip`, { headers: onSite() }));

/**
 * The VIP journey (docs/vip.md): a visitor opens the promotions' rank explanation and reads the ladder
 * of eight ranks, then opens an account from its call to action; the new member sees no rank yet and
 * both targets of VIP1 ahead. A bank deposit of 1,100.00 is credited (the site approves it through the
 * operator API) and ten Dice rounds of 100.00 are played, as the Dice game sends them: within the rank
 * job's period the header shows VIP1 without a reload, the header balance takes the 5.00 upgrade bonus,
 * and the rank explanation lights the member's row and lists VIP1 with its bonus paid.
 */
test('a visitor reads the VIP ladder, registers, deposits and plays up to VIP1, and the portal shows it without a reload', async ({ page, ui, request }) => {
  test.setTimeout(150_000);
  const t = ui.t;
  const site = await ranks(request);
  expect(site.enabled).toBe(true);
  expect(site.levels.map((l) => l.label)).toEqual(['VIP1', 'VIP2', 'VIP3', 'VIP4', 'VIP5', 'VIP6', 'VIP7', 'VIP8']);

  const rankTab = page.getByRole('tab', { name: t('promotions:tabs.rank'), exact: true });
  const ladder = page.getByRole('table', { name: t('promotions:rank.ladder.caption'), exact: true });
  // A rank's row is named by its cells, the rank first ("VIP1 You $1,000.00 …").
  const rung = (label: string) => ladder.getByRole('row', { name: new RegExp(`^${escapeRegExp(label)} `) });
  const myRank = ui.panel('promotions:rank.me.title');
  const sideMenu = page.getByRole('navigation', { name: t('nav.main'), exact: true });

  await test.step('a visitor opens the rank explanation: every rank with what it asks and pays, and a way in', async () => {
    await page.goto('/promotions');
    await rankTab.click();
    await expect(page).toHaveURL(/[?&]tab=rank/);
    await expect(rankTab).toHaveAttribute('aria-selected', 'true');
    // The ladder: a header row and the eight ranks.
    await expect(ladder.getByRole('row')).toHaveCount(9);
    await expect(rung('VIP1')).toContainText('$1,000.00');
    await expect(rung('VIP1')).toContainText('$100.00');
    await expect(rung('VIP1')).toContainText('$5.00');
    await expect(rung('VIP8')).toContainText('$3,000,000.00');
    await expect(rung('VIP8')).toContainText('$300,000.00');
    await expect(rung('VIP8')).toContainText('$5,888.00');
    await expect(ladder.locator('[aria-current="true"]')).toHaveCount(0);
    await expect(ui.panel('promotions:rank.how.title')).toContainText(t('promotions:rank.how.keep'));
    // A visitor's "Rewards & VIP" leads here too: the reward center is for members.
    await expect(sideMenu.getByRole('link', { name: t('nav.rewards'), exact: true })).toHaveAttribute('href', '/promotions?tab=rank');
    // A link to the tab opens it straight away.
    await page.goto('/promotions?tab=rank');
    await expect(rankTab).toHaveAttribute('aria-selected', 'true');
    await expect(ui.panel('promotions:rank.visitor.title')).toBeVisible();
  });

  const account = { username: uniqueUsername('v'), password: newPassword() };

  await test.step('the call to action opens the register popup; the new member has no rank yet and both targets of VIP1 ahead', async () => {
    await ui.panel('promotions:rank.visitor.title').getByRole('button', { name: t('promotions:rank.visitor.register'), exact: true }).click();
    const dialog = ui.registerDialog;
    await expect(dialog).toBeVisible();
    await ui.field(dialog, 'username').fill(account.username);
    await ui.field(dialog, 'password').fill(account.password);
    await ui.field(dialog, 'confirmPassword').fill(account.password);
    await ui.field(dialog, 'captcha').fill(CAPTCHA_ANSWER);
    await dialog.getByRole('checkbox', { name: t('auth:register.terms') }).check();
    await dialog.getByRole('checkbox', { name: t('auth:register.age', { age: 18 }) }).check();
    await dialog.getByRole('button', { name: t('auth:register.submit'), exact: true }).click();
    await expect(dialog).toBeHidden();
    await ui.bonusDialog.getByRole('button', { name: t('auth:bonus.later'), exact: true }).click();
    await expect(ui.memberLink(account.username)).toBeVisible();

    await sideMenu.getByRole('link', { name: new RegExp(`^${escapeRegExp(t('nav.promotions'))}`) }).click();
    await rankTab.click();
    await expect(myRank).toContainText(t('promotions:rank.me.none'));
    await expect(myRank).toContainText(t('promotions:rank.me.next_both', { bets: '$1,000.00', deposits: '$100.00', label: 'VIP1' }));
    await expect(myRank.getByRole('progressbar', { name: t('promotions:rank.me.track_bets', { label: 'VIP1' }), exact: true })).toHaveAttribute('aria-valuenow', '0');
    await expect(myRank).toContainText(t('promotions:rank.me.next_bonus', { label: 'VIP1', bonus: '$5.00' }));
    await expect(rung('VIP1')).toContainText(t('promotions:rank.ladder.next'));
    // The member center is for members: their "Rewards & VIP" is the reward center again.
    await expect(sideMenu.getByRole('link', { name: t('nav.rewards'), exact: true })).toHaveAttribute('href', '/member/rewardCenter');
  });

  const loads: string[] = [];
  page.on('load', () => loads.push(page.url()));
  const token = (await ui.token())!;

  await test.step(`a bank deposit of ${DEPOSIT}, approved by the site: the deposits bar fills while the page is open`, async () => {
    const { channels } = await valueOf<{ channels: { id: string; type: string }[] }>(await request.get(`${ORIGIN}/wps/v2/deposit/channels`, { headers: onSite(token) }));
    const bank = channels.find((c) => c.type === 'BANK_TRANSFER');
    expect(bank, 'the demo site offers a bank transfer').toBeTruthy();
    const deposit = await valueOf<{ id: string }>(
      await request.post(`${ORIGIN}/wps/v2/deposit/bank`, {
        headers: onSite(token),
        multipart: {
          channelId: bank!.id,
          amount: DEPOSIT,
          reference: `VIP${Date.now().toString().slice(-10)}`,
          idempotencyKey: `vip-e2e-deposit-${account.username}`,
          receipt: { name: 'receipt.png', mimeType: 'image/png', buffer: solidPng() },
        },
      }),
    );
    const ops = await opsLogin(request);
    expect((await opsDeposits(request, ops, { status: 'pending' })).filter((d) => d.username === account.username)).toEqual([expect.objectContaining({ id: deposit.id, amount: DEPOSIT })]);
    expect(await approveDeposit(request, ops, deposit.id)).toMatchObject({ success: true, value: { status: 'approved' } });
    await expect(ui.balance).toHaveText(usd(centsOf(DEPOSIT)));
    // Counted by the rank job (every 15 seconds), then read again by the open page.
    await expect(myRank.getByRole('progressbar', { name: t('promotions:rank.me.track_deposits', { label: 'VIP1' }), exact: true })).toHaveAttribute('aria-valuenow', '100', { timeout: 45_000 });
    await expect(myRank).toContainText(t('promotions:rank.me.next_bets', { bets: '$1,000.00', label: 'VIP1' }));
  });

  let before = 0n;
  await test.step(`${ROUNDS} Dice rounds of ${STAKE}, as the Dice game sends them`, async () => {
    for (let i = 0; i < ROUNDS; i++) {
      // 1,100.00 outlasts ten rounds of 100.00 whatever they roll (a 95% chance each, for a steady balance).
      const roll = await valueOf<DiceRollValue>(
        await request.post(`${ORIGIN}/wps/inhouse/dice/roll`, {
          headers: onSite(token),
          data: { amount: STAKE, target: '95.00', direction: 'under', idempotencyKey: `vip-e2e-${account.username}-${i}` },
        }),
      );
      // The balance after the last round: the bonus can only follow it (the bets reach 1,000.00 with it).
      before = centsOf(roll.balance);
    }
  });

  await test.step('within the rank job’s period: VIP1 in the header, the 5.00 bonus in the balance, the rank explanation up to date, no reload', async () => {
    const badge = ui.memberLink(account.username);
    await expect(badge).toContainText('VIP1', { timeout: 30_000 });
    await expect(ui.balance).toHaveText(usd(before + 500n), { timeout: 15_000 });

    await expect(myRank).toContainText('VIP1');
    await expect(myRank).toContainText(t('promotions:rank.me.next_bets', { bets: '$4,000.00', label: 'VIP2' }));
    await expect(rung('VIP1')).toHaveAttribute('aria-current', 'true');
    await expect(rung('VIP1')).toContainText(t('promotions:rank.ladder.you'));
    await expect(rung('VIP2')).toContainText(t('promotions:rank.ladder.next'));
    const upgrades = ui.panel('promotions:rank.upgrades.title');
    const vip1 = upgrades.getByRole('listitem').filter({ hasText: 'VIP1' });
    await expect(vip1).toContainText('+$5.00');
    await expect(vip1).toContainText(t('promotions:rank.upgrades.paid'));
    await expect(myRank).toContainText(`${t('promotions:rank.me.received')}$5.00`);
    await expect(sideMenu.getByRole('link', { name: `${t('nav.rewards')} ${t('nav.vipRank', { label: 'VIP1' })}`, exact: true })).toBeVisible();
    expect(loads).toEqual([]);

    // What the server says matches what the page shows.
    const mine = await valueOf<VipValue>(await request.get(`${ORIGIN}/wps/vip`, { headers: onSite(token) }));
    expect(mine.me).toMatchObject({ level: 1, label: 'VIP1', bets: '1000.00', deposits: DEPOSIT, upgrades: [{ level: 1, bonus: '5.00', paidAt: expect.any(String) }] });
  });
});
