import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { OpsAuditValue } from '@apsara/contracts';
import { opsKey, opsValue } from './client';
import { auditQueryOf, auditSearchOf, EMPTY_AUDIT_FILTER, type AuditFilter } from '../logic/audit';

/**
 * GET /ops/audit?before=&limit=&action=&targetType=&targetId=&operatorId=&signIns= — newest first,
 * 50 a page; each next page starts before the last one's end, under the same filter.
 */
export const useAuditLog = (enabled: boolean, filter: AuditFilter = EMPTY_AUDIT_FILTER) =>
  useInfiniteQuery({
    queryKey: opsKey('audit', auditSearchOf(filter)),
    queryFn: ({ pageParam, signal }) => opsValue('/ops/audit', { query: auditQueryOf(filter, pageParam), value: OpsAuditValue, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextBefore,
    placeholderData: keepPreviousData,
    enabled,
  });
