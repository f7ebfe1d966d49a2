import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startHarness, type Harness } from './harness.js';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { ledgerRepository } from '../src/modules/ledger/ledger.repository.js';
import { ledgerService, type LedgerService } from '../src/modules/ledger/ledger.service.js';
import { AppError } from '../src/lib/app-error.js';

/**
 * 64 clients at once on PostgreSQL: deposits, transfers, holds, captures (withdrawals) and releases on
 * 20 accounts, every request sent twice with the same key (a client retrying). Afterwards the books
 * balance, nobody is negative, and each acknowledged operation is in the ledger exactly once.
 * Embedded PGlite runs one connection at a time, so this suite is for PostgreSQL (CI runs it there).
 */
const onPostgres = !!process.env.DATABASE_URL;

describe.skipIf(!onPostgres)('ledger under 64 concurrent clients (PostgreSQL)', () => {
  let h: Harness;
  let wide: DatabaseHandle;
  let ledger: LedgerService;
  let merchantId: bigint;
  let cash: bigint;
  const accounts: bigint[] = [];

  beforeAll(async () => {
    h = await startHarness();
    wide = await openDatabase({ url: process.env.DATABASE_URL, schema: h.database.schema, poolSize: 70 });
    ledger = ledgerService(ledgerRepository(wide.db));
    merchantId = (await wide.db.selectFrom('merchants').select('id').where('code', '=', 'APSARA').executeTakeFirstOrThrow()).id;
    cash = await ledger.houseAccount(merchantId, 'CASH_CLEARING', 'USD');
    for (let i = 0; i < 20; i++) {
      const m = await wide.db
        .insertInto('members')
        .values({ merchant_id: merchantId, username: `load${i}`, password_hash: 'x', register_method: 'TEST' })
        .returning('id')
        .executeTakeFirstOrThrow();
      accounts.push(await ledger.memberAccount(merchantId, m.id, 'MAIN', 'USD'));
    }
  });
  afterAll(async () => {
    await wide?.close();
    await h?.close();
  });

  it('keeps every invariant', async () => {
    const CLIENTS = 64;
    const OPS = 25;
    const acked = new Map<string, { kind: string; result: unknown }>();
    const holdsMade: bigint[] = [];
    let seed = 42;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const attempt = async <T>(f: () => Promise<T>) => {
      try {
        return { ok: true as const, value: await f() };
      } catch (e) {
        if (e instanceof AppError) return { ok: false as const, code: e.code };
        throw e;
      }
    };

    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, c) => {
        for (let i = 0; i < OPS; i++) {
          const key = `c${c}-op${i}`;
          const pick = rand(10);
          const a = accounts[rand(20)];
          const b = accounts[rand(20)];
          const amount = BigInt(1 + rand(5_000));
          let run: () => Promise<unknown>;
          let kind: string;
          if (pick < 3) {
            kind = 'deposit';
            run = () => ledger.post({ merchantId, type: 'DEPOSIT', idempotencyKey: key, legs: [{ accountId: cash, amount: -amount }, { accountId: a, amount }] });
          } else if (pick < 6 && a !== b) {
            kind = 'transfer';
            run = () => ledger.post({ merchantId, type: 'TRANSFER', idempotencyKey: key, legs: [{ accountId: a, amount: -amount }, { accountId: b, amount }] });
          } else if (pick < 8) {
            kind = 'hold';
            run = () => ledger.hold({ merchantId, accountId: a, amount, idempotencyKey: key });
          } else {
            const holdId = holdsMade[rand(Math.max(holdsMade.length, 1))];
            if (holdId === undefined) continue;
            kind = pick === 8 ? 'capture' : 'release';
            run = () => (pick === 8 ? ledger.captureHold(merchantId, holdId, cash, 'WITHDRAWAL') : ledger.releaseHold(merchantId, holdId));
          }
          // The request and its retry race each other, as a client that timed out and resent would.
          const [first, retry] = await Promise.all([attempt(run), attempt(run)]);
          for (const r of [first, retry]) {
            if (r.ok) {
              acked.set(`${kind}:${key}`, { kind, result: r.value });
              if (kind === 'hold') holdsMade.push((r.value as { holdId: bigint }).holdId);
            } else expect(['INSUFFICIENT_FUNDS', 'HOLD_NOT_ACTIVE']).toContain(r.code);
          }
          if (first.ok && retry.ok && (kind === 'deposit' || kind === 'transfer')) {
            // Both answers name the same single transaction.
            expect((first.value as { transactionId: bigint }).transactionId).toBe((retry.value as { transactionId: bigint }).transactionId);
          }
        }
      }),
    );

    const db = wide.db;
    // Books balance: every account of the merchant sums to zero.
    expect(await ledger.totalBalance(merchantId)).toBe(0n);
    // Nobody below zero, nobody below what they hold.
    const bad = await db.selectFrom('accounts').select('id').where('merchant_id', '=', merchantId).where('allow_negative', '=', false).where((eb) => eb.or([eb('balance', '<', 0n), eb('balance', '<', eb.ref('held'))])).execute();
    expect(bad).toEqual([]);
    // Each transaction's entries sum to zero, and each account's balance equals the sum of its entries.
    const unbalanced = await sql<{ id: bigint }>`select transaction_id as id from ledger_entries group by transaction_id having sum(amount) <> 0`.execute(db);
    expect(unbalanced.rows).toEqual([]);
    const drift = await sql<{ id: bigint }>`select a.id from accounts a left join ledger_entries e on e.account_id = a.id where a.merchant_id = ${merchantId} group by a.id, a.balance having a.balance <> coalesce(sum(e.amount), 0)`.execute(db);
    expect(drift.rows).toEqual([]);
    // Held amounts equal the active holds.
    const heldDrift = await sql<{ id: bigint }>`select a.id from accounts a left join ledger_holds h on h.account_id = a.id and h.status = 'held' where a.merchant_id = ${merchantId} group by a.id, a.held having a.held <> coalesce(sum(h.amount), 0)`.execute(db);
    expect(heldDrift.rows).toEqual([]);
    // Every acknowledged posting is there exactly once.
    const keys = [...acked.keys()].filter((k) => k.startsWith('deposit:') || k.startsWith('transfer:')).map((k) => k.split(':')[1]);
    const counts = await db.selectFrom('ledger_transactions').select(['idempotency_key', (eb) => eb.fn.countAll<bigint>().as('n')]).where('merchant_id', '=', merchantId).where('idempotency_key', 'in', keys).groupBy('idempotency_key').execute();
    expect(counts.length).toBe(keys.length);
    expect(counts.every((r) => Number(r.n) === 1)).toBe(true);
    const holdKeys = [...acked.keys()].filter((k) => k.startsWith('hold:')).map((k) => k.split(':')[1]);
    const holdRows = await db.selectFrom('ledger_holds').select('idempotency_key').where('merchant_id', '=', merchantId).where('idempotency_key', 'in', holdKeys).execute();
    expect(holdRows.length).toBe(holdKeys.length);
    expect(acked.size).toBeGreaterThan(CLIENTS * OPS * 0.5);
  });
});
