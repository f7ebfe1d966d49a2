import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { sql } from 'kysely';
import { hashPassword } from '../src/lib/password.js';
import { MAIN_WALLET } from '../src/modules/member/member.repository.js';
import type { Harness } from './harness.js';

/** The smallest real PNG start: signature and an IHDR chunk (1×1, 8-bit RGB) with its CRC. */
export const PNG = (() => {
  const ihdr = Buffer.concat([Buffer.from('IHDR'), Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0])]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(ihdr));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from([0, 0, 0, 13]), ihdr, crc]);
})();

export type Part = { name: string; value: string } | { name: string; filename: string; type: string; data: Buffer };

/** A multipart/form-data body built by hand, as a browser would send it. */
export const multipart = (parts: Part[]) => {
  const boundary = `----apsara${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const head = 'data' in p
      ? `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type}\r\n\r\n`
      : `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n`;
    chunks.push(Buffer.from(head), 'data' in p ? p.data : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

let seq = 0;
/** A fresh idempotency key. */
export const newKey = (prefix = 'k') => `${prefix}-${Date.now().toString(36)}-${++seq}-${randomBytes(3).toString('hex')}`;

const hashes = new Map<string, Promise<string>>();
const hashOf = (password: string) => {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  return hashes.get(password)!;
};

/**
 * A member of `merchantCode` written straight to the database (registration has its own tests),
 * with an optional upline, real name and payment password, signed in. Returns id and token.
 */
export const makeMember = async (
  h: Harness,
  username: string,
  opts: { merchant?: string; host?: string; parent?: bigint; type?: number; realName?: string; paymentPassword?: string } = {},
) => {
  const db = h.database.db;
  const merchant = await db.selectFrom('merchants').select(['id', 'currency']).where('code', '=', opts.merchant ?? 'APSARA').executeTakeFirstOrThrow();
  const row = await db
    .insertInto('members')
    .values({
      merchant_id: merchant.id,
      username,
      type: opts.type ?? 0,
      password_hash: await hashOf('Passw0rd1'),
      payment_password_hash: opts.paymentPassword ? await hashOf(opts.paymentPassword) : null,
      payee_name: opts.realName ?? null,
      parent_id: opts.parent ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('accounts').values({ merchant_id: merchant.id, member_id: row.id, kind: MAIN_WALLET, currency: merchant.currency }).execute();
  const token = await h.login(username, 'Passw0rd1', opts.host);
  return { id: row.id, token };
};

/** Credits (or debits) a member through the audited operator adjustment. */
export const fund = async (h: Harness, opsToken: string, memberId: bigint, amount: string, host?: string) => {
  const res = await h.call({ method: 'POST', url: `/ops/members/${memberId}/adjustments`, token: opsToken, host, payload: { amount, reason: 'test funding', idempotencyKey: newKey('fund') } });
  if (res.statusCode !== 200) throw new Error(`funding failed: ${res.body}`);
};

export const mainBalance = async (h: Harness, token: string, host?: string) => {
  const v = (await h.call({ method: 'GET', url: '/wps/v2/wallets/balance', token, host })).json().value;
  return { balance: v.balance as string, held: v.held as string, available: v.available as string };
};

/** Row counts and digests of every table money calls write, to prove a refused call wrote nothing. */
export const moneySnapshot = async (h: Harness) => {
  const out: Record<string, string> = {};
  for (const t of ['deposits', 'withdrawals', 'withdrawal_proofs', 'bank_cards', 'accounts', 'ledger_transactions', 'ledger_entries', 'ledger_holds', 'audit_log', 'payment_callback_nonces']) {
    const { rows } = await sql<{ n: bigint; d: string | null }>`select count(*)::int8 as n, md5(string_agg(t::text, '|' order by t::text)) as d from ${sql.table(t)} t`.execute(h.database.db);
    out[t] = `${rows[0].n}:${rows[0].d}`;
  }
  const { rows } = await sql<{ n: bigint; s: string | null }>`select count(*)::int8 as n, sum(size)::text as s from uploads`.execute(h.database.db);
  out.uploads = `${rows[0].n}:${rows[0].s}`;
  const m = await sql<{ d: string | null }>`select md5(string_agg(coalesce(payee_name,'') || ':' || coalesce(payment_password_hash,''), '|' order by id)) as d from members`.execute(h.database.db);
  out.members = m.rows[0].d ?? '';
  return out;
};

/** Sum of every account balance per merchant: all zero while the books balance. */
export const booksBalance = async (h: Harness) =>
  (await sql<{ merchant_id: bigint; total: bigint }>`select merchant_id, sum(balance)::int8 as total from accounts group by merchant_id`.execute(h.database.db)).rows.every((r) => r.total === 0n);

/** A bank transfer of `amount` with a receipt, approved by an operator: a credited deposit. */
export const bankDeposit = async (h: Harness, opsToken: string, token: string, amount: string, host?: string) => {
  const dep = await h.call({
    method: 'POST',
    url: '/wps/v2/deposit/bank',
    token,
    host,
    lang: 'en',
    ...multipart([
      { name: 'channelId', value: 'bank-transfer' },
      { name: 'amount', value: amount },
      { name: 'reference', value: `ABA ${amount}` },
      { name: 'idempotencyKey', value: newKey('dep') },
      { name: 'receipt', filename: 'r.png', type: 'image/png', data: PNG },
    ]),
  });
  if (dep.statusCode !== 200) throw new Error(`deposit failed: ${dep.body}`);
  const ok = await h.call({ method: 'POST', url: `/ops/deposits/${dep.json().value.id}/approve`, token: opsToken, host, lang: 'en' });
  if (ok.statusCode !== 200) throw new Error(`deposit approval failed: ${ok.body}`);
  return dep.json().value.id as string;
};

/** A closed round of `stake` the member played with a vendor (AG unless told), as the vendor's calls leave it. */
export const playedRound = async (h: Harness, memberId: bigint, stake: bigint, gameType?: string) => {
  const db = h.database.db;
  const game = gameType
    ? await sql<{ id: bigint }>`select id from games where game_type = ${gameType} limit 1`.execute(db)
    : await sql<{ id: bigint }>`select id from games limit 1`.execute(db);
  const { merchant_id } = await db.selectFrom('members').select('merchant_id').where('id', '=', memberId).executeTakeFirstOrThrow();
  return db
    .insertInto('game_rounds')
    .values({ merchant_id, member_id: memberId, vendor_code: 'AG', game_id: game.rows[0]!.id, round_ref: newKey('r'), stake, payout: 0n, status: 'closed', closed_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
};
