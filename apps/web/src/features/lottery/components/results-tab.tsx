import { useState } from 'react';
import type { LotteryDraw, LotteryFamily, LotteryGameCode } from '@apsara/contracts';
import { Icon } from '../../../components/ui/icons/icons';
import { openModal } from '../../../components/ui/modal';
import { Panel } from '../../../components/ui/member/panel';
import { RecordTable } from '../../../components/ui/member/record-table';
import { EmptyState } from '../../../components/ui/member/states';
import { gmtLabel } from '../../../lib/date-range';
import { formatDateTime } from '../../../lib/format-time';
import { useTimeZone } from '../../../lib/use-time-zone';
import { useLotteryDraws } from '../api/lottery';
import { resultFacts } from '../logic/result';
import { DigitBalls } from './digit-balls';
import { VnBoard } from './vn-board';
import { useLotteryTexts } from './texts';
import { VERIFY_MODAL } from './verify-modal';

/**
 * Lottery draw results (spec §2): every drawn result of one lottery, newest first, 20 a page, with its
 * sum, big/small and odd/even (a Vietnam draw: its prize board), and a Verify button that checks the
 * draw in the browser.
 */
export const ResultsTab = ({ gameCode, name, family = '5d' }: { gameCode: LotteryGameCode; name: string; family?: LotteryFamily }) => {
  const { t, result } = useLotteryTexts();
  const [paging, setPaging] = useState({ gameCode, page: 1 });
  // Another lottery starts again at its first page.
  const page = paging.gameCode === gameCode ? paging.page : 1;
  const list = useLotteryDraws(gameCode, page);
  const zone = useTimeZone();

  const row = (d: LotteryDraw) => {
    const facts = d.result && family === '5d' ? resultFacts(d.result) : null;
    return (
      <tr key={d.drawNo}>
        <td data-label={t('results.col_draw')}>
          <strong className="num">{d.drawNo}</strong>
          <span className="lt-sub num">{formatDateTime(d.drawAt, zone, true)}</span>
        </td>
        <td data-label={t('results.col_result')}>
          <DigitBalls digits={d.result} label={result(d.result)} size="sm" pending={!d.result} />
        </td>
        <td data-label={family === 'vn' ? t('vn.board_title') : t('results.col_sum')} className={family === 'vn' ? 'lt-vn-board-cell' : undefined}>
          {family === 'vn' && d.result ? (
            <details className="lt-vn-details">
              <summary>{t('vn.show_board')}</summary>
              <VnBoard digits={d.result} caption={t('vn.board_of', { drawNo: d.drawNo })} />
            </details>
          ) : facts ? (
            <span className="lt-sum">
              <strong className="num">{facts.sum}</strong>
              <span className={`lt-tag lt-tag--${facts.size}`}>{t(`pick.${facts.size}`)}</span>
              <span className={`lt-tag lt-tag--${facts.parity}`}>{t(`pick.${facts.parity}`)}</span>
            </span>
          ) : (
            '—'
          )}
        </td>
        <td data-label={t('results.col_check')} className="lt-table__action">
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            disabled={!d.seed}
            onClick={() => openModal(VERIFY_MODAL, { draw: d })}
            aria-label={t('results.verify_of', { drawNo: d.drawNo })}
          >
            <Icon name="shield" size={14} />
            {t('results.verify')}
          </button>
        </td>
      </tr>
    );
  };

  return (
    <Panel id="lt-results" title={t('results.title')} icon="history" description={t('results.lede', { name })}>
      <RecordTable
        list={list}
        caption={t('results.caption', { name })}
        className="lt-table lt-table--results"
        cardsBelow={560}
        head={
          <>
            <th scope="col">{t('results.col_draw_time', { zone: gmtLabel(zone) })}</th>
            <th scope="col">{t('results.col_result')}</th>
            <th scope="col">{family === 'vn' ? t('vn.board_title') : t('results.col_sum')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('results.col_check')}</span>
            </th>
          </>
        }
        row={row}
        empty={<EmptyState icon="history" title={t('results.empty_title')} text={t('results.empty_text')} compact />}
        page={page}
        onPage={(next) => setPaging({ gameCode, page: next })}
        pagesLabel={t('results.pages')}
      />
    </Panel>
  );
};
