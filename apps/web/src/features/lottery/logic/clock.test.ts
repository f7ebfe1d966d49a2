import { describe, expect, it } from 'vitest';
import { AFTER_DRAW_MS, DRAWING_POLL_MS, OVERDUE_POLL_MS, RESULT_GRACE_MS, SETTLING_POLL_MS, resultPending, clockOffset, countdownText, drawPhase, msToNextPhase, msUntil, nextGamesRefreshMs, nextSlipsRefreshMs, phaseEnd, serverNow } from './clock';

const at = (iso: string) => Date.parse(iso);
const draw = { opensAt: '2026-11-28T10:00:00.000Z', closesAt: '2026-11-28T10:00:55.000Z', drawAt: '2026-11-28T10:01:00.000Z' };

describe('countdown against server time', () => {
  it('measures how far the device clock is from the server', () => {
    // The device reads 10:00:00 when the server says 10:00:30: it runs 30 s slow.
    expect(clockOffset('2026-11-28T10:00:30.000Z', at('2026-11-28T10:00:00.000Z'))).toBe(30_000);
    expect(clockOffset('2026-11-28T09:58:00.000Z', at('2026-11-28T10:00:00.000Z'))).toBe(-120_000);
    expect(clockOffset('not a time', 1000)).toBe(0);
  });

  it('counts down to the server moment, not the device one', () => {
    const offset = clockOffset('2026-11-28T10:00:30.000Z', at('2026-11-28T10:00:00.000Z'));
    // Two device seconds later the server is at 10:00:32: 23 s to the close at 10:00:55.
    const now = serverNow(offset, at('2026-11-28T10:00:02.000Z'));
    expect(msUntil(draw.closesAt, now)).toBe(23_000);
    expect(countdownText(msUntil(draw.closesAt, now))).toBe('00:23');
  });

  it('writes mm:ss, rounding up to the whole second and never below zero', () => {
    expect(countdownText(300_000)).toBe('05:00');
    expect(countdownText(59_001)).toBe('01:00');
    expect(countdownText(59_000)).toBe('00:59');
    expect(countdownText(1)).toBe('00:01');
    expect(countdownText(0)).toBe('00:00');
    expect(countdownText(-5000)).toBe('00:00');
    expect(countdownText(6_000_000)).toBe('100:00');
  });

  it('tells the phases of a draw apart, closing 5 s before the draw', () => {
    expect(drawPhase(draw, at('2026-11-28T09:59:59.999Z'))).toBe('upcoming');
    expect(drawPhase(draw, at('2026-11-28T10:00:00.000Z'))).toBe('open');
    expect(drawPhase(draw, at('2026-11-28T10:00:54.999Z'))).toBe('open');
    expect(drawPhase(draw, at('2026-11-28T10:00:55.000Z'))).toBe('closed');
    expect(drawPhase(draw, at('2026-11-28T10:01:00.000Z'))).toBe('drawing');
    expect(phaseEnd(draw, 'open')).toBe(draw.closesAt);
    expect(phaseEnd(draw, 'closed')).toBe(draw.drawAt);
    expect(phaseEnd(draw, 'upcoming')).toBe(draw.opensAt);
    expect(phaseEnd(draw, 'drawing')).toBeNull();
  });

  it('knows when the phase changes next', () => {
    expect(msToNextPhase(draw, at('2026-11-28T10:00:50.000Z'))).toBe(5000);
    expect(msToNextPhase(draw, at('2026-11-28T10:00:57.000Z'))).toBe(3000);
    expect(msToNextPhase(draw, at('2026-11-28T10:01:01.000Z'))).toBeNull();
  });

  it('reads the games again just after the earliest draw, then polls until the result is in', () => {
    const other = { open: { opensAt: '2026-11-28T10:00:00.000Z', drawAt: '2026-11-28T10:05:00.000Z' }, last: { drawAt: '2026-11-28T10:00:00.000Z' } };
    const fast = { open: draw, last: { drawAt: '2026-11-28T10:00:00.000Z' } };
    expect(nextGamesRefreshMs([fast, other], at('2026-11-28T10:00:40.000Z'))).toBe(20_000 + AFTER_DRAW_MS);
    expect(nextGamesRefreshMs([fast, other], at('2026-11-28T10:01:02.000Z'))).toBe(DRAWING_POLL_MS);
    expect(nextGamesRefreshMs([fast], at('2026-11-28T10:02:00.000Z'))).toBe(OVERDUE_POLL_MS);
    expect(nextGamesRefreshMs([], 0)).toBe(false);
  });

  it('keeps asking while the draw before the open one has no result yet, for a while', () => {
    // The server already offers the next draw (opened at 10:00:00) while the 10:00:00 draw is being drawn.
    const drawing = { open: draw, last: { drawAt: '2026-11-28T09:59:00.000Z' } };
    expect(resultPending(drawing, at('2026-11-28T10:00:02.000Z'))).toBe(true);
    expect(nextGamesRefreshMs([drawing], at('2026-11-28T10:00:02.000Z'))).toBe(DRAWING_POLL_MS);
    // The result is in: back to the schedule.
    const drawn = { open: draw, last: { drawAt: '2026-11-28T10:00:00.000Z' } };
    expect(resultPending(drawn, at('2026-11-28T10:00:02.000Z'))).toBe(false);
    expect(nextGamesRefreshMs([drawn], at('2026-11-28T10:00:02.000Z'))).toBe(58_000 + AFTER_DRAW_MS);
    // A stalled draw job (or no earlier draw at all) is waited for only so long.
    expect(resultPending(drawing, at('2026-11-28T10:00:00.000Z') + RESULT_GRACE_MS + 1)).toBe(false);
    expect(resultPending({ open: draw, last: null }, at('2026-11-28T10:00:05.000Z'))).toBe(true);
    expect(resultPending(drawing, at('2026-11-28T09:59:59.000Z'))).toBe(false);
  });

  it('reads the slips again when a pending one is due, and not at all when none is pending', () => {
    const now = at('2026-11-28T10:00:40.000Z');
    expect(nextSlipsRefreshMs([{ status: 'won', drawAt: draw.drawAt }], now)).toBe(false);
    expect(nextSlipsRefreshMs([{ status: 'pending', drawAt: draw.drawAt }], now)).toBe(20_000 + SETTLING_POLL_MS);
    expect(nextSlipsRefreshMs([{ status: 'pending', drawAt: draw.drawAt }], at('2026-11-28T10:01:03.000Z'))).toBe(SETTLING_POLL_MS);
    expect(nextSlipsRefreshMs([{ status: 'pending', drawAt: draw.drawAt }], at('2026-11-28T10:05:00.000Z'))).toBe(OVERDUE_POLL_MS * 2);
  });
});
