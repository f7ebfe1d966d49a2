import type { LotteryDraw } from '@apsara/contracts';

/*
 * Countdowns run on the server's clock, not the device's: a phone set two minutes fast must not show
 * betting open on a draw the server has already closed. Each games answer carries `serverTime`; the
 * difference to the device clock when the answer arrived is the offset every countdown adds.
 */

/** Milliseconds to add to the device clock to get the server's (negative when the device runs fast). */
export const clockOffset = (serverTime: string, receivedAt: number): number => {
  const server = Date.parse(serverTime);
  return Number.isFinite(server) && Number.isFinite(receivedAt) ? server - receivedAt : 0;
};

/** The server's time now, by the device clock and the offset. */
export const serverNow = (offset: number, deviceNow: number = Date.now()) => deviceNow + offset;

/** Milliseconds from `now` until `iso` (negative once it has passed). */
export const msUntil = (iso: string, now: number) => Date.parse(iso) - now;

/**
 * "mm:ss" of what is left, rounded up to the whole second (a countdown shows 00:01 until the moment
 * itself, never 00:00 early); never negative. Minutes go past 59 rather than growing an hour field.
 */
export const countdownText = (ms: number) => {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const mm = Math.floor(seconds / 60);
  const ss = seconds % 60;
  return `${String(mm).padStart(2, '0')}:${String(ss).padStart(2, '0')}`;
};

/**
 * Where a draw stands: not open yet, taking bets, closed and waiting to be drawn, or past its draw
 * time while the page waits for the result (the games call is read again until the next draw opens).
 */
export type DrawPhase = 'upcoming' | 'open' | 'closed' | 'drawing';

type Schedule = Pick<LotteryDraw, 'opensAt' | 'closesAt' | 'drawAt'>;

export const drawPhase = (draw: Schedule, now: number): DrawPhase => {
  if (now < Date.parse(draw.opensAt)) return 'upcoming';
  if (now < Date.parse(draw.closesAt)) return 'open';
  if (now < Date.parse(draw.drawAt)) return 'closed';
  return 'drawing';
};

/** The moment the phase ends (the countdown's target), or null while drawing (no schedule to count to). */
export const phaseEnd = (draw: Schedule, phase: DrawPhase): string | null =>
  phase === 'upcoming' ? draw.opensAt : phase === 'open' ? draw.closesAt : phase === 'closed' ? draw.drawAt : null;

/** Milliseconds until the draw's next phase change after `now`, or null when none is left. */
export const msToNextPhase = (draw: Schedule, now: number): number | null => {
  for (const at of [draw.opensAt, draw.closesAt, draw.drawAt]) {
    const ms = Date.parse(at) - now;
    if (ms > 0) return ms;
  }
  return null;
};

/** How often the games are read again while a draw is past due and its result not yet in. */
export const DRAWING_POLL_MS = 1500;
/** Slower once the result is long overdue (the draw job is late): the page still catches up, without hammering. */
export const OVERDUE_POLL_MS = 5000;
/** The draw job needs a moment after the draw time: the first read waits this long past it. */
export const AFTER_DRAW_MS = 400;

/** How long after a draw time the page keeps asking for its result before it waits for the next draw instead. */
export const RESULT_GRACE_MS = 30_000;

type GameDraws = { open: Pick<LotteryDraw, 'opensAt' | 'drawAt'>; last: Pick<LotteryDraw, 'drawAt'> | null };

/**
 * Whether the draw just before the open one is past its time without a result yet. The server offers
 * the next draw as soon as a draw time passes, while its draw job needs a few seconds for the result:
 * the open draw opened at the moment the previous one was due, so a latest result older than that is
 * still being drawn. Given up after RESULT_GRACE_MS (a stalled job, or no draw before this one at all).
 */
export const resultPending = (game: GameDraws, now: number, graceMs = RESULT_GRACE_MS) => {
  const due = Date.parse(game.open.opensAt);
  if (!Number.isFinite(due) || now < due || now - due > graceMs) return false;
  return !game.last || Date.parse(game.last.drawAt) < due;
};

/**
 * When to read the games again: soon while a result is being drawn (the open draw's time passed, or
 * the previous draw's result is not in yet), else just after the earliest draw time among them, so a
 * countdown's end brings the new result and the next open draw.
 */
export const nextGamesRefreshMs = (games: readonly GameDraws[], now: number): number | false => {
  if (games.length === 0) return false;
  const times = games.map((g) => Date.parse(g.open.drawAt)).filter(Number.isFinite);
  if (times.length === 0) return false;
  const earliest = Math.min(...times);
  const until = earliest - now;
  if (until <= 0) return -until > RESULT_GRACE_MS ? OVERDUE_POLL_MS : DRAWING_POLL_MS;
  if (games.some((g) => resultPending(g, now))) return Math.min(DRAWING_POLL_MS, until + AFTER_DRAW_MS);
  return until + AFTER_DRAW_MS;
};

/** How often the member's slips are read again while one of them waits for a draw that is past due. */
export const SETTLING_POLL_MS = 2000;

/**
 * When to read the member's slips again: while one is pending, just after its draw time (the draw job
 * pays within seconds of it), then every SETTLING_POLL_MS until it is settled; slower when long overdue.
 */
export const nextSlipsRefreshMs = (slips: readonly { status: string; drawAt: string }[], now: number): number | false => {
  const pending = slips.filter((s) => s.status === 'pending').map((s) => Date.parse(s.drawAt)).filter(Number.isFinite);
  if (pending.length === 0) return false;
  const earliest = Math.min(...pending);
  if (earliest > now) return earliest - now + SETTLING_POLL_MS;
  return now - earliest > RESULT_GRACE_MS * 2 ? OVERDUE_POLL_MS * 2 : SETTLING_POLL_MS;
};
