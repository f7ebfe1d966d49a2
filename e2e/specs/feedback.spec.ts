import { CAPTCHA_ANSWER } from '../fixtures/constants';
import { opsFeedback, opsLogin, registerAccount, resolveFeedback } from '../fixtures/api';
import { expect, test } from '../fixtures/test';

const TEXT = 'The withdrawal I asked for yesterday still shows as pending.';

test('a visitor sends feedback from the footer: empty fields are named, then it reaches the operators', async ({ page, ui, request }) => {
  await page.goto('/');
  await page.getByRole('button', { name: ui.t('footer.feedback'), exact: true }).click();
  const dialog = ui.dialog('feedback:title');
  await expect(dialog).toBeVisible();
  // No tabs for a visitor: there is nothing of theirs to list.
  await expect(dialog.getByRole('tab')).toHaveCount(0);

  const send = dialog.getByRole('button', { name: ui.t('feedback:send'), exact: true });
  await send.click();
  const names = ['type', 'content', 'sender', 'captcha'].map((f) => ui.t(`feedback:field.${f}`)).join(ui.t('feedback:error.separator'));
  await expect(dialog.getByRole('alert').first()).toHaveText(ui.t('feedback:error.missing', { count: 4, fields: names }));

  const description = dialog.getByLabel(ui.t('feedback:field.content'), { exact: true });
  await dialog.getByLabel(ui.t('feedback:field.type'), { exact: true }).selectOption({ label: ui.t('feedback:type.withdrawal') });
  await description.fill('Too short');
  await send.click();
  await expect(description).toHaveAccessibleDescription(new RegExp(ui.t('feedback:error.tooShort', { min: 20 })));

  const sender = `Visitor ${Date.now().toString(36)}`;
  await description.fill(TEXT);
  await dialog.getByLabel(ui.t('feedback:field.sender'), { exact: true }).fill(sender);
  await dialog.getByLabel(ui.t('feedback:field.contact'), { exact: true }).fill('visitor@example.com');
  await dialog.getByLabel(ui.t('form.captcha'), { exact: true }).fill(CAPTCHA_ANSWER);
  await send.click();
  await expect(dialog.getByRole('status')).toContainText(ui.t('feedback:sent.title'));

  const ops = await opsLogin(request);
  const mine = (await opsFeedback(request, ops)).find((f) => f.sender === sender);
  expect(mine).toMatchObject({ content: TEXT, type: 2, contact: 'visitor@example.com', username: null, status: 'open' });
  await expect(dialog.getByRole('status')).toContainText(`#${mine!.id}`);
});

test("a member's feedback is answered by an operator and the answer shows up without a reload", async ({ page, ui, request }) => {
  const account = await registerAccount(request);
  await page.goto('/');
  await ui.loginThroughPopup(account.username, account.password);

  // From the help center's feedback topic.
  await page.goto('/help?topic=feedback');
  const help = ui.dialog('help.title');
  await help.getByRole('button', { name: ui.t('help.toFeedback'), exact: true }).click();
  const dialog = ui.dialog('feedback:title');
  await expect(dialog).toBeVisible();
  await expect(help).toBeHidden();
  // A member is not asked for a name: it is filed under the account.
  await expect(dialog.getByLabel(ui.t('feedback:field.sender'), { exact: true })).toHaveCount(0);

  await dialog.getByLabel(ui.t('feedback:field.type'), { exact: true }).selectOption({ label: ui.t('feedback:type.deposit') });
  await dialog.getByLabel(ui.t('feedback:field.content'), { exact: true }).fill(TEXT);
  await dialog.getByLabel(ui.t('form.captcha'), { exact: true }).fill(CAPTCHA_ANSWER);
  await dialog.getByRole('button', { name: ui.t('feedback:send'), exact: true }).click();
  await expect(dialog.getByRole('status')).toContainText(ui.t('feedback:sent.title'));
  await dialog.getByRole('button', { name: ui.t('feedback:sent.toMine'), exact: true }).click();

  await expect(dialog.getByRole('tab', { name: ui.t('feedback:tab.mine'), exact: true })).toHaveAttribute('aria-selected', 'true');
  const item = dialog.getByRole('listitem').filter({ hasText: TEXT });
  await expect(item).toContainText(ui.t('feedback:status.open'));

  const ops = await opsLogin(request);
  const row = (await opsFeedback(request, ops)).find((f) => f.username === account.username);
  expect(row).toMatchObject({ content: TEXT, type: 1, sender: account.username, contact: null });
  const navigations: string[] = [];
  page.on('framenavigated', (f) => f === page.mainFrame() && navigations.push(f.url()));
  const reply = 'Your deposit was credited this morning; please check your account record.';
  expect((await resolveFeedback(request, ops, row!.id, reply)).success).toBe(true);

  await expect(item).toContainText(ui.t('feedback:status.resolved'));
  await expect(item).toContainText(reply);
  expect(navigations).toEqual([]);
});
