import { expect, test } from '../fixtures/test';

test('/member without a session token ends on /login with the login popup', async ({ page, ui }) => {
  await page.goto('/member');

  await expect(page).toHaveURL(/\/login$/);
  await expect(ui.loginDialog).toBeVisible();
  await expect(ui.field(ui.loginDialog, 'username')).toBeVisible();
  await expect(ui.field(ui.loginDialog, 'password')).toBeVisible();
  expect(await ui.token()).toBeNull();

  // Closing the popup leaves /login for the lobby, still as a visitor.
  await ui.loginDialog.getByRole('button', { name: ui.t('auth:close'), exact: true }).click();
  await expect(ui.loginDialog).toBeHidden();
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(ui.headerLogin).toBeVisible();
});

test('a stale token that the server refuses does not open /member either', async ({ page, ui }) => {
  // A token the server never issued: the guard lets the route load, the server answers 401 and the
  // portal must drop the session and show the visitor header again.
  await page.goto('/');
  await page.evaluate(() => sessionStorage.setItem('token', 'x'.repeat(43)));
  await page.goto('/member');
  await expect(ui.headerLogin).toBeVisible();
  await expect.poll(() => ui.token()).toBeNull();
});
