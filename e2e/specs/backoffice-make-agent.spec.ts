import { errorMessage } from '@apsara/contracts';
import { agentOverview, apiLogin } from '../fixtures/api';
import { openMember, signInToBackOffice } from '../fixtures/backoffice';
import { snap } from '../fixtures/screens';
import { expect, test } from '../fixtures/test';

/**
 * An operator makes a player an agent from the member's page in the back office: a reason, a dialog
 * that says what changes, a notice with the new invitation code, which the page then shows. The member
 * signs in to the agent center with the same account; made a player again while it is open, the next
 * page takes them to /agent with the reason (once), and the audit log names both changes.
 */
test('an admin makes a player an agent, the member opens the agent center, and the admin makes them a player again', async ({ page, ui, request, freshAccount }, testInfo) => {
  test.setTimeout(120_000);
  const t = ui.t;
  const dialogOf = (key: string) => page.getByRole('dialog', { name: t(key, { name: freshAccount.username }), exact: true });
  let code = '';

  await test.step('the admin makes the member an agent, with a reason', async () => {
    await page.goto('/backoffice/members');
    await signInToBackOffice(page, t);
    await openMember(page, t, freshAccount.username);

    await page.getByRole('button', { name: t('ops:members.make_agent'), exact: true }).click();
    const confirm = dialogOf('ops:members.make_agent_title');
    await expect(confirm).toContainText(t('ops:members.make_agent_consequence'));
    await confirm.getByLabel(t('ops:members.reason'), { exact: true }).fill('Runs a players club; contract to follow');
    await snap(page, testInfo, 'make-agent-dialog');
    await confirm.getByRole('button', { name: t('ops:members.make_agent'), exact: true }).click();
    await expect(confirm).toBeHidden();

    const notice = page.getByRole('status').filter({ hasText: t('ops:members.make_agent_notice', { name: freshAccount.username, code: 'CODE' }).split('CODE')[0]! });
    await expect(notice).toBeVisible();
    code = /([A-Z2-9]{8})/.exec((await notice.textContent()) ?? '')?.[1] ?? '';
    expect(code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    const facts = page.getByRole('region', { name: t('ops:members.profile'), exact: true });
    await expect(facts.getByText(code, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: t('ops:members.make_player'), exact: true })).toBeEnabled();
    await snap(page, testInfo, 'member-made-agent', true);
  });

  await test.step('the member signs in to the agent center with the same account', async () => {
    await page.goto('/agent');
    const card = page.getByRole('region', { name: t('auth:agent.login_title') });
    expect((await ui.submitLoginAndWait(card, freshAccount.username, freshAccount.password)).status()).toBe(200);
    await expect(page).toHaveURL(/\/agentHome$/);
    await expect(page.getByRole('region', { name: t('auth:agent.overview.title') })).toBeVisible();
  });

  await test.step('made a player again while their agent center is open: the next page takes them to /agent and says why; their sessions no longer open it', async () => {
    // The admin works in another tab (its own session storage: it signs in again).
    const ops = await page.context().newPage();
    await ops.goto('/backoffice/members');
    await signInToBackOffice(ops, t);
    await openMember(ops, t, freshAccount.username);
    await ops.getByRole('button', { name: t('ops:members.make_player'), exact: true }).click();
    const confirm = ops.getByRole('dialog', { name: t('ops:members.make_player_title', { name: freshAccount.username }), exact: true });
    await expect(confirm).toContainText(t('ops:members.make_player_consequence'));
    await confirm.getByLabel(t('ops:members.reason'), { exact: true }).fill('The club closed; back to playing');
    await confirm.getByRole('button', { name: t('ops:members.make_player'), exact: true }).click();
    await expect(ops.getByRole('status').filter({ hasText: t('ops:members.make_player_notice', { name: freshAccount.username }) })).toBeVisible();
    await expect(ops.getByRole('button', { name: t('ops:members.make_agent'), exact: true })).toBeVisible();

    const nav = page.getByRole('navigation', { name: t('auth:agent.nav_label') });
    await nav.getByRole('link', { name: t('auth:agent.page.downlineManagmentView'), exact: true }).click();
    await expect(page).toHaveURL(/\/agent$/);
    await expect(page.getByRole('alert').filter({ hasText: errorMessage('NON_AGENT_LOGIN', 'en') })).toBeVisible();
    // It stays there (no round trip back to /agentHome).
    await page.waitForTimeout(1500);
    await expect(page).toHaveURL(/\/agent$/);

    const login = await apiLogin(request, freshAccount);
    const token = (login.value as { token: string }).token;
    expect(await agentOverview(request, token)).toMatchObject({ status: 403, code: 'AGENT_ONLY' });

    await ops.goto('/backoffice/audit');
    await expect(ops.getByRole('heading', { level: 1, name: t('ops:page.audit'), exact: true })).toBeVisible();
    await expect(ops.getByRole('row').filter({ hasText: t('ops:audit.actions.member.make_agent') }).first()).toBeVisible();
    await expect(ops.getByRole('row').filter({ hasText: t('ops:audit.actions.member.make_player') }).first()).toBeVisible();
  });
});
