import { useCallback, useSyncExternalStore } from 'react';

/** Live result of a CSS media query. */
export const useMediaQuery = (query: string) => {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const read = () => typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(query).matches;
  return useSyncExternalStore(subscribe, read, () => false);
};

/** The side menu is a fixed rail from this width up and a slide-in drawer below it. */
export const RAIL_QUERY = '(min-width: 1024px)';
