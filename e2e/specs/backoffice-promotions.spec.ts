import type { APIRequestContext, Page } from '@playwright/test';
import type { PromotionListValue } from '@apsara/contracts';
import { opsLogin } from '../fixtures/api';
import { HOSTS, OPS_ADMIN, PORT } from '../fixtures/constants';
import { expect, test } from '../fixtures/test';

/**
 * The back office's promotions page (/backoffice/promotions), as an operator clicks it: an admin
 * makes a deposit promotion after the form refuses it half filled, finds it running in the list and
 * in the portal's hall, switches it off (gone from the hall), opens it again with its money terms
 * fixed, and is told the server's code when a code is taken. Another role reads the page and can
 * change nothing.
 */

const ORIGIN = `http://127.0.0.1:${PORT}`;
const onSite = (token?: string) => ({ Host: `${HOSTS.apsara}:${PORT}`, 'Accept-Language': 'en', ...(token ? { Authorization: `Bearer ${token}` } : {}) });

/** The codes of the promotions the portal's hall lists now (`GET /wps/promotions`, public). */
const hallCodes = async (request: APIRequestContext) => {
  const body = (await (await request.get(`${ORIGIN}/wps/promotions`, { headers: onSite() })).json()) as { success: boolean; value: PromotionListValue };
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.value.items.map((p) => p.code);
};

/** An operator of another role, made by the bootstrap admin (`POST /ops/operators`). */
const addOperator = async (request: APIRequestContext, role: 'finance' | 'support') => {
  const admin = await opsLogin(request);
  const account = { username: `e2e${role}${Date.now().toString(36)}`, password: `E2e-${role}-Pass-1` };
  const body = (await (await request.post(`${ORIGIN}/ops/operators`, { headers: onSite(admin), data: { ...account, role } })).json()) as { success: boolean };
  expect(body.success, JSON.stringify(body)).toBe(true);
  return account;
};

const signIn = async (page: Page, t: (key: string, vars?: Record<string, string>) => string, account: { username: string; password: string }) => {
  await page.goto('/backoffice/promotions');
  await expect(page).toHaveURL(/\/backoffice\/login\?next=%2Fbackoffice%2Fpromotions$/);
  await page.getByLabel(t('ops:login.username'), { exact: true }).fill(account.username);
  await page.getByLabel(t('ops:login.password'), { exact: true }).fill(account.password);
  await page.getByRole('button', { name: t('ops:login.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/backoffice\/promotions$/);
  await expect(page.getByRole('heading', { level: 1, name: t('ops:promotionsAdmin.page.promotions'), exact: true })).toBeVisible();
};

test('an admin makes a deposit promotion, sees it in the hall, switches it off, and cannot change its terms', async ({ page, ui, request }) => {
  test.setTimeout(90_000);
  const t = ui.t;
  const stamp = Date.now().toString(36);
  const code = `e2e-reload-${stamp}`;
  const title = `E2E reload ${stamp}`;
  const text = (key: string, lang: string) => page.getByRole('textbox', { name: t('ops:announcements.text_in', { text: t(`ops:promotionsAdmin.field.${key}`), lang: t(`ops:announcements.lang.${lang}`) }), exact: true });
  const label = (key: string) => page.getByLabel(t(`ops:promotionsAdmin.field.${key}`), { exact: true });
  const notice = (words: string) => page.getByRole('status').filter({ hasText: words });

  await signIn(page, t, OPS_ADMIN);
  // In the menu with the players' pages, and marked as the page open.
  await expect(page.getByRole('complementary', { name: t('ops:frame.menu'), exact: true }).getByRole('link', { name: t('ops:promotionsAdmin.page.promotions') })).toHaveAttribute('aria-current', 'page');
  // The seeded promotions are listed, with where each stands.
  await expect(page.getByRole('row').filter({ hasText: 'welcome-bonus' })).toContainText(t('ops:promotionsAdmin.phase.in_progress'));

  await test.step('make a deposit promotion, after the form refuses it half filled', async () => {
    await page.getByRole('button', { name: t('ops:promotionsAdmin.new'), exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: t('ops:promotionsAdmin.new_title'), exact: true })).toBeVisible();
    await page.getByRole('radio', { name: t('ops:promotionsAdmin.mechanic.deposit') }).check();
    // A deposit bonus pays a percent, not a fixed bonus or prizes: the form does not ask for them.
    await expect(label('bonus')).toHaveCount(0);
    await expect(page.getByRole('button', { name: t('ops:promotionsAdmin.prize_add'), exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: t('ops:promotionsAdmin.create'), exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: t('ops:promotionsAdmin.rule.percent_required') })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: t('ops:promotionsAdmin.rule.min_deposit_required') })).toBeVisible();
    await expect(text('title', 'en')).toHaveAttribute('aria-invalid', 'true');

    await label('code').fill(code);
    await text('title', 'en').fill(title);
    await text('title', 'km').fill('ប្រាក់រង្វាន់សាកល្បង');
    await text('summary', 'en').fill('20% of a deposit of 100.00 or more, up to 40.00');
    await text('body', 'en').fill('Join, deposit 100.00 or more, then claim.\nBets of 3× the bonus before a withdrawal.');
    await label('percent').fill('1001');
    await label('minDeposit').fill('100');
    await label('maxBonus').fill('40');
    await label('turnoverMultiple').fill('3');
    await page.getByRole('button', { name: t('ops:promotionsAdmin.create'), exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: t('ops:promotionsAdmin.rule.percent') })).toBeVisible();
    await label('percent').fill('20');
    await page.getByRole('button', { name: t('ops:promotionsAdmin.create'), exact: true }).click();
  });

  const row = page.getByRole('row').filter({ hasText: code });
  const onOff = row.getByRole('switch', { name: t('ops:promotionsAdmin.show_named', { title }), exact: true });

  await test.step('it is in the list, running, and in the portal hall', async () => {
    await expect(notice(t('ops:promotionsAdmin.created_notice', { title, code }))).toBeVisible();
    await expect(page).toHaveURL(/\/backoffice\/promotions$/);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(t('ops:promotionsAdmin.phase.in_progress'));
    await expect(row).toContainText(t('ops:promotionsAdmin.mechanic.deposit'));
    await expect(onOff).toBeChecked();
    expect(await hallCodes(request)).toContain(code);
  });

  await test.step('switch it off: the hall no longer lists it', async () => {
    await onOff.click();
    await expect(notice(t('ops:promotionsAdmin.off_notice', { title }))).toBeVisible();
    await expect(onOff).not.toBeChecked();
    await expect(row).toContainText(t('ops:promotionsAdmin.hidden'));
    expect(await hallCodes(request)).not.toContain(code);
    // The "hidden" filter finds it.
    // The select's own label (its accessible name also carries the option chosen).
    await page.getByRole('combobox', { name: t('ops:promotionsAdmin.show_filter') }).selectOption('hidden');
    await expect(page).toHaveURL(/[?&]show=hidden(&|$)/);
    await expect(row).toHaveCount(1);
    await expect(page.getByRole('row').filter({ hasText: 'welcome-bonus' })).toHaveCount(0);
  });

  await test.step('its terms are fixed; its words change, and an end before the start is refused', async () => {
    await row.getByRole('link', { name: t('ops:promotionsAdmin.edit_named', { title }), exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
    await expect(text('title', 'km')).toHaveValue('ប្រាក់រង្វាន់សាកល្បង');
    await expect(label('percent')).toHaveValue('20');
    await expect(label('percent')).toBeDisabled();
    await expect(label('code')).toBeDisabled();
    await expect(page.getByRole('switch', { name: t('ops:promotionsAdmin.field.visible') })).not.toBeChecked();
    await page.getByLabel(t('ops:promotionsAdmin.field.endsAt', { gmt: 'GMT+7' }), { exact: true }).fill('2020-01-01T10:00');
    await page.getByRole('button', { name: t('ops:promotionsAdmin.save'), exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: t('ops:promotionsAdmin.rule.end_order') })).toBeVisible();
    await page.getByLabel(t('ops:promotionsAdmin.field.endsAt', { gmt: 'GMT+7' }), { exact: true }).fill('');
    await text('title', 'cn').fill('测试红利');
    await page.getByRole('button', { name: t('ops:promotionsAdmin.save'), exact: true }).click();
    await expect(notice(t('ops:promotionsAdmin.saved_notice', { title }))).toBeVisible();
    await expect(row).toHaveCount(1);
  });

  await test.step("a code in use is refused with the server's code", async () => {
    await page.getByRole('button', { name: t('ops:promotionsAdmin.new'), exact: true }).click();
    await page.getByRole('radio', { name: t('ops:promotionsAdmin.mechanic.apply') }).check();
    await label('code').fill(code);
    await text('title', 'en').fill(`${title} again`);
    await text('summary', 'en').fill('Apply with a screenshot');
    await text('body', 'en').fill('Share, screenshot, apply.');
    await label('bonus').fill('8');
    await page.getByRole('button', { name: t('ops:promotionsAdmin.create'), exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'PROMOTION_CODE_TAKEN' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: t('ops:promotionsAdmin.rule.code_taken') })).toBeVisible();
    await expect(label('code')).toHaveAttribute('aria-invalid', 'true');
  });
});

test('a finance operator reads the promotions and can change none of them', async ({ page, ui, request }) => {
  const t = ui.t;
  const finance = await addOperator(request, 'finance');
  await signIn(page, t, finance);
  await expect(page.getByText(t('ops:common.read_only'), { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: t('ops:promotionsAdmin.new'), exact: true })).toBeDisabled();
  const switches = page.getByRole('switch');
  await expect(switches.first()).toBeVisible();
  expect(await switches.evaluateAll((all) => all.length > 0 && all.every((s) => (s as HTMLInputElement).disabled))).toBe(true);

  // A promotion opens read only, with its terms.
  const row = page.getByRole('row').filter({ hasText: 'lucky-wheel' });
  await row.getByRole('link').click();
  await expect(page.getByLabel(t('ops:promotionsAdmin.prize_amount', { n: '1' }), { exact: true })).toBeDisabled();
  await expect(page.getByLabel(t('ops:promotionsAdmin.field.category'), { exact: true })).toBeDisabled();
  await expect(page.getByText(t('ops:promotionsAdmin.locked', { role: t('ops:role.admin') }), { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: t('ops:promotionsAdmin.save'), exact: true })).toHaveCount(0);
});
