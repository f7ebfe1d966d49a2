import { useRef, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { LIST_PAGE_SIZE } from '@apsara/contracts';
import { Pager } from '../../../../components/ui/pager/pager';
import { useReducedMotion } from '../../../../lib/use-reduced-motion';
import { AgError, AgLoading } from './states';
import { useNarrowBox } from './use-narrow-box';

type ListPage = { items: readonly unknown[]; total: number };

type Props<P extends ListPage> = {
  list: UseQueryResult<P>;
  /** The table's name for screen readers (a visually hidden caption). */
  caption: string;
  className?: string;
  /** The header row's cells. */
  head: ReactNode;
  /** One `<tr>` per item, with its key. */
  row: (item: P['items'][number]) => ReactNode;
  /** Rows of a `<tfoot>` (totals), from the same answer. */
  foot?: (data: P) => ReactNode;
  /** What shows when the page has no items. */
  empty: ReactNode;
  /** What shows instead of the generic error (an error the page explains itself); undefined falls back. */
  errorView?: (error: unknown) => ReactNode | undefined;
  above?: (data: P) => ReactNode;
  below?: (data: P) => ReactNode;
  page: number;
  onPage: (page: number) => void;
  /** The pager's name for screen readers. */
  pagesLabel: string;
  /** The width the columns need; narrower, every row is a card with its labels. */
  cardsBelow: number;
  loadingRows?: number;
};

/** The box of a table: rows where there is room, cards where there is not. */
const TableBox = ({ cardsBelow, busy, boxRef, children }: { cardsBelow: number; busy: boolean; boxRef: React.RefObject<HTMLDivElement | null>; children: ReactNode }) => {
  const narrow = useNarrowBox(boxRef, cardsBelow);
  return (
    <div ref={boxRef} className={`ag-table-wrap${narrow ? ' ag-table-wrap--cards' : ''}`} aria-busy={busy}>
      {children}
    </div>
  );
};

/**
 * One page of a team list (20 a page): skeleton rows while the first page loads, the error with a
 * retry, `empty` when there is nothing, else the table and the pager. While another page or filter
 * loads, the rows on screen stay, marked busy.
 */
export const DataTable = <P extends ListPage>({ list, caption, className, head, row, foot, empty, errorView, above, below, page, onPage, pagesLabel, cardsBelow, loadingRows = 4 }: Props<P>) => {
  const box = useRef<HTMLDivElement>(null);
  const still = useReducedMotion();
  // The pager is under the rows (on a phone, under 20 cards): another page starts where the list does.
  const turnTo = (next: number) => {
    onPage(next);
    const top = box.current;
    if (!top) return;
    if (top.getBoundingClientRect().top < 80) top.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' });
    top.querySelector('table')?.focus({ preventScroll: true });
  };
  if (list.isPending) return <AgLoading rows={loadingRows} />;
  if (list.isError) return <>{errorView?.(list.error) ?? <AgError error={list.error} onRetry={() => void list.refetch()} />}</>;
  const data = list.data;
  if (data.items.length === 0) return <>{empty}</>;
  return (
    <>
      {above?.(data)}
      <TableBox cardsBelow={cardsBelow} busy={list.isFetching} boxRef={box}>
        {/* Focusable by script only: where a page turn leaves the keyboard. */}
        <table className={`ag-table${className ? ` ${className}` : ''}`} tabIndex={-1}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>{head}</tr>
          </thead>
          <tbody>{data.items.map(row)}</tbody>
          {foot && <tfoot>{foot(data)}</tfoot>}
        </table>
      </TableBox>
      {below?.(data)}
      <Pager page={page} pageSize={LIST_PAGE_SIZE} total={data.total} onChange={turnTo} label={pagesLabel} disabled={list.isFetching} />
    </>
  );
};
