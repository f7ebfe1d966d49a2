import type { Locator } from '@playwright/test';
import { apiLogin, bankDeposit, walletBalance } from '../fixtures/api';
import { HOSTS, OPS_ADMIN, siteUrl } from '../fixtures/constants';
import { escapeRegExp } from '../fixtures/i18n';
import { solidPng } from '../fixtures/images';
import { expect, test } from '../fixtures/test';

/**
 * The operator's back office (/backoffice), as an operator clicks it: sign in, find a new member's
 * pending deposit, look at its receipt, approve it (the member's balance rises, checked through the
 * member's API), find the member, adjust their balance, and read both actions in the audit log.
 */
test('an operator reviews a deposit with its receipt, adjusts the member and finds both in the audit log', async ({ page, ui, request, freshAccount }) => {
  test.setTimeout(120_000);
  const t = ui.t;
  const amount = '150.00';
  const reference = `FT${Date.now().toString().slice(-9)}`;
  const login = await apiLogin(request, freshAccount);
  expect(login.success, JSON.stringify(login)).toBe(true);
  const memberToken = (login.value as { token: string }).token;
  const deposit = await bankDeposit(request, memberToken, { amount, reference, receipt: solidPng(24, [40, 120, 200]) });
  expect(deposit.status).toBe('pending');
  expect((await walletBalance(request, memberToken)).balance).toBe('0.00');

  const menu = page.getByRole('complementary', { name: t('ops:frame.menu'), exact: true });
  const heading = (key: string, vars?: Record<string, string>) => page.getByRole('heading', { level: 1, name: t(key, vars), exact: true });
  const dialog = (key: string, vars: Record<string, string>) => page.getByRole('dialog', { name: t(key, vars), exact: true });
  const notice = (text: string) => page.getByRole('status').filter({ hasText: text });

  await test.step('sign in to the back office through its own page', async () => {
    await page.goto('/backoffice/deposits');
    // Without an operator session every page goes to the sign-in page, and back afterwards.
    await expect(page).toHaveURL(/\/backoffice\/login\?next=%2Fbackoffice%2Fdeposits$/);
    await expect(heading('ops:login.title')).toBeVisible();
    await page.getByLabel(t('ops:login.username'), { exact: true }).fill(OPS_ADMIN.username);
    await page.getByLabel(t('ops:login.password'), { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: t('ops:login.submit'), exact: true }).click();
    // The server's refusal, with its code.
    await expect(page.getByRole('alert').filter({ hasText: 'ACCOUNT_OR_PASSWORD_WRONG' })).toBeVisible();
    await page.getByLabel(t('ops:login.password'), { exact: true }).fill(OPS_ADMIN.password);
    await page.getByRole('button', { name: t('ops:login.submit'), exact: true }).click();
    await expect(page).toHaveURL(/\/backoffice\/deposits$/);
    await expect(heading('ops:page.deposits')).toBeVisible();
    // The operator's own frame: the name and role in the top bar, no lobby header.
    await expect(page.getByRole('group', { name: t('ops:frame.signed_in_as', { name: OPS_ADMIN.username, role: t('ops:role.admin') }) })).toBeVisible();
    await expect(page.getByRole('button', { name: t('auth:header.login'), exact: true })).toHaveCount(0);
    // The operator's token is not a member's.
    expect(await page.evaluate(() => [sessionStorage.getItem('token'), Boolean(sessionStorage.getItem('opsToken'))])).toEqual([null, true]);
  });

  const row: Locator = page.getByRole('row').filter({ hasText: freshAccount.username }).filter({ hasText: reference });
  const subject = t('ops:deposits.subject', { id: deposit.id });

  await test.step("open the pending deposit's receipt", async () => {
    await expect(page.getByRole('tab', { name: t('ops:status.deposits.pending'), exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(row).toBeVisible();
    await expect(row).toContainText('$150.00');
    await row.getByRole('button', { name: t('ops:deposits.view_receipt'), exact: true }).click();
    const viewer = dialog('ops:deposits.receipt_of', { id: deposit.id });
    await expect(viewer).toBeVisible();
    const image = viewer.getByRole('img', { name: t('ops:deposits.receipt_of', { id: deposit.id }), exact: true });
    await expect(image).toBeVisible();
    // The bytes came through with the operator's token and decoded: the 24 px receipt the member sent.
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(24);
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
  });

  await test.step('approve it: the member is credited once', async () => {
    await row.getByRole('button', { name: t('ops:decision.approve_named', { subject }), exact: true }).click();
    const confirm = dialog('ops:deposits.approve_title', { id: deposit.id });
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText(freshAccount.username);
    await confirm.getByRole('button', { name: t('ops:decision.approve'), exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(notice(t('ops:deposits.approved_notice', { id: deposit.id, member: freshAccount.username, balance: '$150.00' }))).toBeVisible();
    // Gone from the pending tab, there on the approved one.
    await expect(row).toHaveCount(0);
    await page.getByRole('tab', { name: t('ops:status.deposits.approved'), exact: true }).click();
    await expect(row).toContainText(t('ops:status.deposits.approved'));
    expect((await walletBalance(request, memberToken)).balance).toBe('150.00');
  });

  await test.step('find the member and credit their balance', async () => {
    await menu.getByRole('link', { name: t('ops:page.members') }).click();
    await expect(heading('ops:page.members')).toBeVisible();
    await page.getByLabel(t('ops:members.q'), { exact: true }).fill(freshAccount.username.slice(0, -2).toUpperCase());
    await page.getByRole('button', { name: t('ops:members.search'), exact: true }).click();
    await page.getByRole('link', { name: t('ops:members.open', { name: freshAccount.username }), exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: freshAccount.username, exact: true })).toBeVisible();
    const wallets = page.getByRole('table', { name: t('ops:members.wallets') });
    await expect(wallets.getByRole('row', { name: new RegExp(`^${escapeRegExp(t('ops:members.main_wallet'))}`) })).toContainText('$150.00');

    const adjust = page.getByRole('region', { name: t('ops:adjust.title'), exact: true });
    await adjust.getByLabel(t('ops:adjust.amount'), { exact: true }).fill('25.5');
    await adjust.getByLabel(t('ops:adjust.reason'), { exact: true }).fill('E2E goodwill credit');
    await adjust.getByRole('button', { name: t('ops:adjust.review'), exact: true }).click();
    const confirm = dialog('ops:adjust.confirm_credit', { name: freshAccount.username });
    await expect(confirm).toContainText('$175.50');
    await confirm.getByRole('button', { name: t('ops:adjust.do_credit'), exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(notice(t('ops:adjust.done_notice', { name: freshAccount.username, amount: '+$25.50', balance: '$175.50' }))).toBeVisible();
    expect((await walletBalance(request, memberToken)).balance).toBe('175.50');
  });

  await test.step('the audit log shows both, newest first', async () => {
    await menu.getByRole('link', { name: t('ops:page.audit') }).click();
    await expect(heading('ops:page.audit')).toBeVisible();
    const entries = page.getByRole('table', { name: t('ops:audit.caption') }).getByRole('row');
    const approval = entries.filter({ hasText: 'deposit.approve' }).filter({ hasText: `${t('ops:audit.target_name.deposit')} #${deposit.id}` });
    const adjustment = entries.filter({ hasText: 'member.adjustment' }).filter({ hasText: 'E2E goodwill credit' });
    await expect(approval).toHaveCount(1);
    await expect(adjustment).toHaveCount(1);
    await expect(approval).toContainText(OPS_ADMIN.username);
    // The adjustment's target is the member, by username.
    await expect(adjustment).toContainText(`${t('ops:audit.target_name.member')} ${freshAccount.username}`);
    // The change itself: the status before and after, by their names.
    await expect(approval).toContainText(t('ops:status.deposits.pending'));
    await expect(approval).toContainText(t('ops:status.deposits.approved'));
    const order = await entries.evaluateAll((rows) => rows.map((r) => r.textContent ?? ''));
    const at = (needle: string) => order.findIndex((text) => text.includes(needle));
    expect(at('E2E goodwill credit')).toBeLessThan(at(`${t('ops:audit.target_name.deposit')} #${deposit.id}`));
  });
});

test('players never download the back office, and operators reach it while the site is in maintenance', async ({ page, ui }) => {
  const t = ui.t;
  const fetched: string[] = [];
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
  await page.goto('/');
  await expect(ui.headerLogin).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(fetched.filter((p) => /backoffice/i.test(p)), 'no back-office chunk, style or texts on the lobby').toEqual([]);

  // The maintenance site shows players its maintenance page, but its back office still opens.
  await page.goto(`${siteUrl(HOSTS.maintenance)}/backoffice`);
  await expect(page).toHaveURL(/\/backoffice\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: t('ops:login.title'), exact: true })).toBeVisible();
  expect(fetched.some((p) => /backoffice-section/.test(p))).toBe(true);
});
