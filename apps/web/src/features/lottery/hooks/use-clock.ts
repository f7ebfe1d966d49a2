import { useEffect, useReducer, useSyncExternalStore } from 'react';
import type { LotteryDraw } from '@apsara/contracts';
import { drawPhase, msToNextPhase, serverNow, type DrawPhase } from '../logic/clock';

/*
 * One ticker for every countdown on the page, four times a second (a whole-second display never lags
 * by more than a quarter): the countdowns tick together, and the ticker stops when none is on screen.
 */
const TICK_MS = 250;
const listeners = new Set<() => void>();
let tick = Date.now();
let timer: ReturnType<typeof setInterval> | null = null;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  if (!timer) {
    tick = Date.now();
    timer = setInterval(() => {
      tick = Date.now();
      listeners.forEach((l) => l());
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
};

const read = () => tick;

/** The server's time, ticking; only for the parts that show seconds (the rest follow the phase). */
export const useServerNow = (offset: number) => serverNow(offset, useSyncExternalStore(subscribe, read, read));

type Schedule = Pick<LotteryDraw, 'drawNo' | 'opensAt' | 'closesAt' | 'drawAt'>;

/**
 * The phase of a draw by the server's clock, re-rendering only when it changes (a timer to the next
 * boundary), so the board and the slip do not redraw every second.
 */
export const useDrawPhase = (draw: Schedule | undefined, offset: number): DrawPhase => {
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const phase: DrawPhase = draw ? drawPhase(draw, serverNow(offset)) : 'drawing';
  useEffect(() => {
    if (!draw) return;
    const ms = msToNextPhase(draw, serverNow(offset));
    if (ms === null) return;
    const id = setTimeout(redraw, ms + 5);
    return () => clearTimeout(id);
  }, [draw?.drawNo, draw?.opensAt, draw?.closesAt, draw?.drawAt, offset, phase]); // eslint-disable-line react-hooks/exhaustive-deps
  return phase;
};
