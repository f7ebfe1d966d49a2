import { apiLogin, memberInfo } from '../fixtures/api';
import { openMember, signInToBackOffice } from '../fixtures/backoffice';
import { expect, test } from '../fixtures/test';

/**
 * A member locked out of their account, as customer service and the member click it: an operator
 * finds the member in the back office, resets the password with a reason and reads the temporary
 * password once; the member's open session is over; signing in with the temporary password opens
 * the change-password popup that cannot be dismissed, which asks for it as the current password; the
 * new password is the member's from then on, and the audit log names the reset.
 */
test('customer service gives a member a temporary password, and the member replaces it at sign-in', async ({ page, ui, request, freshAccount }) => {
  test.setTimeout(120_000);
  const t = ui.t;
  const heading = (key: string) => page.getByRole('heading', { level: 1, name: t(key), exact: true });
  const before = await apiLogin(request, freshAccount);
  expect(before.success, JSON.stringify(before)).toBe(true);
  const oldToken = (before.value as { token: string }).token;
  let temporary = '';

  await test.step('the operator resets the password from the member page', async () => {
    await page.goto('/backoffice/members');
    await signInToBackOffice(page, t);
    await openMember(page, t, freshAccount.username);

    await page.getByRole('button', { name: t('ops:members.reset'), exact: true }).click();
    const confirm = page.getByRole('dialog', { name: t('ops:members.reset_title', { name: freshAccount.username }), exact: true });
    await expect(confirm).toContainText(t('ops:members.reset_consequence'));
    // A reason is required, as the server requires it.
    await confirm.getByRole('button', { name: t('ops:members.reset'), exact: true }).click();
    await expect(confirm).toBeVisible();
    await confirm.getByLabel(t('ops:members.reason'), { exact: true }).fill('Locked out; identity checked by phone');
    await confirm.getByRole('button', { name: t('ops:members.reset'), exact: true }).click();

    const issued = page.getByRole('dialog', { name: t('ops:members.reset_done_title', { name: freshAccount.username }), exact: true });
    await expect(issued).toBeVisible();
    temporary = (await issued.getByTestId('temporary-password').textContent()) ?? '';
    expect(temporary).toMatch(/^\S{12}$/);
    await issued.getByRole('button', { name: t('ops:members.reset_close'), exact: true }).click();
    await expect(issued).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: t('ops:members.reset_notice', { name: freshAccount.username }) })).toBeVisible();
  });

  await test.step("the member's session ended, and the old password no longer opens the account", async () => {
    expect(await memberInfo(request, oldToken)).toMatchObject({ status: 401 });
    expect(await apiLogin(request, freshAccount)).toMatchObject({ status: 401, code: 'ACCOUNT_OR_PASSWORD_WRONG' });
  });

  const chosen = 'MyOwn2026pw';
  await test.step('the temporary password signs in only to choose a new one', async () => {
    await page.goto('/');
    const login = await ui.openLogin();
    expect((await ui.submitLoginAndWait(login, freshAccount.username, temporary)).status()).toBe(200);
    const forced = ui.dialog('auth:cpw.title_forced');
    await expect(forced).toBeVisible();
    await expect(forced).toContainText(ui.t('auth:cpw.reason_reset'));
    await page.keyboard.press('Escape');
    await expect(forced).toBeVisible();
    // Not 123456: the popup asks for the temporary password as the current one.
    await ui.field(forced, 'oldPassword').fill(temporary);
    await ui.field(forced, 'newPassword').fill(chosen);
    await ui.field(forced, 'confirmNewPassword').fill(chosen);
    await forced.getByRole('button', { name: ui.t('auth:cpw.submit'), exact: true }).click();
    await expect(forced).toBeHidden();
    const done = ui.dialog('auth:dialog.title_success');
    await expect(done).toContainText(ui.t('auth:cpw.saved_relogin'));
    await done.getByRole('button', { name: ui.t('auth:dialog.confirm'), exact: true }).click();
    await expect(ui.loginDialog).toBeVisible();
    expect((await ui.submitLoginAndWait(ui.loginDialog, freshAccount.username, chosen)).status()).toBe(200);
    await expect(ui.loginDialog).toBeHidden();
    await expect(ui.dialog('auth:cpw.title_forced')).toHaveCount(0);
    expect(await ui.token()).not.toBeNull();
  });

  await test.step('the audit log names the reset, without the password', async () => {
    await page.goto('/backoffice/audit');
    await expect(heading('ops:page.audit')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: t('ops:audit.actions.member.password_reset') }).first();
    await expect(row).toBeVisible();
    await expect(page.getByText(temporary)).toHaveCount(0);
  });
});
