import { adjustBalance, memberInfo, opsLogin, registerAccount } from '../fixtures/api';
import { expect, test } from '../fixtures/test';

test('the header balance follows money that lands while the page is open, without a reload', async ({ page, ui, request }) => {
  const account = await registerAccount(request);
  await page.goto('/');
  await ui.loginThroughPopup(account.username, account.password);
  await expect(ui.balance).toHaveText('$0.00');

  const token = await ui.token();
  const memberId = String((await memberInfo(request, token!)).value!.id);
  const ops = await opsLogin(request);
  // Count page loads: the balance must change with the page still the same document.
  const navigations: string[] = [];
  page.on('framenavigated', (f) => f === page.mainFrame() && navigations.push(f.url()));

  expect((await adjustBalance(request, ops, memberId, '1250.75', `live-${memberId}-1`)).success).toBe(true);
  await expect(ui.balance).toHaveText('$1,250.75');
  expect((await adjustBalance(request, ops, memberId, '-250.75', `live-${memberId}-2`)).success).toBe(true);
  await expect(ui.balance).toHaveText('$1,000.00');
  expect(navigations).toEqual([]);
});
