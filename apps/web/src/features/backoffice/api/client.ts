import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiBlob, apiValue, type RequestOptions } from '../../../lib/api';
import { OPS_AUTH } from '../logic/ops-session';

/**
 * Operator calls: lib/api's mechanics (language header, envelope, zod check, ApiError) with the
 * operator's token instead of the member's. A dead operator token signs the back office out and
 * leaves any member session in this tab alone.
 */
export const opsValue = <T>(path: string, opts: Omit<RequestOptions<T>, 'response' | 'auth'> & { value: z.ZodType<T> }) => apiValue(path, { ...opts, auth: OPS_AUTH });

/** An uploaded image (receipt, withdrawal proof, application image) with the operator's token. */
export const opsImage = (id: string, signal?: AbortSignal) => apiBlob(`/wps/v2/uploads/${encodeURIComponent(id)}`, { auth: OPS_AUTH, signal });

/** Query keys: all start with 'ops', so signing out drops every one of them at once. */
export const OPS_ROOT = ['ops'] as const;
export const opsKey = (...parts: unknown[]) => [...OPS_ROOT, ...parts] as const;

/**
 * After a write: these queries and the audit log (every write is audited) are read again, in every
 * view of this tab that shows them (the portal's own copies too, when their keys are given).
 */
export const useRefreshAfterWrite = (...keys: QueryKey[]) => {
  const client = useQueryClient();
  return () => Promise.all([...keys, opsKey('audit')].map((queryKey) => client.invalidateQueries({ queryKey })));
};
