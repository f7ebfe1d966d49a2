import { agentOverview, apiLogin } from '../fixtures/api';
import { openMember, signInToBackOffice } from '../fixtures/backoffice';
import { snap } from '../fixtures/screens';
import { expect, test } from '../fixtures/test';

/**
 * An operator makes a player an agent from the member's page in the back office: a reason, a dialog
 * that says what changes, a notice with the new invitation code, which the page then shows. The member
 * signs in to the agent center with the same account; made a player again, their session no longer
 * opens it, and the audit log names both changes.
 */
test('an admin makes a player an agent, the member opens the agent center, and the admin makes them a player again', async ({ page, ui, request, freshAccount }, testInfo) => {
  test.setTimeout(120_000);
  const t = ui.t;
  const heading = (key: string) => page.getByRole('heading', { level: 1, name: t(key), exact: true });
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

  await test.step('made a player again, their session no longer opens the agent center; the audit log names both', async () => {
    await page.goto('/backoffice/members');
    await openMember(page, t, freshAccount.username);
    await page.getByRole('button', { name: t('ops:members.make_player'), exact: true }).click();
    const confirm = dialogOf('ops:members.make_player_title');
    await expect(confirm).toContainText(t('ops:members.make_player_consequence'));
    await confirm.getByLabel(t('ops:members.reason'), { exact: true }).fill('The club closed; back to playing');
    await confirm.getByRole('button', { name: t('ops:members.make_player'), exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: t('ops:members.make_player_notice', { name: freshAccount.username }) })).toBeVisible();
    await expect(page.getByRole('button', { name: t('ops:members.make_agent'), exact: true })).toBeVisible();

    const login = await apiLogin(request, freshAccount);
    const token = (login.value as { token: string }).token;
    expect(await agentOverview(request, token)).toMatchObject({ status: 403, code: 'AGENT_ONLY' });

    await page.goto('/backoffice/audit');
    await expect(heading('ops:page.audit')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: t('ops:audit.actions.member.make_agent') }).first()).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: t('ops:audit.actions.member.make_player') }).first()).toBeVisible();
  });
});
