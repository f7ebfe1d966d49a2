import { validationMessage } from '@apsara/contracts';
import { apiLogin } from '../fixtures/api';
import { DEMO } from '../fixtures/constants';
import { expect, test } from '../fixtures/test';

// The only journey that uses flagged01: it changes the account's password for the rest of the run,
// so a retry could only fail on an account that no longer has 123456; retrying would hide nothing.
test.describe.configure({ retries: 0 });

test('the default password 123456 forces a password change that cannot be dismissed', async ({ page, ui, request }) => {
  const { username, password: defaultPassword, nickname } = DEMO.flagged;
  const newPassword = 'Flag2024ok';

  await page.goto('/');
  const login = await ui.openLogin();
  const answer = await ui.submitLoginAndWait(login, username, defaultPassword);
  expect(answer.status()).toBe(200);
  await expect(login).toBeHidden();

  const forced = ui.dialog('auth:cpw.title_forced');
  await expect(forced).toBeVisible();
  await expect(forced).toContainText(ui.t('auth:cpw.reason_default'));
  // No way around it: no close button, Escape and clicks outside do nothing; only signing out leaves it.
  await expect(forced.getByRole('button', { name: ui.t('auth:close'), exact: true })).toHaveCount(0);
  await expect(forced.getByRole('button', { name: ui.t('auth:cpw.logout_instead'), exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  await expect(forced).toBeVisible();
  // Nor does a reload or another address.
  await page.reload();
  await expect(forced).toBeVisible();
  await page.goto('/promotions');
  await expect(forced).toBeVisible();
  // The default password is known, so only the new one is asked for.
  await expect(ui.field(forced, 'oldPassword')).toHaveCount(0);

  const newField = ui.field(forced, 'newPassword');
  const confirmField = ui.field(forced, 'confirmNewPassword');
  const save = forced.getByRole('button', { name: ui.t('auth:cpw.submit'), exact: true });

  // A confirmation that does not match is refused in place.
  await newField.fill(newPassword);
  await confirmField.fill(`${newPassword}x`);
  await save.click();
  const mismatch = validationMessage('confirmPasswordIncorrect', 'en');
  await expect(confirmField).toHaveAccessibleDescription(mismatch);
  await expect(forced).toBeVisible();

  await confirmField.fill(newPassword);
  await save.click();
  await expect(forced).toBeHidden();

  // Every session ended on the server: the portal asks to log in again with the new password.
  const done = ui.dialog('auth:dialog.title_success');
  await expect(done).toContainText(ui.t('auth:cpw.saved_relogin'));
  expect(await ui.token()).toBeNull();
  await done.getByRole('button', { name: ui.t('auth:dialog.confirm'), exact: true }).click();
  await expect(ui.loginDialog).toBeVisible();

  const again = await ui.submitLoginAndWait(ui.loginDialog, username, newPassword);
  expect(again.status()).toBe(200);
  await expect(ui.loginDialog).toBeHidden();
  await expect(ui.memberLink(nickname)).toBeVisible();
  await expect(forced).toHaveCount(0);

  // The old default password no longer opens the account.
  expect(await apiLogin(request, { username, password: defaultPassword })).toMatchObject({ status: 401, code: 'ACCOUNT_OR_PASSWORD_WRONG' });
});
