import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { RECEIPT_MAX_BYTES } from '@apsara/contracts';
import { startHarness, type Harness } from '../../../test/harness.js';
import { multipart, PNG as png, type Part } from '../../../test/money-helpers.js';

let h: Harness;
let member: string;
let other: string;
let admin: string;
let finance: string;
let support: string;
let lotusOps: string;
let lotusMember: string;

beforeAll(async () => {
  h = await startHarness();
  await h.addOperator('APSARA', 'depfin01', 'Finance-Pass-1', 'finance');
  await h.addOperator('APSARA', 'depsup01', 'Support-Pass-1', 'support');
  await h.addOperator('LOTUS', 'lotusdep', 'Lotus-Ops-Pass-1', 'admin');
  // A second bank channel and two that members may not use (disabled; online).
  await h.setConfig('APSARA', (c) => {
    c.payment = {
      channels: [
        { id: 'bank-transfer', type: 'BANK_TRANSFER', name: 'Bank transfer', min: '10.00', max: '50000.00', enabled: true, bank: { bankName: 'ABA Bank', accountName: 'Apsara Ltd', accountNumber: '000 123 456' } },
        { id: 'bank-2', type: 'BANK_TRANSFER', name: 'Second bank', min: '1.00', max: '100.00', enabled: true, bank: { bankName: 'ACLEDA', accountName: 'Apsara Ltd', accountNumber: '999 888' } },
        { id: 'bank-off', type: 'BANK_TRANSFER', name: 'Closed bank', min: '1.00', max: '100.00', enabled: false, bank: { bankName: 'Old Bank', accountName: 'Apsara Ltd', accountNumber: '111' } },
        { id: 'online-1', type: 'ONLINE', name: 'Online pay', min: '1.00', max: '100.00', enabled: true, provider: 'paysim', expiresMinutes: 15 },
      ],
    };
  });
  member = await h.login('demo01', 'Demo1234');
  other = await h.login('agent01', 'Agent1234');
  lotusMember = await h.login('lotus01', 'Lotus1234', 'lotus.localhost');
  admin = await h.opsLogin();
  finance = await h.opsLogin('depfin01', 'Finance-Pass-1');
  support = await h.opsLogin('depsup01', 'Support-Pass-1');
  lotusOps = await h.opsLogin('lotusdep', 'Lotus-Ops-Pass-1', 'lotus.localhost');
});
afterAll(() => h.close());

const db = () => h.database.db;

/** JPEG: SOI, a JFIF APP0 segment, EOI. */
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.from([1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9])]);
const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF\n');

let seq = 0;
const key = () => `dep-${Date.now().toString(36)}-${++seq}`;
type Fields = { channelId?: string; amount?: string; reference?: string; idempotencyKey?: string };
const fieldsOf = (f: Fields = {}) => ({ channelId: 'bank-transfer', amount: '100.00', reference: 'ABA 55512', idempotencyKey: key(), ...f });
const receipt = (data: Buffer = png, filename = 'receipt.png', type = 'image/png'): Part => ({ name: 'receipt', filename, type, data });

const submit = (fields: Record<string, string | undefined>, files: Part[] = [receipt()], opts: { token?: string; host?: string } = {}) => {
  const parts: Part[] = Object.entries(fields).flatMap(([name, value]) => (value === undefined ? [] : [{ name, value }]));
  const body = multipart([...parts, ...files]);
  return h.call({ method: 'POST', url: '/wps/v2/deposit/bank', token: opts.token ?? member, host: opts.host, lang: 'en', ...body });
};
const approve = (id: string, token = admin, host?: string) => h.call({ method: 'POST', url: `/ops/deposits/${id}/approve`, token, host, lang: 'en' });
const reject = (id: string, note?: string, token = admin) =>
  h.call({ method: 'POST', url: `/ops/deposits/${id}/reject`, token, lang: 'en', ...(note === undefined ? {} : { payload: { note } }) });
const balance = async (token = member) => (await h.call({ method: 'GET', url: '/wps/member/info', token })).json().value.balance as string;
const count = async (table: string, where = sql`true`) =>
  Number((await sql<{ n: bigint }>`select count(*)::int8 as n from ${sql.table(table)} where ${where}`.execute(db())).rows[0].n);

/** Row counts and digests of everything a deposit could write (uploads by size, not by content). */
const snapshot = async () => {
  const out: Record<string, string> = {};
  for (const t of ['deposits', 'accounts', 'ledger_transactions', 'ledger_entries', 'audit_log']) {
    const { rows } = await sql<{ n: bigint; d: string | null }>`select count(*)::int8 as n, md5(string_agg(t::text, '|' order by t::text)) as d from ${sql.table(t)} t`.execute(db());
    out[t] = `${rows[0].n}:${rows[0].d}`;
  }
  const { rows } = await sql<{ n: bigint; s: string | null }>`select count(*)::int8 as n, sum(size)::text as s from uploads`.execute(db());
  out.uploads = `${rows[0].n}:${rows[0].s}`;
  return out;
};

describe('payment channels', () => {
  it('lists the enabled channels with the bank details a member transfers to', async () => {
    const res = await h.call({ method: 'GET', url: '/wps/v2/deposit/channels', token: member });
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().value;
    expect(v.channels.map((c: { id: string }) => c.id)).toEqual(['bank-transfer', 'bank-2', 'online-1']);
    expect(v.channels[0]).toEqual({ id: 'bank-transfer', type: 'BANK_TRANSFER', name: 'Bank transfer', min: '10.00', max: '50000.00', bank: { bankName: 'ABA Bank', accountName: 'Apsara Ltd', accountNumber: '000 123 456' }, expiresMinutes: null });
    expect(v.channels[2]).toMatchObject({ bank: null, expiresMinutes: 15 });
    expect(v.currency).toBe('USD');
    expect((await h.call({ method: 'GET', url: '/wps/v2/deposit/channels' })).statusCode).toBe(401);
  });

  it('defaults to a bank transfer channel from 10.00 to 50000.00 and online banking', async () => {
    const res = await h.call({ method: 'GET', url: '/wps/v2/deposit/channels', token: lotusMember, host: 'lotus.localhost' });
    expect(res.json().value.channels).toEqual([
      expect.objectContaining({ type: 'BANK_TRANSFER', min: '10.00', max: '50000.00' }),
      expect.objectContaining({ id: 'online-pay', type: 'ONLINE', bank: null, expiresMinutes: 30, name: { en: 'Online banking', km: 'ធនាគារអនឡាញ', cn: '网上银行' } }),
    ]);
  });
});

describe('a bank transfer deposit', () => {
  it('is pending until approved, then credits the member once, balanced and audited', async () => {
    const before = await balance();
    const txBefore = await count('ledger_transactions');
    const res = await submit(fieldsOf({ amount: '150.25', reference: 'ABA 7781 Dara' }));
    expect(res.statusCode, res.body).toBe(200);
    const dep = res.json().value;
    expect(dep).toMatchObject({ status: 'pending', amount: '150.25', reference: 'ABA 7781 Dara', channelId: 'bank-transfer', type: 'BANK_TRANSFER', ledgerTransactionId: null, replayed: false });
    // No money moves on a request.
    expect(await balance()).toBe(before);
    expect(await count('ledger_transactions')).toBe(txBefore);

    // The member sees it; so do operators, with the member's name.
    const mine = (await h.call({ method: 'GET', url: '/wps/v2/deposits?status=pending', token: member })).json().value;
    expect(mine.items[0]).toMatchObject({ id: dep.id, status: 'pending', payUrl: null, decidedBy: null, expiresAt: null });
    expect(mine.pageSize).toBe(20);
    const queue = (await h.call({ method: 'GET', url: '/ops/deposits?status=pending', token: support })).json().value;
    expect(queue.items.find((d: { id: string }) => d.id === dep.id)).toMatchObject({ username: 'demo01', amount: '150.25' });

    // The receipt is the member's own bytes, typed by its content.
    const file = await h.call({ method: 'GET', url: `/wps/v2/uploads/${dep.receiptId}`, token: member });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(png)).toBe(true);
    expect((await h.call({ method: 'GET', url: `/wps/v2/uploads/${dep.receiptId}`, token: support })).statusCode).toBe(200);

    const ok = await approve(dep.id, finance);
    expect(ok.statusCode, ok.body).toBe(200);
    const approved = ok.json().value;
    expect(approved).toMatchObject({ id: dep.id, status: 'approved', replayed: false, username: 'demo01', reviewedAt: expect.any(String), reviewedByName: 'depfin01' });
    const decided = (await h.call({ method: 'GET', url: '/ops/deposits?status=approved', token: support })).json().value;
    expect(decided.items.find((d: { id: string }) => d.id === dep.id)).toMatchObject({ reviewedBy: expect.stringMatching(/^\d+$/), reviewedByName: 'depfin01' });
    expect(queue.items.find((d: { id: string }) => d.id === dep.id)).toMatchObject({ reviewedBy: null, reviewedByName: null });
    expect(approved.ledgerTransactionId).toMatch(/^\d+$/);
    const expected = (Number(before) + 150.25).toFixed(2);
    expect(await balance()).toBe(expected);
    expect(approved.balanceAfter).toBe(expected);

    // One balanced posting, keyed by the deposit, from cash clearing to the member's main wallet.
    const tx = await db().selectFrom('ledger_transactions').selectAll().where('id', '=', BigInt(approved.ledgerTransactionId)).executeTakeFirstOrThrow();
    expect(tx).toMatchObject({ type: 'DEPOSIT', idempotency_key: `deposit:${dep.id}` });
    const entries = await db()
      .selectFrom('ledger_entries as e')
      .innerJoin('accounts as a', 'a.id', 'e.account_id')
      .select(['e.amount', 'a.code', 'a.kind'])
      .where('e.transaction_id', '=', tx.id)
      .execute();
    expect(entries.reduce((s, e) => s + e.amount, 0n)).toBe(0n);
    expect(entries.find((e) => e.kind === 'MAIN')?.amount).toBe(15_025n);
    expect(entries.find((e) => e.code === 'CASH_CLEARING')?.amount).toBe(-15_025n);

    const audit = await db().selectFrom('audit_log').selectAll().where('action', '=', 'deposit.approve').where('target_id', '=', dep.id).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0].ledger_transaction_id).toBe(tx.id);
    expect(audit[0].before).toEqual({ status: 'pending', balance: before });
    expect(audit[0].after).toMatchObject({ status: 'approved', balance: expected, amount: '150.25' });

    // Approving again changes nothing; rejecting an approved deposit is refused.
    const again = await approve(dep.id, admin);
    expect(again.json().value).toMatchObject({ status: 'approved', replayed: true, ledgerTransactionId: approved.ledgerTransactionId });
    expect(await balance()).toBe(expected);
    const late = await reject(dep.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('DEPOSIT_NOT_PENDING');
    expect(await count('audit_log', sql`action = 'deposit.approve' and target_id = ${dep.id}`)).toBe(1);
    // Sum of every account of the merchant is still zero.
    const total = (await sql<{ t: bigint }>`select coalesce(sum(balance),0)::int8 as t from accounts where merchant_id = (select id from merchants where code = 'APSARA')`.execute(db())).rows[0].t;
    expect(total).toBe(0n);
  });

  it('two operators approving at once credit it once', async () => {
    const dep = (await submit(fieldsOf({ amount: '77.70' }))).json().value;
    const before = await balance();
    const [a, b] = await Promise.all([approve(dep.id, admin), approve(dep.id, finance)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().value.ledgerTransactionId).toBe(b.json().value.ledgerTransactionId);
    expect(await balance()).toBe((Number(before) + 77.7).toFixed(2));
    expect(await count('ledger_transactions', sql`idempotency_key = ${`deposit:${dep.id}`}`)).toBe(1);
    expect(await count('audit_log', sql`action = 'deposit.approve' and target_id = ${dep.id}`)).toBe(1);
  });

  it('many parallel approvals and rejections of one deposit settle it exactly one way', async () => {
    const dep = (await submit(fieldsOf({ amount: '12.34' }))).json().value;
    const before = await balance();
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? approve(dep.id, i % 4 === 1 ? admin : finance) : reject(dep.id, 'race'))));
    const final = (await h.call({ method: 'GET', url: '/wps/v2/deposits', token: member })).json().value.items.find((d: { id: string }) => d.id === dep.id);
    const credited = await count('ledger_transactions', sql`idempotency_key = ${`deposit:${dep.id}`}`);
    if (final.status === 'approved') {
      expect(credited).toBe(1);
      expect(await balance()).toBe((Number(before) + 12.34).toFixed(2));
    } else {
      expect(final.status).toBe('rejected');
      expect(credited).toBe(0);
      expect(await balance()).toBe(before);
    }
    for (const r of results) expect([200, 409]).toContain(r.statusCode);
  });

  it('a rejected deposit moves no money and cannot be approved afterwards', async () => {
    const dep = (await submit(fieldsOf({ amount: '40.00' }))).json().value;
    const before = await balance();
    const ledgerBefore = await count('ledger_transactions');
    const res = await reject(dep.id, 'No matching transfer on the statement', finance);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ status: 'rejected', reviewNote: 'No matching transfer on the statement', ledgerTransactionId: null, replayed: false });
    expect(await balance()).toBe(before);
    expect(await count('ledger_transactions')).toBe(ledgerBefore);
    const row = await db().selectFrom('audit_log').selectAll().where('action', '=', 'deposit.reject').where('target_id', '=', dep.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ before: { status: 'pending' }, reason: 'No matching transfer on the statement' });

    const late = await approve(dep.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('DEPOSIT_NOT_PENDING');
    expect((await reject(dep.id)).json().value).toMatchObject({ status: 'rejected', replayed: true });
    expect(await balance()).toBe(before);
    expect(await count('ledger_transactions')).toBe(ledgerBefore);
    expect((await h.call({ method: 'GET', url: '/wps/v2/deposits?status=rejected', token: member })).json().value.items.map((d: { id: string }) => d.id)).toContain(dep.id);
  });

  it('a repeated key returns the first deposit; the same key with another amount or channel is a 409', async () => {
    const fields = fieldsOf({ amount: '25.00' });
    const first = (await submit(fields)).json().value;
    const uploads = await count('uploads');
    const again = await submit(fields);
    expect(again.statusCode).toBe(200);
    expect(again.json().value).toMatchObject({ id: first.id, receiptId: first.receiptId, replayed: true });
    expect(await count('uploads')).toBe(uploads);
    for (const changed of [{ amount: '26.00' }, { channelId: 'bank-2' }]) {
      const res = await submit({ ...fields, ...changed });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('IDEMPOTENCY_CONFLICT');
    }
    // Parallel first sends of one key make one deposit.
    const racing = fieldsOf({ amount: '30.00' });
    const all = await Promise.all([submit(racing), submit(racing), submit(racing)]);
    expect(new Set(all.map((r) => r.json().value.id)).size).toBe(1);
    expect(await count('deposits', sql`idempotency_key = ${racing.idempotencyKey}`)).toBe(1);
    expect(await count('uploads')).toBe(uploads + 1);
    // Keys belong to the member: another member may use the same text.
    const theirs = await submit(fields, [receipt()], { token: other });
    expect(theirs.json().value).toMatchObject({ replayed: false });
    expect(theirs.json().value.id).not.toBe(first.id);
  });

  it('accepts a JPEG and a receipt of exactly 5 MB', async () => {
    const j = await submit(fieldsOf(), [receipt(jpeg, 'photo.jpg', 'image/jpeg')]);
    expect(j.statusCode, j.body).toBe(200);
    const file = await h.call({ method: 'GET', url: `/wps/v2/uploads/${j.json().value.receiptId}`, token: member });
    expect(file.headers['content-type']).toBe('image/jpeg');
    const big = Buffer.concat([png, Buffer.alloc(RECEIPT_MAX_BYTES - png.length)]);
    const res = await submit(fieldsOf(), [receipt(big)]);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('pages the member list by 20', async () => {
    for (let i = 0; i < 21; i++) await submit(fieldsOf({ channelId: 'bank-2', amount: '2.00' }), [receipt()], { token: other });
    const p1 = (await h.call({ method: 'GET', url: '/wps/v2/deposits', token: other })).json().value;
    const p2 = (await h.call({ method: 'GET', url: '/wps/v2/deposits?page=2', token: other })).json().value;
    expect(p1.items).toHaveLength(20);
    expect(p2.total).toBe(p1.total);
    expect(p1.items.length + p2.items.length).toBe(p1.total);
    expect((await h.call({ method: 'GET', url: '/wps/v2/deposits?status=won', token: other })).statusCode).toBe(400);
  });
});

describe('bad deposit requests write nothing', () => {
  const fileCases: [string, () => Part[], number, string][] = [
    ['a file 1 byte over 5 MB', () => [receipt(Buffer.concat([png, Buffer.alloc(RECEIPT_MAX_BYTES + 1 - png.length)]))], 413, 'RECEIPT_TOO_LARGE'],
    ['GIF bytes named .png', () => [receipt(gif)], 400, 'RECEIPT_TYPE_INVALID'],
    ['PDF bytes named .png', () => [receipt(pdf)], 400, 'RECEIPT_TYPE_INVALID'],
    ['text named .jpg', () => [receipt(Buffer.from('hello, this is not an image'), 'r.jpg', 'image/jpeg')], 400, 'RECEIPT_TYPE_INVALID'],
    ['only the PNG signature', () => [receipt(png.subarray(0, 8))], 400, 'RECEIPT_TYPE_INVALID'],
    ['two files', () => [receipt(), receipt(jpeg, 'b.jpg', 'image/jpeg')], 400, 'RECEIPT_ONE_FILE'],
    ['three files', () => [receipt(), receipt(), receipt()], 400, 'RECEIPT_ONE_FILE'],
    ['no file', () => [], 400, 'RECEIPT_REQUIRED'],
    ['an empty file', () => [receipt(Buffer.alloc(0))], 400, 'RECEIPT_REQUIRED'],
    ['a file under another name', () => [{ ...receipt(), name: 'photo' }], 400, 'VALIDATION_FAILED'],
  ];
  it.each(fileCases)('%s', async (_name, files, status, code) => {
    const before = await snapshot();
    const res = await submit(fieldsOf(), files());
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ success: false, code, message: expect.any(String) });
    expect(await snapshot()).toEqual(before);
  });

  const fieldCases: [string, Record<string, string | undefined>, string, string?][] = [
    ['negative amount', { amount: '-50.00' }, 'VALIDATION_FAILED', 'amount'],
    ['zero amount', { amount: '0.00' }, 'VALIDATION_FAILED', 'amount'],
    ['three decimals', { amount: '10.005' }, 'VALIDATION_FAILED', 'amount'],
    ['huge amount', { amount: '99999999999999999999.00' }, 'VALIDATION_FAILED', 'amount'],
    ['non-numeric amount', { amount: 'ten' }, 'VALIDATION_FAILED', 'amount'],
    ['exponent', { amount: '1e3' }, 'VALIDATION_FAILED', 'amount'],
    ['thousand separators', { amount: '1,000.00' }, 'VALIDATION_FAILED', 'amount'],
    ['missing amount', { amount: undefined }, 'VALIDATION_FAILED', 'amount'],
    ['below the channel minimum', { amount: '9.99' }, 'DEPOSIT_AMOUNT_OUT_OF_RANGE', 'amount'],
    ['above the channel maximum', { amount: '50000.01' }, 'DEPOSIT_AMOUNT_OUT_OF_RANGE', 'amount'],
    ['above the second channel maximum', { channelId: 'bank-2', amount: '100.01' }, 'DEPOSIT_AMOUNT_OUT_OF_RANGE', 'amount'],
    ['unknown channel', { channelId: 'nope' }, 'DEPOSIT_CHANNEL_UNAVAILABLE', 'channelId'],
    ['disabled channel', { channelId: 'bank-off' }, 'DEPOSIT_CHANNEL_UNAVAILABLE', 'channelId'],
    ['online channel', { channelId: 'online-1', amount: '5.00' }, 'DEPOSIT_CHANNEL_UNAVAILABLE', 'channelId'],
    ['injection in the channel', { channelId: "bank'--" }, 'VALIDATION_FAILED', 'channelId'],
    ['empty reference', { reference: '' }, 'VALIDATION_FAILED', 'reference'],
    ['blank reference', { reference: '   ' }, 'VALIDATION_FAILED', 'reference'],
    ['reference of 65 characters', { reference: 'x'.repeat(65) }, 'VALIDATION_FAILED', 'reference'],
    ['control character in the reference', { reference: 'ABA\u0000123' }, 'VALIDATION_FAILED', 'reference'],
    ['line break in the reference', { reference: 'ABA\n123' }, 'VALIDATION_FAILED', 'reference'],
    ['short key', { idempotencyKey: 'k1' }, 'VALIDATION_FAILED', 'idempotencyKey'],
    ['missing key', { idempotencyKey: undefined }, 'VALIDATION_FAILED', 'idempotencyKey'],
    ['an unknown field', { memberId: '1' }, 'VALIDATION_FAILED', 'memberId'],
  ];
  it.each(fieldCases)('%s', async (_name, change, code, field) => {
    const before = await snapshot();
    const res = await submit({ ...fieldsOf(), ...change });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    const body = res.json();
    expect(body).toMatchObject({ success: false, code, message: expect.any(String) });
    if (field) expect(body.fields.map((f: { field: string }) => f.field)).toContain(field);
    expect(await snapshot()).toEqual(before);
  });

  it('a 65-character reference is reported by name and rule', async () => {
    const res = await submit({ ...fieldsOf(), reference: 'x'.repeat(65) });
    expect(res.json().fields).toEqual([expect.objectContaining({ field: 'reference', rule: 'tooLong', message: expect.stringContaining('reference') })]);
  });

  it('refuses a JSON body, a duplicated field and a form without a boundary', async () => {
    const before = await snapshot();
    const json = await h.call({ method: 'POST', url: '/wps/v2/deposit/bank', token: member, payload: fieldsOf() });
    expect(json.statusCode).toBe(400);
    expect(json.json().code).toBe('MULTIPART_REQUIRED');
    const dup = multipart([...Object.entries(fieldsOf()).map(([name, value]) => ({ name, value })), { name: 'amount', value: '999.00' }, receipt()]);
    const dupRes = await h.call({ method: 'POST', url: '/wps/v2/deposit/bank', token: member, ...dup });
    expect(dupRes.statusCode).toBe(400);
    expect(dupRes.json().fields).toEqual([expect.objectContaining({ field: 'amount', rule: 'duplicate' })]);
    const noBoundary = await h.call({ method: 'POST', url: '/wps/v2/deposit/bank', token: member, payload: 'x', headers: { 'content-type': 'multipart/form-data' } });
    expect(noBoundary.statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('trial accounts cannot deposit', async () => {
    const trial = await h.login('trial01', 'Trial1234');
    const before = await snapshot();
    const res = await submit(fieldsOf(), [receipt()], { token: trial });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('TRIAL_NEED_REAL_ACCOUNT');
    expect(await snapshot()).toEqual(before);
  });

  it('needs a member token', async () => {
    const before = await snapshot();
    expect((await submit(fieldsOf(), [receipt()], { token: 'x'.repeat(43) })).statusCode).toBe(401);
    expect((await submit(fieldsOf(), [receipt()], { token: admin })).statusCode).toBe(401);
    expect((await h.call({ method: 'GET', url: '/wps/v2/deposits' })).statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);
  });
});

describe('who may see and decide what', () => {
  let depId: string;
  let receiptId: string;
  beforeAll(async () => {
    const v = (await submit(fieldsOf({ amount: '60.00' }))).json().value;
    depId = v.id;
    receiptId = v.receiptId;
  });

  it("another member, another merchant's operator or a stranger cannot fetch a receipt", async () => {
    const url = `/wps/v2/uploads/${receiptId}`;
    const mine = await h.call({ method: 'GET', url, token: other });
    expect(mine.statusCode).toBe(404);
    expect(mine.json().code).toBe('NOT_FOUND');
    expect((await h.call({ method: 'GET', url, token: lotusOps, host: 'lotus.localhost' })).statusCode).toBe(404);
    expect((await h.call({ method: 'GET', url, token: lotusMember, host: 'lotus.localhost' })).statusCode).toBe(404);
    // The owner's own token on another merchant's host is not a session there.
    expect((await h.call({ method: 'GET', url, token: member, host: 'lotus.localhost' })).statusCode).toBe(401);
    expect((await h.call({ method: 'GET', url })).statusCode).toBe(401);
    expect((await h.call({ method: 'GET', url: '/wps/v2/uploads/00000000-0000-4000-8000-000000000000', token: member })).statusCode).toBe(404);
    expect((await h.call({ method: 'GET', url: '/wps/v2/uploads/not-a-uuid', token: member })).statusCode).toBe(400);
  });

  it("members see only their own deposits", async () => {
    const theirs = (await h.call({ method: 'GET', url: '/wps/v2/deposits', token: other })).json().value.items;
    expect(theirs.map((d: { id: string }) => d.id)).not.toContain(depId);
  });

  it("another merchant's operator cannot see or decide this deposit", async () => {
    const before = await snapshot();
    for (const action of ['approve', 'reject']) {
      const res = await h.call({ method: 'POST', url: `/ops/deposits/${depId}/${action}`, token: lotusOps, host: 'lotus.localhost', lang: 'en' });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    const list = (await h.call({ method: 'GET', url: '/ops/deposits', token: lotusOps, host: 'lotus.localhost' })).json().value;
    expect(list.items.map((d: { id: string }) => d.id)).not.toContain(depId);
    // An operator token is only good on its own merchant.
    expect((await approve(depId, admin, 'lotus.localhost')).statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  it('support reads but cannot decide; members and strangers cannot use /ops', async () => {
    const before = await snapshot();
    expect((await h.call({ method: 'GET', url: '/ops/deposits', token: support })).statusCode).toBe(200);
    for (const res of [await approve(depId, support), await reject(depId, undefined, support)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('OPERATOR_FORBIDDEN');
    }
    expect((await approve(depId, member)).statusCode).toBe(401);
    expect((await h.call({ method: 'GET', url: '/ops/deposits', token: member })).statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses bad ids and notes, writing nothing', async () => {
    const before = await snapshot();
    expect((await approve('999999999')).statusCode).toBe(404);
    for (const id of ['0', '-1', 'abc', '1.5', '99999999999999999999']) expect((await approve(id)).statusCode).toBe(400);
    expect((await reject(depId, '<script>')).statusCode).toBe(400);
    expect((await reject(depId, 'x'.repeat(201))).statusCode).toBe(400);
    expect((await h.call({ method: 'POST', url: `/ops/deposits/${depId}/reject`, token: admin, payload: { note: 'ok', extra: 1 } })).statusCode).toBe(400);
    expect((await h.call({ method: 'GET', url: '/ops/deposits?page=0', token: admin })).statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('the deposit calls are in the OpenAPI document', async () => {
    const doc = (await h.call({ method: 'GET', url: '/docs/json' })).json();
    for (const path of ['/wps/v2/deposit/channels', '/wps/v2/deposit/bank', '/wps/v2/deposits', '/wps/v2/uploads/{id}', '/ops/deposits', '/ops/deposits/{id}/approve', '/ops/deposits/{id}/reject']) {
      expect(doc.paths[path], path).toBeDefined();
    }
    const form = doc.paths['/wps/v2/deposit/bank'].post.requestBody.content['multipart/form-data'].schema;
    expect(Object.keys(form.properties).sort()).toEqual(['amount', 'channelId', 'idempotencyKey', 'receipt', 'reference']);
  });
});
