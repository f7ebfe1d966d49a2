import { opsLogin, registerAccount, sendMessage } from '../fixtures/api';
import { expect, test } from '../fixtures/test';

test('a message from the operators reaches the open page, is read in the inbox and deleted', async ({ page, ui, request }) => {
  const account = await registerAccount(request);
  await page.goto('/');
  await ui.loginThroughPopup(account.username, account.password);
  const badge = ui.header.getByLabel(ui.t('auth:header.unread', { count: 1 }), { exact: true });
  await expect(badge).toHaveCount(0);

  const navigations: string[] = [];
  page.on('framenavigated', (f) => f === page.mainFrame() && navigations.push(f.url()));
  const title = 'Your withdrawal was paid';
  const sent = await sendMessage(request, await opsLogin(request), { title, body: 'It should reach your bank within the hour.', toUsername: account.username });
  expect(sent.success, JSON.stringify(sent)).toBe(true);
  // The header counts it without a reload.
  await expect(badge).toBeVisible();
  expect(navigations).toEqual([]);

  await page.goto('/member/messageV2');
  await expect(ui.memberPageHeading('messageV2')).toBeVisible();
  const inbox = ui.panel('member:messages.title');
  await expect(inbox).toContainText(ui.t('member:messages.unread', { count: 1 }));
  const row = inbox.getByRole('listitem').filter({ hasText: title });
  await row.getByRole('button', { name: new RegExp(title) }).click();
  await expect(row).toContainText('It should reach your bank within the hour.');
  // Opening it read it: the counts are gone.
  await expect(inbox).toContainText(ui.t('member:messages.unread', { count: 0 }));
  await expect(badge).toHaveCount(0);

  await row.getByRole('button', { name: ui.t('member:messages.delete'), exact: true }).click();
  await expect(inbox).toContainText(ui.t('member:messages.none'));
});
