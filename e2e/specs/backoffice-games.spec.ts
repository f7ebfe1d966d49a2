import type { APIRequestContext, Page } from '@playwright/test';
import { errorMessage, type GameMenusValue } from '@apsara/contracts';
import { opsLogin } from '../fixtures/api';
import { HOSTS, OPS_ADMIN, PORT } from '../fixtures/constants';
import { expect, test } from '../fixtures/test';

/**
 * The back office's games page (/backoffice/games), as an operator clicks it: an admin puts a live
 * vendor under maintenance (confirmed first), and the portal's live casino page at once marks the
 * vendor and answers its launch with the maintenance popup and other games to play; the admin lifts
 * it, and the vendor is playable again.
 */

const ORIGIN = `http://127.0.0.1:${PORT}`;
const VENDOR = 'DG';
/** One of its live games (seed catalogue: DG/DRAGON-TIGER). */
const GAME = 'Dragon Tiger';

/** The live vendors the portal's menus list now, with their maintenance flags (`GET /lgw/games/game_menus`, public). */
const liveVendors = async (request: APIRequestContext) => {
  const res = await request.get(`${ORIGIN}/lgw/games/game_menus`, { headers: { Host: `${HOSTS.apsara}:${PORT}`, 'Accept-Language': 'en' } });
  const body = (await res.json()) as { success: boolean; value: GameMenusValue };
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.value.menus.find((m) => m.gameType === 'LIVE')!.vendors;
};

const signIn = async (page: Page, t: (key: string, vars?: Record<string, string>) => string) => {
  await page.goto('/backoffice/games');
  await expect(page).toHaveURL(/\/backoffice\/login\?next=%2Fbackoffice%2Fgames$/);
  await page.getByLabel(t('ops:login.username'), { exact: true }).fill(OPS_ADMIN.username);
  await page.getByLabel(t('ops:login.password'), { exact: true }).fill(OPS_ADMIN.password);
  await page.getByRole('button', { name: t('ops:login.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/backoffice\/games$/);
  await expect(page.getByRole('heading', { level: 1, name: t('ops:gamesAdmin.page.games'), exact: true })).toBeVisible();
};

// Whatever happens in the test, the seeded offer is put back: other journeys play DG's live games.
test.afterEach(async ({ request }) => {
  const token = await opsLogin(request);
  await request.patch(`${ORIGIN}/ops/game-offers/LIVE/${VENDOR}`, {
    headers: { Host: `${HOSTS.apsara}:${PORT}`, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    data: { maintenance: false, enabled: true },
  });
});

test('an admin puts a live vendor under maintenance, the portal refuses its games with other suggestions, and the admin lifts it', async ({ page, ui, request, freshAccount }) => {
  test.setTimeout(120_000);
  const t = ui.t;
  const dg = (await liveVendors(request)).find((v) => v.vendor === VENDOR)!;
  expect(dg.maintenance).toBe(false);
  const names = { vendor: `${dg.displayName} (${VENDOR})`, category: t('ops:gamesAdmin.category.LIVE') };
  const live = () => page.getByRole('region', { name: t('ops:gamesAdmin.category.LIVE'), exact: true });
  const maintenanceSwitch = () => live().getByRole('switch', { name: t('ops:gamesAdmin.maintenance_named', names), exact: true });
  const row = () => live().getByRole('row').filter({ hasText: dg.displayName });
  /** A switch is flipped as a person does it: by its visible label (the input itself is drawn over). */
  const flipMaintenance = () => maintenanceSwitch().locator('xpath=ancestor::label[1]').click();
  const liveOrder = async () => (await liveVendors(request)).map((v) => v.vendor);
  /** The live casino page narrowed to the vendor's games. */
  const openVendorGames = async () => {
    await page.goto('/live');
    await page.getByRole('group', { name: t('common:gameUi.vendorFilter'), exact: true }).getByRole('button', { name: dg.displayName, exact: true }).click();
    await expect(page.getByTestId('game-card').first()).toContainText(dg.displayName);
  };

  await test.step('a member is signed in on the portal', async () => {
    await page.goto('/');
    await ui.loginThroughPopup(freshAccount.username, freshAccount.password);
  });

  await test.step('the admin opens the games page: every category, the live vendors in the site order, all playable', async () => {
    await signIn(page, t);
    await expect(page.getByRole('complementary', { name: t('ops:frame.menu'), exact: true }).getByRole('link', { name: t('ops:gamesAdmin.page.games') })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('region', { name: t('ops:gamesAdmin.category.RNG'), exact: true })).toBeVisible();
    await expect(row()).toContainText(t('ops:gamesAdmin.shown.live'));
    await expect(maintenanceSwitch()).not.toBeChecked();
  });

  await test.step('putting it under maintenance is confirmed first; cancelled, nothing changes', async () => {
    await flipMaintenance();
    const dialog = page.getByRole('dialog', { name: t('ops:gamesAdmin.confirm.maintenance_title', names), exact: true });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(t('ops:gamesAdmin.confirm.maintenance_consequence'));
    await dialog.getByRole('button', { name: t('ops:common.cancel'), exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(maintenanceSwitch()).not.toBeChecked();
    expect((await liveVendors(request)).find((v) => v.vendor === VENDOR)!.maintenance).toBe(false);

    await flipMaintenance();
    await dialog.getByRole('button', { name: t('ops:gamesAdmin.confirm.maintenance'), exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: t('ops:gamesAdmin.notice.maintenance', names) })).toBeVisible();
    await expect(maintenanceSwitch()).toBeChecked();
    await expect(row()).toContainText(t('ops:gamesAdmin.shown.maintenance'));
    expect((await liveVendors(request)).find((v) => v.vendor === VENDOR)!.maintenance).toBe(true);
  });

  await test.step('the portal marks the vendor\'s games and answers a launch with the maintenance popup and other live games', async () => {
    await openVendorGames();
    const cards = page.getByTestId('game-card');
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) await expect(cards.nth(i)).toContainText(t('common:gameUi.maintenance'));
    // A game of its own (the first cards are halls, which open their tables rather than launch).
    await page.getByRole('article', { name: GAME, exact: true }).getByRole('button', { name: t('common:gameUi.playGame', { name: GAME }), exact: true }).click();
    const popup = page.getByRole('dialog', { name: t('common:gameUi.maintenanceTitle'), exact: true });
    await expect(popup).toBeVisible();
    await expect(popup).toContainText(t('common:gameUi.maintenanceText'));
    await expect(popup.getByTestId('game-card').first()).toBeVisible();
    await expect(popup.getByTestId('game-card').filter({ hasText: dg.displayName })).toHaveCount(0);
  });

  await test.step('a switch the server refuses goes back, and the page says why', async () => {
    await page.goto('/backoffice/games');
    await expect(maintenanceSwitch()).toBeChecked();
    const offer = `**/ops/game-offers/LIVE/${VENDOR}`;
    await page.route(offer, (route) =>
      route.request().method() === 'PATCH' ? route.fulfill({ status: 500, json: { success: false, code: 'SYSTEM_ERROR', message: errorMessage('SYSTEM_ERROR', 'en') } }) : route.continue(),
    );
    await flipMaintenance();
    await expect(page.getByRole('alert').filter({ hasText: errorMessage('SYSTEM_ERROR', 'en') })).toContainText('SYSTEM_ERROR');
    await expect(maintenanceSwitch()).toBeChecked();
    await page.unroute(offer);
  });

  await test.step('the admin lifts it (no confirmation needed): the switch moves at once, and the vendor is playable again', async () => {
    await page.goto('/backoffice/games');
    await expect(maintenanceSwitch()).toBeChecked();
    // The server's answer is held back until the switch has been seen off.
    const offer = `**/ops/game-offers/LIVE/${VENDOR}`;
    let release = () => undefined as void;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(offer, async (route) => {
      if (route.request().method() === 'PATCH') await answered;
      await route.continue();
    });
    await flipMaintenance();
    await expect(maintenanceSwitch()).not.toBeChecked();
    await expect(row()).toContainText(t('ops:gamesAdmin.shown.live'));
    release();
    await expect(page.getByRole('status').filter({ hasText: t('ops:gamesAdmin.notice.lift', names) })).toBeVisible();
    await page.unroute(offer);
    await expect(maintenanceSwitch()).not.toBeChecked();
    expect((await liveVendors(request)).find((v) => v.vendor === VENDOR)!.maintenance).toBe(false);
    await openVendorGames();
    await expect(page.getByTestId('game-card').first()).not.toContainText(t('common:gameUi.maintenance'));
    await expect(page.getByTestId('game-card').filter({ hasText: t('common:gameUi.maintenance') })).toHaveCount(0);
  });

  await test.step('moving the vendor up and back down reorders the portal\'s menu each time, in one change', async () => {
    await page.goto('/backoffice/games');
    const before = await liveOrder();
    const at = before.indexOf(VENDOR);
    expect(at).toBeGreaterThan(0);
    await live().getByRole('button', { name: t('ops:gamesAdmin.move_up', names), exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: t('ops:gamesAdmin.notice.moved', names) })).toBeVisible();
    const up = [...before];
    [up[at - 1], up[at]] = [up[at]!, up[at - 1]!];
    await expect.poll(liveOrder).toEqual(up);
    await live().getByRole('button', { name: t('ops:gamesAdmin.move_down', names), exact: true }).click();
    await expect.poll(liveOrder).toEqual(before);
  });
});
