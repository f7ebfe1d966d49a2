import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startHarness, type Harness } from '../../../test/harness.js';
import { booksBalance, fund, mainBalance, makeMember, moneySnapshot, multipart, newKey, PNG } from '../../../test/money-helpers.js';

let h: Harness;
let admin: string;
let finance: string;
let support: string;
let lotusOps: string;

beforeAll(async () => {
  h = await startHarness();
  await h.addOperator('APSARA', 'wdfin01', 'Finance-Pass-1', 'finance');
  await h.addOperator('APSARA', 'wdsup01', 'Support-Pass-1', 'support');
  await h.addOperator('LOTUS', 'lotuswd', 'Lotus-Ops-Pass-1', 'admin');
  // A fee of 1.00 plus 1 %, and a short confirmation window.
  await h.setConfig('APSARA', (c) => {
    c.withdrawal = { min: '20.00', max: '5000.00', feeFixed: '1.00', feeBps: 100, confirmMinutes: 30, maxBankCards: 2, banks: ['ABA Bank', 'ACLEDA Bank'] };
  });
  admin = await h.opsLogin();
  finance = await h.opsLogin('wdfin01', 'Finance-Pass-1');
  support = await h.opsLogin('wdsup01', 'Support-Pass-1');
  lotusOps = await h.opsLogin('lotuswd', 'Lotus-Ops-Pass-1', 'lotus.localhost');
});
afterAll(() => h.close());

const db = () => h.database.db;
const post = (url: string, token: string, payload?: object, host?: string) => h.call({ method: 'POST', url, token, host, lang: 'en', ...(payload ? { payload } : {}) });
const get = (url: string, token: string, host?: string) => h.call({ method: 'GET', url, token, host, lang: 'en' });

/** A member ready to withdraw: real name, payment password 2468, one ABA card, funded with `balance`. */
const ready = async (name: string, balance = '500.00') => {
  const m = await makeMember(h, name, { realName: 'Sok Dara', paymentPassword: '2468' });
  if (balance !== '0.00') await fund(h, admin, m.id, balance);
  const card = await post('/wps/member/bank-cards', m.token, { bankName: 'ABA Bank', accountName: 'Sok Dara', accountNumber: '0001 2345 6789', paymentPassword: '2468' });
  expect(card.statusCode, card.body).toBe(200);
  return { ...m, cardId: card.json().value.id as string };
};
const withdraw = (token: string, body: Record<string, unknown>) => post('/wps/v2/withdraw', token, { paymentPassword: '2468', idempotencyKey: newKey('wd'), ...body });
const decide = (id: string, what: 'approve' | 'paid' | 'reject', token = finance, note?: string) => post(`/ops/withdrawals/${id}/${what}`, token, note ? { note } : undefined);
const upload = async (token: string, data = PNG) => {
  const res = await h.call({ method: 'POST', url: '/wps/v2/uploads', token, lang: 'en', ...multipart([{ name: 'file', filename: 'proof.png', type: 'image/png', data }]) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.id as string;
};

describe('security center', () => {
  it('shows the latest sign-in other than the session in use, so a stranger’s shows on the member’s own device', async () => {
    const m = await makeMember(h, 'secprev01');
    // makeMember's sign-in is the session in use: there is no other.
    expect((await get('/wps/member/security', m.token)).json().value.previousLogin).toBeNull();
    // Someone else signs in later, from another address; a failed attempt is not a sign-in.
    const stranger = await h.login('secprev01', 'Passw0rd1');
    expect((await h.call({ method: 'POST', url: '/wps/session/login', payload: { username: 'secprev01', password: 'Wrong-pass-1' } })).statusCode).toBe(401);
    const rows = await db().selectFrom('login_history').select(['id', 'session_id']).where('member_id', '=', m.id).where('success', '=', true).orderBy('id').execute();
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.session_id !== null)).toBe(true);
    await db().updateTable('login_history').set({ created_at: new Date('2026-01-02T03:04:05Z'), ip: '192.0.2.10' }).where('id', '=', rows[0].id).execute();
    await db().updateTable('login_history').set({ created_at: new Date('2026-01-03T04:05:06Z'), ip: '198.51.100.7' }).where('id', '=', rows[1].id).execute();
    // On the member's own (older) session: the stranger's, the newest of the others.
    expect((await get('/wps/member/security', m.token)).json().value.previousLogin).toEqual({ at: '2026-01-03T04:05:06.000Z', ip: '198.51.100.7' });
    // On the stranger's session: the member's.
    expect((await get('/wps/member/security', stranger)).json().value.previousLogin).toEqual({ at: '2026-01-02T03:04:05.000Z', ip: '192.0.2.10' });
  });

  it('sets the real name once', async () => {
    const m = await makeMember(h, 'secname01');
    expect((await get('/wps/member/security', m.token)).json().value).toMatchObject({ username: 'secname01', realName: null, hasPaymentPassword: false, bankCards: [], maxBankCards: 2, banks: ['ABA Bank', 'ACLEDA Bank'] });
    const ok = await post('/wps/member/security/real-name', m.token, { realName: '  Chan   Sophea ' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().value.realName).toBe('Chan Sophea');
    const again = await post('/wps/member/security/real-name', m.token, { realName: 'Someone Else' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('REAL_NAME_ALREADY_SET');
    expect((await get('/wps/member/security', m.token)).json().value.realName).toBe('Chan Sophea');
    // Khmer and Chinese names are names too; digits are not.
    const km = await makeMember(h, 'secname02');
    expect((await post('/wps/member/security/real-name', km.token, { realName: 'សុខ ដារា' })).statusCode).toBe(200);
    const bad = await makeMember(h, 'secname03');
    expect((await post('/wps/member/security/real-name', bad.token, { realName: 'R2D2' })).statusCode).toBe(400);
  });

  it('sets the payment password with the login password, then changes it with the old one', async () => {
    const m = await makeMember(h, 'secpay01');
    const wrongLogin = await post('/wps/member/security/payment-password', m.token, { loginPassword: 'nope', newPaymentPassword: '1357', confirmPaymentPassword: '1357' });
    expect(wrongLogin.json().code).toBe('LOGIN_PASSWORD_WRONG');
    const mismatch = await post('/wps/member/security/payment-password', m.token, { loginPassword: 'Passw0rd1', newPaymentPassword: '1357', confirmPaymentPassword: '1358' });
    expect(mismatch.json().code).toBe('CONFIRM_PASSWORD_MISMATCH');
    const letters = await post('/wps/member/security/payment-password', m.token, { loginPassword: 'Passw0rd1', newPaymentPassword: 'abcd', confirmPaymentPassword: 'abcd' });
    expect(letters.json().code).toBe('VALIDATION_FAILED');
    const missing = await post('/wps/member/security/payment-password', m.token, { newPaymentPassword: '1357', confirmPaymentPassword: '1357' });
    expect(missing.json().code).toBe('VALIDATION_FAILED');
    const ok = await post('/wps/member/security/payment-password', m.token, { loginPassword: 'Passw0rd1', newPaymentPassword: '1357', confirmPaymentPassword: '1357' });
    expect(ok.statusCode, ok.body).toBe(200);
    const stored = await db().selectFrom('members').select('payment_password_hash').where('id', '=', m.id).executeTakeFirstOrThrow();
    // Hashed like login passwords, never kept as typed.
    expect(stored.payment_password_hash).toMatch(/^\$argon2id\$/);
    // Once set, the login password no longer changes it.
    const viaLogin = await post('/wps/member/security/payment-password', m.token, { loginPassword: 'Passw0rd1', newPaymentPassword: '2468', confirmPaymentPassword: '2468' });
    expect(viaLogin.json().code).toBe('VALIDATION_FAILED');
    const wrongOld = await post('/wps/member/security/payment-password', m.token, { oldPaymentPassword: '0000', newPaymentPassword: '2468', confirmPaymentPassword: '2468' });
    expect(wrongOld.json().code).toBe('PAYMENT_PASSWORD_WRONG');
    const changed = await post('/wps/member/security/payment-password', m.token, { oldPaymentPassword: '1357', newPaymentPassword: '2468', confirmPaymentPassword: '2468' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await get('/wps/member/security', m.token)).json().value.hasPaymentPassword).toBe(true);
  });

  it('locks payments for 15 minutes after 5 wrong payment passwords, saying how many tries are left and then that it is locked', async () => {
    const m = await ready('seclock01');
    const answers: { code: string; message: string }[] = [];
    for (let i = 0; i < 6; i++) answers.push((await withdraw(m.token, { bankCardId: m.cardId, amount: '50.00', paymentPassword: '9999' })).json());
    expect(answers.map((a) => a.code)).toEqual(['PAYMENT_PASSWORD_WRONG', 'PAYMENT_PASSWORD_WRONG', 'PAYMENT_PASSWORD_WRONG', 'PAYMENT_PASSWORD_WRONG', 'PAYMENT_PASSWORD_LOCKED', 'PAYMENT_PASSWORD_LOCKED']);
    expect(answers.slice(0, 4).map((a) => a.message)).toEqual([4, 3, 2, 1].map((n) => `The payment password is wrong. Tries left: ${n}`));
    expect(answers[4].message).toBe('Too many wrong payment passwords: payments are locked, try again in 15 min');
    // The right password is refused too while locked.
    const right = await withdraw(m.token, { bankCardId: m.cardId, amount: '50.00' });
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ code: 'PAYMENT_PASSWORD_LOCKED', message: 'Too many wrong payment passwords: payments are locked, try again in 15 min' });
    expect(await db().selectFrom('withdrawals').select('id').where('member_id', '=', m.id).execute()).toHaveLength(0);
  });

  it('right answers in parallel never lock; wrong guesses in parallel get five tries, no more', async () => {
    const m = await ready('seclock02', '1000.00');
    const right = await Promise.all(Array.from({ length: 8 }, () => withdraw(m.token, { bankCardId: m.cardId, amount: '20.00' })));
    expect(right.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const guesses = await Promise.all(Array.from({ length: 10 }, () => withdraw(m.token, { bankCardId: m.cardId, amount: '20.00', paymentPassword: '1111' })));
    const codes = guesses.map((r) => r.json().code).sort();
    expect(codes).toEqual([...Array(4).fill('PAYMENT_PASSWORD_WRONG'), ...Array(6).fill('PAYMENT_PASSWORD_LOCKED')].sort());
  });

  it('a resent withdrawal is answered with the first one even while payments are locked', async () => {
    const m = await ready('seclock03', '300.00');
    const key = newKey('wdlock');
    const first = await withdraw(m.token, { bankCardId: m.cardId, amount: '40.00', idempotencyKey: key });
    expect(first.statusCode).toBe(200);
    for (let i = 0; i < 5; i++) await withdraw(m.token, { bankCardId: m.cardId, amount: '40.00', paymentPassword: '0000' });
    expect((await withdraw(m.token, { bankCardId: m.cardId, amount: '40.00' })).statusCode).toBe(429);
    const again = await withdraw(m.token, { bankCardId: m.cardId, amount: '40.00', idempotencyKey: key });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().value).toMatchObject({ id: first.json().value.id, replayed: true, status: 'pending' });
  });

  it('binds cards only in the real name, from the bank list, up to the limit, once each', async () => {
    const noName = await makeMember(h, 'seccard00', { paymentPassword: '2468' });
    expect((await post('/wps/member/bank-cards', noName.token, { bankName: 'ABA Bank', accountName: 'Sok Dara', accountNumber: '123456789', paymentPassword: '2468' })).json().code).toBe('REAL_NAME_REQUIRED');
    const noPin = await makeMember(h, 'seccard01', { realName: 'Sok Dara' });
    expect((await post('/wps/member/bank-cards', noPin.token, { bankName: 'ABA Bank', accountName: 'Sok Dara', accountNumber: '123456789', paymentPassword: '2468' })).json().code).toBe('PAYMENT_PASSWORD_NOT_SET');

    const m = await makeMember(h, 'seccard02', { realName: 'Sok Dara', paymentPassword: '2468' });
    const bind = (body: Record<string, string>) => post('/wps/member/bank-cards', m.token, { bankName: 'ABA Bank', accountName: 'Sok Dara', accountNumber: '123456789', paymentPassword: '2468', ...body });
    const other = await bind({ accountName: 'Keo Vanna' });
    expect(other.json().code).toBe('PAYEE_NAME_MISMATCH');
    expect(other.json().message).toBe('The account holder name must match your real name');
    expect((await bind({ bankName: 'Moon Bank' })).json().code).toBe('BANK_NOT_SUPPORTED');
    expect((await bind({ paymentPassword: '1111' })).json().code).toBe('PAYMENT_PASSWORD_WRONG');
    expect((await bind({ accountNumber: '12-34' })).json().code).toBe('VALIDATION_FAILED');
    // Case and spacing of the holder name do not matter; the stored name is the real name.
    const first = await bind({ accountName: 'sok  DARA', accountNumber: '1234 5678 9' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().value).toMatchObject({ bankName: 'ABA Bank', accountName: 'Sok Dara', accountNumberMasked: '•••• 6789' });
    expect((await bind({})).json().code).toBe('BANK_CARD_DUPLICATE');
    expect((await bind({ bankName: 'ACLEDA Bank', accountNumber: '99887766' })).statusCode).toBe(200);
    const third = await bind({ bankName: 'ACLEDA Bank', accountNumber: '11223344' });
    expect(third.json().code).toBe('BANK_CARD_LIMIT');
    expect(third.json().message).toBe('You can bind at most 2 bank cards');
    const list = (await get('/wps/member/bank-cards', m.token)).json().value;
    expect(list.items).toHaveLength(2);
    expect(JSON.stringify(list)).not.toContain('123456789');
    // Removing frees a slot; someone else's card is not found.
    const stranger = await makeMember(h, 'seccard03', { realName: 'Sok Dara', paymentPassword: '2468' });
    const theirs = await h.call({ method: 'DELETE', url: `/wps/member/bank-cards/${first.json().value.id}`, token: stranger.token, lang: 'en', payload: { paymentPassword: '2468' } });
    expect(theirs.json().code).toBe('BANK_CARD_NOT_FOUND');
    const removed = await h.call({ method: 'DELETE', url: `/wps/member/bank-cards/${first.json().value.id}`, token: m.token, lang: 'en', payload: { paymentPassword: '2468' } });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await bind({ bankName: 'ACLEDA Bank', accountNumber: '11223344' })).statusCode).toBe(200);
  });

  it('parallel binds never exceed the card limit', async () => {
    const m = await makeMember(h, 'seccard04', { realName: 'Sok Dara', paymentPassword: '2468' });
    const results = await Promise.all(
      ['11111111', '22222222', '33333333', '44444444'].map((n) => post('/wps/member/bank-cards', m.token, { bankName: 'ABA Bank', accountName: 'Sok Dara', accountNumber: n, paymentPassword: '2468' })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(results.filter((r) => r.json().code === 'BANK_CARD_LIMIT')).toHaveLength(2);
  });
});

describe('a withdrawal', () => {
  it('holds the funds, is approved, paid (payout and fee posted) and confirmed received, every step audited', async () => {
    const m = await ready('wdflow01', '500.00');
    const settings = (await get('/wps/v2/withdraw/settings', m.token)).json().value;
    expect(settings).toMatchObject({ min: '20.00', max: '5000.00', feeFixed: '1.00', feeBps: 100, confirmMinutes: 30, available: '500.00', hasPaymentPassword: true, realName: 'Sok Dara' });
    expect(settings.bankCards).toHaveLength(1);

    const res = await withdraw(m.token, { bankCardId: m.cardId, amount: '200.00' });
    expect(res.statusCode, res.body).toBe(200);
    const w = res.json().value;
    // Fee: 1.00 + 1 % of 200.00.
    expect(w).toMatchObject({ status: 'pending', amount: '200.00', fee: '3.00', payout: '197.00', confirmation: null, replayed: false, bankName: 'ABA Bank', accountNumberMasked: '•••• 6789' });
    // Held: still in the balance, not spendable.
    expect(await mainBalance(h, m.token)).toEqual({ balance: '500.00', held: '200.00', available: '300.00' });
    // The header's member info says so too.
    expect((await get('/wps/member/info', m.token)).json().value).toMatchObject({ balance: '500.00', held: '200.00' });
    const spend = await post('/wps/relay/GCS_walletTransfer', m.token, { from: 'MAIN', to: 'AG', amount: '300.01', idempotencyKey: newKey('wt') });
    expect(spend.json().code).toBe('INSUFFICIENT_FUNDS');

    // Operators see it; support only masked, finance the full number.
    const bySupport = (await get('/ops/withdrawals?status=pending', support)).json().value.items.find((x: { id: string }) => x.id === w.id);
    expect(bySupport).toMatchObject({ username: 'wdflow01', accountNumber: '•••• 6789' });
    const byFinance = (await get('/ops/withdrawals?status=pending', finance)).json().value.items.find((x: { id: string }) => x.id === w.id);
    expect(byFinance.accountNumber).toBe('000123456789');
    expect((await decide(w.id, 'approve', support)).statusCode).toBe(403);
    // Paying comes after approving.
    const early = await decide(w.id, 'paid');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'WITHDRAWAL_STATE_INVALID', message: 'This withdrawal is pending and cannot be changed this way' });

    const approved = await decide(w.id, 'approve', finance, 'checked');
    expect(approved.json().value).toMatchObject({ status: 'approved', replayed: false, reviewNote: 'checked', reviewedByName: 'wdfin01' });
    expect((await decide(w.id, 'approve')).json().value.replayed).toBe(true);
    expect(await mainBalance(h, m.token)).toEqual({ balance: '500.00', held: '200.00', available: '300.00' });

    const txBefore = await db().selectFrom('ledger_transactions').select('id').execute();
    const paid = await decide(w.id, 'paid');
    expect(paid.statusCode, paid.body).toBe(200);
    const p = paid.json().value;
    expect(p).toMatchObject({ status: 'paid', replayed: false, confirmation: null });
    expect(new Date(p.confirmDeadline).getTime() - new Date(p.paidAt).getTime()).toBe(30 * 60_000);
    expect(await mainBalance(h, m.token)).toEqual({ balance: '300.00', held: '0.00', available: '300.00' });
    // One posting: −200.00 from the member, +197.00 cash clearing, +3.00 fee income.
    const txAfter = await db().selectFrom('ledger_transactions').selectAll().where('id', 'not in', txBefore.map((t) => t.id)).execute();
    expect(txAfter).toHaveLength(1);
    expect(txAfter[0].type).toBe('WITHDRAWAL');
    const legs = await db().selectFrom('ledger_entries as e').innerJoin('accounts as a', 'a.id', 'e.account_id').select(['e.amount', 'a.code', 'a.kind']).where('e.transaction_id', '=', txAfter[0].id).execute();
    expect(legs.map((l) => [l.code ?? l.kind, l.amount]).sort()).toEqual([['CASH_CLEARING', 19_700n], ['MAIN', -20_000n], ['WITHDRAWAL_FEES', 300n]].sort());
    expect((await decide(w.id, 'paid')).json().value.replayed).toBe(true);
    expect((await decide(w.id, 'reject')).json().code).toBe('WITHDRAWAL_STATE_INVALID');
    expect(await booksBalance(h)).toBe(true);

    const audit = await db().selectFrom('audit_log').selectAll().where('target_type', '=', 'withdrawal').where('target_id', '=', w.id).orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['withdrawal.approve', 'withdrawal.paid']);
    expect(audit[1].before).toMatchObject({ status: 'approved', balance: '500.00' });
    expect(audit[1].after).toMatchObject({ status: 'paid', balance: '300.00', payout: '197.00' });
    expect(audit[1].ledger_transaction_id).toBe(txAfter[0].id);

    // The member confirms; a second answer is refused.
    const confirmed = await post(`/wps/v2/withdrawals/${w.id}/confirm`, m.token, { outcome: 'received' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().value).toMatchObject({ confirmation: 'received', receivedAmount: '197.00' });
    expect((await post(`/wps/v2/withdrawals/${w.id}/confirm`, m.token, { outcome: 'received' })).json().code).toBe('WITHDRAWAL_ALREADY_CONFIRMED');

    // The account record shows the withdrawal.
    const history = (await get('/wps/relay/ODSFE2_MemTransDet?type=WITHDRAWAL', m.token)).json().value;
    expect(history.items[0]).toMatchObject({ type: 'WITHDRAWAL', amount: '-200.00', balanceAfter: '300.00', detail: { kind: 'withdrawal', id: w.id } });
  });

  it('a repeated key returns the first request and holds once; another amount under that key is a 409', async () => {
    const m = await ready('wdkey01', '300.00');
    const key = newKey('wdk');
    const [a, b, c] = await Promise.all([0, 1, 2].map(() => withdraw(m.token, { bankCardId: m.cardId, amount: '100.00', idempotencyKey: key })));
    expect([a, b, c].map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set([a, b, c].map((r) => r.json().value.id)).size).toBe(1);
    expect([a, b, c].filter((r) => !r.json().value.replayed)).toHaveLength(1);
    expect(await mainBalance(h, m.token)).toMatchObject({ held: '100.00' });
    const changed = await withdraw(m.token, { bankCardId: m.cardId, amount: '100.01', idempotencyKey: key });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().code).toBe('IDEMPOTENCY_CONFLICT');
    expect(await db().selectFrom('withdrawals').select('id').where('member_id', '=', m.id).execute()).toHaveLength(1);
  });

  it('rejecting releases the hold; a card with an open withdrawal cannot be removed', async () => {
    const m = await ready('wdrej01', '100.00');
    const w = (await withdraw(m.token, { bankCardId: m.cardId, amount: '80.00' })).json().value;
    const remove = await h.call({ method: 'DELETE', url: `/wps/member/bank-cards/${m.cardId}`, token: m.token, lang: 'en', payload: { paymentPassword: '2468' } });
    expect(remove.json().code).toBe('BANK_CARD_IN_USE');
    // More than is available cannot be asked for.
    expect((await withdraw(m.token, { bankCardId: m.cardId, amount: '20.01' })).json().code).toBe('INSUFFICIENT_FUNDS');
    await decide(w.id, 'approve');
    const rejected = await decide(w.id, 'reject', admin, 'name on account differs');
    expect(rejected.json().value).toMatchObject({ status: 'rejected', reviewNote: 'name on account differs' });
    expect(await mainBalance(h, m.token)).toEqual({ balance: '100.00', held: '0.00', available: '100.00' });
    expect((await decide(w.id, 'reject')).json().value.replayed).toBe(true);
    expect((await decide(w.id, 'approve')).json().code).toBe('WITHDRAWAL_STATE_INVALID');
    expect((await decide(w.id, 'paid')).json().code).toBe('WITHDRAWAL_STATE_INVALID');
    const hold = await db().selectFrom('ledger_holds as lh').innerJoin('withdrawals as w', 'w.hold_id', 'lh.id').select('lh.status').where('w.id', '=', BigInt(w.id)).executeTakeFirstOrThrow();
    expect(hold.status).toBe('released');
    expect((await db().selectFrom('audit_log').select('action').where('target_id', '=', w.id).where('target_type', '=', 'withdrawal').execute()).map((a) => a.action)).toEqual(['withdrawal.approve', 'withdrawal.reject']);
  });

  it('racing pay and reject settle it exactly one way', async () => {
    const m = await ready('wdrace01', '400.00');
    const w = (await withdraw(m.token, { bankCardId: m.cardId, amount: '150.00' })).json().value;
    await decide(w.id, 'approve');
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => decide(w.id, i % 2 ? 'paid' : 'reject', i % 4 < 2 ? admin : finance)));
    const final = (await get(`/ops/withdrawals`, admin)).json().value.items.find((x: { id: string }) => x.id === w.id);
    const winners = results.filter((r) => r.statusCode === 200 && !r.json().value.replayed);
    expect(winners).toHaveLength(1);
    expect(winners[0].json().value.status).toBe(final.status);
    const bal = await mainBalance(h, m.token);
    expect(bal).toEqual(final.status === 'paid' ? { balance: '250.00', held: '0.00', available: '250.00' } : { balance: '400.00', held: '0.00', available: '400.00' });
    expect(await booksBalance(h)).toBe(true);
  });

  it('partial and not-received answers need proof images of the member, at most 3, each used once', async () => {
    const m = await ready('wdproof01', '1000.00');
    const other = await ready('wdproof02', '0.00');
    const paidOne = async (amount: string) => {
      const w = (await withdraw(m.token, { bankCardId: m.cardId, amount })).json().value;
      await decide(w.id, 'approve');
      await decide(w.id, 'paid');
      return w.id as string;
    };
    const a = await paidOne('100.00'); // payout 98.00
    const confirm = (id: string, body: object, token = m.token) => post(`/wps/v2/withdrawals/${id}/confirm`, token, body);
    expect((await confirm(a, { outcome: 'partial', receivedAmount: '50.00' })).json().code).toBe('PROOF_REQUIRED');
    const p1 = await upload(m.token);
    const p2 = await upload(m.token);
    const theirs = await upload(other.token);
    expect((await confirm(a, { outcome: 'partial', receivedAmount: '98.00', proofIds: [p1] })).json().code).toBe('RECEIVED_AMOUNT_TOO_HIGH');
    expect((await confirm(a, { outcome: 'partial', proofIds: [p1] })).json().code).toBe('VALIDATION_FAILED');
    expect((await confirm(a, { outcome: 'partial', receivedAmount: '50.00', proofIds: [p1, theirs] })).json().code).toBe('PROOF_INVALID');
    expect((await confirm(a, { outcome: 'partial', receivedAmount: '50.00', proofIds: [p1, p1] })).json().code).toBe('VALIDATION_FAILED');
    const four = [p1, p2, await upload(m.token), await upload(m.token)];
    expect((await confirm(a, { outcome: 'not_received', proofIds: four })).json().code).toBe('VALIDATION_FAILED');
    // Someone else cannot answer for the member.
    expect((await confirm(a, { outcome: 'received' }, other.token)).statusCode).toBe(404);
    const ok = await confirm(a, { outcome: 'partial', receivedAmount: '50.00', proofIds: [p1, p2] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().value).toMatchObject({ confirmation: 'partial', receivedAmount: '50.00', proofIds: [p1, p2].sort() });
    // The operator can look at the proof; the other member cannot.
    expect((await get(`/wps/v2/uploads/${p1}`, admin)).statusCode).toBe(200);
    expect((await get(`/wps/v2/uploads/${p1}`, other.token)).statusCode).toBe(404);
    // Disputes are listed for operators.
    const disputes = (await get('/ops/withdrawals?confirmation=partial', support)).json().value.items;
    expect(disputes.map((d: { id: string }) => d.id)).toContain(a);

    const b = await paidOne('50.00');
    expect((await confirm(b, { outcome: 'not_received', proofIds: [p1] })).json().code).toBe('PROOF_INVALID');
    const nr = await confirm(b, { outcome: 'not_received', proofIds: [four[2]] });
    expect(nr.json().value).toMatchObject({ confirmation: 'not_received', receivedAmount: '0.00' });
    // Not paid yet: nothing to confirm.
    const pending = (await withdraw(m.token, { bankCardId: m.cardId, amount: '30.00' })).json().value;
    expect((await confirm(pending.id, { outcome: 'received' })).json().code).toBe('WITHDRAWAL_STATE_INVALID');
  });

  it('no answer within the configured minutes counts as received', async () => {
    const m = await ready('wdauto01', '200.00');
    const w = (await withdraw(m.token, { bankCardId: m.cardId, amount: '100.00' })).json().value;
    await decide(w.id, 'approve');
    await decide(w.id, 'paid');
    const { withdrawalRepository } = await import('./withdrawal.repository.js');
    const repo = withdrawalRepository(db());
    expect(await repo.autoConfirmDue(new Date(Date.now() + 29 * 60_000))).toBe(0);
    expect(await repo.autoConfirmDue(new Date(Date.now() + 31 * 60_000))).toBeGreaterThanOrEqual(1);
    const row = (await get('/wps/v2/withdrawals', m.token)).json().value.items.find((x: { id: string }) => x.id === w.id);
    expect(row).toMatchObject({ confirmation: 'auto_received', receivedAmount: '98.00' });
    expect((await post(`/wps/v2/withdrawals/${w.id}/confirm`, m.token, { outcome: 'not_received', proofIds: [await upload(m.token)] })).json().code).toBe('WITHDRAWAL_ALREADY_CONFIRMED');
    // A late answer after the deadline, before the job ran, is recorded as auto_received too.
    const w2 = (await withdraw(m.token, { bankCardId: m.cardId, amount: '50.00' })).json().value;
    await decide(w2.id, 'approve');
    await decide(w2.id, 'paid');
    await db().updateTable('withdrawals').set({ confirm_deadline: new Date(Date.now() - 1000) }).where('id', '=', BigInt(w2.id)).execute();
    expect((await post(`/wps/v2/withdrawals/${w2.id}/confirm`, m.token, { outcome: 'not_received', proofIds: [await upload(m.token)] })).json().code).toBe('WITHDRAWAL_ALREADY_CONFIRMED');
    expect((await get('/wps/v2/withdrawals', m.token)).json().value.items.find((x: { id: string }) => x.id === w2.id).confirmation).toBe('auto_received');
  });

  it('trial accounts cannot withdraw, bind cards or upload', async () => {
    const trial = await makeMember(h, 'wdtrial01', { type: 4, realName: 'Sok Dara', paymentPassword: '2468' });
    const before = await moneySnapshot(h);
    for (const res of [
      await withdraw(trial.token, { bankCardId: '1', amount: '50.00' }),
      await post('/wps/member/bank-cards', trial.token, { bankName: 'ABA Bank', accountName: 'Sok Dara', accountNumber: '12345678', paymentPassword: '2468' }),
      await h.call({ method: 'POST', url: '/wps/v2/uploads', token: trial.token, lang: 'en', ...multipart([{ name: 'file', filename: 'p.png', type: 'image/png', data: PNG }]) }),
      await post('/wps/member/security/payment-password', trial.token, { oldPaymentPassword: '2468', newPaymentPassword: '1357', confirmPaymentPassword: '1357' }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('TRIAL_NEED_REAL_ACCOUNT');
    }
    expect(await moneySnapshot(h)).toEqual(before);
  });

  it('bad input is refused with a code and a message and writes nothing', async () => {
    const m = await ready('wdbad01', '300.00');
    const other = await ready('wdbad02', '300.00');
    const lotus = await makeMember(h, 'wdbadlotus', { merchant: 'LOTUS', host: 'lotus.localhost', realName: 'Sok Dara', paymentPassword: '2468' });
    const theirW = (await withdraw(other.token, { bankCardId: other.cardId, amount: '50.00' })).json().value;
    const before = await moneySnapshot(h);
    const cases: [string, Promise<Awaited<ReturnType<typeof post>>>, number, string][] = [];
    for (const amount of ['-50.00', '0', '0.00', '50.001', '1e3', 'abc', '', '99999999999999', ' 50', '50,00']) {
      cases.push([`amount ${amount}`, withdraw(m.token, { bankCardId: m.cardId, amount }), 400, 'VALIDATION_FAILED']);
    }
    cases.push(['amount as number', withdraw(m.token, { bankCardId: m.cardId, amount: 50 }), 400, 'VALIDATION_FAILED']);
    cases.push(['below min', withdraw(m.token, { bankCardId: m.cardId, amount: '19.99' }), 400, 'WITHDRAW_AMOUNT_OUT_OF_RANGE']);
    cases.push(['above max', withdraw(m.token, { bankCardId: m.cardId, amount: '5000.01' }), 400, 'WITHDRAW_AMOUNT_OUT_OF_RANGE']);
    cases.push(["another member's card", withdraw(m.token, { bankCardId: other.cardId, amount: '50.00' }), 404, 'BANK_CARD_NOT_FOUND']);
    cases.push(['unknown field', withdraw(m.token, { bankCardId: m.cardId, amount: '50.00', memberId: '1' }), 400, 'VALIDATION_FAILED']);
    cases.push(['bad key', withdraw(m.token, { bankCardId: m.cardId, amount: '50.00', idempotencyKey: 'x' }), 400, 'VALIDATION_FAILED']);
    cases.push(['card id text', withdraw(m.token, { bankCardId: 'abc', amount: '50.00' }), 400, 'VALIDATION_FAILED']);
    cases.push(["other merchant's member on APSARA card", post('/wps/v2/withdraw', lotus.token, { bankCardId: m.cardId, amount: '50.00', paymentPassword: '2468', idempotencyKey: newKey() }, 'lotus.localhost'), 404, 'BANK_CARD_NOT_FOUND']);
    cases.push(["APSARA member's token on the other merchant", post('/wps/v2/withdraw', m.token, { bankCardId: m.cardId, amount: '50.00', paymentPassword: '2468', idempotencyKey: newKey() }, 'lotus.localhost'), 401, 'NOT_LOGGED_IN']);
    cases.push(["confirm another member's withdrawal", post(`/wps/v2/withdrawals/${theirW.id}/confirm`, m.token, { outcome: 'received' }), 404, 'NOT_FOUND']);
    cases.push(['confirm with an unknown outcome', post(`/wps/v2/withdrawals/${theirW.id}/confirm`, other.token, { outcome: 'maybe' }), 400, 'VALIDATION_FAILED']);
    cases.push(["other merchant's operator approves", post(`/ops/withdrawals/${theirW.id}/approve`, lotusOps, undefined, 'lotus.localhost'), 404, 'NOT_FOUND']);
    cases.push(["other merchant's operator pays", post(`/ops/withdrawals/${theirW.id}/paid`, lotusOps, undefined, 'lotus.localhost'), 404, 'NOT_FOUND']);
    cases.push(['operator note with markup', post(`/ops/withdrawals/${theirW.id}/approve`, admin, { note: '<b>x</b>' }), 400, 'VALIDATION_FAILED']);
    cases.push(['id out of range', decide('99999999999999999999', 'approve'), 400, 'VALIDATION_FAILED']);
    cases.push(['member token on ops route', decide(theirW.id, 'approve', m.token), 401, 'OPERATOR_NOT_LOGGED_IN']);
    cases.push(['no token', h.call({ method: 'POST', url: '/wps/v2/withdraw', lang: 'en', payload: { bankCardId: m.cardId, amount: '50.00', paymentPassword: '2468', idempotencyKey: newKey() } }), 401, 'NOT_LOGGED_IN']);
    cases.push(['upload a GIF', h.call({ method: 'POST', url: '/wps/v2/uploads', token: m.token, lang: 'en', ...multipart([{ name: 'file', filename: 'a.png', type: 'image/png', data: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1') }]) }), 400, 'UPLOAD_TYPE_INVALID']);
    cases.push(['upload two files', h.call({ method: 'POST', url: '/wps/v2/uploads', token: m.token, lang: 'en', ...multipart([{ name: 'file', filename: 'a.png', type: 'image/png', data: PNG }, { name: 'file', filename: 'b.png', type: 'image/png', data: PNG }]) }), 400, 'UPLOAD_ONE_FILE']);
    cases.push(['upload nothing', h.call({ method: 'POST', url: '/wps/v2/uploads', token: m.token, lang: 'en', ...multipart([{ name: 'other', value: 'x' }]) }), 400, 'VALIDATION_FAILED']);
    cases.push(['upload too large', h.call({ method: 'POST', url: '/wps/v2/uploads', token: m.token, lang: 'en', ...multipart([{ name: 'file', filename: 'a.png', type: 'image/png', data: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]) }]) }), 413, 'UPLOAD_TOO_LARGE']);
    for (const [name, res, status, code] of cases) {
      const r = await res;
      expect([name, r.statusCode, r.json().code], r.body).toEqual([name, status, code]);
      expect(r.json().message, name).toMatch(/\S/);
    }
    expect(await moneySnapshot(h)).toEqual(before);
    // Messages follow the member's language.
    const km = await h.call({ method: 'POST', url: '/wps/v2/withdraw', token: m.token, lang: 'km', payload: { bankCardId: m.cardId, amount: '19.99', paymentPassword: '2468', idempotencyKey: newKey() } });
    expect(km.json().message).toBe('ចំនួនដកប្រាក់ត្រូវនៅចន្លោះ 20.00 និង 5000.00');
    const cn = await h.call({ method: 'POST', url: '/wps/v2/withdraw', token: m.token, lang: 'cn', payload: { bankCardId: m.cardId, amount: '19.99', paymentPassword: '2468', idempotencyKey: newKey() } });
    expect(cn.json().message).toBe('提款金额须在20.00至5000.00之间');
  });

  it('the withdrawal and security calls are in the OpenAPI document', async () => {
    const doc = (await h.call({ method: 'GET', url: '/docs/json' })).json();
    for (const path of ['/wps/v2/withdraw', '/wps/v2/withdraw/settings', '/wps/v2/withdrawals', '/wps/v2/withdrawals/{id}/confirm', '/ops/withdrawals', '/ops/withdrawals/{id}/approve', '/ops/withdrawals/{id}/paid', '/ops/withdrawals/{id}/reject', '/wps/member/security', '/wps/member/bank-cards', '/wps/member/bank-cards/{id}', '/wps/v2/uploads', '/wps/v2/transfers/member', '/wps/v2/deposit/online', '/pay/callback/{provider}']) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });
});

afterAll(async () => {
  // Every ledger row of this suite balances.
  const { rows } = await sql<{ n: bigint }>`select count(*)::int8 as n from (select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0) x`.execute(db());
  expect(rows[0].n).toBe(0n);
});
