import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { LIST_PAGE_SIZE } from '@apsara/contracts';
import { Pager } from '../../../../components/ui/pager/pager';
import { TableWrap } from '../../../../components/ui/member/table-wrap';
import { BoError, BoLoading } from './states';

type Page = { items: readonly unknown[]; total?: number };

type Props<P extends Page> = {
  list: UseQueryResult<P>;
  caption: string;
  head: ReactNode;
  row: (item: P['items'][number]) => ReactNode;
  empty: ReactNode;
  /** Paged lists: the page on screen and how to turn it (20 a page). */
  page?: number;
  onPage?: (page: number) => void;
  pagesLabel?: string;
  /** Narrower than this, rows show as cards. */
  cardsBelow?: number;
  className?: string;
  /** Above the table, from the same data (a total). */
  above?: (data: P) => ReactNode;
};

/**
 * A back-office list: skeleton while the first page loads, the server's error with a retry, the empty
 * state, else the table (cards on a narrow screen) and its pager. While another page or tab loads the
 * one on screen stays, marked busy.
 */
export const BoTable = <P extends Page>({ list, caption, head, row, empty, page, onPage, pagesLabel, cardsBelow = 900, className, above }: Props<P>) => {
  if (list.isPending) return <BoLoading />;
  if (list.isError) return <BoError error={list.error} onRetry={() => void list.refetch()} />;
  const data = list.data;
  if (data.items.length === 0) return <>{empty}</>;
  return (
    <>
      {above?.(data)}
      <TableWrap cardsBelow={cardsBelow} busy={list.isFetching}>
        <table className={`mc-table bo-table${className ? ` ${className}` : ''}`}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>{head}</tr>
          </thead>
          <tbody>{data.items.map(row)}</tbody>
        </table>
      </TableWrap>
      {page !== undefined && onPage && data.total !== undefined && (
        <Pager page={page} pageSize={LIST_PAGE_SIZE} total={data.total} onChange={onPage} label={pagesLabel ?? caption} disabled={list.isFetching} />
      )}
    </>
  );
};
