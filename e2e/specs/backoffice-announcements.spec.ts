import type { APIRequestContext, Page } from '@playwright/test';
import type { AnnouncementListValue, LocalizedText } from '@apsara/contracts';
import { opsLogin } from '../fixtures/api';
import { HOSTS, OPS_ADMIN, PORT } from '../fixtures/constants';
import { expect, test } from '../fixtures/test';

/**
 * The back office's announcements page (/backoffice/announcements), as an operator clicks it: an
 * admin writes a player notice, finds it showing in the list, switches it off, and the portal's
 * public list (GET /wps/announcements?types=PL) no longer has it. Another role reads the page and
 * can change nothing.
 */

const ORIGIN = `http://127.0.0.1:${PORT}`;
const onSite = (token?: string) => ({ Host: `${HOSTS.apsara}:${PORT}`, 'Accept-Language': 'en', ...(token ? { Authorization: `Bearer ${token}` } : {}) });

const english = (text: LocalizedText) => (typeof text === 'string' ? text : text.en);

/** The player notices a visitor is shown now, by their English titles (`GET /wps/announcements?types=PL`). */
const shownPlayerNotices = async (request: APIRequestContext) => {
  const body = (await (await request.get(`${ORIGIN}/wps/announcements`, { headers: onSite(), params: { types: 'PL', platform: 'W' } })).json()) as { success: boolean; value: AnnouncementListValue };
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.value.player.map((n) => english(n.title));
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
  await page.goto('/backoffice/announcements');
  await expect(page).toHaveURL(/\/backoffice\/login\?next=%2Fbackoffice%2Fannouncements$/);
  await page.getByLabel(t('ops:login.username'), { exact: true }).fill(account.username);
  await page.getByLabel(t('ops:login.password'), { exact: true }).fill(account.password);
  await page.getByRole('button', { name: t('ops:login.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/backoffice\/announcements$/);
  await expect(page.getByRole('heading', { level: 1, name: t('ops:page.announcements'), exact: true })).toBeVisible();
};

test('an admin writes a player notice, sees it showing, switches it off, and the portal stops listing it', async ({ page, ui, request }) => {
  test.setTimeout(90_000);
  const t = ui.t;
  const title = `E2E notice ${Date.now().toString(36)}`;
  const field = (key: string, lang: string) => page.getByRole('textbox', { name: t('ops:announcements.text_in', { text: t(`ops:announcements.field.${key}`), lang: t(`ops:announcements.lang.${lang}`) }), exact: true });
  const notice = (text: string) => page.getByRole('status').filter({ hasText: text });

  await signIn(page, t, OPS_ADMIN);
  // In the menu among the site's pages, and marked as the page open.
  await expect(page.getByRole('complementary', { name: t('ops:frame.menu'), exact: true }).getByRole('link', { name: t('ops:page.announcements') })).toHaveAttribute('aria-current', 'page');

  await test.step('write a player notice, after the form refuses it without a title', async () => {
    await page.getByRole('button', { name: t('ops:announcements.new'), exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: t('ops:announcements.new_title'), exact: true })).toBeVisible();
    await page.getByRole('radio', { name: t('ops:announcements.kind.player') }).check();
    // A notice has neither a picture nor a link: the form does not ask for them.
    await expect(page.getByLabel(t('ops:announcements.field.linkageType'), { exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: t('ops:announcements.create'), exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: t('ops:announcements.rule.title_required') })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: t('ops:announcements.rule.content_required') })).toBeVisible();
    await expect(field('title', 'en')).toHaveAttribute('aria-invalid', 'true');

    await field('title', 'en').fill(title);
    await field('title', 'km').fill('សេចក្ដីជូនដំណឹងសាកល្បង');
    await field('content', 'en').fill('Deposits through ABA are back to normal.\nThank you for waiting.');
    // The preview shows the notice as players will read it.
    await expect(page.getByRole('region', { name: t('ops:announcements.preview.title') })).toContainText(title);
    await page.getByRole('button', { name: t('ops:announcements.create'), exact: true }).click();
  });

  const row = page.getByRole('row').filter({ hasText: title });
  const onOff = row.getByRole('switch', { name: t('ops:announcements.show_named', { title }), exact: true });

  await test.step('it is in the list, showing', async () => {
    await expect(notice(t('ops:announcements.created_notice', { title, phase: t('ops:announcements.phase.showing') }))).toBeVisible();
    await expect(page).toHaveURL(/\/backoffice\/announcements$/);
    await page.getByRole('tab', { name: t('ops:announcements.tab.player'), exact: true }).click();
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(t('ops:announcements.phase.showing'));
    await expect(row).toContainText(t('ops:announcements.audience.all'));
    await expect(onOff).toBeChecked();
    expect(await shownPlayerNotices(request)).toContain(title);
  });

  await test.step('switch it off: the portal no longer lists it', async () => {
    await onOff.click();
    await expect(notice(t('ops:announcements.off_notice', { title }))).toBeVisible();
    await expect(row).toContainText(t('ops:announcements.phase.off'));
    await expect(onOff).not.toBeChecked();
    expect(await shownPlayerNotices(request)).not.toContain(title);
  });

  await test.step('the form keeps what it was given, and refuses an end before the start', async () => {
    await row.getByRole('link', { name: t('ops:announcements.edit_named', { title }), exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
    await expect(field('title', 'km')).toHaveValue('សេចក្ដីជូនដំណឹងសាកល្បង');
    await expect(page.getByRole('switch', { name: t('ops:announcements.field.active') })).not.toBeChecked();
    await page.getByLabel(t('ops:announcements.field.endsAt', { gmt: 'GMT+7' }), { exact: true }).fill('2020-01-01T10:00');
    await page.getByRole('button', { name: t('ops:announcements.save'), exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: t('ops:announcements.rule.end_order') })).toBeVisible();
    await page.getByRole('link', { name: t('ops:announcements.back'), exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: t('ops:page.announcements'), exact: true })).toBeVisible();
  });
});

test('a support operator reads the announcements and can change none of them', async ({ page, ui, request }) => {
  const t = ui.t;
  const support = await addOperator(request, 'support');
  await signIn(page, t, support);
  await expect(page.getByText(t('ops:common.read_only'), { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: t('ops:announcements.new'), exact: true })).toBeDisabled();

  await page.getByRole('tab', { name: t('ops:announcements.tab.banner'), exact: true }).click();
  // The previous tab's rows stay on screen, marked busy, until the banners arrive.
  await expect(page).toHaveURL(/[?&]kind=banner(&|$)/);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const switches = page.getByRole('switch');
  await expect(switches.first()).toBeVisible();
  expect(await switches.evaluateAll((all) => all.length > 0 && all.every((s) => (s as HTMLInputElement).disabled))).toBe(true);

  // A banner opens read only, with what it is made of.
  const view = page.getByRole('row').nth(1).getByRole('link');
  await expect(view).toHaveText(t('ops:announcements.view'));
  await view.click();
  await expect(page.getByLabel(t('ops:announcements.field.groupName'), { exact: true })).toBeDisabled();
  await expect(page.getByText(t('ops:announcements.locked', { role: t('ops:role.admin') }), { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: t('ops:announcements.save'), exact: true })).toHaveCount(0);
});
