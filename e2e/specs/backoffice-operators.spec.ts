import type { Page } from '@playwright/test';
import { OPS_ADMIN, siteUrl } from '../fixtures/constants';
import { expect, test } from '../fixtures/test';

/**
 * Operator accounts (/backoffice/operators) and one's own password, as people click them: an admin
 * makes a support operator (after the form refuses a weak password and a taken name), that operator
 * signs in to the console and changes their password from their menu (after a wrong current one),
 * the admin disables them and their next action sends them to the sign-in page, and the audit log
 * filtered to operator actions without sign-ins shows what happened.
 */

type T = (key: string, vars?: Record<string, string | number>) => string;

const signIn = async (page: Page, t: T, account: { username: string; password: string }, path: string) => {
  await page.goto(path);
  await expect(page).toHaveURL(/\/backoffice\/login/);
  await page.getByLabel(t('ops:login.username'), { exact: true }).fill(account.username);
  await page.getByLabel(t('ops:login.password'), { exact: true }).fill(account.password);
  await page.getByRole('button', { name: t('ops:login.submit'), exact: true }).click();
};

test('an admin makes a support operator, who changes their password; disabled, their session ends; the audit log shows it', async ({ page, ui, browser }) => {
  test.setTimeout(150_000);
  const t = ui.t;
  const heading = (p: Page, key: string) => p.getByRole('heading', { level: 1, name: t(key), exact: true });
  const notice = (p: Page, text: string) => p.getByRole('status').filter({ hasText: text });
  const support = { username: `e2esup${Date.now().toString(36)}`, password: 'First-Pass-123' };
  const newPassword = 'Second-Pass-456';

  await signIn(page, t, OPS_ADMIN, '/backoffice/operators');
  await expect(heading(page, 'ops:page.operators')).toBeVisible();
  const table = page.getByRole('table', { name: t('ops:operators.caption'), exact: true });
  const row = table.getByRole('row').filter({ hasText: support.username });

  await test.step("the admin's own row cannot be changed here, and says why", async () => {
    const own = table.getByRole('row').filter({ hasText: OPS_ADMIN.username }).filter({ hasText: t('ops:operators.you') });
    await expect(own.getByRole('button', { name: t('ops:operators.edit_named', { name: OPS_ADMIN.username }), exact: true })).toBeDisabled();
    await expect(own.getByRole('button', { name: t('ops:operators.password_named', { name: OPS_ADMIN.username }), exact: true })).toBeDisabled();
    await expect(own).toContainText(t('ops:operators.self_reason'));
  });

  await test.step('create a support operator, after a weak password and a taken name are refused on their fields', async () => {
    await page.getByText(t('ops:operators.new'), { exact: true }).click();
    const form = page.getByRole('form', { name: t('ops:operators.new'), exact: true });
    const username = form.getByLabel(t('ops:operators.username'), { exact: true });
    const password = form.getByLabel(t('ops:operators.first_password'), { exact: true });
    await username.fill(support.username);
    await password.fill('short1');
    await form.getByLabel(t('ops:operators.role'), { exact: true }).selectOption('support');
    await form.getByRole('button', { name: t('ops:operators.create'), exact: true }).click();
    await expect(form.getByText(t('ops:password.rule.too_short', { min: 10 }))).toBeVisible();
    await password.fill('onlyletters');
    await form.getByRole('button', { name: t('ops:operators.create'), exact: true }).click();
    await expect(form.getByText(t('ops:password.rule.letter_digit'))).toBeVisible();
    // The bootstrap admin's name in other letters: names are unique whatever the case.
    await username.fill(OPS_ADMIN.username.toUpperCase());
    await password.fill(support.password);
    await form.getByRole('button', { name: t('ops:operators.create'), exact: true }).click();
    await expect(username).toHaveAttribute('aria-invalid', 'true');
    await username.fill(support.username);
    await form.getByRole('button', { name: t('ops:operators.create'), exact: true }).click();
    await expect(notice(page, t('ops:operators.created_notice', { name: support.username, role: t('ops:role.support') }))).toBeVisible();
    await expect(row).toContainText(t('ops:role.support'));
    await expect(row).toContainText(t('ops:operators.status.active'));
    await expect(row).toContainText(t('ops:operators.never'));
  });

  // The support operator works in a browser of their own, from another address.
  const theirs = await browser.newContext({ locale: 'en-US', extraHTTPHeaders: { 'X-Forwarded-For': `10.250.${Math.floor(Math.random() * 250)}.7` } });
  const them = await theirs.newPage();

  await test.step('the new operator signs in and changes their password from their menu', async () => {
    await signIn(them, t, support, `${siteUrl()}/backoffice`);
    await expect(them).toHaveURL(/\/backoffice$/);
    await expect(them.getByRole('group', { name: t('ops:frame.signed_in_as', { name: support.username, role: t('ops:role.support') }) })).toBeVisible();
    // Operator accounts and the audit log are an admin's.
    const menu = them.getByRole('complementary', { name: t('ops:frame.menu'), exact: true });
    await expect(menu.getByRole('link', { name: t('ops:page.chats') })).toBeVisible();
    await expect(menu.getByRole('link', { name: t('ops:page.operators') })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: t('ops:page.audit') })).toHaveCount(0);

    await them.getByRole('button', { name: t('ops:frame.account_menu', { name: support.username }), exact: true }).click();
    await them.getByRole('menuitem', { name: t('ops:frame.change_password'), exact: true }).click();
    const dialog = them.getByRole('dialog', { name: t('ops:password.own_title'), exact: true });
    const current = dialog.getByLabel(t('ops:password.current'), { exact: true });
    await current.fill('Not-the-pass-1');
    await dialog.getByLabel(t('ops:password.new'), { exact: true }).fill(newPassword);
    await dialog.getByLabel(t('ops:password.repeat'), { exact: true }).fill(newPassword);
    await dialog.getByRole('button', { name: t('ops:password.own_submit'), exact: true }).click();
    // The server's refusal sits on the current password's field.
    await expect(current).toHaveAttribute('aria-invalid', 'true');
    await current.fill(support.password);
    await dialog.getByRole('button', { name: t('ops:password.own_submit'), exact: true }).click();
    await expect(dialog.getByRole('status')).toContainText(t('ops:password.own_done'));
    await expect(dialog.getByRole('status')).toContainText(t('ops:password.others_ended', { count: 0 }));
    await dialog.getByRole('button', { name: t('ops:password.done'), exact: true }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('the admin disables them', async () => {
    await page.reload();
    await expect(row).not.toContainText(t('ops:operators.never'));
    await row.getByRole('button', { name: t('ops:operators.edit_named', { name: support.username }), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: t('ops:operators.edit_title', { name: support.username }), exact: true });
    await dialog.getByLabel(t('ops:operators.status_label'), { exact: true }).selectOption('disabled');
    await expect(dialog).toContainText(t('ops:operators.disable_consequence', { name: support.username }));
    await dialog.getByRole('button', { name: t('ops:operators.save'), exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(notice(page, t('ops:operators.saved_notice', { name: support.username, role: t('ops:role.support'), status: t('ops:operators.status.disabled') }))).toBeVisible();
    await expect(row).toContainText(t('ops:operators.status.disabled'));
  });

  await test.step("the disabled operator's next action sends them to the sign-in page, and they cannot come back", async () => {
    await them.getByRole('complementary', { name: t('ops:frame.menu'), exact: true }).getByRole('link', { name: t('ops:page.members') }).click();
    await expect(them).toHaveURL(/\/backoffice\/login\?next=%2Fbackoffice%2Fmembers$/);
    await expect(them.getByRole('status').filter({ hasText: t('ops:login.ended_expired') })).toBeVisible();
    await them.getByLabel(t('ops:login.username'), { exact: true }).fill(support.username);
    await them.getByLabel(t('ops:login.password'), { exact: true }).fill(newPassword);
    await them.getByRole('button', { name: t('ops:login.submit'), exact: true }).click();
    await expect(them.getByRole('alert').filter({ hasText: 'ACCOUNT_DISABLED' })).toBeVisible();
    await theirs.close();
  });

  await test.step('the audit log, filtered to operator actions without sign-ins, shows all three', async () => {
    await page.getByRole('complementary', { name: t('ops:frame.menu'), exact: true }).getByRole('link', { name: t('ops:page.audit') }).click();
    await expect(heading(page, 'ops:page.audit')).toBeVisible();
    const filters = page.getByRole('search', { name: t('ops:audit.filter.label'), exact: true });
    await filters.getByLabel(t('ops:audit.filter.action'), { exact: true }).fill('operator');
    // The switch's label turns it on, as a person clicks it.
    await filters.getByText(t('ops:audit.filter.hide_sign_ins'), { exact: true }).click();
    await expect(filters.getByRole('switch', { name: new RegExp(t('ops:audit.filter.hide_sign_ins')) })).toBeChecked();
    await filters.getByRole('button', { name: t('ops:audit.filter.apply'), exact: true }).click();
    await expect(page).toHaveURL(/[?&]action=operator(&|$)/);
    await expect(page).toHaveURL(/[?&]signIns=hide(&|$)/);
    const entries = page.getByRole('table', { name: t('ops:audit.caption') }).getByRole('row');
    await expect(entries.filter({ hasText: 'operator.create' }).filter({ hasText: support.username })).toHaveCount(1);
    await expect(entries.filter({ hasText: 'operator.password_change' }).filter({ hasText: support.username })).not.toHaveCount(0);
    await expect(entries.filter({ hasText: 'operator.update' }).filter({ hasText: t('ops:operators.status.disabled') }).first()).toBeVisible();
    await expect(entries.filter({ hasText: 'operator.login' })).toHaveCount(0);

    // Everything done to that operator: "only this" on the creation's row.
    const created = entries.filter({ hasText: 'operator.create' }).filter({ hasText: support.username });
    // The target is named by the operator's username.
    await created.getByRole('button', { name: new RegExp(`${t('ops:audit.target_name.operator')} ${support.username}`) }).click();
    await expect(page).toHaveURL(/[?&]targetType=operator&targetId=\d+/);
    await expect(entries.filter({ hasText: /operator\.(create|password_change|update)/ })).toHaveCount(3);
    await expect(entries.filter({ hasText: 'operator.login' })).toHaveCount(0);
    // A reload keeps the filters.
    await page.reload();
    await expect(page.getByRole('search', { name: t('ops:audit.filter.label'), exact: true }).getByLabel(t('ops:audit.filter.action'), { exact: true })).toHaveValue('operator');
    await expect(entries.filter({ hasText: /operator\.(create|password_change|update)/ })).toHaveCount(3);
  });
});
