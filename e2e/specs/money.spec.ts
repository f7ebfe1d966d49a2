import type { Locator } from '@playwright/test';
import { approveDeposit, decideWithdrawal, newPassword, opsDeposits, opsLogin, opsWithdrawals, uniqueUsername, walletBalance, walletFunds } from '../fixtures/api';
import { CAPTCHA_ANSWER } from '../fixtures/constants';
import { escapeRegExp } from '../fixtures/i18n';
import { solidPng } from '../fixtures/images';
import { expect, test } from '../fixtures/test';

/** The first transfer-wallet vendor of the merchant (merchant config `transferVendors`, default list). */
const VENDOR = { code: 'AG', name: 'Asia Gaming' } as const;
const REAL_NAME = 'Dara Sok';
const PAYMENT_PASSWORD = '2580';
const CARD = { bank: 'ABA Bank', number: '001234567890' } as const;

/**
 * A success line ("Deposit #{{id}} of …") as a pattern that captures the id, every other
 * placeholder filled in.
 */
const withId = (text: (vars: Record<string, string>) => string, vars: Record<string, string> = {}) =>
  new RegExp(`^${escapeRegExp(text({ ...vars, id: '\u0000' })).replace('\u0000', '(\\d+)')}$`);

/**
 * The money journey of the issue, all in one browser page: register, deposit by bank transfer,
 * operator approves (API), the header balance moves without a reload, game wallet and back, the
 * withdrawal prerequisites, withdraw, operator approves and pays (API), the member confirms receipt,
 * and the account record shows every step with its balance after.
 */
test('a member deposits, plays a game wallet, withdraws and confirms receipt; the header and the account record follow every step', async ({ page, ui, request }) => {
  // Ten steps in one page: about 20 s on a quiet machine, up to ~45 s measured under heavy CPU load
  // (the lobby's register popup alone is several seconds there), so the 60 s default is too tight.
  test.setTimeout(120_000);
  const t = ui.t;
  const username = uniqueUsername('m');
  const password = newPassword();
  const reference = `FT${Date.now().toString().slice(-10)}`;
  const header = ui.balance;

  // Page loads: after the first one there must be none. `load` fires for new documents only (the
  // router's own moves are same-document `framenavigated` events, which are counted separately).
  const loads: string[] = [];
  const moves: string[] = [];

  await test.step('register through the popup', async () => {
    await page.goto('/');
    await ui.registerThroughPopup(username, password, CAPTCHA_ANSWER);
    await expect(header).toHaveText('$0.00');
    page.on('load', () => loads.push(page.url()));
    page.on('framenavigated', (f) => f === page.mainFrame() && moves.push(f.url()));
    // A mark on this document: still there at the end means the page was never reloaded.
    await page.evaluate(() => Object.assign(window, { __moneyJourney: 'same document' }));
    await ui.memberLink(username).click();
    await expect(ui.memberPageHeading('overview')).toBeVisible();
  });

  /**
   * Marks the page's place before money moves; the returned check waits for the header to show
   * `amount` and proves the page neither moved nor loaded in between.
   */
  const stayPut = () => {
    const mark = moves.length;
    return async (amount: string) => {
      await expect(header).toHaveText(amount);
      expect(moves.slice(mark), 'the page did not move while the balance changed').toEqual([]);
      expect(loads, 'no page load since the first one').toEqual([]);
    };
  };

  let depositId = '';
  const deposits = ui.panel('member:deposit.list_title');
  const depositRow = () => deposits.getByRole('row').filter({ hasText: `#${depositId}` });

  await test.step('deposit 500.00 by bank transfer with a receipt', async () => {
    await ui.openMemberPage('depositv2');
    const channels = ui.panel('member:deposit.channels_title');
    const bank = channels.getByRole('radio', { name: new RegExp(escapeRegExp(t('member:deposit.type_BANK_TRANSFER'))) });
    await bank.check();
    await expect(bank).toBeChecked();

    const form = ui.panel('member:deposit.bank_title');
    await form.getByLabel(t('member:deposit.amount'), { exact: true }).fill('500.00');
    await form.getByLabel(t('member:deposit.reference'), { exact: true }).fill(reference);
    await form.getByLabel(t('member:image.choose_one')).setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: solidPng() });
    await expect(form.getByRole('img', { name: t('member:image.preview_of', { name: 'receipt.png' }), exact: true })).toBeVisible();
    await form.getByRole('button', { name: t('member:deposit.submit_bank'), exact: true }).click();

    const sent = form.getByRole('status');
    await expect(sent).toHaveText(withId((v) => t('member:deposit.submitted', v), { amount: '$500.00' }));
    depositId = withId((v) => t('member:deposit.submitted', v), { amount: '$500.00' }).exec((await sent.textContent()) ?? '')![1];

    await expect(depositRow()).toHaveCount(1);
    await expect(depositRow()).toContainText(reference);
    await expect(depositRow().getByRole('cell', { name: '$500.00', exact: true })).toBeVisible();
    await expect(depositRow().getByRole('cell', { name: t('member:status.deposit.pending'), exact: true })).toBeVisible();
    await expect(header).toHaveText('$0.00');
  });

  const ops = await opsLogin(request);

  await test.step('the operator approves the deposit; the header shows it without a reload', async () => {
    const headerFollows = stayPut();
    const pending = (await opsDeposits(request, ops, { status: 'pending' })).filter((d) => d.username === username);
    expect(pending).toEqual([expect.objectContaining({ id: depositId, amount: '500.00', reference, status: 'pending', receiptId: expect.any(String) })]);
    const approved = await approveDeposit(request, ops, depositId);
    expect(approved, JSON.stringify(approved)).toMatchObject({ success: true, value: { status: 'approved', balanceAfter: '500.00' } });

    await headerFollows('$500.00');
    // The list follows the balance stream too: the row turns Credited with nothing clicked.
    await expect(depositRow().getByRole('cell', { name: t('member:status.deposit.approved'), exact: true })).toBeVisible();
    // The form's "sent for review" note gives way to the row's status.
    await expect(ui.panel('member:deposit.bank_title').getByText(withId((v) => t('member:deposit.submitted', v), { amount: '$500.00' }))).toHaveCount(0);
  });

  await test.step(`move 120.00 to the ${VENDOR.code} wallet and back`, async () => {
    await ui.openMemberPage('transferFund');
    const wallets = ui.panel('member:transfer.wallets_title');
    const main = wallets.getByRole('listitem').filter({ has: page.getByText(t('member:transfer.main_wallet'), { exact: true }) });
    const vendor = wallets.getByRole('listitem').filter({ has: page.getByText(VENDOR.code, { exact: true }) });
    const walletsShow = async (mainAmount: string, vendorAmount: string) => {
      await expect(main).toContainText(mainAmount);
      await expect(vendor).toContainText(vendorAmount);
    };
    await walletsShow('$500.00', '$0.00');

    const form = ui.panel('member:transfer.form_title');
    const from = form.getByLabel(t('member:transfer.from'), { exact: true });
    const to = form.getByLabel(t('member:transfer.to'), { exact: true });
    const amount = form.getByLabel(t('member:transfer.amount'), { exact: true });
    const submit = form.getByRole('button', { name: t('member:transfer.submit'), exact: true });
    const done = form.getByRole('status');

    await from.selectOption('MAIN');
    await to.selectOption(VENDOR.code);
    await amount.fill('120.00');
    let headerFollows = stayPut();
    await submit.click();
    await expect(done).toHaveText(t('member:transfer.done', { amount: '$120.00', from: t('member:transfer.main_wallet'), to: VENDOR.name }));
    await walletsShow('$380.00', '$120.00');
    await expect(wallets).toContainText(`${t('member:transfer.total')}$500.00`);
    await headerFollows('$380.00');

    await form.getByRole('button', { name: t('member:transfer.swap'), exact: true }).click();
    await expect(from).toHaveValue(VENDOR.code);
    await expect(to).toHaveValue('MAIN');
    await amount.fill('120.00');
    headerFollows = stayPut();
    await submit.click();
    await expect(done).toHaveText(t('member:transfer.done', { amount: '$120.00', from: VENDOR.name, to: t('member:transfer.main_wallet') }));
    await walletsShow('$500.00', '$0.00');
    await headerFollows('$500.00');
  });

  await test.step('set the real name, the payment password and bind a card in that name', async () => {
    await ui.openMemberPage('securityCenter');
    const items = ui.panel('member:security.items_title');
    const setUp = (item: Locator) => item.getByRole('button', { name: t('member:security.set'), exact: true }).click();
    const save = (item: Locator) => item.getByRole('button', { name: t('member:security.save'), exact: true }).click();

    const realName = items.getByRole('listitem').filter({ hasText: t('member:security.real_name') });
    await setUp(realName);
    await realName.getByLabel(t('member:security.real_name'), { exact: true }).fill(REAL_NAME);
    await save(realName);
    // The name cannot be changed afterwards: it is written out and saved only once confirmed.
    await expect(realName.getByRole('alert')).toContainText(t('member:security.real_name_confirm', { name: REAL_NAME }));
    await realName.getByRole('button', { name: t('member:security.real_name_confirm_yes'), exact: true }).click();
    await expect(realName).toContainText(REAL_NAME);
    await expect(realName).toContainText(t('member:security.real_name_locked'));
    await expect(realName.getByRole('status')).toHaveText(t('member:security.real_name_saved'));

    const pp = items.getByRole('listitem').filter({ hasText: t('member:security.payment_password') });
    await setUp(pp);
    await pp.getByLabel(t('member:security.login_password_current'), { exact: true }).fill(password);
    await pp.getByLabel(t('member:security.new_payment_password'), { exact: true }).fill(PAYMENT_PASSWORD);
    await pp.getByLabel(t('member:security.confirm_payment_password'), { exact: true }).fill(PAYMENT_PASSWORD);
    await save(pp);
    await expect(pp).toContainText(t('member:security.is_set'));
    await expect(pp.getByRole('status')).toHaveText(t('member:security.pp_set'));

    const cards = ui.panel('member:cards.title');
    await cards.getByRole('button', { name: t('member:cards.add'), exact: true }).click();
    await cards.getByLabel(t('member:cards.bank'), { exact: true }).selectOption(CARD.bank);
    await expect(cards.getByLabel(t('member:cards.holder'), { exact: true })).toHaveValue(REAL_NAME);
    await cards.getByLabel(t('member:cards.number'), { exact: true }).fill(CARD.number);
    await cards.getByLabel(t('member:withdraw.payment_password'), { exact: true }).fill(PAYMENT_PASSWORD);
    await cards.getByRole('button', { name: t('member:cards.bind'), exact: true }).click();
    const card = cards.getByRole('listitem').filter({ hasText: CARD.bank });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(CARD.number.slice(-4));
    await expect(card).toContainText(REAL_NAME);
    await expect(page.getByRole('heading', { name: t('member:security.level', { level: t('member:security.level_4') }), exact: true })).toBeVisible();
  });

  let withdrawalId = '';
  const withdrawals = ui.panel('member:withdraw.list_title');
  const withdrawalRow = () => withdrawals.getByRole('row').filter({ hasText: `#${withdrawalId}` });
  const available = page.getByText(t('member:withdraw.available'), { exact: true }).locator('..');

  await test.step('withdraw 200.00 to that card with the payment password', async () => {
    await ui.openMemberPage('withdraw');
    await expect(available).toContainText('$500.00');
    const form = ui.panel('member:withdraw.form_title');
    await expect(form.getByRole('radio', { name: new RegExp(escapeRegExp(CARD.bank)) })).toBeChecked();
    await form.getByLabel(t('member:withdraw.amount'), { exact: true }).fill('200.00');
    await expect(form.getByRole('definition').filter({ hasText: '$200.00' })).toHaveCount(1); // "You receive" (no fee)
    await form.getByLabel(t('member:withdraw.payment_password'), { exact: true }).fill(PAYMENT_PASSWORD);
    await form.getByRole('button', { name: t('member:withdraw.submit'), exact: true }).click();

    const pattern = withId((v) => t('member:withdraw.submitted', v), { payout: '$200.00' });
    const sent = form.getByRole('status');
    await expect(sent).toHaveText(pattern);
    withdrawalId = pattern.exec((await sent.textContent()) ?? '')![1];

    await expect(withdrawalRow()).toHaveCount(1);
    // The amount, and (no fee on this merchant) the payout beside it: the same $200.00, no "-$0.00".
    await expect(withdrawalRow().getByRole('cell', { name: '$200.00', exact: true })).toHaveCount(2);
    await expect(withdrawalRow()).not.toContainText('-$0.00');
    await expect(withdrawalRow().getByRole('cell', { name: t('member:status.withdrawal.pending'), exact: true })).toBeVisible();
    // The amount is held: still in the balance the header shows, no longer available to withdraw.
    await expect(available).toContainText('$300.00');
    await expect(header).toHaveText('$500.00');
    // The header says how much of it is on hold.
    await expect(ui.header.getByText(t('auth:header.held', { amount: '$200.00' }), { exact: true })).toBeVisible();
    expect(await walletBalance(request, (await ui.token())!)).toMatchObject({ balance: '500.00', held: '200.00', available: '300.00' });
  });

  await test.step('the operator approves and pays; the header drops without a reload', async () => {
    const headerFollows = stayPut();
    const pending = (await opsWithdrawals(request, ops, { status: 'pending' })).filter((w) => w.username === username);
    expect(pending).toEqual([expect.objectContaining({ id: withdrawalId, amount: '200.00', payout: '200.00', accountName: REAL_NAME, bankName: CARD.bank })]);
    expect(await decideWithdrawal(request, ops, withdrawalId, 'approve')).toMatchObject({ success: true, value: { status: 'approved' } });
    await expect(header).toHaveText('$500.00');
    // No money moves on approval, so no balance event: the list, read again while the withdrawal waits, shows it.
    await expect(withdrawalRow().getByRole('cell', { name: t('member:status.withdrawal.approved'), exact: true })).toBeVisible({ timeout: 20_000 });
    // The form's "sent for review" note gives way to the row's status.
    await expect(ui.panel('member:withdraw.form_title').getByText(withId((v) => t('member:withdraw.submitted', v), { payout: '$200.00' }))).toHaveCount(0);
    expect(await decideWithdrawal(request, ops, withdrawalId, 'paid')).toMatchObject({ success: true, value: { status: 'paid' } });
    await headerFollows('$300.00');
    await expect(ui.header.getByText(t('auth:header.held', { amount: '$200.00' }), { exact: true })).toHaveCount(0);

    // Like "My deposits", the list follows by itself.
    await expect(withdrawalRow().getByRole('cell', { name: t('member:status.withdrawal.paid'), exact: true })).toBeVisible();
    await expect(withdrawalRow().getByRole('button', { name: t('member:confirm.action'), exact: true })).toBeVisible();
    // Beside the menus the list is narrow: the action is in sight without scrolling the list sideways.
    const list = withdrawals.locator('.mc-table-wrap');
    expect(await list.evaluate((w) => w.scrollWidth <= w.clientWidth)).toBe(true);
  });

  await test.step('confirm receipt: received in full', async () => {
    await withdrawalRow().getByRole('button', { name: t('member:confirm.action'), exact: true }).click();
    const dialog = ui.dialog('member:confirm.title');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`#${withdrawalId}`);
    const full = dialog.getByRole('radio', { name: new RegExp(`^${escapeRegExp(t('member:confirm.outcome_received'))}`) });
    await full.check();
    await expect(full).toBeChecked();
    await dialog.getByRole('button', { name: t('member:confirm.submit'), exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(withdrawalRow().getByRole('cell', { name: t('member:status.confirmation.received'), exact: true })).toBeVisible();
    await expect(withdrawalRow().getByRole('button', { name: t('member:confirm.action'), exact: true })).toHaveCount(0);
  });

  await test.step('the account record shows each step with its amount and balance after', async () => {
    await ui.openMemberPage('transactionHistory');
    const history = ui.panel('member:history.title');
    // The default range (last 7 days) rather than "Today": a run crossing the merchant's midnight
    // would otherwise lose the first rows.
    await expect(history.getByRole('group', { name: t('member:history.quick_picks') }).getByRole('button', { name: t('member:history.pick_last7'), exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const table = history.getByRole('table', { name: t('member:history.title'), exact: true });
    const body = table.getByRole('row').filter({ has: page.getByRole('cell') });
    // The wallet a line moved stands under its type, in the same cell.
    const row = (type: string, wallet: string, amount: string, after: string) =>
      body
        .filter({ has: page.getByRole('cell', { name: `${t(`member:txType.${type}`)} ${wallet}`, exact: true }) })
        .filter({ has: page.getByRole('cell', { name: amount, exact: true }) })
        .filter({ has: page.getByRole('cell', { name: after, exact: true }) });
    const main = t('member:transfer.main_wallet');

    await expect(body).toHaveCount(6);
    await expect(row('DEPOSIT', main, '+$500.00', '$500.00')).toHaveCount(1);
    // Each line says in words what it was: the deposit by its number, …
    await expect(row('DEPOSIT', main, '+$500.00', '$500.00').getByRole('cell').last()).toHaveText(t('member:history.detail.deposit', { id: depositId }));
    // … and, the game wallet being held by the vendor (the simulator's transfer API), each move by our
    // transaction at the vendor, the same on both of its lines.
    const vendorRef = new RegExp(`^${escapeRegExp(t('member:history.detail.vendor', { vendor: VENDOR.code, transactionId: '\u0000' })).replace('\u0000', '\\S+')}$`);
    for (const [type, mainAmount, mainAfter, gameAmount, gameAfter] of [
      ['VENDOR_TRANSFER_IN', '-$120.00', '$380.00', '+$120.00', '$120.00'],
      ['VENDOR_TRANSFER_OUT', '+$120.00', '$500.00', '-$120.00', '$0.00'],
    ] as const) {
      const mainLine = row(type, main, mainAmount, mainAfter);
      const gameLine = row(type, VENDOR.code, gameAmount, gameAfter);
      await expect(mainLine).toHaveCount(1);
      await expect(gameLine).toHaveCount(1);
      const reference = (await mainLine.getByRole('cell').last().textContent())?.trim() ?? '';
      expect(reference).toMatch(vendorRef);
      await expect(gameLine.getByRole('cell').last()).toHaveText(reference);
    }
    await expect(row('WITHDRAWAL', main, '-$200.00', '$300.00')).toHaveCount(1);
    await expect(row('WITHDRAWAL', main, '-$200.00', '$300.00').getByRole('cell').last()).toHaveText(t('member:history.detail.withdrawal', { id: withdrawalId }));
    // Newest first.
    await expect(body.first()).toContainText(t('member:txType.WITHDRAWAL'));
    await expect(body.last()).toContainText(t('member:txType.DEPOSIT'));

    // Beside both menus at 1280 px the five columns fit as a table. At 800 px the page's box is
    // narrower than they need: each movement becomes a card rather than a list wider than its box.
    const wrap = history.locator('.mc-table-wrap');
    await expect(wrap).not.toHaveClass(/mc-table-wrap--cards/);
    const size = page.viewportSize()!;
    await page.setViewportSize({ width: 800, height: size.height });
    await expect(wrap).toHaveClass(/mc-table-wrap--cards/);
    expect(await wrap.evaluate((w) => w.scrollWidth <= w.clientWidth)).toBe(true);
    await expect(row('WITHDRAWAL', main, '-$200.00', '$300.00')).toHaveCount(1);
    await page.setViewportSize(size);
  });

  await test.step('the same document all along, and the balances agree with the API', async () => {
    expect(loads).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __moneyJourney?: string }).__moneyJourney)).toBe('same document');
    await expect(header).toHaveText('$300.00');
    const token = (await ui.token())!;
    expect(await walletBalance(request, token)).toMatchObject({ balance: '300.00', held: '0.00', available: '300.00', currency: 'USD' });
    expect(await walletFunds(request, token)).toMatchObject({ MAIN: { balance: '300.00', held: '0.00' }, [VENDOR.code]: { balance: '0.00' } });
    const [withdrawal] = (await opsWithdrawals(request, ops, { status: 'paid' })).filter((w) => w.username === username);
    expect(withdrawal).toMatchObject({ id: withdrawalId, status: 'paid', confirmation: 'received' });
  });
});
