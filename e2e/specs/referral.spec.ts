import { ERRORS, maskUsername } from '@apsara/contracts';
import { approveDeposit, newPassword, opsDeposits, opsLogin, registerAccount, uniqueUsername } from '../fixtures/api';
import { CAPTCHA_ANSWER, PORT } from '../fixtures/constants';
import { escapeRegExp } from '../fixtures/i18n';
import { solidPng } from '../fixtures/images';
import { Portal } from '../fixtures/portal';
import { expect, test } from '../fixtures/test';

/** A code no member can hold: invitation codes never use 0, O, 1, I or L. */
const WRONG_CODE = 'WRONG000';

/**
 * The invite-friends journey (docs/referral.md): a member opens "Invite friends" and finds their code,
 * link and QR code; a friend, in a browser of their own, follows the link (a wrong code is refused on
 * the register popup's invitation line), registers with the right one, deposits 50.00 by bank transfer
 * (the site approves it, API) and bets 50.00 (the site's two minimums); within the reward job's period
 * the member's page shows the friend qualified and 10.00 earned, without a reload, and the account
 * record names the reward.
 */
test('a member invites a friend by link; the friend registers, deposits, and the member is rewarded', async ({ page, ui, request, browser, context }) => {
  test.setTimeout(180_000);
  const t = ui.t;
  const inviter = await registerAccount(request);
  const origin = `http://localhost:${PORT}`;

  let code = '';
  await test.step('the member opens Invite friends: code, link, QR code, terms, and no friends yet', async () => {
    await page.goto('/');
    await ui.loginThroughPopup(inviter.username, inviter.password);
    await ui.memberLink(inviter.username).click();
    await ui.openMemberPage('referral');

    const invite = ui.panel('member:referral.invite_title');
    await expect(invite).toContainText(t('member:referral.terms', { reward: '$10.00', minDeposit: '$50.00', minBets: '$50.00' }));
    code = ((await invite.getByRole('group', { name: t('member:referral.code'), exact: true }).getByRole('strong').textContent()) ?? '').trim();
    expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{8}$/);
    const link = `${origin}/register?ref=${code}`;
    await expect(invite.getByLabel(t('member:referral.link'), { exact: true })).toHaveValue(link);
    await expect(invite.getByRole('img', { name: t('member:referral.qr_label', { code }), exact: true })).toBeVisible();

    // Copying says so on the button, and the link is what lands on the clipboard.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    const copyLink = invite.getByRole('button', { name: t('member:common.copy_named', { name: t('member:referral.link') }), exact: true });
    await copyLink.click();
    await expect(copyLink).toContainText(t('member:common.copied'));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    const figures = page.getByRole('region', { name: t('member:referral.figures'), exact: true });
    await expect(figures).toContainText(`${t('member:referral.invited')}0`);
    await expect(figures).toContainText(`${t('member:referral.earned')}$0.00`);
    await expect(ui.panel('member:referral.friends_title')).toContainText(t('member:referral.none'));
  });

  // The friend: a browser of their own, from another address, on a phone.
  const friendContext = await browser.newContext({ baseURL: origin, locale: 'en-US', viewport: { width: 390, height: 844 }, extraHTTPHeaders: { 'X-Forwarded-For': `10.254.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}` } });
  const friendPage = await friendContext.newPage();
  const friendUi = new Portal(friendPage, 'en');
  const friend = { username: uniqueUsername('f'), password: newPassword() };

  const fillRegister = async () => {
    const dialog = friendUi.registerDialog;
    await friendUi.field(dialog, 'username').fill(friend.username);
    await friendUi.field(dialog, 'password').fill(friend.password);
    await friendUi.field(dialog, 'confirmPassword').fill(friend.password);
    await friendUi.field(dialog, 'captcha').fill(CAPTCHA_ANSWER);
    await dialog.getByRole('checkbox', { name: t('auth:register.age', { age: 18 }) }).check();
    await dialog.getByRole('button', { name: t('auth:register.submit'), exact: true }).click();
  };
  const invitedLine = () => friendUi.registerDialog.getByRole('group', { name: t('auth:register.invited_label'), exact: true });

  await test.step('a link with a wrong code: the popup shows it and the server refuses it on that line', async () => {
    await friendPage.goto(`/register?ref=${WRONG_CODE}`);
    await expect(friendUi.registerDialog).toBeVisible();
    await expect(invitedLine()).toContainText(t('auth:register.invited_by', { code: WRONG_CODE }));
    await fillRegister();
    await expect(invitedLine().getByRole('alert')).toHaveText(ERRORS.REFERRAL_CODE_INVALID.en);
    await expect(friendUi.registerDialog).toBeVisible();
    expect(await friendUi.token()).toBeNull();
    // The friend may drop the code and register without one; here they follow the right link instead.
    await invitedLine().getByRole('button', { name: t('auth:register.invited_remove_label', { code: WRONG_CODE }), exact: true }).click();
    await expect(invitedLine()).toHaveCount(0);
  });

  await test.step("the member's link pre-fills their code, and the friend registers with it", async () => {
    await friendPage.goto(`/register?ref=${code}`);
    await expect(friendUi.registerDialog).toBeVisible();
    await expect(invitedLine()).toContainText(t('auth:register.invited_by', { code }));
    await fillRegister();
    await expect(friendUi.registerDialog).toBeHidden();
    await expect(friendUi.bonusDialog).toBeVisible();
    await friendUi.bonusDialog.getByRole('button', { name: t('auth:bonus.later'), exact: true }).click();
    await expect(friendUi.memberLink(friend.username)).toBeVisible();
  });

  const friends = ui.panel('member:referral.friends_title');
  const friendRow = () => friends.getByRole('row').filter({ hasText: maskUsername(friend.username) });
  const figures = page.getByRole('region', { name: t('member:referral.figures'), exact: true });

  await test.step('the member sees the friend, masked, waiting for deposits', async () => {
    await page.reload();
    await expect(friendRow()).toContainText(t('member:referral.state_waiting'));
    expect(await friendRow().textContent()).not.toContain(friend.username);
    await expect(figures).toContainText(`${t('member:referral.invited')}1`);
    await expect(figures).toContainText(`${t('member:referral.qualified')}0`);
  });

  await test.step('the friend deposits 50.00 by bank transfer and the site approves it', async () => {
    await friendPage.goto('/member/depositv2');
    await expect(friendUi.memberPageHeading('depositv2')).toBeVisible();
    await friendUi.panel('member:deposit.channels_title').getByRole('radio', { name: new RegExp(escapeRegExp(t('member:deposit.type_BANK_TRANSFER'))) }).check();
    const form = friendUi.panel('member:deposit.bank_title');
    await form.getByLabel(t('member:deposit.amount'), { exact: true }).fill('50.00');
    await form.getByLabel(t('member:deposit.reference'), { exact: true }).fill(`RF${Date.now().toString().slice(-10)}`);
    await form.getByLabel(t('member:image.choose_one')).setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: solidPng() });
    await form.getByRole('button', { name: t('member:deposit.submit_bank'), exact: true }).click();
    await expect(form.getByRole('status')).toContainText('$50.00');

    const ops = await opsLogin(request);
    const pending = (await opsDeposits(request, ops, { status: 'pending' })).filter((d) => d.username === friend.username);
    expect(pending).toHaveLength(1);
    const approved = await approveDeposit(request, ops, pending[0].id);
    expect(approved, JSON.stringify(approved)).toMatchObject({ success: true, value: { status: 'approved' } });
    await expect(friendUi.balance).toHaveText('$50.00');
  });

  await test.step('the friend bets 50.00 in all (five dice rolls of 10.00, as the dice game sends them)', async () => {
    // Deposits alone earn nothing (money parked and taken out again): the friend's bets must reach the minimum too.
    const token = await friendUi.token();
    for (let i = 0; i < 5; i++) {
      const res = await request.post(`http://127.0.0.1:${PORT}/wps/inhouse/dice/roll`, {
        headers: { Host: `localhost:${PORT}`, Authorization: `Bearer ${token}` },
        data: { amount: '10.00', target: '50.00', direction: 'under', idempotencyKey: `referral-e2e-${friend.username}-${i}` },
      });
      expect((await res.json()) as { success: boolean }, `roll ${i}`).toMatchObject({ success: true });
    }
  });

  await test.step('within the reward job’s period the member sees the friend qualified and 10.00 earned, without a reload', async () => {
    const loads: string[] = [];
    page.on('load', () => loads.push(page.url()));
    // The job runs every 30 seconds; the reward is a balance event, which refreshes the page.
    await expect(friendRow()).toContainText(t('member:referral.state_qualified'), { timeout: 75_000 });
    await expect(friendRow()).toContainText('+$10.00');
    await expect(figures).toContainText(`${t('member:referral.qualified')}1`);
    await expect(figures).toContainText(`${t('member:referral.earned')}$10.00`);
    await expect(ui.balance).toHaveText('$10.00');
    expect(loads).toEqual([]);
  });

  await test.step('the account record names the reward and the friend', async () => {
    await ui.openMemberPage('transactionHistory');
    const reward = page.getByRole('row').filter({ hasText: t('member:history.detail.referral', { friend: maskUsername(friend.username) }) });
    await expect(reward).toHaveCount(1);
    await expect(reward).toContainText('$10.00');
  });

  await friendContext.close();
});
