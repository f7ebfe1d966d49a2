import { useSyncExternalStore } from 'react';

const subscribe = (listener: () => void) => {
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
};
const visible = () => document.visibilityState === 'visible';

/** Whether the operator can see the page now (a background tab cannot have read anything). */
export const usePageVisible = () => useSyncExternalStore(subscribe, visible, () => true);
