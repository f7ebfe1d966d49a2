import { randomInt } from 'node:crypto';
import {
  createSeedState,
  diceMultiplierScaled,
  diceWinChancePercent,
  formatHundredths,
  formatMultiplier,
  fromMinor,
  generateMines,
  isTrialType,
  LIST_PAGE_SIZE,
  minesMaxSafeReveals,
  minesMultiplierScaled,
  parseHundredths,
  payoutMinor,
  playDice,
  rotateSeeds,
  seedStateView,
  SLOT_BET_CHOICES,
  SLOT_MAX_BET,
  SLOT_MIN_BET,
  toMinor,
  type DiceRollBody,
  type DiceRollValue,
  type FairRevealedListValue,
  type FairRevealedQuery,
  type FairRotateValue,
  type MinesGameValue,
  type MinesStartBody,
  type SeedState,
  type SlotInfoValue,
  type SlotSpinBody,
  type SlotSpinValue,
  type SlotSpinView,
} from '@apsara/contracts';
import { AppError } from '../../lib/app-error.js';
import { sha256 } from '../../lib/crypto.js';
import type { AuthContext } from '../session/session.service.js';
import type { GameWalletService, PlayerRef } from '../game-wallet/game-wallet.service.js';
import type { InhouseRepository, ITx, SeedRow } from './inhouse.repository.js';
import { ANGKOR_TREASURES, PAYLINES, SLOT_SYMBOLS } from './slot/slot-math.js';
import { DECLARED_RTP_EXACT } from './slot/rtp.js';
import { spin, type SpinResult } from './slot/spin.js';
import { walletRefusal } from '../game-wallet/refusal.js';

const VENDOR = 'APSARA';

const refusal = walletRefusal;

/** A game rule broken by the request (state, not shape): 409 unless told otherwise, naming the field. */
const ruleBroken = (field: string, message: string, status = 409) =>
  new AppError('VALIDATION_FAILED', [`${field}: ${message}`], { fields: [{ field, rule: 'state', message }], status });

const rowToState = (r: SeedRow): SeedState => ({
  active: { serverSeed: r.server_seed, serverSeedHash: r.server_seed_hash, clientSeed: r.client_seed, nonce: r.nonce },
  nextServerSeed: r.next_server_seed,
  nextServerSeedHash: r.next_server_seed_hash,
});
const stateToRow = (s: SeedState): SeedRow => ({
  server_seed: s.active.serverSeed,
  server_seed_hash: s.active.serverSeedHash,
  client_seed: s.active.clientSeed,
  nonce: s.active.nonce,
  next_server_seed: s.nextServerSeed,
  next_server_seed_hash: s.nextServerSeedHash,
});

const spinView = (s: SpinResult): SlotSpinView => ({
  window: s.window,
  lineWins: s.lineWins.map((w) => ({ line: w.lineIndex + 1, symbol: w.symbol, count: w.count, win: fromMinor(BigInt(w.winMinor)) })),
  scatterCount: s.scatterCount,
  scatterWin: fromMinor(BigInt(s.scatterWinMinor)),
  freeSpinsAwarded: s.freeSpinsAwarded,
  multiplier: s.multiplier,
  win: fromMinor(BigInt(s.winMinor)),
});

/** Declared RTP as a percentage with four decimals, floored. */
const rtpPercent = () => {
  const scaled = (DECLARED_RTP_EXACT.num * 1_000_000n) / DECLARED_RTP_EXACT.den;
  return `${scaled / 10_000n}.${(scaled % 10_000n).toString().padStart(4, '0')}`;
};

type MinesRow = NonNullable<Awaited<ReturnType<InhouseRepository['mines']>>>;

/**
 * In-house games (docs/inhouse-games.md). Every stake and payout goes through the seamless wallet
 * in-process (vendor APSARA), so rounds, the ledger and balance events are the same as any vendor's.
 *
 * A play is first claimed under (member, idempotency key) in a transaction that also decides the
 * outcome (and takes the fair nonce); the wallet calls that follow use transaction ids derived from
 * the claim, so a resent play — even one racing the first — re-drives the same calls, which the
 * wallet replays, and returns the same round.
 */
export const inhouseService = (deps: { repo: InhouseRepository; wallet: GameWalletService }) => {
  const { repo, wallet } = deps;
  const gameIds = new Map<string, bigint>();

  const playerOf = async (auth: AuthContext, code: string): Promise<PlayerRef> => {
    let gameId = gameIds.get(code);
    if (gameId === undefined) {
      gameId = await repo.gameId(code);
      if (gameId === undefined) throw new AppError('NOT_FOUND');
      gameIds.set(code, gameId);
    }
    return { merchantId: auth.merchantId, memberId: auth.memberId, gameId };
  };

  const mayPlay = (auth: AuthContext) => {
    if (isTrialType(auth.type)) throw new AppError('TRIAL_NEED_REAL_ACCOUNT');
  };

  /** Refuses a stake the wallet cannot cover before anything is written (the wallet checks again). */
  const canCover = async (player: PlayerRef, stake: bigint) => {
    const b = await wallet.balance({ vendorCode: VENDOR, player });
    if (b.status !== 'OK') throw refusal(b.code);
    if (toMinor(b.balance) < stake) throw new AppError('INSUFFICIENT_FUNDS');
  };

  /** Claims the play or finds the earlier claim; `decide` runs only for a new claim, in its transaction. */
  const claim = async <T extends Record<string, unknown>>(
    auth: AuthContext,
    game: string,
    key: string,
    request: Record<string, unknown>,
    decide: (tx: ITx, playId: bigint) => Promise<T>,
  ): Promise<{ playId: bigint; outcome: T }> => {
    const hash = sha256(JSON.stringify({ game, ...request }));
    return repo.transaction(async (tx) => {
      const id = await repo.claimPlay(tx, { merchantId: auth.merchantId, memberId: auth.memberId, key, game, hash });
      if (id === undefined) {
        const prior = await repo.findPlay(tx, auth.merchantId, auth.memberId, key);
        if (prior.request_hash !== hash) throw new AppError('IDEMPOTENCY_CONFLICT');
        return { playId: prior.id, outcome: prior.outcome as T };
      }
      const outcome = await decide(tx, id);
      await repo.setOutcome(tx, id, outcome);
      return { playId: id, outcome };
    });
  };

  const bet = async (player: PlayerRef, txBase: string, roundId: string, amount: bigint) => {
    const r = await wallet.bet({ vendorCode: VENDOR, player, transactionId: `${txBase}:bet`, roundId, amount });
    if (r.status !== 'OK') throw refusal(r.code);
  };

  /** The win (0.00 on a loss) and the end of the round; answers the balance after it. */
  const settle = async (player: PlayerRef, txBase: string, roundId: string, amount: bigint, detail: Record<string, unknown>) => {
    const w = await wallet.win({ vendorCode: VENDOR, player, transactionId: `${txBase}:win`, roundId, amount, detail });
    if (w.status !== 'OK') throw refusal(w.code);
    const e = await wallet.endRound({ vendorCode: VENDOR, player, roundId, detail });
    if (e.status !== 'OK') throw refusal(e.code);
    return e.balance;
  };

  // ---- seeds ------------------------------------------------------------------------------------

  const ensureSeeds = async (auth: AuthContext) => {
    const row = await repo.seeds(repo.db, auth.merchantId, auth.memberId);
    if (row) return row;
    await repo.insertSeeds(auth.merchantId, auth.memberId, stateToRow(await createSeedState()));
    const created = await repo.seeds(repo.db, auth.merchantId, auth.memberId);
    if (!created) throw new Error('seeds vanished');
    return created;
  };

  const seeds = async (auth: AuthContext) => {
    mayPlay(auth);
    return seedStateView(rowToState(await ensureSeeds(auth)));
  };

  const rotate = async (auth: AuthContext, clientSeed?: string): Promise<FairRotateValue> => {
    mayPlay(auth);
    await ensureSeeds(auth);
    return repo.transaction(async (tx) => {
      const row = await repo.seeds(tx, auth.merchantId, auth.memberId, true);
      if (!row) throw new Error('seeds vanished');
      // The open game's mines come from the active seed: revealing it now would give them away.
      if (await repo.openMines(tx, auth.merchantId, auth.memberId)) throw ruleBroken('clientSeed', 'finish the open Mines game before rotating seeds');
      const { revealed, state } = await rotateSeeds(rowToState(row), clientSeed === undefined ? {} : { clientSeed });
      await repo.replaceSeeds(tx, auth.merchantId, auth.memberId, stateToRow(state));
      if (revealed.nonce > 0) {
        await repo.keepRevealed(tx, auth.merchantId, auth.memberId, {
          server_seed: revealed.serverSeed,
          server_seed_hash: revealed.serverSeedHash,
          client_seed: revealed.clientSeed,
          nonce: revealed.nonce,
        });
      }
      return { revealed, seeds: seedStateView(state) };
    });
  };

  /** Retired pairs the member bet with, newest first: what "verify this round" needs after rotation. */
  const revealedSeeds = async (auth: AuthContext, query: FairRevealedQuery): Promise<FairRevealedListValue> => {
    mayPlay(auth);
    const { items, total } = await repo.revealedPage(auth.merchantId, auth.memberId, { serverSeedHash: query.serverSeedHash }, query.page, LIST_PAGE_SIZE);
    return {
      items: items.map((r) => ({ serverSeed: r.server_seed, serverSeedHash: r.server_seed_hash, clientSeed: r.client_seed, nonce: r.nonce, revealedAt: r.revealed_at.toISOString() })),
      page: query.page,
      pageSize: LIST_PAGE_SIZE,
      total,
    };
  };

  // ---- slot -------------------------------------------------------------------------------------

  const slotInfo = (): SlotInfoValue => {
    const def = ANGKOR_TREASURES;
    const counts = Object.keys(def.scatterPays).map(Number).sort((a, b) => a - b);
    return {
      name: def.name,
      reels: def.reels.length,
      rows: def.rows,
      lines: PAYLINES.map((l) => [...l]),
      paytable: SLOT_SYMBOLS.filter((s) => def.linePays[s]).map((s) => ({ symbol: s, pays: [...def.linePays[s]!] })),
      scatterPays: counts.map((count) => ({ count, pays: def.scatterPays[count], freeSpins: def.freeSpinAwards[count] ?? 0 })),
      freeSpinMultiplier: def.freeSpinMultiplier,
      wild: def.wild,
      scatter: def.scatter,
      rtp: rtpPercent(),
      minBet: SLOT_MIN_BET,
      maxBet: SLOT_MAX_BET,
      betStep: '0.25',
      betChoices: [...SLOT_BET_CHOICES],
    };
  };

  const slotSpin = async (auth: AuthContext, body: SlotSpinBody): Promise<SlotSpinValue> => {
    mayPlay(auth);
    const player = await playerOf(auth, 'SLOT');
    const stake = toMinor(body.bet);
    await canCover(player, stake);
    const { playId, outcome } = await claim(auth, 'SLOT', body.idempotencyKey, { bet: stake.toString() }, async () => {
      const round = spin({ int: (n) => randomInt(n) }, Number(stake));
      return {
        bet: fromMinor(stake),
        base: spinView(round.base),
        freeSpins: round.freeSpins.map(spinView),
        freeSpinsWin: fromMinor(BigInt(round.freeSpinsWinMinor)),
        totalWin: fromMinor(BigInt(round.totalWinMinor)),
      };
    });
    const o = outcome as unknown as Omit<SlotSpinValue, 'roundId' | 'balance'>;
    const roundId = `SLOT-${playId}`;
    const txBase = `IH${playId}`;
    await bet(player, txBase, roundId, stake);
    const balance = await settle(player, txBase, roundId, toMinor(o.totalWin), {
      game: 'SLOT',
      bet: o.bet,
      window: o.base.window,
      lineWins: o.base.lineWins,
      scatterCount: o.base.scatterCount,
      freeSpins: o.freeSpins.length,
      freeSpinsWin: o.freeSpinsWin,
      totalWin: o.totalWin,
    });
    return { roundId, ...o, balance };
  };

  // ---- dice -------------------------------------------------------------------------------------

  const diceRoll = async (auth: AuthContext, body: DiceRollBody): Promise<DiceRollValue> => {
    mayPlay(auth);
    const player = await playerOf(auth, 'DICE');
    const stake = toMinor(body.amount);
    const target = parseHundredths(body.target);
    await canCover(player, stake);
    await ensureSeeds(auth);
    const { playId, outcome } = await claim(auth, 'DICE', body.idempotencyKey, { amount: stake.toString(), target, direction: body.direction }, async (tx) => {
      const s = await repo.takeNonce(tx, auth.merchantId, auth.memberId);
      const bet = { target, direction: body.direction };
      const r = await playDice({ serverSeed: s.server_seed, clientSeed: s.client_seed, nonce: s.nonce }, bet, stake);
      return {
        serverSeedHash: s.server_seed_hash,
        clientSeed: s.client_seed,
        nonce: s.nonce,
        target: formatHundredths(target),
        direction: body.direction,
        roll: formatHundredths(r.roll),
        win: r.win,
        multiplier: formatMultiplier(diceMultiplierScaled(bet)),
        chance: diceWinChancePercent(bet),
        amount: fromMinor(stake),
        payout: fromMinor(r.payoutMinor),
      };
    });
    const roundId = `DICE-${playId}`;
    const txBase = `IH${playId}`;
    await bet(player, txBase, roundId, stake);
    const balance = await settle(player, txBase, roundId, toMinor(outcome.payout), { game: 'DICE', ...outcome });
    return { roundId, ...outcome, balance };
  };

  // ---- mines ------------------------------------------------------------------------------------

  const minesView = (g: MinesRow, balance: string | null): MinesGameValue => {
    const revealed = g.revealed;
    const mineSet = new Set(g.mine_cells);
    const status = g.status === 'lost' || g.status === 'cashed' ? g.status : 'open';
    const safe = revealed.filter((c) => !mineSet.has(c)).length;
    const max = minesMaxSafeReveals(g.mines);
    return {
      gameId: g.id.toString(),
      roundId: `MINES-${g.id}`,
      status,
      amount: fromMinor(g.stake),
      mines: g.mines,
      revealed,
      safeReveals: safe,
      multiplier: status === 'lost' ? '0.0000' : safe === 0 ? '1.0000' : formatMultiplier(minesMultiplierScaled(g.mines, safe)),
      nextMultiplier: status === 'open' && safe < max ? formatMultiplier(minesMultiplierScaled(g.mines, safe + 1)) : null,
      payout: fromMinor(g.payout),
      mineCells: status === 'open' ? null : [...g.mine_cells].sort((a, b) => a - b),
      serverSeedHash: g.server_seed_hash,
      clientSeed: g.client_seed,
      nonce: g.nonce,
      balance,
    };
  };

  const minesDetail = (g: MinesRow) => ({
    game: 'MINES',
    serverSeedHash: g.server_seed_hash,
    clientSeed: g.client_seed,
    nonce: g.nonce,
    mines: g.mines,
    revealed: g.revealed,
    mineCells: [...g.mine_cells].sort((a, b) => a - b),
    outcome: g.status,
    payout: fromMinor(g.payout),
  });

  const minesTx = (g: { id: bigint }) => ({ txBase: `IHM${g.id}`, roundId: `MINES-${g.id}` });

  /** Places the stake of a pending game (again, on a replay) and opens it, or voids it when refused. */
  const placeMinesBet = async (auth: AuthContext, player: PlayerRef, g: MinesRow) => {
    const { txBase, roundId } = minesTx(g);
    try {
      await bet(player, txBase, roundId, g.stake);
    } catch (e) {
      if (g.status === 'pending') await repo.updateMines(repo.db, g.id, { status: 'void', ended: true });
      throw e;
    }
    if (g.status === 'pending') await repo.updateMines(repo.db, g.id, { status: 'open' });
    const fresh = await repo.mines(repo.db, auth.merchantId, auth.memberId, g.id);
    if (!fresh) throw new Error('mines game vanished');
    return fresh;
  };

  const minesStart = async (auth: AuthContext, body: MinesStartBody): Promise<MinesGameValue> => {
    mayPlay(auth);
    const player = await playerOf(auth, 'MINES');
    const stake = toMinor(body.amount);
    await canCover(player, stake);
    await ensureSeeds(auth);
    const { outcome } = await claim(auth, 'MINES', body.idempotencyKey, { amount: stake.toString(), mines: body.mines }, async (tx) => {
      // Taking the nonce locks the seed row first, as rotation does: a start and a rotation queue.
      const s = await repo.takeNonce(tx, auth.merchantId, auth.memberId);
      const open = await repo.openMines(tx, auth.merchantId, auth.memberId);
      if (open) throw ruleBroken('mines', 'a Mines game is already open: finish it first');
      const mineCells = await generateMines({ serverSeed: s.server_seed, clientSeed: s.client_seed, nonce: s.nonce }, body.mines);
      const gameId = await repo.insertMines(tx, { merchantId: auth.merchantId, memberId: auth.memberId, stake, mines: body.mines, mineCells, serverSeedHash: s.server_seed_hash, clientSeed: s.client_seed, nonce: s.nonce });
      return { gameId: gameId.toString() };
    });
    const g = await repo.mines(repo.db, auth.merchantId, auth.memberId, BigInt(outcome.gameId));
    if (!g) throw new Error('mines game vanished');
    if (g.status === 'pending' || g.status === 'void') return minesView(await placeMinesBet(auth, player, g), null);
    return finishView(player, g);
  };

  /** The view of a game; an ended one has its win and round end (re-)driven first, both idempotent. */
  const finishView = async (player: PlayerRef, g: MinesRow) => {
    if (g.status !== 'lost' && g.status !== 'cashed') return minesView(g, null);
    const { txBase, roundId } = minesTx(g);
    return minesView(g, await settle(player, txBase, roundId, g.payout, minesDetail(g)));
  };

  const liveGame = async (tx: ITx, auth: AuthContext, gameId: string) => {
    const g = await repo.mines(tx, auth.merchantId, auth.memberId, BigInt(gameId), true);
    if (!g || g.status === 'pending' || g.status === 'void') throw new AppError('NOT_FOUND');
    return g;
  };

  const minesReveal = async (auth: AuthContext, gameId: string, cell: number): Promise<MinesGameValue> => {
    mayPlay(auth);
    const player = await playerOf(auth, 'MINES');
    const g = await repo.transaction(async (tx) => {
      const game = await liveGame(tx, auth, gameId);
      // Opening a cell twice (a resent click) changes nothing.
      if (game.revealed.includes(cell)) return game;
      if (game.status !== 'open') throw ruleBroken('gameId', 'the game has ended');
      const revealed = [...game.revealed, cell];
      const mines = new Set(game.mine_cells);
      const safe = revealed.filter((c) => !mines.has(c)).length;
      if (mines.has(cell)) {
        await repo.updateMines(tx, game.id, { revealed, status: 'lost', ended: true });
        return { ...game, revealed, status: 'lost' as const };
      }
      if (safe === minesMaxSafeReveals(game.mines)) {
        const payout = payoutMinor(game.stake, minesMultiplierScaled(game.mines, safe));
        await repo.updateMines(tx, game.id, { revealed, status: 'cashed', payout, ended: true });
        return { ...game, revealed, status: 'cashed' as const, payout };
      }
      await repo.updateMines(tx, game.id, { revealed });
      return { ...game, revealed };
    });
    return finishView(player, g);
  };

  const minesCashout = async (auth: AuthContext, gameId: string): Promise<MinesGameValue> => {
    mayPlay(auth);
    const player = await playerOf(auth, 'MINES');
    const g = await repo.transaction(async (tx) => {
      const game = await liveGame(tx, auth, gameId);
      if (game.status === 'cashed') return game;
      if (game.status === 'lost') throw ruleBroken('gameId', 'the game was lost');
      const mines = new Set(game.mine_cells);
      const safe = game.revealed.filter((c) => !mines.has(c)).length;
      if (safe === 0) throw ruleBroken('gameId', 'open at least one cell before cashing out', 400);
      const payout = payoutMinor(game.stake, minesMultiplierScaled(game.mines, safe));
      await repo.updateMines(tx, game.id, { status: 'cashed', payout, ended: true });
      return { ...game, status: 'cashed' as const, payout };
    });
    return finishView(player, g);
  };

  /** The member's open game, to resume after a reload. */
  const minesCurrent = async (auth: AuthContext): Promise<MinesGameValue | null> => {
    mayPlay(auth);
    const g = await repo.openMines(repo.db, auth.merchantId, auth.memberId);
    if (!g || g.status !== 'open') return null;
    return minesView(g, null);
  };

  return { seeds, rotate, revealedSeeds, slotInfo, slotSpin, diceRoll, minesStart, minesReveal, minesCashout, minesCurrent };
};
export type InhouseService = ReturnType<typeof inhouseService>;
