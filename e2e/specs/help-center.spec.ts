import type { APIRequestContext, Page } from '@playwright/test';
import type { OpsHelpTopic } from '@apsara/contracts';
import { opsLogin } from '../fixtures/api';
import { HOSTS, OPS_ADMIN, PORT } from '../fixtures/constants';
import { expect, test } from '../fixtures/test';

/**
 * The help center (docs/help-center.md): the portal's help popup reads its topics from the server
 * (GET /wps/system/helpCenter), and an operator's edit in the back office (/backoffice/help-center)
 * is what the popup shows the next time it opens.
 */

const ORIGIN = `http://127.0.0.1:${PORT}`;
const onSite = (token: string) => ({ Host: `${HOSTS.apsara}:${PORT}`, 'Accept-Language': 'en', Authorization: `Bearer ${token}` });

const topicByKey = async (request: APIRequestContext, token: string, key: string) => {
  const body = (await (await request.get(`${ORIGIN}/ops/help-topics`, { headers: onSite(token) })).json()) as { success: boolean; value: { items: OpsHelpTopic[] } };
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.value.items.find((t) => t.key === key)!;
};

const signIn = async (page: Page, t: (key: string, vars?: Record<string, string>) => string) => {
  await page.goto('/backoffice/help-center');
  await expect(page).toHaveURL(/\/backoffice\/login\?next=%2Fbackoffice%2Fhelp-center$/);
  await page.getByLabel(t('ops:login.username'), { exact: true }).fill(OPS_ADMIN.username);
  await page.getByLabel(t('ops:login.password'), { exact: true }).fill(OPS_ADMIN.password);
  await page.getByRole('button', { name: t('ops:login.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/backoffice\/help-center$/);
  await expect(page.getByRole('heading', { level: 1, name: t('ops:helpCenterAdmin.page.helpCenter'), exact: true })).toBeVisible();
};

test('the help popup shows the seeded topics, and an operator’s new title after it opens again', async ({ page, ui, request, context }) => {
  test.setTimeout(90_000);
  const t = ui.t;
  const admin = await opsLogin(request);
  const games = await topicByKey(request, admin, 'games');
  const newTitle = `Fair play, explained ${Date.now().toString(36)}`;

  try {
    await test.step('the portal opens on the topic asked for, with the seeded words', async () => {
      await page.goto('/help?topic=deposit');
      const help = ui.dialog('help.title');
      await expect(help).toBeVisible();
      await expect(help.getByText('Account and login', { exact: true })).toBeVisible();
      const deposit = help.locator('details[data-topic="deposit"]');
      await expect(deposit).toHaveAttribute('open', '');
      await expect(deposit.getByText(/Deposits and withdrawals are made from the member center\./)).toBeVisible();
      // The app topic's page link closes the popup and goes there.
      await help.locator('details[data-topic="app"] summary').click();
      await help.getByRole('link', { name: t('help.toPage'), exact: true }).click();
      await expect(help).toBeHidden();
      await expect(page).toHaveURL(/\/download$/);
    });

    await test.step('an admin changes a topic’s title in the back office', async () => {
      const bo = await context.newPage();
      await signIn(bo, t);
      const row = bo.locator('tr[data-key="games"]');
      await expect(row).toBeVisible();
      await row.getByRole('button', { name: t('ops:helpCenterAdmin.edit_named', { title: 'Games and fair play' }), exact: true }).click();
      const dialog = bo.getByRole('dialog', { name: t('ops:helpCenterAdmin.edit_title', { title: 'Games and fair play' }) });
      const titleEn = dialog.getByRole('textbox', { name: t('ops:announcements.text_in', { text: t('ops:helpCenterAdmin.title'), lang: t('ops:announcements.lang.en') }), exact: true });
      await expect(titleEn).toHaveValue('Games and fair play');
      await titleEn.fill(newTitle);
      await dialog.getByRole('button', { name: t('ops:helpCenterAdmin.save'), exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(bo.getByRole('status').filter({ hasText: t('ops:helpCenterAdmin.saved_notice', { title: newTitle }) })).toBeVisible();
      await expect(row).toContainText(newTitle);
      await bo.close();
    });

    await test.step('the portal’s popup, opened again, shows the new title', async () => {
      await page.getByRole('contentinfo').getByRole('link', { name: t('footer.helpCenter'), exact: true }).click();
      const help = ui.dialog('help.title');
      await expect(help).toBeVisible();
      await expect(help.locator('details[data-topic="games"] summary')).toHaveText(newTitle);
    });
  } finally {
    // Leave the seeded words for the other journeys.
    await request.patch(`${ORIGIN}/ops/help-topics/${games.id}`, { headers: onSite(admin), data: { title: games.title } });
  }
});
