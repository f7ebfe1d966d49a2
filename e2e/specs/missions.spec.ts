import type { Page, Response } from '@playwright/test';
import type { MissionClaimValue, MissionSummaryValue } from '@apsara/contracts';
import { adjustBalance, apiLogin, memberInfo, opsLogin, registerAccount } from '../fixtures/api';
import { HOSTS, PORT } from '../fixtures/constants';
import { escapeRegExp } from '../fixtures/i18n';
import { expect, test } from '../fixtures/test';

const ORIGIN = `http://127.0.0.1:${PORT}`;
const onSite = (token: string) => ({ Host: `${HOSTS.apsara}:${PORT}`, 'Accept-Language': 'en', Authorization: `Bearer ${token}` });

/** The demo site's daily missions this journey plays (db/seed-missions.ts): bets 100.00 → 0.50, 50 rounds → 0.30. */
const BETS_TITLE = 'Bet $100.00 today';
const ROUNDS_TITLE = 'Play 50 rounds today';
const DEPOSIT_TITLE = 'Deposit and play $100.00 today';
const STAKE = '25.00';

/** "$1,025.50" → 102550n. */
const centsOf = (shown: string) => BigInt(shown.replace(/[$,]/g, '').replace('.', ''));
const usd = (cents: bigint) => `$${(cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${(cents % 100n).toString().padStart(2, '0')}`;

const valueOf = async <T>(response: Pick<Response, 'json'>) => {
  const body = (await response.json()) as { success: boolean; value: T };
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.value;
};
const answerTo = (page: Page, path: string | RegExp, method = 'POST') =>
  page.waitForResponse((r) => {
    const p = new URL(r.url()).pathname;
    return (typeof path === 'string' ? p === path : path.test(p)) && r.request().method() === method;
  });

/**
 * The missions journey (docs/missions.md): a new member with money credited by the site opens the
 * mission leaderboard and finds today's missions untouched; plays a Dice round in the browser, then
 * three more as the Dice game sends them while the page is open, and watches "Bet $100.00 today" fill
 * up without a reload until it offers its reward (the menu shows the badge); claims it: a notice, the
 * header balance 0.50 higher, the card done; the account record shows the mission reward; and the
 * leaderboard tab ranks the member, their own row highlighted and their rank on the "Your rank" card.
 */
test('a member plays until a mission is reached, claims its reward, finds it in the account record and sees their rank', async ({ page, ui, request }) => {
  test.setTimeout(180_000);
  const t = ui.t;
  const account = await registerAccount(request);

  await test.step('the site credits the new member 500.00', async () => {
    const login = await apiLogin(request, account);
    const token = (login.value as { token: string }).token;
    const info = await memberInfo(request, token);
    const ops = await opsLogin(request);
    const credited = await adjustBalance(request, ops, (info.value as { id: string }).id, '500.00', `missions-e2e-${account.username}`);
    expect(credited, JSON.stringify(credited)).toMatchObject({ success: true });
  });

  const card = (title: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: title, exact: true }) });
  const progress = (title: string) => card(title).getByRole('progressbar', { name: t('member:missions.progress_label', { title }), exact: true });
  const claimButton = card(BETS_TITLE).getByRole('button', { name: t('member:missions.claim_named', { reward: '$0.50', title: BETS_TITLE }), exact: true });
  const figures = page.getByRole('region', { name: t('member:missions.figures'), exact: true });
  const menuBadge = ui.memberMenu.getByLabel(t('member:menu.badge', { count: 1 }), { exact: true });

  await test.step('Missions: today and this week, nothing reached, each with its countdown and the way to play or deposit', async () => {
    await page.goto('/');
    await ui.loginThroughPopup(account.username, account.password);
    await expect(ui.balance).toHaveText('$500.00');
    await ui.memberLink(account.username).click();
    await ui.openMemberPage('missionLeaderboard');
    await expect(page.getByRole('tab', { name: t('member:missions.tab_missions'), exact: true })).toHaveAttribute('aria-selected', 'true');

    await expect(ui.panel('member:missions.daily_title')).toBeVisible();
    await expect(ui.panel('member:missions.weekly_title')).toBeVisible();
    // Each period counts down to its end on the server's clock ("05:12:33", or "1 day 05:12:33").
    await expect(ui.panel('member:missions.daily_title').getByRole('timer')).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
    await expect(ui.panel('member:missions.weekly_title').getByRole('timer')).toHaveText(/\d{2}:\d{2}:\d{2}$/);

    await expect(card(BETS_TITLE)).toContainText('$0.00 / $100.00');
    await expect(progress(BETS_TITLE)).toHaveAttribute('aria-valuenow', '0');
    await expect(card(ROUNDS_TITLE)).toContainText('0 / 50');
    await expect(card(BETS_TITLE).getByRole('link', { name: t('member:missions.go_named', { title: BETS_TITLE }), exact: true })).toHaveAttribute('href', '/');
    await expect(card(DEPOSIT_TITLE).getByRole('link', { name: t('member:missions.go_named', { title: DEPOSIT_TITLE }), exact: true })).toHaveAttribute('href', '/member/depositv2');
    await expect(figures).toContainText(`${t('member:missions.fig_earned')}$0.00`);
    await expect(menuBadge).toHaveCount(0);
  });

  await test.step('a Dice round of 25.00 in the browser moves both missions', async () => {
    await card(ROUNDS_TITLE).getByRole('link', { name: t('member:missions.go_named', { title: ROUNDS_TITLE }), exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/seamless?game=APSARA:DICE');
    const dice = page.getByRole('region', { name: t('games:dice.title'), exact: true });
    await dice.getByLabel(t('games:common.amount'), { exact: true }).fill(STAKE);
    const rolled = answerTo(page, '/wps/inhouse/dice/roll');
    await dice.getByRole('button', { name: t('games:dice.roll'), exact: true }).click();
    await valueOf(await rolled);

    await ui.memberLink(account.username).click();
    await ui.openMemberPage('missionLeaderboard');
    await expect(card(BETS_TITLE)).toContainText('$25.00 / $100.00');
    await expect(progress(BETS_TITLE)).toHaveAttribute('aria-valuenow', '25');
    await expect(card(ROUNDS_TITLE)).toContainText('1 / 50');
  });

  await test.step('three more rounds while the page is open: the progress moves without a reload until the reward is ready', async () => {
    const loads: string[] = [];
    page.on('load', () => loads.push(page.url()));
    const token = await ui.token();
    for (let i = 1; i <= 3; i++) {
      // As the Dice game sends a roll: each is a bet, a balance event the page hears through the live balance stream.
      const res = await request.post(`${ORIGIN}/wps/inhouse/dice/roll`, {
        headers: onSite(token!),
        data: { amount: STAKE, target: '50.00', direction: 'under', idempotencyKey: `missions-e2e-${account.username}-${i}` },
      });
      expect((await res.json()) as { success: boolean }, `roll ${i}`).toMatchObject({ success: true });
      await expect(card(BETS_TITLE)).toContainText(`${usd(2500n * BigInt(i + 1))} / $100.00`);
      await expect(card(ROUNDS_TITLE)).toContainText(`${i + 1} / 50`);
    }
    await expect(progress(BETS_TITLE)).toHaveAttribute('aria-valuenow', '100');
    await expect(claimButton).toBeEnabled();
    await expect(figures).toContainText(`${t('member:missions.fig_ready')}1`);
    // The menu's badge and the tab's count say a reward is waiting.
    await expect(menuBadge).toHaveText('1');
    await expect(page.getByRole('tab', { name: new RegExp(`^${escapeRegExp(t('member:missions.tab_missions'))}`) })).toContainText('1');
    expect(loads).toEqual([]);
  });

  await test.step('claim: a notice, the header balance 0.50 higher, the card done and the badge gone', async () => {
    const before = centsOf((await ui.balance.textContent()) ?? '');
    const claimed = answerTo(page, /^\/wps\/missions\/[^/]+\/claim$/);
    await claimButton.click();
    const claim = await valueOf<MissionClaimValue>(await claimed);
    expect(claim).toMatchObject({ amount: '0.50', replayed: false, mission: { state: 'claimed' } });

    await expect(page.getByRole('status').filter({ hasText: t('member:missions.claimed_notice', { amount: '+$0.50' }) })).toBeVisible();
    await expect(ui.balance).toHaveText(usd(before + 50n));
    await expect(card(BETS_TITLE)).toContainText(t('member:missions.claimed'));
    await expect(claimButton).toHaveCount(0);
    await expect(figures).toContainText(`${t('member:missions.fig_earned')}$0.50`);
    await expect(menuBadge).toHaveCount(0);

    // Claiming again (a lost answer, a second tap elsewhere) answers the first claim and pays nothing more.
    const token = (await ui.token())!;
    const again = await valueOf<MissionClaimValue>(await request.post(`${ORIGIN}/wps/missions/${claim.mission.id}/claim`, { headers: onSite(token) }));
    expect(again).toMatchObject({ amount: '0.50', replayed: true });
    const summary = await valueOf<MissionSummaryValue>(await request.get(`${ORIGIN}/wps/missions`, { headers: onSite(token) }));
    expect(summary.earned).toBe('0.50');
    await expect(ui.balance).toHaveText(usd(before + 50n));
  });

  await test.step('the account record shows the mission reward', async () => {
    await ui.openMemberPage('transactionHistory');
    const history = ui.panel('member:history.title');
    await history.getByLabel(t('member:history.type'), { exact: true }).selectOption({ label: t('member:txType.MISSIONS') });
    const detail = t('member:history.detail.mission_daily', { goal: t('member:history.detail.goal_bets', { target: '100.00' }) });
    const row = history.getByRole('row').filter({ hasText: detail });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(t('member:txType.MISSION_REWARD'));
    await expect(row).toContainText('+$0.50');
  });

  await test.step('the leaderboard ranks the member: their own row highlighted, their rank on the "Your rank" card', async () => {
    await ui.openMemberPage('missionLeaderboard');
    await page.getByRole('tab', { name: t('member:missions.tab_leaderboard'), exact: true }).click();
    await expect(page).toHaveURL(/[?&]tab=leaderboard/);
    const periods = page.getByRole('group', { name: t('member:missions.board.period_label'), exact: true });
    await expect(periods.getByRole('button', { name: t('member:missions.board.weekly_current'), exact: true })).toHaveAttribute('aria-pressed', 'true');

    // 100.00 of bets this week is the site's minimum to be ranked. The running table is recomputed at
    // most every 30 seconds and read again as often: the member's row appears within a minute.
    const top = ui.panel('member:missions.board.title', { period: t('member:missions.board.weekly_current') });
    const mine = top.locator('[aria-current="true"]');
    await expect(mine).toContainText(account.username, { timeout: 75_000 });
    await expect(mine).toContainText(t('member:missions.board.you'));
    await expect(mine).toContainText('$100.00');

    const me = ui.panel('member:missions.board.me_title');
    await expect(me).toContainText(/#\d+/);
    await expect(me).toContainText('$100.00');
    await expect(ui.panel('member:missions.board.prizes_title')).toContainText(`${t('member:missions.board.rank', { rank: 1 })}$188.00`);

    // Last week: its prizes paid, or being settled; the choice is kept in the address.
    await periods.getByRole('button', { name: t('member:missions.board.weekly_previous'), exact: true }).click();
    await expect(page).toHaveURL(/[?&]which=previous/);
    await expect(page.getByText(new RegExp(`^(${escapeRegExp(t('member:missions.board.settling'))}|${escapeRegExp(t('member:missions.board.paid_at', { time: '' }))}.+)$`))).toBeVisible();
  });
});
