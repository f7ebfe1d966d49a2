import type { Locator, Page } from '@playwright/test';
import { newPassword, uniqueUsername } from '../fixtures/api';
import { CAPTCHA_ANSWER } from '../fixtures/constants';
import { snap } from '../fixtures/screens';
import { expect, test } from '../fixtures/test';

const WIDTH = 375;
const HEIGHT = 812;
test.use({ viewport: { width: WIDTH, height: HEIGHT }, isMobile: true, hasTouch: true });

/** On a phone a popup is a bottom sheet: full width, resting on the bottom edge, within the screen. */
const expectBottomSheet = async (dialog: Locator) => {
  await expect(dialog).toBeInViewport();
  // Wait for the slide-in to end: the sheet rests on the bottom edge.
  await expect
    .poll(async () => {
      const box = await dialog.boundingBox();
      return box ? Math.round(box.y + box.height) : -1;
    })
    .toBe(HEIGHT);
  const box = (await dialog.boundingBox())!;
  expect(Math.round(box.x)).toBe(0);
  expect(Math.round(box.width)).toBe(WIDTH);
  expect(box.y).toBeGreaterThanOrEqual(0);
};

const expectNoSideScroll = async (page: Page) => {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);
};

test('the register popup is a usable bottom sheet at 375 px', async ({ page, ui }, testInfo) => {
  await page.goto('/');
  await expect(ui.headerRegister).toBeVisible();
  await expectNoSideScroll(page);
  await snap(page, testInfo, 'lobby-375');

  const dialog = await ui.openRegister();
  await expectBottomSheet(dialog);
  await snap(page, testInfo, 'register-sheet-375');

  const username = uniqueUsername('m');
  const password = newPassword();
  await ui.field(dialog, 'username').fill(username);
  await ui.field(dialog, 'password').fill(password);
  await ui.field(dialog, 'confirmPassword').fill(password);
  await ui.field(dialog, 'captcha').fill(CAPTCHA_ANSWER);
  await dialog.getByRole('checkbox', { name: ui.t('auth:register.age', { age: 18 }) }).check();

  // The submit button can be reached inside the sheet (its body scrolls).
  const submit = dialog.getByRole('button', { name: ui.t('auth:register.submit'), exact: true });
  await submit.scrollIntoViewIfNeeded();
  await expect(submit).toBeInViewport({ ratio: 1 });
  await expectBottomSheet(dialog);
  await snap(page, testInfo, 'register-sheet-375-submit');
  await submit.tap();

  await expect(ui.registerDialog).toBeHidden();
  await expect(ui.bonusDialog).toBeVisible();
  await expectBottomSheet(ui.bonusDialog);
  await snap(page, testInfo, 'register-bonus-375');
  await ui.bonusDialog.getByRole('button', { name: ui.t('auth:bonus.later'), exact: true }).tap();

  await expect(ui.memberLink(username)).toBeVisible();
  await expect(ui.balance).toHaveText('$0.00');
  await expectNoSideScroll(page);
  await snap(page, testInfo, 'member-header-375');
});

test('the login popup is a usable bottom sheet at 375 px', async ({ page, ui, freshAccount }, testInfo) => {
  await page.goto('/');
  const dialog = await ui.openLogin();
  await expectBottomSheet(dialog);
  await snap(page, testInfo, 'login-sheet-375');

  await ui.field(dialog, 'username').fill(freshAccount.username);
  await ui.field(dialog, 'password').fill(freshAccount.password);
  // The show/hide toggle reveals what was typed (handy on a phone keyboard).
  await dialog.getByRole('button', { name: ui.t('form.show'), exact: true }).tap();
  await expect(ui.field(dialog, 'password')).toHaveAttribute('type', 'text');
  await expect(dialog.getByRole('button', { name: ui.t('form.hide'), exact: true })).toBeVisible();

  const submit = dialog.getByRole('button', { name: ui.t('auth:login.submit'), exact: true });
  await submit.scrollIntoViewIfNeeded();
  await expect(submit).toBeInViewport({ ratio: 1 });
  await submit.tap();

  await expect(dialog).toBeHidden();
  await expect(ui.memberLink(freshAccount.username)).toBeVisible();
  await expect(ui.balance).toHaveText('$0.00');
});
