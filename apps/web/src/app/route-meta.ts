import { useMatches } from 'react-router';
import type { RouteMeta } from './routes';

const isMeta = (handle: unknown): handle is RouteMeta =>
  typeof handle === 'object' && handle !== null && 'name' in handle && 'screen' in handle;

/** Meta of the deepest matched route (name, title, side-menu flag …). */
export const useRouteMeta = (): RouteMeta | undefined => {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i].handle;
    if (isMeta(handle)) return handle;
  }
  return undefined;
};
