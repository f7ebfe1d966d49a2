import { expect, test } from '../fixtures/test';

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
