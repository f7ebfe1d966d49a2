import { newPassword, uniqueUsername } from '../fixtures/api';
import { CAPTCHA_ANSWER } from '../fixtures/constants';
import { escapeRegExp } from '../fixtures/i18n';
import { expect, test } from '../fixtures/test';

/**
 * An online deposit through the bundled payment simulator, as a member meets it: the order opens the
 * provider's checkout; the member leaves it without paying, finds the order waiting in "My deposits"
 * with its deadline and a way back ("Pay now"); pays there; and comes back to the order credited and
 * the header balance moved, with no operator involved.
 */
test('a member leaves the payment page unpaid, comes back through "Pay now", pays, and sees the money land', async ({ page, ui }) => {
  test.setTimeout(90_000);
  const t = ui.t;
  const username = uniqueUsername('o');
  // The browser's clock is ours to move (it runs normally until moved): the last step jumps past a deadline.
  await page.clock.install();

  await page.goto('/');
  await ui.registerThroughPopup(username, newPassword(), CAPTCHA_ANSWER);
  await expect(ui.balance).toHaveText('$0.00');

  await ui.memberLink(username).click();
  await expect(ui.memberPageHeading('overview')).toBeVisible();
  await ui.openMemberPage('depositv2');
  const channels = ui.panel('member:deposit.channels_title');
  const online = channels.getByRole('radio', { name: new RegExp(escapeRegExp(t('member:deposit.type_ONLINE'))) });
  // As a member does it: a click on the channel's card (the radio itself sits under its drawn mark).
  await channels.getByText('Online banking', { exact: true }).click();
  await expect(online).toBeChecked();
  const form = ui.panel('member:deposit.online_title');
  // The form says how long an order may wait for its payment (the default channel: 30 minutes).
  await expect(form).toContainText(t('member:deposit.online_window', { count: 30 }));
  await form.getByLabel(t('member:deposit.amount'), { exact: true }).fill('30.00');
  await form.getByRole('button', { name: t('member:deposit.submit_online'), exact: true }).click();

  // The provider's checkout; the member goes back without paying.
  await page.waitForURL(/\/paysim\/checkout\/\d+\?t=/);
  const orderId = /checkout\/(\d+)/.exec(page.url())![1];
  await expect(page.getByText('30.00 USD').first()).toBeVisible();
  await page.goBack();
  await expect(ui.memberPageHeading('depositv2')).toBeVisible();

  const row = ui.panel('member:deposit.list_title').getByRole('row').filter({ hasText: `#${orderId}` });
  await expect(row.getByRole('cell', { name: t('member:status.deposit.awaiting_payment'), exact: true })).toBeVisible();
  await expect(row).toContainText(t('member:deposit.pay_by', { time: '' }).trim());
  await expect(ui.balance).toHaveText('$0.00');

  // Back to the same order's checkout from the list, and paid there.
  await row.getByRole('link', { name: t('member:deposit.pay_now'), exact: true }).click();
  await page.waitForURL(new RegExp(`/paysim/checkout/${orderId}\\?t=`));
  await page.getByRole('button', { name: 'Pay 30.00 USD', exact: true }).click();

  // The simulator's server-to-server callback has credited the order; the portal shows it.
  await page.waitForURL(new RegExp(`/member/depositv2\\?order=${orderId}$`));
  const panel = page.getByRole('region', { name: t('member:deposit.order_title', { id: orderId }) });
  await expect(panel).toContainText(t('member:status.deposit.approved'));
  await expect(panel).toContainText(t('member:deposit.order_approved'));
  await expect(ui.balance).toHaveText('$30.00');
  await expect(row.getByRole('cell', { name: t('member:status.deposit.approved'), exact: true })).toBeVisible();
  // The method the member paid with is still the one chosen.
  await expect(online).toBeChecked();
  await expect(row.getByRole('link', { name: t('member:deposit.pay_now'), exact: true })).toHaveCount(0);

  // A second order left unpaid: when its 30 minutes are up the open page says so by itself, with no
  // way left to pay it (the server's job records the expiry within the minute; the page does not wait).
  await channels.getByText('Online banking', { exact: true }).click();
  await form.getByLabel(t('member:deposit.amount'), { exact: true }).fill('15.00');
  await form.getByRole('button', { name: t('member:deposit.submit_online'), exact: true }).click();
  await page.waitForURL(/\/paysim\/checkout\/\d+\?t=/);
  const secondId = /checkout\/(\d+)/.exec(page.url())![1];
  await page.goBack();
  const second = ui.panel('member:deposit.list_title').getByRole('row').filter({ hasText: `#${secondId}` });
  await expect(second.getByRole('link', { name: t('member:deposit.pay_now'), exact: true })).toBeVisible();
  await page.clock.fastForward('31:00');
  await expect(second.getByRole('cell', { name: t('member:status.deposit.expired'), exact: true })).toBeVisible();
  await expect(second).toContainText(t('member:deposit.note_expired'));
  await expect(second.getByRole('link', { name: t('member:deposit.pay_now'), exact: true })).toHaveCount(0);
  await expect(ui.balance).toHaveText('$30.00');
});
