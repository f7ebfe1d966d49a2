import { useRef, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { LIST_PAGE_SIZE } from '@apsara/contracts';
import { Pager } from '../pager/pager';
import { useReducedMotion } from '../../../lib/use-reduced-motion';
import { ErrorState, LoadingState } from './states';
import { TableWrap } from './table-wrap';
import './member.css';

type RecordPage = { items: readonly unknown[]; total: number };

type RecordTableProps<P extends RecordPage> = {
  list: UseQueryResult<P>;
  /** The table's name for screen readers (its caption, visually hidden). */
  caption: string;
  /** Extra class of the table (column widths of this list). */
  className?: string;
  /** The header row's cells. */
  head: ReactNode;
  /** One `<tr>` per record, with its key. */
  row: (item: P['items'][number]) => ReactNode;
  /** What shows when the page has no records. */
  empty: ReactNode;
  /** Shown above and below the table, from the same page (totals). */
  above?: (data: P) => ReactNode;
  below?: (data: P) => ReactNode;
  page: number;
  onPage: (page: number) => void;
  /** The pager's name for screen readers. */
  pagesLabel: string;
  loadingRows?: number;
  compact?: boolean;
  /** The width this table's columns need; narrower, its rows show as cards (`TableWrap`). */
  cardsBelow?: number;
};

/**
 * One page of the member's records (deposits, withdrawals, the account record, bets), 20 a page:
 * skeleton rows while the first page loads, the error with a retry, `empty` when there is nothing, else
 * the table and the pager. While another page loads the one on screen stays, marked busy.
 */
export const RecordTable = <P extends RecordPage>({ list, caption, className, head, row, empty, above, below, page, onPage, pagesLabel, loadingRows = 3, compact, cardsBelow }: RecordTableProps<P>) => {
  const box = useRef<HTMLDivElement>(null);
  const still = useReducedMotion();
  // The pager sits below the rows (on a phone, 20 cards below): another page starts where the list
  // does, so the member is brought back up to it rather than left at the footer.
  const turnTo = (next: number) => {
    onPage(next);
    const top = box.current;
    if (!top) return;
    // Out of sight above, or under the fixed header (its height is the box's scroll margin).
    if (top.getBoundingClientRect().top < (parseFloat(getComputedStyle(top).scrollMarginTop) || 0)) top.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' });
    // A keyboard or screen-reader user goes on from the list's start too, not from a pager far below.
    top.querySelector('table')?.focus({ preventScroll: true });
  };
  if (list.isPending) return <LoadingState rows={loadingRows} />;
  if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} compact={compact} />;
  const data = list.data;
  if (data.items.length === 0) return <>{empty}</>;
  return (
    <>
      {above?.(data)}
      <TableWrap cardsBelow={cardsBelow} busy={list.isFetching} boxRef={box}>
        {/* Focusable by script only: where a page turn leaves the keyboard (the box around it may scroll, and keeps its own focus). */}
        <table className={className ? `mc-table ${className}` : 'mc-table'} tabIndex={-1}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>{head}</tr>
          </thead>
          <tbody>{data.items.map(row)}</tbody>
        </table>
      </TableWrap>
      {below?.(data)}
      <Pager page={page} pageSize={LIST_PAGE_SIZE} total={data.total} onChange={turnTo} label={pagesLabel} disabled={list.isFetching} />
    </>
  );
};
