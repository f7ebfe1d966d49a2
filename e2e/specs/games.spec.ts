import { expect, test } from '../fixtures/test';
import { registerAccount } from '../fixtures/api';

/**
 * Game journeys (spec §2 game list center, game cards; §5 action guards): search the slot list and
 * the guard in front of the play button for a visitor. A member's favorite under /favorite and the
 * free-play (trial) account's refusal are part of games-journey.spec.ts, with the rounds they lead to.
 */

const cards = (page: import('@playwright/test').Page) => page.getByTestId('game-card');

test('a visitor searches the slot list and sees only matching games', async ({ page, ui }) => {
  await page.goto('/rng');
  const title = ui.t('category.RNG');
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(cards(page).first()).toBeVisible();

  // Take a real name from the first page and search for it.
  const name = (await cards(page).nth(3).getByRole('heading').textContent())?.trim() ?? '';
  expect(name.length).toBeGreaterThan(2);
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/wps/relay/GCSGAME_gameList' && new URL(r.url()).searchParams.get('name') === name);
  await page.getByRole('searchbox', { name: ui.t('gameUi.searchLabel', { category: title }) }).fill(name);
  await answer;
  await expect(page).toHaveURL(new RegExp(`name=${encodeURIComponent(name).replace(/%20/g, '(\\+|%20)')}`));
  await expect(cards(page).first()).toBeVisible();
  const names = await cards(page).getByRole('heading').allTextContents();
  expect(names.length).toBeGreaterThan(0);
  for (const n of names) expect(n.toLowerCase()).toContain(name.toLowerCase());

  // A vendor chip narrows the list to that vendor.
  const chips = page.getByRole('group', { name: ui.t('gameUi.vendorFilter') });
  await chips.getByRole('button', { name: ui.t('gameUi.allVendors'), exact: true }).click();
  await page.getByRole('searchbox').fill('');
  await expect(page).not.toHaveURL(/name=/);
  const firstVendor = chips.getByRole('button').nth(1);
  const vendorName = (await firstVendor.textContent())?.trim() ?? '';
  await firstVendor.click();
  await expect(firstVendor).toHaveAttribute('aria-pressed', 'true');
  await expect(cards(page).first()).toContainText(vendorName);

  // A search that finds nothing offers to clear the filters: all of them, the vendor too, and they stay
  // cleared once the search box's pending write would have fired.
  await page.getByRole('searchbox').fill('zzqx no such game');
  await expect(page).toHaveURL(/name=zzqx/);
  await page.getByRole('button', { name: ui.t('gameUi.clearFilters') }).click();
  await expect(chips.getByRole('button', { name: ui.t('gameUi.allVendors'), exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.waitForTimeout(1000);
  expect(new URL(page.url()).search).toBe('');
  await expect(firstVendor).toHaveAttribute('aria-pressed', 'false');
  await expect(cards(page).first()).toBeVisible();
});

test('a visitor who presses play gets the login popup', async ({ page, ui }) => {
  await page.goto('/rng');
  const card = cards(page).first();
  const name = (await card.getByRole('heading').textContent())?.trim() ?? '';
  await card.hover();
  await card.getByRole('button', { name: ui.t('gameUi.playGame', { name }) }).click();
  await expect(ui.loginDialog).toBeVisible();
});

test('the slot list switches between all, hot, new, favorite and recent games; the member’s own need a sign-in', async ({ page, ui, request }) => {
  const account = await registerAccount(request);
  // A link to a provider the site does not offer (switched off since) falls back to the whole list.
  await page.goto('/rng?vassalage=ZZZ9');
  await expect(page).not.toHaveURL(/vassalage/);
  await expect(cards(page).first()).toBeVisible();
  await page.goto('/rng');
  const views = page.getByRole('group', { name: ui.t('gameUi.select.label') });
  const view = (key: string) => views.getByRole('button', { name: ui.t(`gameUi.select.${key}`), exact: true });
  await expect(view('ALL')).toHaveAttribute('aria-pressed', 'true');

  // Hot: every card carries the Hot badge; the vendor filter still applies.
  await view('HOT').click();
  await expect(page).toHaveURL(/select=hot/);
  await expect(view('HOT')).toHaveAttribute('aria-pressed', 'true');
  await expect(cards(page).first()).toBeVisible();
  const hotCount = await cards(page).count();
  expect(hotCount).toBeGreaterThan(0);
  await expect(cards(page).filter({ hasText: ui.t('gameUi.hot') })).toHaveCount(hotCount);

  // New: the most recently added games, at most three pages.
  const newest = page.waitForResponse((r) => new URL(r.url()).pathname === '/wps/relay/GCSGAME_gameList' && new URL(r.url()).searchParams.get('select') === 'NEW');
  await view('NEW').click();
  const body = (await (await newest).json()) as { value: { total: number } };
  expect(body.value.total).toBeGreaterThan(0);
  expect(body.value.total).toBeLessThanOrEqual(60);
  await expect(page.getByText(ui.t('gameUi.resultCount', { count: body.value.total }))).toBeVisible();

  // Favorites and recent games are the member's own: a visitor is asked to sign in, and no list is asked for.
  await view('FAV').click();
  await expect(page).toHaveURL(/select=fav/);
  await expect(page.getByRole('searchbox')).toHaveCount(0);
  await expect(page.getByText(ui.t('gameUi.select.favoritesSignIn'))).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: ui.t('gameUi.select.signIn'), exact: true }).click();
  await expect(ui.loginDialog).toBeVisible();
  await ui.submitLogin(ui.loginDialog, account.username, account.password);
  await expect(ui.loginDialog).toBeHidden();
  // A sign-in lands on the home page (spec §4 login success); the address brings the view back.
  await expect(ui.memberLink(account.username)).toBeVisible();
  await page.goto('/rng?select=fav');
  await expect(view('FAV')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText(ui.t('gameUi.select.favoritesEmpty', { category: ui.t('category.RNG') }))).toBeVisible();

  // A slot favorited from the hot view shows under favorites.
  await view('HOT').click();
  const card = cards(page).first();
  const name = (await card.getByRole('heading').textContent())?.trim() ?? '';
  await card.getByRole('button', { name: ui.t('gameUi.favorite', { name }), exact: true }).click();
  await expect(card.getByRole('button', { name: ui.t('gameUi.unfavorite', { name }), exact: true })).toHaveAttribute('aria-pressed', 'true');
  await view('FAV').click();
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first().getByRole('heading')).toHaveText(name);

  // Nothing played yet: the recent view says so.
  await view('RECENT').click();
  await expect(page).toHaveURL(/select=recent/);
  await expect(page.getByText(ui.t('gameUi.select.recentEmpty', { category: ui.t('category.RNG') }))).toBeVisible();
});
