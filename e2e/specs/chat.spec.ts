import type { Locator, Page } from '@playwright/test';
import { HOSTS, OPS_ADMIN, siteUrl } from '../fixtures/constants';
import { opsLogin, registerAccount } from '../fixtures/api';
import { APSARA_GREETING, APSARA_HOURS, answerChat, closeChatAsOperator, opsChat, waitingChatOf } from '../fixtures/chat';
import { expect, test } from '../fixtures/test';
import type { Portal } from '../fixtures/portal';

/*
 * The member's customer service chat (spec §1, §2 "chat room", §7 CBS_modelList / CBS_launchChat):
 * the launcher, the panel's steps, a conversation answered from the back office and heard live.
 */

const launcherOf = (page: Page, ui: Portal) => page.getByRole('button', { name: ui.t('chat:launcher.open') });
const panelOf = (page: Page, ui: Portal) => page.getByRole('dialog', { name: ui.t('chat:title'), exact: true });
const logOf = (panel: Locator, ui: Portal) => panel.getByRole('log', { name: ui.t('chat:log.label'), exact: true });
const composerOf = (panel: Locator, ui: Portal) => panel.getByRole('textbox', { name: ui.t('chat:composer.label'), exact: true });

test('a member chats with customer service and hears the answers and the close without a reload', async ({ page, ui, request }) => {
  const account = await registerAccount(request);
  await page.goto('/');

  // A visitor is asked to sign in, from the panel, and is offered the other contacts meanwhile.
  const launcher = launcherOf(page, ui);
  await launcher.click();
  const panel = panelOf(page, ui);
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('heading', { name: ui.t('chat:visitor.title') })).toBeVisible();
  await expect(panel.getByRole('region', { name: ui.t('chat:contacts.title') }).getByRole('link', { name: 'Telegram' })).toHaveAttribute('href', 'https://t.me/apsara_support');
  await panel.getByRole('button', { name: ui.t('chat:visitor.login'), exact: true }).click();
  await ui.submitLogin(ui.loginDialog, account.username, account.password);
  await expect(ui.loginDialog).toBeHidden();
  // From here on everything arrives without a page load.
  const loads: string[] = [];
  page.on('load', () => loads.push(page.url()));

  // Signed in, the same panel offers the site's topics and says when people answer.
  await expect(panel).toContainText(ui.t('chat:online', { hours: APSARA_HOURS.en }));
  const topics = panel.getByRole('list', { name: ui.t('chat:topics.label') });
  await expect(topics.getByRole('button')).toHaveCount(6);
  await topics.getByRole('button', { name: ui.t('chat:topics.withdrawal'), exact: true }).click();

  // The conversation opens with the site's greeting; Enter sends a line, Shift+Enter breaks it.
  const log = logOf(panel, ui);
  await expect(log).toContainText(APSARA_GREETING.en);
  await expect(panel).toContainText(ui.t('chat:topic', { topic: ui.t('chat:topics.withdrawal') }));
  await expect(log.getByRole('listitem').filter({ hasText: ui.t('chat:log.today') })).toHaveCount(1);
  const composer = composerOf(panel, ui);
  await expect(composer).toBeFocused();
  await composer.pressSequentially('My withdrawal is still pending.');
  await composer.press('Shift+Enter');
  await composer.pressSequentially('Order placed yesterday.');
  await composer.press('Enter');
  const mine = log.getByRole('listitem').filter({ hasText: 'My withdrawal is still pending.' });
  await expect(mine).toHaveClass(/chat-line--member/);
  await expect(mine.locator('.chat-bubble')).toHaveText('My withdrawal is still pending.\nOrder placed yesterday.');
  await expect(composer).toHaveValue('');

  // An operator finds it waiting and answers; the answer shows up under the operator's name.
  const ops = await opsLogin(request);
  const chat = await waitingChatOf(request, ops, account.username);
  expect(chat).toMatchObject({ topic: 'withdrawal', status: 'open', lastMessage: 'My withdrawal is still pending.\nOrder placed yesterday.' });
  const first = 'Thanks for waiting. Your withdrawal is with our finance team now.';
  await answerChat(request, ops, chat.id, first);
  const answer = log.getByRole('listitem').filter({ hasText: first });
  await expect(answer).toBeVisible();
  await expect(answer).toHaveClass(/chat-line--operator/);
  await expect(answer).toContainText(OPS_ADMIN.username);

  // The panel hidden, the next answer lights the launcher's badge.
  await panel.getByRole('button', { name: ui.t('chat:panel.close'), exact: true }).click();
  await expect(panel).toBeHidden();
  await expect(launcher).toBeFocused();
  // What the open panel showed was marked read: no badge.
  await expect(launcher).toHaveAccessibleName(ui.t('chat:launcher.open'));
  const second = 'It has been paid: it should reach your bank within the hour.';
  await answerChat(request, ops, chat.id, second);
  await expect(launcher.getByTestId('chat-unread')).toHaveText('1');
  await expect(launcher).toHaveAccessibleName(ui.t('chat:launcher.withUnread', { count: 1 }));

  // Opened again, the answer is there and the badge is gone.
  await launcher.click();
  await expect(log.getByRole('listitem').filter({ hasText: second })).toBeVisible();
  await panel.getByRole('button', { name: ui.t('chat:panel.close'), exact: true }).click();
  await expect(launcher.getByTestId('chat-unread')).toHaveCount(0);

  // The operator ends it: the member sees the closed state and can start again.
  await launcher.click();
  await closeChatAsOperator(request, ops, chat.id);
  await expect(panel.getByRole('status').filter({ hasText: ui.t('chat:closed.title') })).toBeVisible();
  await expect(composerOf(panel, ui)).toHaveCount(0);
  await expect(log).toContainText('Customer service ended this conversation.');
  await panel.getByRole('button', { name: ui.t('chat:closed.restart'), exact: true }).click();
  await expect(panel.getByRole('list', { name: ui.t('chat:topics.label') })).toBeVisible();
  expect(loads).toEqual([]);
});

test('a line whose answer was lost is sent again under the same key and shown once; the member ends the chat', async ({ page, ui, request }) => {
  const account = await registerAccount(request);
  await page.goto('/');
  await ui.loginThroughPopup(account.username, account.password);

  // From the side menu's customer service entry.
  await page.getByRole('list', { name: ui.t('nav.customerService') }).getByRole('button', { name: 'Apsara live chat', exact: true }).click();
  const panel = panelOf(page, ui);
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: ui.t('chat:topics.deposit'), exact: true }).click();
  const log = logOf(panel, ui);
  await expect(log).toContainText(APSARA_GREETING.en);

  // The first try reaches the server, but its answer never comes back.
  const keys: string[] = [];
  let drop = true;
  await page.route('**/wps/chat/messages', async (route) => {
    keys.push((route.request().postDataJSON() as { idempotencyKey: string }).idempotencyKey);
    if (!drop) return route.continue();
    drop = false;
    await route.fetch();
    await route.abort('connectionreset');
  });
  const composer = composerOf(panel, ui);
  await composer.fill('Did my deposit arrive?');
  await panel.getByRole('button', { name: ui.t('chat:composer.send'), exact: true }).click();
  const failed = log.getByRole('listitem').filter({ hasText: ui.t('chat:line.failed') });
  await expect(failed).toContainText('Did my deposit arrive?');
  await failed.getByRole('button', { name: ui.t('chat:line.retry'), exact: true }).click();
  await expect(log.getByRole('listitem').filter({ hasText: ui.t('chat:line.failed') })).toHaveCount(0);
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  // Stored once by the server, shown once here, even after a reread.
  const ops = await opsLogin(request);
  const chat = await waitingChatOf(request, ops, account.username);
  expect((await opsChat(request, ops, chat.id)).messages.filter((m) => m.body === 'Did my deposit arrive?')).toHaveLength(1);
  await expect(log.getByRole('listitem').filter({ hasText: 'Did my deposit arrive?' })).toHaveCount(1);

  // A long conversation: the open page catches up on every answer, a fresh one shows the latest
  // page and loads the earlier lines on request.
  for (let i = 1; i <= 50; i += 1) await answerChat(request, ops, chat.id, `Checking step ${i}`);
  await expect(log.getByRole('listitem').filter({ hasText: /Checking step \d+/ })).toHaveCount(50);
  await page.reload();
  await launcherOf(page, ui).click();
  await expect(log).toContainText('Checking step 50');
  await expect(log).not.toContainText(APSARA_GREETING.en);
  await log.getByRole('button', { name: ui.t('chat:log.earlier'), exact: true }).click();
  await expect(log).toContainText(APSARA_GREETING.en);
  await expect(log.getByRole('button', { name: ui.t('chat:log.earlier'), exact: true })).toHaveCount(0);
  await expect(log.getByRole('listitem').filter({ hasText: 'Did my deposit arrive?' })).toHaveCount(1);

  // The counter shows near the limit; < and > are refused before sending.
  await composer.fill('x'.repeat(820));
  await expect(panel.getByLabel(ui.t('chat:composer.count', { count: 820, max: 1000 }))).toHaveText('820 / 1000');
  await composer.fill('a <b> c');
  await expect(panel.getByText(ui.t('chat:composer.angles'))).toBeVisible();
  await expect(panel.getByRole('button', { name: ui.t('chat:composer.send'), exact: true })).toBeDisabled();
  await composer.fill('');

  // Ending asks first; "Keep chatting" (focused) keeps it, Escape too.
  await panel.getByRole('button', { name: ui.t('chat:end.button'), exact: true }).click();
  const keep = panel.getByRole('button', { name: ui.t('chat:end.cancel'), exact: true });
  await expect(keep).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(keep).toHaveCount(0);
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: ui.t('chat:end.button'), exact: true }).click();
  await panel.getByRole('group', { name: ui.t('chat:end.question') }).getByRole('button', { name: ui.t('chat:end.confirm'), exact: true }).click();
  await expect(panel.getByRole('status').filter({ hasText: ui.t('chat:closed.title') })).toBeVisible();
  await expect(log).toContainText('You ended this conversation.');
  expect((await opsChat(request, ops, chat.id)).status).toBe('closed');

  // Escape hides the panel; the focus goes back to the launcher.
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(launcherOf(page, ui)).toBeFocused();
});

test('a demo account is told chat is for real accounts; a site with chat off keeps its help topic', async ({ page, ui }) => {
  await page.goto('/');
  const dialog = await ui.openLogin();
  await dialog.getByRole('button', { name: ui.t('auth:login.free_play') }).click();
  await expect(dialog).toBeHidden();

  // From the help center's chat topic.
  await page.goto('/help?topic=chat');
  const help = ui.dialog('help.title');
  await help.getByRole('button', { name: ui.t('chat:entry.help'), exact: true }).click();
  await expect(help).toBeHidden();
  const panel = panelOf(page, ui);
  await expect(panel.getByRole('heading', { name: ui.t('chat:trial.title') })).toBeVisible();
  await expect(panel.getByRole('list', { name: ui.t('chat:topics.label') })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: ui.t('chat:contacts.feedback'), exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(launcherOf(page, ui)).toBeFocused();

  // Lotus has chat off: no launcher, and its side-menu entry still leads to the help center.
  await page.goto(siteUrl(HOSTS.lotus));
  await expect(page.getByRole('navigation', { name: ui.t('nav.main') })).toBeVisible();
  await expect(launcherOf(page, ui)).toHaveCount(0);
  const entry = page.getByRole('list', { name: ui.t('nav.customerService') }).getByRole('link', { name: 'Lotus live chat', exact: true });
  await expect(entry).toHaveAttribute('href', '/help?topic=chat');
});
