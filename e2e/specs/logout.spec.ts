import { memberInfo } from '../fixtures/api';
import { expect, test } from '../fixtures/test';

test('logout asks first, ends the session on the server and stays logged out after a reload', async ({ page, ui, request, freshAccount }) => {
  await page.goto('/');
  await ui.loginThroughPopup(freshAccount.username, freshAccount.password);
  const token = await ui.token();
  expect(token).toBeTruthy();
  expect((await memberInfo(request, token!)).status).toBe(200);

  // Log out from a page other than the lobby: it must come back to /.
  await ui.memberLink(freshAccount.username).click();
  await expect(page).toHaveURL(/\/member$/);
  // The merchant codes survive a logout (spec §4); the rest of session storage goes.
  await page.evaluate(() => sessionStorage.setItem('merchantCode', 'APSARA'));

  // Cancel first: nothing happens.
  await ui.headerLogout.click();
  await expect(ui.logoutDialog).toBeVisible();
  await expect(ui.logoutDialog).toContainText(ui.t('auth:logout.in_sure_logout'));
  await ui.logoutDialog.getByRole('button', { name: ui.t('auth:dialog.cancel'), exact: true }).click();
  await expect(ui.logoutDialog).toBeHidden();
  await expect(ui.memberLink(freshAccount.username)).toBeVisible();
  expect(await ui.token()).toBe(token);

  // Now confirm.
  await ui.headerLogout.click();
  await ui.logoutDialog.getByRole('button', { name: ui.t('auth:logout.confirm'), exact: true }).click();

  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(ui.logoutDialog).toBeHidden();
  await expect(ui.headerLogin).toBeVisible();
  await expect(ui.headerRegister).toBeVisible();
  await expect(ui.memberLink(freshAccount.username)).toHaveCount(0);
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
  expect(await page.evaluate(() => sessionStorage.getItem('loginState'))).toBeNull();
  expect(await page.evaluate(() => sessionStorage.getItem('merchantCode'))).toBe('APSARA');

  await page.reload();
  await expect(ui.headerLogin).toBeVisible();
  await expect(ui.memberLink(freshAccount.username)).toHaveCount(0);
  expect(await ui.token()).toBeNull();

  // The server killed the token: it no longer opens the member info.
  const after = await memberInfo(request, token!);
  expect(after.status).toBe(401);
  expect(after).toMatchObject({ success: false, code: 'NOT_LOGGED_IN' });
});
