import { errorMessage, validationMessage } from '@apsara/contracts';
import { newPassword, uniqueUsername } from '../fixtures/api';
import { DEMO } from '../fixtures/constants';
import { snap } from '../fixtures/screens';
import { expect, test } from '../fixtures/test';

/*
 * The agent center's team pages as an agent uses them: sign in on /agent, open an account for a new
 * member, find it in team management, and open its transactions from its row.
 */

test('an agent opens an account for a new member, finds it in team management and opens its transactions', async ({ page, ui }, testInfo) => {
  await page.goto('/agent');
  const card = page.getByRole('region', { name: ui.t('auth:agent.login_title') });
  const signedIn = await ui.submitLoginAndWait(card, DEMO.agent.username, DEMO.agent.password);
  expect(signedIn.status()).toBe(200);
  await expect(page).toHaveURL(/\/agentHome$/);

  // /agentHome greets the agent over the team overview.
  await expect(page.getByRole('heading', { level: 1, name: ui.t('auth:agent.welcome', { name: DEMO.agent.nickname }) })).toBeVisible();
  await expect(page.getByRole('region', { name: ui.t('auth:agent.overview.title') })).toBeVisible();
  const nav = page.getByRole('navigation', { name: ui.t('auth:agent.nav_label') });
  await expect(nav.getByRole('link', { name: ui.t('auth:agent.page.agentTeamOverview') })).toHaveAttribute('aria-current', 'page');

  // The agent's own inbox and account changes are pages of the center too.
  await nav.getByRole('link', { name: ui.t('auth:agent.page.messages'), exact: true }).click();
  await expect(page).toHaveURL(/\/agentHome\/messages$/);
  await expect(page.getByRole('heading', { level: 1, name: ui.t('auth:agent.page.messages'), exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: ui.t('member:messages.title'), exact: true })).toBeVisible();
  await nav.getByRole('link', { name: ui.t('auth:agent.page.accountChange'), exact: true }).click();
  await expect(page).toHaveURL(/\/agentHome\/accountChange$/);
  await expect(page.getByRole('region', { name: ui.t('member:history.title'), exact: true })).toBeVisible();

  // Open account, through the menu (no page load).
  await nav.getByRole('link', { name: ui.t('auth:agent.page.registerCenter'), exact: true }).click();
  await expect(page).toHaveURL(/\/agentHome\/registerCenter$/);
  await expect(page.getByRole('heading', { level: 1, name: ui.t('auth:agent.page.registerCenter'), exact: true })).toBeVisible();
  const form = page.getByRole('form', { name: ui.t('auth:agent.open.title') });
  await expect(form.getByRole('radio', { name: ui.t('auth:agent.open.kind_member') })).toBeChecked();

  const username = uniqueUsername('ag');
  const password = newPassword();
  const field = (key: string) => form.getByLabel(ui.t(`auth:agent.open.${key}`), { exact: true });
  await field('username').fill(username);
  await field('password').fill(password);
  await field('confirm').fill(`${password}9`);

  // A confirmation that differs is caught on the page, before anything is sent.
  let sent = 0;
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/wps/agent/accounts') sent += 1;
  });
  const submit = form.getByRole('button', { name: ui.t('auth:agent.open.submit_member'), exact: true });
  await submit.click();
  await expect(form.getByRole('alert').filter({ hasText: validationMessage('passwordInconsistent', 'en') })).toBeVisible();
  expect(sent).toBe(0);

  await field('confirm').fill(password);
  const opened = page.waitForResponse((r) => new URL(r.url()).pathname === '/wps/agent/accounts' && r.request().method() === 'PUT');
  await submit.click();
  expect((await opened).status()).toBe(200);

  // The notice names the new member (no invitation code: that is for agents), and the form is empty again.
  const notice = page.getByRole('status').filter({ hasText: ui.t('auth:agent.open.done_member', { username }) });
  await expect(notice).toBeVisible();
  await expect(notice).toBeFocused();
  await expect(notice.getByText(ui.t('auth:agent.open.code_label'))).toHaveCount(0);
  await expect(field('username')).toHaveValue('');
  await expect(field('password')).toHaveValue('');
  await snap(page, testInfo, 'agent-open-account');

  // Team management: searched by part of the name, the new member is there, a member at level 1 under the agent.
  await nav.getByRole('link', { name: ui.t('auth:agent.page.downlineManagmentView'), exact: true }).click();
  await expect(page).toHaveURL(/\/agentHome\/downlineManagmentView$/);
  const team = page.getByRole('region', { name: ui.t('auth:agent.downlines.title') });
  await team.getByLabel(ui.t('auth:agent.downlines.search'), { exact: true }).fill(username.slice(2).toUpperCase());
  await team.getByRole('button', { name: ui.t('auth:agent.downlines.search_button'), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`\\?username=${username.slice(2).toUpperCase()}$`));
  const row = team.getByRole('row').filter({ hasText: username });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(ui.t('auth:agent.downlines.type_member'));
  await expect(row).toContainText(ui.t('auth:agent.downlines.level', { level: 1 }));
  await expect(row).toContainText(DEMO.agent.username);
  await expect(row).toContainText('0.00');
  await expect(team.getByText(ui.t('auth:agent.downlines.count', { n: 1 }))).toBeVisible();
  await snap(page, testInfo, 'agent-team');

  // Its row leads to its transactions: the page is about that member alone (a new account has none yet).
  await row.getByRole('link', { name: ui.t('auth:agent.downlines.transactions_of', { username }) }).click();
  await expect(page).toHaveURL(new RegExp(`/agentHome/agentDownlineTransactionDetailsCopy\\?username=${username}$`));
  await expect(page.getByRole('heading', { level: 1, name: ui.t('auth:agent.page.agentDownlineTransactionDetailsCopy'), exact: true })).toBeVisible();
  const transactions = page.getByRole('region', { name: ui.t('auth:agent.trans.title_of', { username }) });
  await expect(transactions.getByLabel(ui.t('auth:agent.filter.username'), { exact: true })).toHaveValue(username);
  await expect(transactions.getByText(ui.t('auth:agent.trans.none'))).toBeVisible();
  await expect(transactions.getByText(ui.t('auth:agent.trans.none_text_member'))).toBeVisible();

  // Someone outside the team is answered as unknown, by the username field.
  await transactions.getByLabel(ui.t('auth:agent.filter.username'), { exact: true }).fill(DEMO.lotus.username);
  await transactions.getByRole('button', { name: ui.t('auth:agent.filter.apply'), exact: true }).click();
  await expect(page.getByRole('region', { name: ui.t('auth:agent.trans.title_of', { username: DEMO.lotus.username }) }).getByRole('alert').filter({ hasText: errorMessage('TEAM_MEMBER_UNKNOWN', 'en') })).toBeVisible();
  await snap(page, testInfo, 'agent-team-transactions');
});
