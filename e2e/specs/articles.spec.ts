import type { Page } from '@playwright/test';
import type { OpsArticle } from '@apsara/contracts';
import { opsLogin } from '../fixtures/api';
import { HOSTS, OPS_ADMIN, PORT } from '../fixtures/constants';
import { expect, test } from '../fixtures/test';

/**
 * The Beginner Guide, Blog and News (docs/articles.md): a visitor reads the seeded guide step by
 * step, and an article an admin writes and publishes in the back office (/backoffice/articles) is
 * on the portal's news page at once; taken back to a draft, its address says it is not there.
 */

const ORIGIN = `http://127.0.0.1:${PORT}`;
const onSite = (token: string) => ({ Host: `${HOSTS.apsara}:${PORT}`, 'Accept-Language': 'en', Authorization: `Bearer ${token}` });

const signIn = async (page: Page, t: (key: string, vars?: Record<string, string>) => string) => {
  await page.goto('/backoffice/articles');
  await expect(page).toHaveURL(/\/backoffice\/login\?next=%2Fbackoffice%2Farticles$/);
  await page.getByLabel(t('ops:login.username'), { exact: true }).fill(OPS_ADMIN.username);
  await page.getByLabel(t('ops:login.password'), { exact: true }).fill(OPS_ADMIN.password);
  await page.getByRole('button', { name: t('ops:login.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/backoffice\/articles$/);
  await expect(page.getByRole('heading', { level: 1, name: t('ops:articlesAdmin.page.articles'), exact: true })).toBeVisible();
};

test('a visitor reads the guide step by step, and an admin’s news item appears on the portal and goes again', async ({ page, ui, request, context }) => {
  test.setTimeout(90_000);
  const t = ui.t;
  const stamp = Date.now().toString(36);
  const title = `Saturday draw ${stamp}`;
  const slug = `saturday-draw-${stamp}`;
  const admin = await opsLogin(request);

  try {
    await test.step('the footer leads to the guide; its steps read in order, each leading to the next', async () => {
      await page.goto('/');
      await page.getByRole('contentinfo').getByRole('link', { name: t('articles:kind.guide'), exact: true }).click();
      await expect(page).toHaveURL(/\/guide$/);
      await expect(page.getByRole('heading', { level: 1, name: t('articles:kind.guide'), exact: true })).toBeVisible();
      const steps = page.locator('.articles__card-title');
      await expect(steps).toHaveText(['Step 1: Create your account', 'Step 2: Make your first deposit', 'Step 3: Find a game and play', 'Step 4: Withdraw your winnings']);
      await page.getByRole('link', { name: 'Step 1: Create your account', exact: true }).click();
      await expect(page).toHaveURL(/\/guide\/create-your-account$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Step 1: Create your account' })).toBeVisible();
      // The body's Markdown: a heading under the title and a link to a page of the site.
      await expect(page.getByRole('heading', { level: 2, name: 'Secure it first' })).toBeVisible();
      await expect(page.locator('.article__body').getByRole('link', { name: 'security center' })).toHaveAttribute('href', '/member/securityCenter');
      await page.getByRole('navigation', { name: t('articles:neighbours') }).getByRole('link', { name: /Step 2: Make your first deposit/ }).click();
      await expect(page).toHaveURL(/\/guide\/make-your-first-deposit$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Step 2: Make your first deposit' })).toBeVisible();
      await expect(page).toHaveTitle(/^Step 2: Make your first deposit · /);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', 'Bank transfer with a receipt, or an online payment channel: how each one works.');
    });

    // The operator's session lives in its tab: one back-office tab for the whole journey.
    const bo = await context.newPage();
    await test.step('an admin writes a news item in the back office and publishes it', async () => {
      await signIn(bo, t);
      await bo.getByRole('button', { name: t('ops:articlesAdmin.new'), exact: true }).click();
      const dialog = bo.getByRole('dialog', { name: t('ops:articlesAdmin.new') });
      await dialog.getByLabel(t('ops:articlesAdmin.kind'), { exact: true }).selectOption('news');
      const box = (field: string, lang: string) => dialog.getByRole('textbox', { name: t('ops:announcements.text_in', { text: t(`ops:articlesAdmin.${field}`), lang: t(`ops:announcements.lang.${lang}`) }), exact: true });
      await box('title', 'en').fill(title);
      // The address follows the English title until typed.
      await expect(dialog.getByLabel(t('ops:articlesAdmin.slug'), { exact: true })).toHaveValue(slug);
      // The site speaks Khmer: a body in English and Chinese only is refused before it is sent.
      await box('title', 'km').fill('ការចាប់ឆ្នោតថ្ងៃសៅរ៍');
      await box('body', 'en').fill('One more draw on Saturdays.\n\n## When\n\n- 18:00, site time');
      await box('body', 'cn').fill('每周六加开一期。');
      await dialog.getByLabel(t('ops:articlesAdmin.publish'), { exact: true }).selectOption('now');
      await dialog.getByRole('button', { name: t('ops:articlesAdmin.create'), exact: true }).click();
      await expect(dialog.getByText(t('ops:articlesAdmin.rule.site_lang', { lang: t('ops:announcements.lang.km') }))).toBeVisible();
      await box('body', 'km').fill('មានការចាប់ឆ្នោតមួយទៀតនៅថ្ងៃសៅរ៍។');
      await dialog.getByRole('button', { name: t('ops:articlesAdmin.create'), exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(bo.getByRole('status').filter({ hasText: t('ops:articlesAdmin.created_notice', { title }) })).toBeVisible();
      const row = bo.locator(`tr[data-slug="${slug}"]`);
      await expect(row).toContainText(t('ops:articlesAdmin.state.published'));
    });

    await test.step('the news page shows it first, and it reads with its heading and list', async () => {
      await page.goto('/news');
      await expect(page.locator('.articles__card-title').first()).toHaveText(title);
      await page.getByRole('link', { name: title, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/news/${slug}$`));
      await expect(page.getByRole('heading', { level: 2, name: 'When' })).toBeVisible();
      await expect(page.locator('.article__body li')).toHaveText('18:00, site time');
    });

    await test.step('taken back to a draft in the back office, its address says it is not there', async () => {
      await bo.bringToFront();
      await bo.getByRole('tab', { name: t('ops:articlesAdmin.kinds.news'), exact: true }).click();
      const row = bo.locator(`tr[data-slug="${slug}"]`);
      await row.getByRole('button', { name: t('ops:articlesAdmin.unpublish_named', { title }), exact: true }).click();
      const confirm = bo.getByRole('dialog', { name: t('ops:articlesAdmin.unpublish_title', { title }) });
      await confirm.getByRole('button', { name: t('ops:articlesAdmin.unpublish'), exact: true }).click();
      await expect(row).toContainText(t('ops:articlesAdmin.state.draft'));
      await bo.close();
      await page.reload();
      await expect(page.getByText(t('articles:gone_title'), { exact: true })).toBeVisible();
      // The audit log has the three writes.
      const audit = await (await request.get(`${ORIGIN}/ops/audit?targetType=article`, { headers: onSite(admin) })).json();
      const actions = (audit.value.items as { action: string; after?: { slug?: string }; before?: { slug?: string } }[]).filter((e) => (e.after ?? e.before)?.slug === slug).map((e) => e.action);
      expect(actions.sort()).toEqual(['article.create', 'article.update']);
    });
  } finally {
    const list = (await (await request.get(`${ORIGIN}/ops/articles?kind=news`, { headers: onSite(admin) })).json()) as { value: { items: OpsArticle[] } };
    const made = list.value.items.find((a) => a.slug === slug);
    if (made) await request.delete(`${ORIGIN}/ops/articles/${made.id}`, { headers: onSite(admin) });
  }
});
