import { useInfiniteQuery } from '@tanstack/react-query';
import { OpsAuditValue } from '@apsara/contracts';
import { opsKey, opsValue } from './client';

/** GET /ops/audit?before=&limit= — newest first, 50 a page; each next page starts before the last one's end. */
export const useAuditLog = (enabled: boolean) =>
  useInfiniteQuery({
    queryKey: opsKey('audit'),
    queryFn: ({ pageParam }) => opsValue('/ops/audit', { query: { before: pageParam ?? undefined }, value: OpsAuditValue }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextBefore,
    enabled,
  });
