import type { APIRequestContext, Locator } from '@playwright/test';
import { approveDeposit, opsDeposits, opsLogin, registerAccount } from '../fixtures/api';
import { HOSTS, PORT } from '../fixtures/constants';
import { escapeRegExp } from '../fixtures/i18n';
import { solidPng } from '../fixtures/images';
import { expect, test } from '../fixtures/test';

const ORIGIN = `http://127.0.0.1:${PORT}`;
const onSite = (token?: string) => ({ Host: `${HOSTS.apsara}:${PORT}`, 'Accept-Language': 'en', ...(token ? { Authorization: `Bearer ${token}` } : {}) });

type Localized = string | { en: string };
type SeededPromotion = { id: string; code: string; title: Localized; terms: { minDeposit: string | null; maxBonus: string | null } };
const english = (text: Localized) => (typeof text === 'string' ? text : text.en);

/** `GET /wps/promotions` as a visitor: the seeded promotions of the demo site, by code. */
const promotions = async (request: APIRequestContext) => {
  const body = (await (await request.get(`${ORIGIN}/wps/promotions`, { headers: onSite() })).json()) as { success: boolean; value: { items: SeededPromotion[] } };
  expect(body.success).toBe(true);
  return new Map(body.value.items.map((p) => [p.code, p]));
};

type OpsClaim = { id: string; number: string; username: string; status: string; remark: string | null; imageCount: number };

/** `GET /ops/promotion-claims?status=` — this site's promotion records (first page). */
const opsClaims = async (request: APIRequestContext, opsToken: string, status: string) => {
  const body = (await (await request.get(`${ORIGIN}/ops/promotion-claims`, { headers: onSite(opsToken), params: { status } })).json()) as { success: boolean; value: { items: OpsClaim[] } };
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.value.items;
};

/** `POST /ops/promotion-claims/:id/approve` with the bonus the site grants. */
const approveClaim = async (request: APIRequestContext, opsToken: string, id: string, amount: string) =>
  (await (await request.post(`${ORIGIN}/ops/promotion-claims/${id}/approve`, { headers: onSite(opsToken), data: { amount } })).json()) as { success: boolean; value?: { status: string; bonus: string } };

/** A text with a record number in it, as a pattern capturing the number (every other placeholder filled in). */
const withNumber = (text: (vars: Record<string, string>) => string, vars: Record<string, string> = {}) =>
  new RegExp(`^${escapeRegExp(text({ ...vars, number: '\u0000' })).replace('\u0000', '(PR\\d+)')}$`);

/**
 * The promotions journey: a new member joins the welcome bonus from the hall, deposits by bank
 * transfer, the site approves the deposit (API) and the card offers the bonus without a reload; the
 * member claims it, follows its turnover in bonusDetails, spins the daily wheel (the prize reaches the
 * header), opens the day's red envelope (the amount reaches the header), applies for a share bonus with a remark and an image, and sees the site's approval (API)
 * turn the record issued in the claim hall. No page load after signing in.
 */
test('a member joins, deposits and claims a bonus, spins the wheel, opens a red envelope, applies with proof and sees it issued', async ({ page, ui, request }) => {
  test.setTimeout(150_000);
  const t = ui.t;
  const account = await registerAccount(request);
  const seeded = await promotions(request);
  const welcome = seeded.get('welcome-bonus');
  const share = seeded.get('share-and-win');
  const wheel = seeded.get('lucky-wheel');
  const rain = seeded.get('red-envelopes');
  expect(welcome && share && wheel && rain, 'the demo site seeds welcome-bonus, share-and-win, lucky-wheel and red-envelopes').toBeTruthy();
  const rainTitle = english(rain!.title);
  const welcomeTitle = english(welcome!.title);
  const shareTitle = english(share!.title);
  const wheelTitle = english(wheel!.title);

  const loads: string[] = [];
  const card = (title: string): Locator => page.getByRole('article', { name: title, exact: true });
  const sideMenu = page.getByRole('navigation', { name: t('nav.main'), exact: true });
  const toHall = async () => {
    await sideMenu.getByRole('link', { name: new RegExp(`^${escapeRegExp(t('nav.promotions'))}`) }).click();
    await expect(page.getByRole('heading', { level: 1, name: t('promotions:page.title'), exact: true })).toBeVisible();
  };

  await test.step('a visitor is asked to log in to join; the login popup opens from the card', async () => {
    await page.goto('/promotions');
    await card(welcomeTitle).getByRole('button', { name: t('promotions:action.login'), exact: true }).click();
    // Spec §4: a successful login goes to the lobby; the hall is one click away in the side menu.
    await ui.submitLoginAndWait(ui.loginDialog, account.username, account.password);
    await expect(ui.memberLink(account.username)).toBeVisible();
    page.on('load', () => loads.push(page.url()));
    await toHall();
    await expect(card(welcomeTitle).getByRole('button', { name: t('promotions:action.join'), exact: true })).toBeVisible();
  });

  await test.step('join the welcome bonus; the answer says how much to deposit and leads to the deposit page', async () => {
    await card(welcomeTitle).getByRole('button', { name: t('promotions:action.join'), exact: true }).click();
    const dialog = ui.dialog('promotions:result.join_title');
    await expect(dialog.getByRole('status')).toHaveText(t('promotions:result.join_deposit', { title: welcomeTitle, amount: '$50.00' }));
    await expect(dialog).toContainText(t('promotions:record.signed_up'));
    await dialog.getByRole('link', { name: t('promotions:action.deposit'), exact: true }).click();
    await expect(page).toHaveURL(/\/member\/depositv2$/);
    await expect(ui.memberPageHeading('depositv2')).toBeVisible();
  });

  let depositId = '';
  await test.step('deposit 100.00 by bank transfer; the site approves it', async () => {
    const channels = ui.panel('member:deposit.channels_title');
    await channels.getByRole('radio', { name: new RegExp(escapeRegExp(t('member:deposit.type_BANK_TRANSFER'))) }).check();
    const form = ui.panel('member:deposit.bank_title');
    await form.getByLabel(t('member:deposit.amount'), { exact: true }).fill('100.00');
    await form.getByLabel(t('member:deposit.reference'), { exact: true }).fill(`PR${Date.now().toString().slice(-10)}`);
    await form.getByLabel(t('member:image.choose_one')).setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: solidPng() });
    await form.getByRole('button', { name: t('member:deposit.submit_bank'), exact: true }).click();
    await expect(form.getByRole('status')).toContainText('$100.00');

    const ops = await opsLogin(request);
    const pending = (await opsDeposits(request, ops, { status: 'pending' })).filter((d) => d.username === account.username);
    expect(pending).toHaveLength(1);
    depositId = pending[0].id;
    const approved = await approveDeposit(request, ops, depositId);
    expect(approved, JSON.stringify(approved)).toMatchObject({ success: true, value: { status: 'approved' } });
    await expect(ui.balance).toHaveText('$100.00');
  });

  await test.step('the hall offers the bonus, the spin and the envelope, and the side menu counts them', async () => {
    await expect(sideMenu.getByRole('link', { name: new RegExp(escapeRegExp(t('nav.claimable', { count: 3 }))) })).toBeVisible();
    await toHall();
    await expect(card(welcomeTitle).getByRole('button', { name: t('promotions:action.claim_amount', { amount: '$100.00' }), exact: true })).toBeVisible();
    await expect(card(wheelTitle).getByRole('button', { name: t('promotions:action.spin'), exact: true })).toBeVisible();
    await expect(card(rainTitle).getByRole('button', { name: t('promotions:action.open'), exact: true })).toBeVisible();
  });

  await test.step('claim the welcome bonus: 100% of the deposit, with a turnover of 3 times', async () => {
    await card(welcomeTitle).getByRole('button', { name: t('promotions:action.claim_amount', { amount: '$100.00' }), exact: true }).click();
    const dialog = ui.dialog('promotions:result.claim_title');
    await expect(dialog.getByRole('status')).toHaveText(t('promotions:result.claim_turnover', { turnover: '$300.00' }));
    await expect(dialog).toContainText('$100.00');
    await dialog.getByRole('button', { name: t('promotions:result.close'), exact: true }).click();
    await expect(dialog).toBeHidden();
    // The page behind a popup is hidden from assistive technology while it is open: read it after.
    await expect(ui.balance).toHaveText('$200.00');
    await expect(card(welcomeTitle).getByRole('button', { name: t('promotions:status.claimed_amount', { amount: '$100.00' }), exact: true })).toBeDisabled();
  });

  let balance = 0;
  await test.step("spin the daily wheel: the prize is told in words and reaches the header", async () => {
    await card(wheelTitle).getByRole('button', { name: t('promotions:action.spin'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: wheelTitle, exact: true });
    await dialog.getByRole('button', { name: t('promotions:raffle.spin'), exact: true }).click();
    const won = dialog.getByRole('status').filter({ hasText: '$' }).first();
    const pattern = new RegExp(`^${escapeRegExp(t('promotions:raffle.won', { amount: '\u0000' })).replace('\u0000', '\\$(\\d+\\.\\d{2})')}`);
    await expect(won).toHaveText(pattern, { timeout: 15_000 });
    const prize = Number(pattern.exec((await won.textContent()) ?? '')![1]);
    expect([1.88, 5.88, 18.88, 88]).toContain(prize);
    await dialog.getByRole('button', { name: t('promotions:result.close'), exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(ui.balance).toHaveText(`$${(200 + prize).toFixed(2)}`);
    await expect(card(wheelTitle).getByRole('button', { name: t('promotions:status.claimed_today_amount', { amount: `$${prize.toFixed(2)}` }), exact: true })).toBeDisabled();
    balance = 200 + prize;
  });

  await test.step("open the day's red envelope: its share is told in words, counted off the day's envelopes, and reaches the header", async () => {
    const chip = card(rainTitle).getByText(new RegExp(`^${escapeRegExp(t('promotions:terms.envelopes_left', { count: '\u0000', total: 188 })).replace('\u0000', '(\\d+)')}$`));
    const before = Number(/\d+/.exec((await chip.textContent()) ?? '')![0]);
    await card(rainTitle).getByRole('button', { name: t('promotions:action.open'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: rainTitle, exact: true });
    await expect(dialog.getByRole('img', { name: t('promotions:envelope.art_label'), exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: t('promotions:envelope.open'), exact: true }).click();
    const pattern = new RegExp(`^${escapeRegExp(t('promotions:envelope.won', { amount: '\u0000' })).replace('\u0000', '\\$(\\d+\\.\\d{2})')}`);
    const won = dialog.getByRole('status').filter({ hasText: '$' }).first();
    await expect(won).toHaveText(pattern);
    const share = Number(pattern.exec((await won.textContent()) ?? '')![1]);
    expect(share).toBeGreaterThanOrEqual(0.01);
    await expect(dialog).toContainText(t('promotions:envelope.left', { count: before - 1, total: 188 }));
    await dialog.getByRole('button', { name: t('promotions:result.close'), exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(ui.balance).toHaveText(`$${(balance + share).toFixed(2)}`);
    await expect(card(rainTitle).getByRole('button', { name: t('promotions:status.opened_today_amount', { amount: `$${share.toFixed(2)}` }), exact: true })).toBeDisabled();
  });

  await test.step('the bonus record shows the bonus and the bets it still needs', async () => {
    await ui.memberLink(account.username).click();
    await ui.openMemberPage('bonusDetails');
    const record = ui.panel('member:bonus.title');
    const row = record.getByRole('row').filter({ hasText: welcomeTitle });
    await expect(row).toContainText('+$100.00');
    await expect(row).toContainText(t('member:bonus.turnover_of', { done: '$0.00', required: '$300.00' }));
    await expect(row).toContainText(t('member:bonus.state_wagering'));
    await expect(row.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    await expect(page.getByRole('region', { name: t('member:bonus.summary'), exact: true })).toContainText(t('member:bonus.total'));
  });

  let number = '';
  await test.step('apply for the share bonus: the form asks for an image, then sends the remark and the image once', async () => {
    await toHall();
    await page.getByRole('tab', { name: t('promotions:tabs.special'), exact: true }).click();
    await expect(page).toHaveURL(/[?&]tab=special/);
    await card(shareTitle).getByRole('button', { name: t('promotions:action.apply'), exact: true }).click();
    const dialog = ui.dialog('promotions:apply.title', { title: shareTitle });
    await dialog.getByLabel(t('promotions:apply.remark'), { exact: true }).fill('Shared my win on Facebook');
    await expect(dialog).toContainText(t('promotions:apply.counter', { used: 25, max: 140 }));
    await dialog.getByRole('button', { name: t('promotions:apply.submit'), exact: true }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: t('member:errors.proof_required') })).toBeVisible();
    await dialog.getByLabel(t('member:image.choose')).setInputFiles({ name: 'share.png', mimeType: 'image/png', buffer: solidPng(16) });
    await expect(dialog.getByRole('img', { name: t('member:image.preview_of', { name: 'share.png' }), exact: true })).toBeVisible();
    // Twice, quickly: one application.
    await dialog.getByRole('button', { name: t('promotions:apply.submit'), exact: true }).dblclick();
    const sent = ui.dialog('promotions:result.apply_title');
    const pattern = withNumber((v) => t('promotions:result.apply_text', v), { title: shareTitle });
    await expect(sent.getByRole('status')).toHaveText(pattern);
    number = pattern.exec((await sent.getByRole('status').textContent()) ?? '')![1];
    await sent.getByRole('button', { name: t('promotions:result.to_records'), exact: true }).click();
    await expect(page).toHaveURL(/[?&]tab=claims/);
  });

  const records = ui.panel('promotions:records.title');
  const row = () => records.getByRole('row').filter({ hasText: number });

  await test.step('the claim hall lists the application as applying, with its remark and image', async () => {
    await expect(row()).toContainText(t('promotions:record.applying'));
    await expect(row()).toContainText(t('promotions:records.my_remark', { remark: 'Shared my win on Facebook' }));
    await expect(row()).toContainText(t('promotions:records.images', { count: 1 }));
    await expect(records.getByRole('row').filter({ hasText: welcomeTitle })).toContainText(t('promotions:record.claimed'));
  });

  await test.step('the site approves it with 25.00; the record turns issued without a reload', async () => {
    const ops = await opsLogin(request);
    const waiting = (await opsClaims(request, ops, 'applying')).filter((c) => c.username === account.username);
    expect(waiting).toEqual([expect.objectContaining({ number, status: 'applying', remark: 'Shared my win on Facebook', imageCount: 1 })]);
    const decided = await approveClaim(request, ops, waiting[0].id, '25.00');
    expect(decided, JSON.stringify(decided)).toMatchObject({ success: true, value: { status: 'issued', bonus: '25.00' } });
    await expect(row()).toContainText(t('promotions:record.issued'), { timeout: 20_000 });
    await expect(row()).toContainText('+$25.00');
    expect(loads, 'no page load since signing in').toEqual([]);
  });
});
