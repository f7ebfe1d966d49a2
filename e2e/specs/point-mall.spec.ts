import type { Locator } from '@playwright/test';
import { adjustBalance, decidePointOrder, memberInfo, opsLogin, opsPointOrders, pointConfig, pointGoods, registerAccount } from '../fixtures/api';
import { escapeRegExp } from '../fixtures/i18n';
import { expect, test } from '../fixtures/test';

const PAYMENT_PASSWORD = '4826';
/** Whole units of money converted into points. */
const CONVERT = 50;

/** A whole number as the portal writes it: 1,234. */
const whole = (n: number) => n.toLocaleString('en-US');

/**
 * A text with a record number in it ("Record {{number}} is waiting …") as a pattern that captures the
 * number, every other placeholder filled in.
 */
const withNumber = (text: (vars: Record<string, string | number>) => string, vars: Record<string, string | number> = {}) =>
  new RegExp(`^${escapeRegExp(text({ ...vars, number: '\u0000' })).replace('\u0000', '(PM\\d+)')}$`);

const numberIn = async (status: Locator, pattern: RegExp) => {
  await expect(status).toHaveText(pattern);
  return pattern.exec((await status.textContent()) ?? '')![1];
};

/**
 * The points mall journey: a new member with money sets a payment password, converts cash to points
 * (the points card grows by amount × ratio), redeems a virtual good through the popup, sees it
 * applying in the redemption records, the site approves it (API) and the record turns approved with
 * no reload; the points details list the conversion and the redemption; the approval and the site's
 * remark reach the member's inbox.
 */
test('a member converts cash to points, redeems a good, and sees the site approve it live', async ({ page, ui, request }) => {
  test.setTimeout(120_000);
  const t = ui.t;
  const account = await registerAccount(request);

  const config = await pointConfig(request);
  expect(config.enabled && config.convert.enabled, 'the demo site runs the points mall with conversion').toBe(true);
  const ratio = config.convert.pointsPerUnit;
  const gained = CONVERT * ratio;
  const good = (await pointGoods(request)).find((g) => g.kind === 'virtual' && g.amount === '0.00' && g.points <= gained && g.remaining > 0);
  expect(good, 'a seeded virtual good, without a cash part, that the converted points pay for').toBeTruthy();
  const goodName = typeof good!.name === 'string' ? good!.name : good!.name.en;

  await test.step('log in through the popup and receive 500.00 from the site', async () => {
    await page.goto('/');
    await ui.loginThroughPopup(account.username, account.password);
    const memberId = String((await memberInfo(request, (await ui.token())!)).value!.id);
    const ops = await opsLogin(request);
    expect((await adjustBalance(request, ops, memberId, '500.00', `points-${memberId}-money`)).success).toBe(true);
    await expect(ui.balance).toHaveText('$500.00');
  });

  await test.step('set a payment password in the security center', async () => {
    await ui.memberLink(account.username).click();
    await expect(ui.memberPageHeading('overview')).toBeVisible();
    await ui.openMemberPage('securityCenter');
    const pp = ui.panel('member:security.items_title').getByRole('listitem').filter({ hasText: t('member:security.payment_password') });
    await pp.getByRole('button', { name: t('member:security.set'), exact: true }).click();
    await pp.getByLabel(t('member:security.login_password_current'), { exact: true }).fill(account.password);
    await pp.getByLabel(t('member:security.new_payment_password'), { exact: true }).fill(PAYMENT_PASSWORD);
    await pp.getByLabel(t('member:security.confirm_payment_password'), { exact: true }).fill(PAYMENT_PASSWORD);
    await pp.getByRole('button', { name: t('member:security.save'), exact: true }).click();
    await expect(pp.getByRole('status')).toHaveText(t('member:security.pp_set'));
  });

  // Page loads from here on: there must be none (the approval reaches the page by the balance stream).
  const loads: string[] = [];
  page.on('load', () => loads.push(page.url()));
  const points = ui.panel('points:hero.current').getByRole('status');
  const tab = (key: string) => page.getByRole('tab', { name: t(`points:tabs.${key}`), exact: true });

  await test.step('open the points mall from the member menu', async () => {
    await ui.memberMenu.getByRole('link', { name: t('member:menu.point_mall'), exact: true }).click();
    await expect(page).toHaveURL(/\/pointMall$/);
    await expect(page.getByRole('heading', { level: 1, name: t('points:page.title'), exact: true })).toBeVisible();
    await expect(points).toHaveText('0');
    await expect(tab('goods')).toHaveAttribute('aria-selected', 'true');
  });

  let convertNumber = '';
  await test.step(`convert ${CONVERT}.00 into ${gained} points`, async () => {
    await tab('convert').click();
    await expect(page).toHaveURL(/[?&]tab=convert/);
    const form = ui.panel('points:convert.title');
    await form.getByLabel(t('points:convert.amount'), { exact: true }).fill(String(CONVERT));
    await expect(form.getByRole('status', { name: t('points:convert.obtainable'), exact: true })).toHaveText(whole(gained));
    await form.getByLabel(t('points:convert.payment_password'), { exact: true }).fill(PAYMENT_PASSWORD);
    await form.getByRole('button', { name: t('points:convert.submit'), exact: true }).click();
    // The success line, not the obtainable points (an <output>, also a status): the one with the record number.
    const done = form.getByRole('status').filter({ hasText: /PM\d+/ });
    convertNumber = await numberIn(done, withNumber((v) => t('points:convert.done', v), { amount: `$${CONVERT}.00`, count: gained, points: whole(gained) }));
    await expect(points).toHaveText(whole(gained));
    await expect(ui.balance).toHaveText(`$${500 - CONVERT}.00`);
  });

  let redeemNumber = '';
  await test.step(`redeem "${goodName}" through the popup`, async () => {
    await tab('goods').click();
    const card = page.getByRole('article', { name: goodName, exact: true });
    await card.getByRole('button', { name: t('points:goods.redeem'), exact: true }).click();
    const dialog = ui.dialog('points:redeem.title', { name: goodName });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel(t('points:redeem.quantity'), { exact: true })).toHaveValue('1');
    await dialog.getByLabel(t('points:redeem.payment_password'), { exact: true }).fill(PAYMENT_PASSWORD);
    await dialog.getByRole('button', { name: t('points:redeem.submit'), exact: true }).click();
    await expect(dialog.getByRole('heading', { name: t('points:redeem.done_title'), exact: true })).toBeVisible();
    redeemNumber = await numberIn(dialog.getByRole('status'), withNumber((v) => t('points:redeem.done_text', v)));
    await dialog.getByRole('button', { name: t('points:redeem.view_records'), exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/[?&]tab=records/);
    // The page behind the popup is hidden from assistive technology while it is open: read it after.
    await expect(points).toHaveText(whole(gained - good!.points));
    await expect(ui.panel('points:hero.current')).toContainText(`${t('points:hero.applying')}1`);
  });

  const records = ui.panel('points:records.title');
  const record = (number: string) => records.getByRole('row').filter({ hasText: number });

  await test.step('the redemption waits for review in the redemption records', async () => {
    await expect(record(redeemNumber)).toContainText(t('points:status.applying'));
    await expect(record(redeemNumber)).toContainText(goodName);
    await expect(record(convertNumber)).toContainText(t('points:status.approved'));
    await expect(record(convertNumber)).toContainText(t('points:records.item_convert'));
  });

  const remark = 'Sent to your inbox';
  await test.step('the site approves it; the record turns approved without a reload', async () => {
    const ops = await opsLogin(request);
    const waiting = (await opsPointOrders(request, ops, { status: 'applying' })).filter((o) => o.username === account.username);
    expect(waiting).toEqual([expect.objectContaining({ number: redeemNumber, kind: 'goods', status: 'applying', points: good!.points, quantity: 1 })]);
    const decided = await decidePointOrder(request, ops, waiting[0].id, 'approve', remark);
    expect(decided, JSON.stringify(decided)).toMatchObject({ success: true, value: { status: 'approved' } });
    await expect(record(redeemNumber)).toContainText(t('points:status.approved'), { timeout: 20_000 });
    await expect(record(redeemNumber)).toContainText(t('points:records.remark', { remark }));
    expect(loads, 'no page load since the points mall opened').toEqual([]);
  });

  await test.step('the points details list the conversion and the redemption', async () => {
    await tab('details').click();
    const details = ui.panel('points:details.title');
    const line = (text: string) => details.getByRole('row').filter({ hasText: text });
    await expect(line(t('points:remark.convert', { amount: `$${CONVERT}.00`, number: convertNumber }))).toContainText(`+${whole(gained)}`);
    await expect(line(t('points:remark.redeem', { number: redeemNumber }))).toContainText(`-${whole(good!.points)}`);
    await expect(line(t('points:remark.redeem', { number: redeemNumber }))).toContainText(whole(gained - good!.points));
    expect(loads).toEqual([]);
  });

  await test.step('the approval, with the site\'s remark, is in the member\'s inbox', async () => {
    await page.goto('/member/messageV2');
    const message = page.getByRole('button', { name: new RegExp(`Your points mall redemption ${redeemNumber} is approved`) });
    await expect(message).toBeVisible();
    await message.click();
    await expect(page.getByText(`From the site: ${remark}`)).toBeVisible();
  });
});
