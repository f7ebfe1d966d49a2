import type { APIRequestContext, Page } from '@playwright/test';
import type { ChatConversation, ChatSendValue, LocalizedText, OpsChatDetail, OpsChatListValue } from '@apsara/contracts';
import { apiLogin, opsLogin, type Account } from '../fixtures/api';
import { HOSTS, OPS_ADMIN, PORT } from '../fixtures/constants';
import { text } from '../fixtures/i18n';
import { expect, test } from '../fixtures/test';

/**
 * The customer service inbox (/backoffice/chats), as an operator works it: a member writes through
 * the chat API, the operator finds them under Waiting with the menu's badge, opens the conversation
 * (a reload keeps it), answers with Enter, sees the member's next line arrive by itself while typing,
 * reads the site's lines in their own language, and ends the conversation; the member's side
 * (GET /wps/chat) has the answer and the end. Another role reads the same conversation and can
 * answer nothing.
 */

const ORIGIN = `http://127.0.0.1:${PORT}`;
const onSite = (token?: string) => ({ Host: `${HOSTS.apsara}:${PORT}`, 'Accept-Language': 'en', ...(token ? { Authorization: `Bearer ${token}` } : {}) });

const valueOf = async <T>(res: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> => {
  const body = (await res.json()) as { success: boolean; value: T };
  expect(body.success, `${what}: ${JSON.stringify(body)}`).toBe(true);
  return body.value;
};

let keys = 0;
const key = () => `e2e-bo-chat-${Date.now().toString(36)}-${(keys += 1)}`;

/** The member's side of the chat (docs/chat.md "The member"). */
const member = (request: APIRequestContext, token: string) => ({
  launch: async (topic: string) => valueOf<ChatConversation>(await request.post(`${ORIGIN}/wps/chat/launch`, { headers: onSite(token), data: { topic } }), 'launch'),
  write: async (body: string) => valueOf<ChatSendValue>(await request.post(`${ORIGIN}/wps/chat/messages`, { headers: onSite(token), data: { body, idempotencyKey: key() } }), 'write'),
  current: async () => (await valueOf<{ conversation: ChatConversation | null }>(await request.get(`${ORIGIN}/wps/chat`, { headers: onSite(token) }), 'current')).conversation,
});

const waitingCount = async (request: APIRequestContext, ops: string) =>
  (await valueOf<OpsChatListValue>(await request.get(`${ORIGIN}/ops/chats`, { headers: onSite(ops), params: { status: 'waiting' } }), 'waiting')).waiting;

const opsChat = async (request: APIRequestContext, ops: string, id: string) => valueOf<OpsChatDetail>(await request.get(`${ORIGIN}/ops/chats/${id}`, { headers: onSite(ops) }), 'chat');

const english = (text: LocalizedText | string) => (typeof text === 'string' ? text : text.en);

const signIn = async (page: Page, t: (key: string, vars?: Record<string, string | number>) => string, account: { username: string; password: string }, path: string) => {
  await page.goto(path);
  await expect(page).toHaveURL(/\/backoffice\/login\?next=/);
  await page.getByLabel(t('ops:login.username'), { exact: true }).fill(account.username);
  await page.getByLabel(t('ops:login.password'), { exact: true }).fill(account.password);
  await page.getByRole('button', { name: t('ops:login.submit'), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('ops:page.chats'), exact: true })).toBeVisible();
};

/** A member with an open conversation whose last line is theirs: it waits for an answer. */
const memberWhoWrote = async (request: APIRequestContext, account: Account, words: string) => {
  const login = await apiLogin(request, account);
  expect(login.success, JSON.stringify(login)).toBe(true);
  const side = member(request, (login.value as { token: string }).token);
  const conversation = await side.launch('withdrawal');
  await side.write(words);
  return { side, conversation };
};

test('an operator answers a waiting member, sees the next line arrive, and ends the conversation', async ({ page, ui, request, freshAccount }) => {
  test.setTimeout(120_000);
  const t = ui.t;
  const name = freshAccount.username;
  const first = `My withdrawal ${Date.now().toString(36)} is still pending, can you check?`;
  const { side, conversation } = await memberWhoWrote(request, freshAccount, first);
  const ops = await opsLogin(request);

  const menu = page.getByRole('complementary', { name: t('ops:frame.menu'), exact: true });
  const chatLink = menu.getByRole('link', { name: t('ops:page.chats') });
  const waitingList = page.getByRole('list', { name: t('ops:chats.list_label', { tab: t('ops:chats.tab.waiting') }), exact: true });
  const item = waitingList.getByRole('link').filter({ hasText: name });
  const log = page.getByRole('log', { name: t('ops:chats.lines_of', { name }), exact: true });
  const composer = page.getByLabel(t('ops:chats.reply_to', { name }), { exact: true });

  await test.step('the member waits under Waiting, counted beside the menu entry and on the dashboard', async () => {
    await signIn(page, t, OPS_ADMIN, '/backoffice/chats');
    await expect(page).toHaveURL(/\/backoffice\/chats$/);
    await expect(page.getByRole('tab', { name: t('ops:chats.tab.waiting'), exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(item).toBeVisible();
    await expect(item).toContainText(first);
    await expect(item).toContainText(t('ops:chats.topic.withdrawal'));
    await expect(item).toContainText(t('ops:chats.unassigned'));
    const waiting = await waitingCount(request, ops);
    expect(waiting).toBeGreaterThanOrEqual(1);
    await expect(chatLink.locator('.bo-nav__count')).toHaveAttribute('aria-label', t('ops:frame.waiting', { count: waiting }));
    await menu.getByRole('link', { name: t('ops:page.dashboard') }).click();
    await expect(page.getByRole('link', { name: t('ops:dashboard.card_label', { label: t('ops:dashboard.card.chats'), count: waiting }), exact: true })).toBeVisible();
    await chatLink.click();
  });

  await test.step('open the conversation: its lines, the member, and the lines marked read; a reload keeps it', async () => {
    await item.click();
    await expect(page).toHaveURL(new RegExp(`[?&]chat=${conversation.id}(&|$)`));
    await expect(page.getByRole('link', { name: t('ops:chats.member_link', { name }), exact: true })).toHaveAttribute('href', /\/backoffice\/members\?member=\d+$/);
    await expect(log.getByText(first)).toBeVisible();
    // The site's greeting is the first line, in the operator's language.
    const greeting = conversation.messages.find((m) => m.sender === 'system');
    if (greeting) await expect(log.getByText(english(greeting.body))).toBeVisible();
    await expect.poll(async () => (await opsChat(request, ops, conversation.id)).unread).toBe(0);
    await page.reload();
    await expect(log.getByText(first)).toBeVisible();
  });

  const answer = `We are on it: your withdrawal ${Date.now().toString(36)} goes out within the hour.`;
  await test.step('answer with Enter: the line shows as the operator’s, the member has it, and nobody waits any more', async () => {
    // Shift+Enter is a new line, not a send.
    await composer.fill('We are on it:');
    await composer.press('Shift+Enter');
    await expect(composer).toHaveValue('We are on it:\n');
    await composer.fill(answer);
    await composer.press('Enter');
    await expect(composer).toHaveValue('');
    const mine = log.getByRole('listitem').filter({ hasText: answer });
    await expect(mine).toBeVisible();
    await expect(mine).toContainText(OPS_ADMIN.username);
    await expect(page.getByText(t('ops:chats.held'), { exact: true })).toBeVisible();
    await expect(item).toHaveCount(0);
    await expect
      .poll(async () => (await side.current())?.messages.some((m) => m.sender === 'operator' && m.body === answer && m.operatorName === OPS_ADMIN.username))
      .toBe(true);
  });

  await test.step('"Only mine" keeps the conversations this operator answered first', async () => {
    const onlyMine = page.getByRole('switch', { name: t('ops:chats.mine'), exact: true });
    await page.getByRole('tab', { name: t('ops:chats.tab.open'), exact: true }).click();
    const openList = page.getByRole('list', { name: t('ops:chats.list_label', { tab: t('ops:chats.tab.open') }), exact: true });
    // The switch's label turns it on and off, as a person clicks it.
    const label = page.locator('.bo-inbox__queue').getByText(t('ops:chats.mine'), { exact: true });
    await label.click();
    await expect(onlyMine).toBeChecked();
    await expect(page).toHaveURL(/[?&]mine=1(&|$)/);
    await expect(openList.getByRole('link').filter({ hasText: name })).toBeVisible();
    await label.click();
    await expect(onlyMine).not.toBeChecked();
    await expect(page).not.toHaveURL(/[?&]mine=1/);
    await page.getByRole('tab', { name: t('ops:chats.tab.waiting'), exact: true }).click();
    await expect(log.getByText(answer)).toBeVisible();
  });

  await test.step("the member's next line arrives by itself, and what the operator is typing stays", async () => {
    await composer.fill('A draft in progress');
    const second = `Thanks! Reference ${Date.now().toString(36)}.`;
    await side.write(second);
    // The open conversation is read again every 5 seconds.
    await expect(log.getByText(second)).toBeVisible({ timeout: 15_000 });
    await expect(composer).toHaveValue('A draft in progress');
    await composer.fill('');
  });

  await test.step("the site's lines follow the operator's language", async () => {
    const greeting = conversation.messages.find((m) => m.sender === 'system');
    test.skip(!greeting || typeof greeting.body === 'string' || !greeting.body.km, 'the site greets in one language only');
    const body = greeting!.body as { en: string; km: string };
    await page.getByRole('group', { name: t('ops:frame.language') }).getByRole('button', { name: /ខ្មែរ/ }).click();
    await expect(page.getByRole('log').getByText(body.km)).toBeVisible();
    await page.getByRole('group', { name: text('km', 'ops:frame.language') }).getByRole('button', { name: 'EN', exact: true }).click();
    await expect(log.getByText(body.en)).toBeVisible();
  });

  await test.step('end the conversation: asked first, then closed for both sides', async () => {
    await page.getByRole('button', { name: t('ops:chats.close_named', { name }), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: t('ops:chats.close_title', { name }), exact: true });
    await expect(dialog).toContainText(t('ops:chats.close_consequence'));
    await dialog.getByRole('button', { name: t('ops:chats.close'), exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: t('ops:chats.closed_notice', { name }) })).toBeVisible();
    await expect(page.getByText(t('ops:chats.ended_by.operator'), { exact: true })).toBeVisible();
    await expect(composer).toHaveCount(0);
    await expect(page.getByRole('button', { name: t('ops:chats.close_named', { name }) })).toHaveCount(0);
    const after = await side.current();
    expect(after?.status).toBe('closed');
    expect(after?.closedBy).toBe('operator');
    await page.getByRole('tab', { name: t('ops:chats.tab.closed'), exact: true }).click();
    await expect(page.getByRole('list', { name: t('ops:chats.list_label', { tab: t('ops:chats.tab.closed') }), exact: true }).getByRole('link').filter({ hasText: name })).toBeVisible();
  });
});

test('finance reads a conversation but cannot answer or end it', async ({ page, ui, request, freshAccount }) => {
  const t = ui.t;
  const name = freshAccount.username;
  const words = `Finance should only read this ${Date.now().toString(36)}`;
  const { conversation } = await memberWhoWrote(request, freshAccount, words);
  const admin = await opsLogin(request);
  const finance = { username: `e2efin${Date.now().toString(36)}`, password: 'E2e-finance-Pass-1' };
  await valueOf(await request.post(`${ORIGIN}/ops/operators`, { headers: onSite(admin), data: { ...finance, role: 'finance' } }), 'finance operator');

  await signIn(page, t, finance, `/backoffice/chats?chat=${conversation.id}`);
  await expect(page.getByText(t('ops:common.read_only'), { exact: true })).toBeVisible();
  await expect(page.getByRole('log', { name: t('ops:chats.lines_of', { name }), exact: true }).getByText(words)).toBeVisible();
  await expect(page.getByText(t('ops:chats.read_only'), { exact: true })).toBeVisible();
  await expect(page.getByLabel(t('ops:chats.reply_to', { name }), { exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: t('ops:chats.close_named', { name }), exact: true })).toBeDisabled();
  // Reading is not answering: the member's line stays unread for those who answer.
  expect((await opsChat(request, admin, conversation.id)).unread).toBeGreaterThan(0);
});
