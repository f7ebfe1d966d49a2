import { useCallback, useEffect, useState } from 'react';

/** Seconds left before the SMS button re-enables (spec §4 "SMS send"). */
export const useCountdown = () => {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const id = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(id);
  }, [left]);
  const start = useCallback((seconds: number) => setLeft(Math.max(0, Math.round(seconds))), []);
  return { left, running: left > 0, start };
};
