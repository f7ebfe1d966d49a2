import { useQuery } from '@tanstack/react-query';
import { SYSTEM_STATUS, SystemStatusValue } from '@apsara/contracts';
import { apiValue } from '../../../lib/api';

/** GET /wps/system/status — 0 normal, 1 maintenance, 2 region-blocked (spec §4). */
export const getSystemStatus = (signal?: AbortSignal): Promise<SystemStatusValue> =>
  apiValue('/wps/system/status', { value: SystemStatusValue, signal });

export const systemStatusQueryKey = ['system', 'status'] as const;

/** Give up waiting after this long and show the portal: a slow status call must not hold players back. */
export const STATUS_WAIT_MS = 6000;

export type GateDecision = { kind: 'loading' } | { kind: 'app' } | { kind: 'maintenance'; status: SystemStatusValue } | { kind: 'blocked'; status: SystemStatusValue };

/**
 * What the portal shows for a status answer. Anything but an explicit 1 or 2 — including a failed or
 * malformed call — shows the app: only the server may take the site down.
 */
export const decideGate = (state: { pending: boolean; data?: SystemStatusValue }): GateDecision => {
  if (state.pending) return { kind: 'loading' };
  const status = state.data;
  if (status?.status === SYSTEM_STATUS.MAINTENANCE) return { kind: 'maintenance', status };
  if (status?.status === SYSTEM_STATUS.REGION_BLOCKED) return { kind: 'blocked', status };
  return { kind: 'app' };
};

export const useSystemStatus = () =>
  useQuery({
    queryKey: systemStatusQueryKey,
    queryFn: async ({ signal }) => {
      // Own controller rather than AbortSignal.any, which older Safari lacks.
      const controller = new AbortController();
      const abort = () => controller.abort();
      const timer = setTimeout(abort, STATUS_WAIT_MS);
      signal.addEventListener('abort', abort, { once: true });
      try {
        return await getSystemStatus(controller.signal);
      } finally {
        clearTimeout(timer);
        signal.removeEventListener('abort', abort);
      }
    },
    retry: false,
    staleTime: 60_000,
    refetchOnWindowFocus: false,
  });
