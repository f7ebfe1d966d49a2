import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'kysely';
import { errorCodeOf, startHarness, type Harness } from '../../../test/harness.js';
import { ledgerRepository } from './ledger.repository.js';
import { ledgerService, type LedgerService } from './ledger.service.js';

let h: Harness;
let ledger: LedgerService;
let merchantId: bigint;
let cash: bigint;
let run = 0;

beforeAll(async () => {
  h = await startHarness();
  ledger = ledgerService(ledgerRepository(h.database.db));
  merchantId = (await h.database.db.selectFrom('merchants').select('id').where('code', '=', 'APSARA').executeTakeFirstOrThrow()).id;
  cash = await ledger.houseAccount(merchantId, 'CASH_CLEARING', 'USD');
});
afterAll(() => h.close());

/** Fresh member main accounts for one run, so runs never share state. */
const makeAccounts = async (n: number) => {
  run++;
  const ids: bigint[] = [];
  for (let i = 0; i < n; i++) {
    const m = await h.database.db
      .insertInto('members')
      .values({ merchant_id: merchantId, username: `ledger${run}x${i}`, password_hash: 'x', register_method: 'TEST' })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(await ledger.memberAccount(merchantId, m.id, 'MAIN', 'USD'));
  }
  return ids;
};

const accountState = async (id: bigint) =>
  h.database.db.selectFrom('accounts').select(['balance', 'held']).where('id', '=', id).executeTakeFirstOrThrow();

describe('ledger postings', () => {
  it('moves money in balanced entries that record the balance after, and refuses what would go negative', async () => {
    const [a, b] = await makeAccounts(2);
    const dep = await ledger.post({ merchantId, type: 'DEPOSIT', idempotencyKey: `t-dep-${run}`, legs: [{ accountId: cash, amount: -10_000n }, { accountId: a, amount: 10_000n }] });
    expect(dep.replayed).toBe(false);
    expect(dep.entries.find((e) => e.accountId === a)).toEqual({ accountId: a, amount: 10_000n, balanceAfter: 10_000n });
    expect(await errorCodeOf(ledger.post({ merchantId, type: 'TRANSFER', idempotencyKey: `t-over-${run}`, legs: [{ accountId: a, amount: -10_001n }, { accountId: b, amount: 10_001n }] }))).toBe('INSUFFICIENT_FUNDS');
    // The refused posting left nothing behind, not even its key: the same key may be used again.
    expect(await errorCodeOf(ledger.post({ merchantId, type: 'TRANSFER', idempotencyKey: `t-over-${run}`, legs: [{ accountId: a, amount: -100n }, { accountId: b, amount: 100n }] }))).toBe('OK');
    expect((await accountState(a)).balance).toBe(9_900n);
    expect((await accountState(b)).balance).toBe(100n);
  });

  it('refuses unbalanced or degenerate postings outright', async () => {
    const [a] = await makeAccounts(1);
    await expect(ledger.post({ merchantId, type: 'X', idempotencyKey: `t-unbal-${run}`, legs: [{ accountId: cash, amount: -5n }, { accountId: a, amount: 4n }] })).rejects.toThrow(/sum to zero/);
    await expect(ledger.post({ merchantId, type: 'X', idempotencyKey: `t-one-${run}`, legs: [{ accountId: a, amount: 0n }] })).rejects.toThrow();
    expect(await errorCodeOf(ledger.post({ merchantId, type: 'X', idempotencyKey: 'bad key!', legs: [{ accountId: cash, amount: -5n }, { accountId: a, amount: 5n }] }))).toBe('VALIDATION_FAILED');
  });

  it("cannot touch another merchant's account", async () => {
    const [a] = await makeAccounts(1);
    const lotus = (await h.database.db.selectFrom('merchants').select('id').where('code', '=', 'LOTUS').executeTakeFirstOrThrow()).id;
    expect(await errorCodeOf(ledger.post({ merchantId: lotus, type: 'X', idempotencyKey: `t-cross-${run}`, legs: [{ accountId: cash, amount: -5n }, { accountId: a, amount: 5n }] }))).toBe('ACCOUNT_NOT_FOUND');
  });

  it('history is append-only at the database level', async () => {
    await expect(sql`update ledger_entries set amount = amount + 1`.execute(h.database.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from ledger_transactions`.execute(h.database.db)).rejects.toThrow(/append-only/);
  });

  it('a member balance below what it holds is impossible even for code that skips the service', async () => {
    const [a] = await makeAccounts(1);
    await expect(sql`update accounts set balance = -1 where id = ${a}`.execute(h.database.db)).rejects.toThrow();
  });
});

describe('holds', () => {
  it('held funds stay in the balance but cannot be spent; capture moves them, release frees them', async () => {
    const [a, b] = await makeAccounts(2);
    await ledger.post({ merchantId, type: 'DEPOSIT', idempotencyKey: `h-dep-${run}`, legs: [{ accountId: cash, amount: -1_000n }, { accountId: a, amount: 1_000n }] });
    const held = await ledger.hold({ merchantId, accountId: a, amount: 700n, idempotencyKey: `h-hold-${run}` });
    expect(await accountState(a)).toEqual({ balance: 1_000n, held: 700n });
    expect(await errorCodeOf(ledger.post({ merchantId, type: 'TRANSFER', idempotencyKey: `h-spend-${run}`, legs: [{ accountId: a, amount: -301n }, { accountId: b, amount: 301n }] }))).toBe('INSUFFICIENT_FUNDS');
    expect(await errorCodeOf(ledger.hold({ merchantId, accountId: a, amount: 301n, idempotencyKey: `h-hold2-${run}` }))).toBe('INSUFFICIENT_FUNDS');

    const captured = await ledger.captureHold(merchantId, held.holdId, cash, 'WITHDRAWAL');
    expect(await accountState(a)).toEqual({ balance: 300n, held: 0n });
    const again = await ledger.captureHold(merchantId, held.holdId, cash, 'WITHDRAWAL');
    expect(again).toMatchObject({ transactionId: captured.transactionId, replayed: true });
    expect(await errorCodeOf(ledger.releaseHold(merchantId, held.holdId))).toBe('HOLD_NOT_ACTIVE');

    const second = await ledger.hold({ merchantId, accountId: a, amount: 300n, idempotencyKey: `h-hold3-${run}` });
    await ledger.releaseHold(merchantId, second.holdId);
    expect(await accountState(a)).toEqual({ balance: 300n, held: 0n });
    expect(await errorCodeOf(ledger.captureHold(merchantId, second.holdId, cash, 'WITHDRAWAL'))).toBe('HOLD_NOT_ACTIVE');
  });
});

/**
 * Model-based: random sequences of deposits, transfers, holds, captures, releases and replays run
 * against the ledger and against a plain in-memory model; after every step they must agree.
 */
type Op =
  | { kind: 'deposit'; to: number; amount: number }
  | { kind: 'transfer'; from: number; to: number; amount: number }
  | { kind: 'hold'; on: number; amount: number }
  | { kind: 'capture'; hold: number }
  | { kind: 'release'; hold: number }
  | { kind: 'replay'; which: number }
  | { kind: 'replayChanged'; which: number };

const N = 4;
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), to: fc.nat(N - 1), amount: fc.integer({ min: 1, max: 50_000 }) }),
  fc.record({ kind: fc.constant('transfer' as const), from: fc.nat(N - 1), to: fc.nat(N - 1), amount: fc.integer({ min: 1, max: 60_000 }) }),
  fc.record({ kind: fc.constant('hold' as const), on: fc.nat(N - 1), amount: fc.integer({ min: 1, max: 60_000 }) }),
  fc.record({ kind: fc.constant('capture' as const), hold: fc.nat(20) }),
  fc.record({ kind: fc.constant('release' as const), hold: fc.nat(20) }),
  fc.record({ kind: fc.constant('replay' as const), which: fc.nat(30) }),
  fc.record({ kind: fc.constant('replayChanged' as const), which: fc.nat(30) }),
);

describe('the ledger against an in-memory model', () => {
  it('conserves money, never goes negative, replays keys, refuses changed replays, never spends holds', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 5, maxLength: 25 }), async (ops) => {
        const accounts = await makeAccounts(N);
        const model = { balance: Array(N).fill(0n) as bigint[], held: Array(N).fill(0n) as bigint[], cash: (await accountState(cash)).balance };
        const holds: { id: bigint; on: number; amount: bigint; status: 'held' | 'captured' | 'released' }[] = [];
        const done: { key: string; legs: { accountId: bigint; amount: bigint }[]; result: bigint }[] = [];
        const available = (i: number) => model.balance[i] - model.held[i];
        let k = 0;
        const key = () => `m-${run}-${k++}`;

        for (const op of ops) {
          if (op.kind === 'deposit') {
            const legs = [{ accountId: cash, amount: -BigInt(op.amount) }, { accountId: accounts[op.to], amount: BigInt(op.amount) }];
            const r = await ledger.post({ merchantId, type: 'DEPOSIT', idempotencyKey: key(), legs });
            model.balance[op.to] += BigInt(op.amount);
            model.cash -= BigInt(op.amount);
            done.push({ key: `m-${run}-${k - 1}`, legs, result: r.transactionId });
          } else if (op.kind === 'transfer') {
            if (op.from === op.to) continue;
            const legs = [{ accountId: accounts[op.from], amount: -BigInt(op.amount) }, { accountId: accounts[op.to], amount: BigInt(op.amount) }];
            const thisKey = key();
            const outcome = await errorCodeOf(ledger.post({ merchantId, type: 'TRANSFER', idempotencyKey: thisKey, legs }).then((r) => done.push({ key: thisKey, legs, result: r.transactionId })));
            if (available(op.from) >= BigInt(op.amount)) {
              expect(outcome).toBe('OK');
              model.balance[op.from] -= BigInt(op.amount);
              model.balance[op.to] += BigInt(op.amount);
            } else expect(outcome).toBe('INSUFFICIENT_FUNDS');
          } else if (op.kind === 'hold') {
            let id = 0n;
            const outcome = await errorCodeOf(ledger.hold({ merchantId, accountId: accounts[op.on], amount: BigInt(op.amount), idempotencyKey: key() }).then((r) => (id = r.holdId)));
            if (available(op.on) >= BigInt(op.amount)) {
              expect(outcome).toBe('OK');
              model.held[op.on] += BigInt(op.amount);
              holds.push({ id, on: op.on, amount: BigInt(op.amount), status: 'held' });
            } else expect(outcome).toBe('INSUFFICIENT_FUNDS');
          } else if (op.kind === 'capture' || op.kind === 'release') {
            const hd = holds[op.hold];
            if (!hd) continue;
            const outcome = await errorCodeOf(op.kind === 'capture' ? ledger.captureHold(merchantId, hd.id, cash, 'WITHDRAWAL') : ledger.releaseHold(merchantId, hd.id));
            if (hd.status === 'held') {
              expect(outcome).toBe('OK');
              model.held[hd.on] -= hd.amount;
              if (op.kind === 'capture') {
                model.balance[hd.on] -= hd.amount;
                model.cash += hd.amount;
              }
              hd.status = op.kind === 'capture' ? 'captured' : 'released';
            } else {
              const idempotent = (op.kind === 'capture' && hd.status === 'captured') || (op.kind === 'release' && hd.status === 'released');
              expect(outcome).toBe(idempotent ? 'OK' : 'HOLD_NOT_ACTIVE');
            }
          } else {
            const prior = done[op.which];
            if (!prior) continue;
            if (op.kind === 'replay') {
              const r = await ledger.post({ merchantId, type: prior.legs[0].accountId === cash ? 'DEPOSIT' : 'TRANSFER', idempotencyKey: prior.key, legs: prior.legs });
              expect(r).toMatchObject({ transactionId: prior.result, replayed: true });
            } else {
              const changed = prior.legs.map((l) => ({ ...l, amount: l.amount * 2n }));
              expect(await errorCodeOf(ledger.post({ merchantId, type: prior.legs[0].accountId === cash ? 'DEPOSIT' : 'TRANSFER', idempotencyKey: prior.key, legs: changed }))).toBe('IDEMPOTENCY_CONFLICT');
            }
          }

          for (let i = 0; i < N; i++) {
            const s = await accountState(accounts[i]);
            expect(s).toEqual({ balance: model.balance[i], held: model.held[i] });
            expect(s.balance >= s.held).toBe(true);
          }
          expect((await accountState(cash)).balance).toBe(model.cash);
        }
        expect(await ledger.totalBalance(merchantId)).toBe(0n);
      }),
      { numRuns: 100 },
    );
  });
});
