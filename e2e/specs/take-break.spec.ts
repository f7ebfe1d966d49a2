import { escapeRegExp } from '../fixtures/i18n';
import { expect, test } from '../fixtures/test';

/**
 * Taking a break (docs/responsible-play.md): a member opens the security center, chooses a 7-day break
 * and sees when it would end; without the confirmation nothing is sent, a wrong password is refused at
 * its field; with both, the member is signed out and told until when; signing in again is refused with
 * the end of the break, in the member's words.
 */
test('a member takes a 7-day break: signed out at once, and sign-in is refused until it ends', async ({ page, ui, freshAccount }) => {
  test.setTimeout(90_000);
  const t = ui.t;
  await page.goto('/');
  await ui.loginThroughPopup(freshAccount.username, freshAccount.password);
  await page.goto('/member/securityCenter');
  const panel = ui.panel('member:break.title');
  await panel.scrollIntoViewIfNeeded();

  await test.step('the form asks for a length, the password and the confirmation, and says when the break would end', async () => {
    await panel.getByRole('button', { name: t('member:break.submit'), exact: true }).click();
    await expect(panel.getByText(t('member:break.need_period'), { exact: true })).toBeVisible();
    await expect(panel.getByText(t('member:break.need_understood'), { exact: true })).toBeVisible();
    // The choice's own words are what a player presses.
    await panel.getByText(t('member:break.days', { count: 7 }), { exact: true }).click();
    await expect(panel.getByRole('radio', { name: t('member:break.days', { count: 7 }), exact: true })).toBeChecked();
    const [before, after] = t('member:break.ends', { time: '\u0000' }).split('\u0000').map((s) => escapeRegExp(s!));
    await expect(panel.getByRole('status').filter({ hasText: new RegExp(`^${before}\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d \\(GMT\\+7\\)${after}$`) })).toBeVisible();
    await panel.getByLabel(t('member:security.login_password_current'), { exact: true }).fill('Not-my-password-1');
    await panel.getByText(t('member:break.understood'), { exact: true }).click();
    await expect(panel.getByRole('checkbox', { name: t('member:break.understood'), exact: true })).toBeChecked();
    await panel.getByRole('button', { name: t('member:break.submit'), exact: true }).click();
    await expect(panel.getByLabel(t('member:security.login_password_current'), { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(ui.headerLogin).toHaveCount(0);
  });

  await test.step('with the right password the break starts: signed out, and told until when', async () => {
    await panel.getByLabel(t('member:security.login_password_current'), { exact: true }).fill(freshAccount.password);
    await panel.getByRole('button', { name: t('member:break.submit'), exact: true }).click();
    const [before] = t('member:break.started', { time: '\u0000' }).split('\u0000');
    const notice = page.getByRole('dialog').filter({ hasText: before! });
    await expect(notice).toBeVisible();
    // The end in the site's time, with its offset, as the sign-in refusal gives it.
    await expect(notice).toContainText(/\d{4}-\d\d-\d\d \d\d:\d\d \(GMT\+7\)/);
    await expect(page).toHaveURL(/\/$/);
    await notice.getByRole('button', { name: t('auth:dialog.confirm'), exact: true }).click();
    await expect(ui.headerLogin).toBeVisible();
  });

  await test.step('signing in again is refused with the end of the break', async () => {
    const dialog = await ui.openLogin();
    await ui.submitLogin(dialog, freshAccount.username, freshAccount.password);
    await expect(dialog.getByText(/\d{4}-\d\d-\d\d \d\d:\d\d GMT\+7/)).toBeVisible();
    // Still signed out: the popup stays, with no session behind it.
    await expect(dialog).toBeVisible();
    expect(await ui.token()).toBeFalsy();
  });
});
