import type { APIRequestContext, Page } from '@playwright/test';
import { OPS_CONFIG_SECTION_NAMES } from '@apsara/contracts';
import { opsLogin } from '../fixtures/api';
import { HOSTS, OPS_ADMIN, PORT } from '../fixtures/constants';
import { Portal } from '../fixtures/portal';
import { expect, test } from '../fixtures/test';

/**
 * The site's core settings from the back office (/backoffice/settings): an admin puts the player
 * site into maintenance (after confirming), the player site shows the maintenance page with the
 * admin's words while the back office keeps working, the admin brings it back; then a registration
 * field rule, a feature flag and the site's country codes changed in the back office show on the
 * player site's popups.
 * Whatever happens, the settings are put back through the API at the end.
 */

const ORIGIN = `http://127.0.0.1:${PORT}`;
const onSite = (token: string) => ({ Host: `${HOSTS.apsara}:${PORT}`, 'Accept-Language': 'en', Authorization: `Bearer ${token}` });
const SECTIONS = ['maintenance', 'register', 'flags', 'dialingCodes'] as const;

const readSettings = async (request: APIRequestContext, token: string) => {
  const body = (await (await request.get(`${ORIGIN}/ops/config`, { headers: onSite(token) })).json()) as { success: boolean; value: Record<string, unknown> };
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.value;
};

const signIn = async (page: Page, t: (key: string, vars?: Record<string, string>) => string, section: string) => {
  await page.goto(`/backoffice/settings?section=${section}`);
  await expect(page).toHaveURL(/\/backoffice\/login\?next=/);
  await page.getByLabel(t('ops:login.username'), { exact: true }).fill(OPS_ADMIN.username);
  await page.getByLabel(t('ops:login.password'), { exact: true }).fill(OPS_ADMIN.password);
  await page.getByRole('button', { name: t('ops:login.submit'), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/backoffice/settings\\?section=${section}$`));
};

test('an operator takes the site into maintenance and back, and changes a register field, a flag and the country codes the player site shows', async ({ page, ui, request }) => {
  test.setTimeout(120_000);
  const t = ui.t;
  const token = await opsLogin(request);
  const before = await readSettings(request, token);
  const ops = await page.context().newPage();
  const saved = (section: string) => ops.getByRole('status').filter({ hasText: t('ops:settings.saved', { section: t(`ops:settings.section.${section}`) }) });
  const save = () => ops.getByRole('button', { name: t('ops:settings.save'), exact: true }).click();
  const tab = (section: string) => ops.getByRole('tab', { name: t(`ops:settings.section.${section}`), exact: true });
  const words = `Back after the upgrade ${Date.now().toString(36)}`;

  try {
    await signIn(ops, t, 'maintenance');

    await test.step('maintenance on, after a confirmation: the player site shows the maintenance page', async () => {
      const active = ops.getByRole('switch', { name: t('ops:settings.maintenance.active') });
      await expect(active).not.toBeChecked();
      await ops.getByText(t('ops:settings.maintenance.active'), { exact: true }).click();
      await expect(active).toBeChecked();
      await ops.getByRole('textbox', { name: t('ops:announcements.text_in', { text: t('ops:settings.maintenance.message'), lang: t('ops:announcements.lang.en') }), exact: true }).fill(words);
      await save();
      const confirm = ops.getByRole('dialog', { name: t('ops:settings.maintenance.confirm_title'), exact: true });
      await expect(confirm).toContainText(t('ops:settings.maintenance.confirm_text'));
      // Cancelling sends nothing: the site stays open.
      await confirm.getByRole('button', { name: t('ops:common.cancel'), exact: true }).click();
      await expect(confirm).toBeHidden();
      await page.goto('/');
      await expect(ui.headerLogin).toBeVisible();

      await save();
      await confirm.getByRole('button', { name: t('ops:settings.maintenance.confirm'), exact: true }).click();
      await expect(saved('maintenance')).toBeVisible();

      await page.goto('/');
      await expect(page.getByRole('heading', { name: t('system.maintenance.title') })).toBeVisible();
      await expect(page.getByTestId('maintenance-message')).toHaveText(words);
      await expect(ui.headerLogin).toHaveCount(0);
    });

    await test.step('the back office still works during maintenance; maintenance off brings the site back', async () => {
      await ops.reload();
      const active = ops.getByRole('switch', { name: t('ops:settings.maintenance.active') });
      await expect(active).toBeChecked();
      await ops.getByText(t('ops:settings.maintenance.active'), { exact: true }).click();
      await expect(active).not.toBeChecked();
      // Turning the site back on is not asked twice.
      await save();
      await expect(saved('maintenance')).toBeVisible();

      await page.goto('/');
      await expect(ui.headerLogin).toBeVisible();
      await expect(page.getByRole('heading', { name: t('system.maintenance.title') })).toHaveCount(0);
    });

    await test.step('a register field shown and required appears on the register popup', async () => {
      // The portal keeps the register rules for the tab's session (spec §7), so the popup is looked at
      // in a new tab before the change and in another after it, as a new visitor would see it.
      const before = new Portal(await page.context().newPage(), ui.lang);
      await before.page.goto('/');
      const popup = await before.openRegister();
      await expect(before.field(popup, 'username')).toBeVisible();
      await expect(before.field(popup, 'qqNum')).toHaveCount(0);
      await before.page.close();

      await tab('register').click();
      const name = t('auth:field.qqNum');
      const cell = (column: string) => ops.getByRole('checkbox', { name: t('ops:settings.register.cell_of', { column: t(`ops:settings.register.col_${column}`), field: name }), exact: true });
      // Required without shown is refused beside the field, before anything is sent.
      await cell('required').check();
      await save();
      await expect(ops.locator('[data-field="qqNum"]')).toContainText(t('ops:settings.rule.required_hidden'));
      await cell('shown').check();
      await save();
      await expect(saved('register')).toBeVisible();

      const after = new Portal(await page.context().newPage(), ui.lang);
      await after.page.goto('/');
      const register = await after.openRegister();
      await expect(after.field(register, 'qqNum')).toBeVisible();
      await after.page.close();
    });

    await test.step('free play switched off leaves the login popup without its button, and back on shows it', async () => {
      await page.reload();
      const freePlay = (await ui.openLogin()).getByRole('button', { name: t('auth:login.free_play'), exact: true });
      await expect(freePlay).toBeVisible();

      await tab('flags').click();
      const flag = ops.getByRole('switch', { name: t('ops:settings.flags.FREEPLAY3') });
      await expect(flag).toBeChecked();
      await ops.getByText(t('ops:settings.flags.FREEPLAY3'), { exact: true }).click();
      await save();
      await expect(saved('flags')).toBeVisible();
      await page.reload();
      await expect(ui.headerLogin).toBeVisible();
      await expect((await ui.openLogin()).getByRole('button', { name: t('auth:login.free_play'), exact: true })).toHaveCount(0);

      // The saved notice speaks of what was saved: the next change takes it away.
      await ops.getByText(t('ops:settings.flags.FREEPLAY3'), { exact: true }).click();
      await expect(saved('flags')).toHaveCount(0);
      await save();
      await expect(saved('flags')).toBeVisible();
      await page.reload();
      await expect((await ui.openLogin()).getByRole('button', { name: t('auth:login.free_play'), exact: true })).toBeVisible();
    });

    await test.step("the site's countries: one added and moved up, the default removed; the register popup's country codes follow", async () => {
      await tab('dialingCodes').click();
      const rows = ops.locator('.bo-dial-row');
      await expect(rows.first()).toContainText('Cambodia (KH)');
      await expect(rows.first()).toContainText(t('ops:settings.dialingCodes.default'));
      await ops.getByRole('combobox', { name: t('ops:settings.dialingCodes.add'), exact: true }).selectOption({ label: 'Japan (JP) +81' });
      await ops.getByRole('button', { name: t('ops:settings.dialingCodes.add_button'), exact: true }).click();
      await expect(rows.last()).toContainText('Japan (JP)');
      await ops.getByRole('button', { name: t('ops:settings.dialingCodes.up', { country: 'Japan' }), exact: true }).click();
      await ops.getByRole('button', { name: t('ops:settings.dialingCodes.remove', { country: 'Cambodia' }), exact: true }).click();
      await expect(rows.first()).toContainText('Vietnam (VN)');
      await save();
      await expect(saved('dialingCodes')).toBeVisible();

      const portal = new Portal(await page.context().newPage(), ui.lang);
      await portal.page.goto('/');
      const popup = await portal.openRegister();
      const dial = popup.getByRole('combobox', { name: t('auth:field.dialingCode'), exact: true });
      await expect(dial).toHaveValue('VN');
      await expect.poll(() => dial.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).toEqual(['VN', 'TH', 'CN', 'MY', 'PH', 'ID', 'LA', 'MM', 'JP', 'SG']);
      await expect(dial.locator('option', { hasText: 'Japan +81' })).toHaveCount(1);
      await portal.page.close();
    });

    await test.step('on a phone the section tabs scroll sideways: the chosen one is in view, and each end that hides tabs says so', async () => {
      const last = OPS_CONFIG_SECTION_NAMES.at(-1)!;
      await ops.setViewportSize({ width: 375, height: 760 });
      await ops.goto(`/backoffice/settings?section=${last}`);
      const strip = ops.getByRole('tablist', { name: t('ops:settings.sections'), exact: true });
      const box = strip.locator('xpath=..');
      await expect(tab(last)).toHaveAttribute('aria-selected', 'true');
      // Whole, but for the fraction of a pixel a tab's fractional width leaves at the strip's end.
      await expect(tab(last)).toBeInViewport({ ratio: 0.98 });
      await expect(box).toHaveClass(/\bis-more-start\b/);
      await expect(box).not.toHaveClass(/\bis-more-end\b/);
      await strip.evaluate((el) => el.scrollTo({ left: 0, behavior: 'instant' }));
      await expect(box).toHaveClass(/\bis-more-end\b/);
      await expect(box).not.toHaveClass(/\bis-more-start\b/);
      // Picking a tab off the edge with the keyboard brings it into view.
      await tab(OPS_CONFIG_SECTION_NAMES[0]!).focus();
      await ops.keyboard.press('End');
      await expect(tab(last)).toBeFocused();
      await expect(tab(last)).toBeInViewport({ ratio: 0.98 });
    });
  } finally {
    for (const section of SECTIONS) {
      const res = await request.patch(`${ORIGIN}/ops/config/${section}`, { headers: onSite(token), data: before[section] as object });
      expect(res.ok(), `${section} ${await res.text()}`).toBe(true);
    }
  }
});
