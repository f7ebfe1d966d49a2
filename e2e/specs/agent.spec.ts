import { errorMessage } from '@apsara/contracts';
import { DEMO } from '../fixtures/constants';
import type { Portal } from '../fixtures/portal';
import { snap } from '../fixtures/screens';
import { expect, test } from '../fixtures/test';

const agentCard = (ui: Portal) => ui.page.getByRole('region', { name: ui.t('auth:agent.login_title') });

/** "2026-05-01 14:03:09" read as a time in the merchant's zone (GMT+7 for the default merchant). */
const clockToEpoch = (shown: string, offsetHours: number) => {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(shown.trim());
  expect(m, `clock text "${shown}"`).not.toBeNull();
  const [, y, mo, d, h, mi, s] = m!.map(Number);
  return Date.UTC(y, mo - 1, d, h - offsetHours, mi, s);
};

test('a member is refused on the agent login page', async ({ page, ui }) => {
  await page.goto('/agent');
  const card = agentCard(ui);
  // No remember-me on the agent page.
  await expect(card.getByRole('checkbox', { name: ui.t('auth:login.remember') })).toHaveCount(0);

  const answer = await ui.submitLoginAndWait(card, DEMO.member.username, DEMO.member.password);
  expect(answer.status()).toBe(403);
  await expect(ui.formError(card, errorMessage('NON_AGENT_LOGIN', 'en'))).toBeVisible();
  await expect(page).toHaveURL(/\/agent$/);
  expect(await ui.token()).toBeNull();
});

test('an agent logs in on /agent and lands on /agentHome with the site clock', async ({ page, ui }, testInfo) => {
  await page.goto('/agent');
  const answer = await ui.submitLoginAndWait(agentCard(ui), DEMO.agent.username, DEMO.agent.password);
  expect(answer.status()).toBe(200);

  await expect(page).toHaveURL(/\/agentHome$/);
  await expect(page.getByRole('heading', { level: 1, name: ui.t('auth:agent.welcome', { name: DEMO.agent.nickname }) })).toBeVisible();

  // The merchant's clock (Asia/Phnom_Penh, GMT+7) shows the current time there and ticks.
  const clock = page.getByRole('timer', { name: ui.t('auth:agent.clock_label', { offset: 'GMT+7' }) });
  await expect(clock).toBeVisible();
  await expect(clock).toContainText('GMT+7');
  const time = clock.getByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  const first = (await time.textContent()) ?? '';
  expect(Math.abs(clockToEpoch(first, 7) - Date.now())).toBeLessThan(15_000);
  await expect.poll(async () => (await time.textContent()) ?? '', { timeout: 5_000 }).not.toBe(first);
  await snap(page, testInfo, 'agent-home');

  // Signed in as an agent, /agent has nothing to offer: it goes on to the agent center.
  await page.goto('/agent');
  await expect(page).toHaveURL(/\/agentHome$/);
});

test('a signed-in member who opens /agentHome is sent to /agent with the reason', async ({ page, ui }) => {
  await page.goto('/');
  await ui.loginThroughPopup(DEMO.member.username, DEMO.member.password, DEMO.member.nickname);

  await page.goto('/agentHome');
  await expect(page).toHaveURL(/\/agent$/);
  await expect(agentCard(ui).getByRole('alert').filter({ hasText: errorMessage('NON_AGENT_LOGIN', 'en') })).toBeVisible();
  await expect(page.getByRole('timer')).toHaveCount(0);
});

test('a visitor who opens /agentHome is asked to log in on /agent', async ({ page, ui }) => {
  await page.goto('/agentHome');
  await expect(page).toHaveURL(/\/agent$/);
  await expect(agentCard(ui).getByRole('status').filter({ hasText: ui.t('auth:agent.login_required') })).toBeVisible();
});

test('an agent-only account (type 41) is refused by the member popup but enters the agent center', async ({ page, ui }) => {
  await page.goto('/');
  const dialog = await ui.openLogin();
  const refused = await ui.submitLoginAndWait(dialog, 'master01', 'Master1234');
  expect(refused.status()).toBe(403);
  await expect(ui.formError(dialog, errorMessage('NON_MEMBER_LOGIN', 'en'))).toBeVisible();
  expect(await ui.token()).toBeNull();

  await page.goto('/agent');
  const answer = await ui.submitLoginAndWait(agentCard(ui), 'master01', 'Master1234');
  expect(answer.status()).toBe(200);
  await expect(page).toHaveURL(/\/agentHome$/);
  await expect(page.getByRole('heading', { level: 1, name: ui.t('auth:agent.welcome', { name: 'Master Agent' }) })).toBeVisible();
});
