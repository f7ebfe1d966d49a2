import { createHash } from 'node:crypto';
import type { Page, Response } from '@playwright/test';
import type { DiceRollValue, FairRotateValue, SlotSpinValue } from '@apsara/contracts';
import { approveDeposit, opsDeposits, opsLogin, walletBalance } from '../fixtures/api';
import { HOSTS, PORT, SIM_URL } from '../fixtures/constants';
import { escapeRegExp } from '../fixtures/i18n';
import { solidPng } from '../fixtures/images';
import { expect, test } from '../fixtures/test';

/**
 * The games journey of issue 4, as a player clicks it: log in, deposit (the operator approves through
 * the API), find the in-house slot on /rng by searching, launch it from its card, spin, and the header
 * balance follows; favorite it and find it under /favorite; play a Dice round and check it on the
 * verifier once the seeds are rotated; launch a game of a seamless vendor, played by the vendor
 * simulator the config starts beside the portal, and the portal balance follows its round; the
 * betting record lists the three rounds. Then a free-play account that is refused.
 */

const SLOT = 'Angkor Treasures';
const DEPOSIT = '500.00';
/** A seamless-wallet slot vendor of the simulator (not AG, BBIN or PT, which are transfer-wallet vendors). */
const SIM_VENDOR = { code: 'CQ9', name: 'CQ9 Gaming' } as const;

/** "12.50" → "$12.50", as the header writes amounts below a thousand. */
const usd = (amount: string) => `$${amount}`;
/** Minor units of a two-place decimal string. */
const cents = (amount: string) => BigInt(amount.replace('.', ''));
/** A win/loss as the betting record writes it: "+$0.40", "-$1.00", "$0.00". */
const winLoss = (minor: bigint) => {
  const abs = minor < 0n ? -minor : minor;
  const text = `$${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
  return minor > 0n ? `+${text}` : minor < 0n ? `-${text}` : text;
};
/** The API value of a `{ success, value }` answer. */
const valueOf = async <T>(response: Response) => {
  const body = (await response.json()) as { success: boolean; value: T };
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.value;
};
const answerTo = (page: Page, path: string, method = 'POST') =>
  page.waitForResponse((r) => new URL(r.url()).pathname === path && r.request().method() === method, { timeout: 30_000 });

const cards = (page: Page) => page.getByTestId('game-card');

test('a member deposits, finds and spins the in-house slot, favorites it, verifies a Dice round and plays a vendor game; the header and the betting record follow', async ({
  page,
  ui,
  request,
  freshAccount,
}) => {
  // Seven steps and three games: about 30 s on a loaded 2-core machine; room for worse.
  test.setTimeout(150_000);
  const t = ui.t;
  const g = (key: string, vars?: Record<string, string | number>) => t(`games:${key}`, vars);
  const header = ui.balance;
  const { username, password } = freshAccount;
  let balance = DEPOSIT;
  // The rounds played, by the reference the betting record shows ("Round <ref>").
  let slotRound: SlotSpinValue | undefined;
  let diceRound: DiceRollValue | undefined;
  let simRound: { roundId: string; win: string } | undefined;
  let simGame = '';

  await test.step('log in through the popup', async () => {
    await page.goto('/');
    await ui.loginThroughPopup(username, password);
    await expect(header).toHaveText('$0.00');
  });

  await test.step(`deposit ${DEPOSIT} by bank transfer; the operator approves it and the header shows it`, async () => {
    await ui.memberLink(username).click();
    await expect(ui.memberPageHeading('overview')).toBeVisible();
    await ui.openMemberPage('depositv2');
    const channels = ui.panel('member:deposit.channels_title');
    const bank = channels.getByRole('radio', { name: new RegExp(escapeRegExp(t('member:deposit.type_BANK_TRANSFER'))) });
    await bank.check();
    const form = ui.panel('member:deposit.bank_title');
    await form.getByLabel(t('member:deposit.amount'), { exact: true }).fill(DEPOSIT);
    await form.getByLabel(t('member:deposit.reference'), { exact: true }).fill(`GJ${Date.now().toString().slice(-10)}`);
    await form.getByLabel(t('member:image.choose_one')).setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: solidPng() });
    await expect(form.getByRole('img', { name: t('member:image.preview_of', { name: 'receipt.png' }), exact: true })).toBeVisible();
    const submitted = answerTo(page, '/wps/v2/deposit/bank');
    await form.getByRole('button', { name: t('member:deposit.submit_bank'), exact: true }).click();
    const { id } = await valueOf<{ id: string }>(await submitted);
    await expect(form.getByRole('status')).toContainText(`#${id}`);

    const ops = await opsLogin(request);
    const pending = (await opsDeposits(request, ops, { status: 'pending' })).filter((d) => d.username === username);
    expect(pending, 'the pending deposit reaches the operator').toEqual([expect.objectContaining({ id, amount: DEPOSIT })]);
    expect(await approveDeposit(request, ops, id)).toMatchObject({ success: true, value: { status: 'approved', balanceAfter: DEPOSIT } });
    await expect(header).toHaveText(usd(DEPOSIT));
  });

  const slotCard = page.getByRole('article', { name: SLOT, exact: true });
  // The side menu moves between pages inside the app: one document from the login to the vendor's page.
  const sideMenu = page.getByRole('navigation', { name: t('nav.main'), exact: true });
  const category = t('category.RNG');

  await test.step(`search /rng for "${SLOT}", favorite it, launch it from its card and spin: the header follows`, async () => {
    await sideMenu.getByRole('link', { name: category, exact: true }).click();
    await expect(page).toHaveURL(/\/rng$/);
    await expect(page.getByRole('heading', { level: 1, name: category })).toBeVisible();
    await expect(cards(page).first()).toBeVisible();
    const listed = page.waitForResponse((r) => new URL(r.url()).pathname === '/wps/relay/GCSGAME_gameList' && new URL(r.url()).searchParams.get('name') === SLOT);
    await page.getByRole('searchbox', { name: t('gameUi.searchLabel', { category }) }).fill(SLOT);
    await listed;
    await expect(slotCard).toHaveCount(1);
    await expect(slotCard).toContainText('Apsara Originals');

    const added = answerTo(page, '/wps/relay/MCSFE_addFavoriteGameV2');
    await slotCard.getByRole('button', { name: t('gameUi.favorite', { name: SLOT }), exact: true }).click();
    expect((await added).status()).toBe(200);
    await expect(slotCard.getByRole('button', { name: t('gameUi.unfavorite', { name: SLOT }), exact: true })).toHaveAttribute('aria-pressed', 'true');

    const launched = answerTo(page, '/wps/game/launchGame');
    await slotCard.hover();
    await slotCard.getByRole('button', { name: t('gameUi.playGame', { name: SLOT }), exact: true }).click();
    expect(await valueOf(await launched)).toMatchObject({ action: 'URL', vendor: 'APSARA', gameCode: 'SLOT', origin: 'INHOUSE' });
    await expect(page).toHaveURL(/\/seamless\?game=APSARA:SLOT&token=/);
    const slot = page.getByRole('region', { name: g('slot.title'), exact: true });
    await expect(slot.getByRole('heading', { level: 1, name: g('slot.title') })).toBeVisible();
    await expect(slot).toContainText(g('slot.hint'));

    const spun = answerTo(page, '/wps/inhouse/slot/spin');
    await slot.getByRole('button', { name: g('slot.spin'), exact: true }).click();
    const round = await valueOf<SlotSpinValue>(await spun);
    expect(round.bet).toBe('1.00');
    expect(cents(round.balance)).toBe(cents(balance) - cents(round.bet) + cents(round.totalWin));
    await expect(slot.getByText(cents(round.totalWin) > 0n ? g('slot.won', { amount: usd(round.totalWin) }) : g('slot.noWin'), { exact: true })).toBeVisible();
    await expect(slot.getByText(g('common.balance', { amount: usd(round.balance) }), { exact: true })).toBeVisible();
    await expect(header).toHaveText(usd(round.balance));
    balance = round.balance;
    slotRound = round;
  });

  await test.step('roll a Dice round, rotate the seeds and verify the round on the verifier page', async () => {
    await page.getByRole('navigation', { name: g('nav'), exact: true }).getByRole('link', { name: g('dice.title'), exact: true }).click();
    // The game's pages keep the way back to the list the slot was launched from.
    await expect(page).toHaveURL(/\/seamless\?game=APSARA:DICE&back=%2Frng/);
    const dice = page.getByRole('region', { name: g('dice.title'), exact: true });
    const seeds = page.getByRole('region', { name: g('fair.title'), exact: true });
    // The seeds committed before the roll: their hash is what the round must be checked against.
    await expect(seeds.getByRole('definition').first()).toHaveText(/^[0-9a-f]{64}$/);
    const committedHash = (await seeds.getByRole('definition').first().textContent())!;

    const rolled = answerTo(page, '/wps/inhouse/dice/roll');
    await dice.getByRole('button', { name: g('dice.roll'), exact: true }).click();
    const round = await valueOf<DiceRollValue>(await rolled);
    expect(round).toMatchObject({ serverSeedHash: committedHash, amount: '1.00', target: '50.00', direction: 'under' });
    const shown = dice.getByRole('status');
    await expect(shown).toHaveText(round.roll);
    await expect(dice.getByText(round.win ? g('dice.won', { amount: usd(round.payout) }) : g('dice.lost'), { exact: true })).toBeVisible();
    expect(cents(round.balance)).toBe(cents(balance) - cents(round.amount) + cents(round.payout));
    await expect(header).toHaveText(usd(round.balance));
    balance = round.balance;
    diceRound = round;

    // "Verify this round" before the seed is revealed: the verifier says it is still in use.
    const roundLink = (await dice.getByRole('link', { name: g('fair.verifyRound'), exact: true }).getAttribute('href'))!;
    await page.goto(roundLink);
    const early = page.getByRole('region', { name: g('verify.title'), exact: true });
    await expect(early.getByText(g('verify.stillInUse'), { exact: true })).toBeVisible();
    await expect(early.getByLabel(g('fair.serverSeed'), { exact: true })).toHaveValue('');
    await expect(early.getByText(g('verify.pastEmpty'), { exact: true })).toBeVisible();
    await page.goBack();
    await expect(seeds.getByRole('definition').first()).toHaveText(committedHash);

    const rotated = answerTo(page, '/wps/inhouse/fair/rotate');
    await seeds.getByRole('button', { name: g('fair.rotate'), exact: true }).click();
    const { revealed } = await valueOf<FairRotateValue>(await rotated);
    // The revealed seed is the one committed to before the roll.
    expect(createHash('sha256').update(revealed.serverSeed).digest('hex')).toBe(round.serverSeedHash);
    expect(revealed).toMatchObject({ serverSeedHash: round.serverSeedHash, clientSeed: round.clientSeed });
    const reveal = seeds.getByRole('heading', { name: g('fair.revealed'), exact: true }).locator('..');
    await expect(reveal).toContainText(revealed.serverSeed);

    // "Verify these rounds" carries the revealed seeds over; the player types the round's nonce.
    await reveal.getByRole('link', { name: g('fair.verifyLink'), exact: true }).click();
    await expect(page).toHaveURL(/\/seamless\?game=APSARA%3AVERIFY&/);
    const verifier = page.getByRole('region', { name: g('verify.title'), exact: true });
    await expect(verifier.getByRole('button', { name: g('dice.title'), exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(verifier.getByLabel(g('fair.serverSeed'), { exact: true })).toHaveValue(revealed.serverSeed);
    await expect(verifier.getByLabel(g('verify.shownHash'), { exact: true })).toHaveValue(round.serverSeedHash);
    await expect(verifier.getByLabel(g('fair.clientSeed'), { exact: true })).toHaveValue(round.clientSeed);
    await verifier.getByLabel(g('fair.nonce'), { exact: true }).fill(String(round.nonce));
    await verifier.getByRole('button', { name: g('verify.run'), exact: true }).click();
    await expect(verifier.getByText(g('verify.match'), { exact: true })).toBeVisible();
    await expect(verifier.getByText(g('verify.roll', { roll: round.roll }), { exact: true })).toBeVisible();

    // The round's own link now finds the revealed seed by itself and checks the round at once.
    await page.goto(roundLink);
    const later = page.getByRole('region', { name: g('verify.title'), exact: true });
    await expect(later.getByText(g('verify.filledFromRound'), { exact: true })).toBeVisible();
    await expect(later.getByLabel(g('fair.serverSeed'), { exact: true })).toHaveValue(revealed.serverSeed);
    await expect(later.getByText(g('verify.match'), { exact: true })).toBeVisible();
    await expect(later.getByText(g('verify.roll', { roll: round.roll }), { exact: true })).toBeVisible();
    // The member's revealed seeds list the pair (one bet made with it).
    const past = later.getByRole('region', { name: g('verify.pastTitle'), exact: true });
    await expect(past.getByRole('listitem')).toHaveCount(1);
    await expect(past.getByRole('listitem').first()).toContainText(round.clientSeed);
    await page.goBack();
  });

  await test.step('the favorite is listed under /favorite', async () => {
    // The game page has no side menu: its Back link leads to the list the slot was launched from.
    await page.getByRole('navigation', { name: g('nav'), exact: true }).getByRole('link', { name: g('back') }).click();
    await expect(page).toHaveURL(/\/rng(\?|$)/);
    await sideMenu.getByRole('link', { name: t('nav.favorite'), exact: true }).click();
    await expect(page).toHaveURL(/\/favorite$/);
    await expect(page.getByRole('heading', { level: 1, name: t('page.favorite') })).toBeVisible();
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first().getByRole('heading')).toHaveText(SLOT);
    await expect(slotCard.getByRole('button', { name: t('gameUi.unfavorite', { name: SLOT }), exact: true })).toHaveAttribute('aria-pressed', 'true');
  });

  await test.step(`launch a ${SIM_VENDOR.name} slot: the simulator plays a round over the seamless wallet`, async () => {
    await sideMenu.getByRole('link', { name: category, exact: true }).click();
    await expect(page).toHaveURL(/\/rng$/);
    const chips = page.getByRole('group', { name: t('gameUi.vendorFilter') });
    const chip = chips.getByRole('button', { name: SIM_VENDOR.name, exact: true });
    const listed = page.waitForResponse((r) => new URL(r.url()).pathname === '/wps/relay/GCSGAME_gameList' && r.url().includes(SIM_VENDOR.code));
    await chip.click();
    await expect(chip).toHaveAttribute('aria-pressed', 'true');
    await listed;
    const card = cards(page).filter({ hasText: SIM_VENDOR.name }).first();
    const name = (await card.getByRole('heading').textContent())!.trim();
    simGame = name;

    await card.hover();
    await card.getByRole('button', { name: t('gameUi.playGame', { name }), exact: true }).click();

    // The vendor's page (the launch answer's URL): it authenticated the launch token with the portal
    // and shows our balance.
    await page.waitForURL(new RegExp(`^${escapeRegExp(`${SIM_URL}/launch/${SIM_VENDOR.code}/`)}[^?]+\\?token=`), { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1 })).toContainText(SIM_VENDOR.code);
    const simBalance = page.locator('#balance');
    await expect(simBalance).toHaveText(balance);

    const answered = page.waitForResponse((r) => r.url().startsWith(`${SIM_URL}/play/${SIM_VENDOR.code}/`), { timeout: 30_000 });
    await page.getByRole('button', { name: 'Spin', exact: true }).click();
    const round = (await (await answered).json()) as { ok: boolean; win: string; balance: string; text: string; roundId: string };
    expect(round, JSON.stringify(round)).toMatchObject({ ok: true });
    expect(cents(round.balance)).toBe(cents(balance) - 100n + cents(round.win));
    await expect(simBalance).toHaveText(round.balance);
    await expect(page.locator('#result')).toContainText(round.text);
    balance = round.balance;
    simRound = round;

    // Back to the portal (a new page load), to the list as it was filtered: the header shows what the
    // vendor's round left.
    await page.getByRole('link', { name: /Back to lobby/ }).click();
    await expect(page).toHaveURL(new RegExp(`/rng\\?vassalage=${SIM_VENDOR.code}$`));
    await expect(header).toHaveText(usd(balance));
    expect(await walletBalance(request, (await ui.token())!)).toMatchObject({ balance, available: balance });
  });

  // ── The betting record (member center /member/personalHistoryCopy) ─────────────────────────────
  await test.step('the betting record lists the three rounds, the slot spin with its stake, payout and win/loss', async () => {
    await ui.memberLink(username).click();
    await ui.openMemberPage('personalHistoryCopy');
    const record = page.getByRole('table', { name: t('member:bets.title'), exact: true });
    await expect(record.getByRole('row').filter({ has: page.getByRole('cell') })).toHaveCount(3);
    // Cells by their column's heading, so the check holds whatever the column order.
    const headings = (await record.getByRole('columnheader').allTextContents()).map((h) => h.trim());
    const round = (ref: string) => {
      const row = record.getByRole('row').filter({ hasText: new RegExp(`${escapeRegExp(t('member:bets.round', { ref }))}(?!\\w)`) });
      return (key: string) => {
        const column = headings.indexOf(t(key));
        expect(column, `a "${t(key)}" column`).toBeGreaterThanOrEqual(0);
        return row.getByRole('cell').nth(column);
      };
    };

    const slot = round(slotRound!.roundId);
    await expect(slot('member:bets.game')).toContainText(SLOT);
    await expect(slot('member:bets.game')).toContainText('Apsara Originals');
    await expect(slot('member:bets.stake')).toHaveText(usd(slotRound!.bet));
    await expect(slot('member:bets.payout')).toHaveText(usd(slotRound!.totalWin));
    await expect(slot('member:bets.win_loss')).toHaveText(winLoss(cents(slotRound!.totalWin) - cents(slotRound!.bet)));
    await expect(slot('member:table.status')).toContainText(t('member:bets.status_closed'));

    const dice = round(diceRound!.roundId);
    await expect(dice('member:bets.game')).toContainText(g('dice.title'));
    await expect(dice('member:bets.stake')).toHaveText(usd(diceRound!.amount));
    await expect(dice('member:bets.payout')).toHaveText(usd(diceRound!.payout));
    // What was played, in the reader's words: the bet and the roll; the spin's winning lines.
    await expect(dice('member:bets.game')).toContainText(g('record.dice', { direction: g('record.under'), target: '50.00', roll: diceRound!.roll }));
    await expect(slot('member:bets.game')).toContainText(slotRound!.base.lineWins.length > 0 ? g('record.slot_lines', { count: slotRound!.base.lineWins.length }) : g('record.slot_no_lines'));
    // Only the provably-fair rounds link to the verifier.
    await expect(slot('member:bets.game').getByRole('link')).toHaveCount(0);

    const sim = round(simRound!.roundId);
    await expect(sim('member:bets.game')).toContainText(simGame);
    await expect(sim('member:bets.game')).toContainText(SIM_VENDOR.name);
    await expect(sim('member:bets.stake')).toHaveText('$1.00');
    await expect(sim('member:bets.payout')).toHaveText(usd(simRound!.win));

    // The Dice round's "Verify" opens the verifier with the round filled in (its seed was revealed above).
    await dice('member:bets.game').getByRole('link', { name: t('member:bets.verify_label', { ref: diceRound!.roundId }), exact: true }).click();
    const verifier = page.getByRole('region', { name: g('verify.title'), exact: true });
    await expect(verifier.getByText(g('verify.match'), { exact: true })).toBeVisible();
    await expect(verifier.getByText(g('verify.roll', { roll: diceRound!.roll }), { exact: true })).toBeVisible();
    await page.getByRole('navigation', { name: g('nav'), exact: true }).getByRole('link', { name: g('back') }).click();
    await expect(page).toHaveURL(/\/member\/personalHistoryCopy$/);
  });
});

test('a free-play account can neither launch nor play the in-house slot', async ({ page, ui, request }) => {
  const g = (key: string) => ui.t(`games:${key}`);
  await page.goto('/');
  const dialog = await ui.openLogin();
  await dialog.getByRole('button', { name: ui.t('auth:login.free_play') }).click();
  await expect(dialog).toBeHidden();

  const category = ui.t('category.RNG');
  await ui.header.getByRole('navigation', { name: ui.t('nav.categories'), exact: true }).getByRole('link', { name: category, exact: true }).click();
  await page.getByRole('searchbox', { name: ui.t('gameUi.searchLabel', { category }) }).fill(SLOT);
  const card = page.getByRole('article', { name: SLOT, exact: true });
  await card.hover();
  await card.getByRole('button', { name: ui.t('gameUi.playGame', { name: SLOT }), exact: true }).click();
  const blocked = page.getByRole('dialog', { name: ui.t('auth:trial.title') });
  await expect(blocked).toBeVisible();
  await expect(blocked).toContainText(ui.t('auth:trial.in_need_true_account'));
  await expect(page).toHaveURL(/\/rng\?/);

  // Opening the game page by its address does not help: no reels, and the server refuses a spin.
  await page.goto('/seamless?game=APSARA:SLOT');
  await expect(page.getByRole('alert')).toHaveText(g('errors.trial'));
  await expect(page.getByRole('button', { name: g('slot.spin'), exact: true })).toHaveCount(0);
  const token = await ui.token();
  expect(token).toBeTruthy();
  const refused = await request.post(`http://127.0.0.1:${PORT}/wps/inhouse/slot/spin`, {
    headers: { Authorization: `Bearer ${token}`, Host: `${HOSTS.apsara}:${PORT}` },
    data: { bet: '1.00', idempotencyKey: 'a'.repeat(32) },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ success: false, code: 'TRIAL_NEED_REAL_ACCOUNT' });
});
