import { useSyncExternalStore } from 'react';

/*
 * One ticker for every countdown of the page, twice a second (a whole-second display never lags by
 * more than half of one); it stops when no countdown is on screen. The time it gives is the server's:
 * the device clock plus the offset measured from an answer's `serverTime` (logic/missions clockOffset),
 * so a phone whose clock runs fast does not end a day early.
 */
const TICK_MS = 500;
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

/** The server's time now, ticking. */
export const useServerNow = (offset: number) => useSyncExternalStore(subscribe, read, read) + offset;
