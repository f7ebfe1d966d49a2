import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RebateClaim, RebateSummaryValue } from '@apsara/contracts';
import { Icon } from '../../../../components/ui/icons/icons';
import { FormError, FormSuccess } from '../../../../components/ui/member/form-error';
import { Panel } from '../../../../components/ui/member/panel';
import { RecordTable } from '../../../../components/ui/member/record-table';
import { EmptyState, ErrorState, LoadingState, TrialBlocked } from '../../../../components/ui/member/states';
import { TableWrap } from '../../../../components/ui/member/table-wrap';
import { isApiError } from '../../../../lib/api';
import { gmtLabel } from '../../../../lib/date-range';
import { formatAmount, formatWhole } from '../../../../lib/format';
import { formatDateTime } from '../../../../lib/format-time';
import { sendWithKey } from '../../../../lib/idempotency';
import { MEMBER_KEYS, useInvalidateMoney } from '../../../../lib/member-keys';
import { isTrialError } from '../../../../lib/server-errors';
import { useLoginState } from '../../../../lib/session';
import { useErrorText } from '../../../../lib/use-error-text';
import { useKeyKeeper } from '../../../../lib/use-key-keeper';
import { useTimeZone } from '../../../../lib/use-time-zone';
import { claimRebate, useRebateClaims, useRebateSummary } from '../../api/rebate';
import { rateText } from '../../logic/rebate';
import { ClosedFeature } from '../common/closed-feature';
import './rebate-page.css';

/** What the four columns need; narrower, each line is a card. */
const LINES_TABLE_PX = 480;

/**
 * manualRebate (spec §2 "manual rebate (when enabled)"; docs/rebate.md): what the member may collect
 * now, per game category at the member's rate (their VIP rank's, said beside the title, where the site
 * pays ranks their own), the collect button, and the collections made. A site
 * without it says so; trial accounts are asked for a real account, as the server does.
 */
export const RebatePage = () => {
  const { isTrial } = useLoginState();
  const summary = useRebateSummary(!isTrial);
  if (isTrial || isTrialError(summary.error)) return <TrialBlocked />;
  if (summary.isPending) return <LoadingState rows={4} />;
  if (summary.isError) {
    if (isApiError(summary.error) && summary.error.code === 'FUNCTION_NOT_ENABLED') return <ClosedFeature feature="rebate" icon="percent" />;
    return <ErrorState error={summary.error} onRetry={() => void summary.refetch()} />;
  }
  return (
    <div className="mc-stack">
      <CollectPanel summary={summary.data} />
      <ClaimsPanel symbol={summary.data.currencySymbol} />
    </div>
  );
};

const CollectPanel = ({ summary }: { summary: RebateSummaryValue }) => {
  const { t } = useTranslation('member');
  const errorText = useErrorText();
  const invalidate = useInvalidateMoney();
  const queryClient = useQueryClient();
  const keys = useKeyKeeper('rebate');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<RebateClaim | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const money = (amount: string) => formatAmount(amount, { symbol: summary.currencySymbol });
  const zone = useTimeZone();

  const collect = async () => {
    setBusy(true);
    setDone(null);
    setFailure(null);
    try {
      // One key per press: a press after an answer is a new collection (the server answers "nothing yet").
      setDone(await sendWithKey(keys, { at: summary.total }, claimRebate));
      void invalidate();
    } catch (e) {
      // Shown in words whatever it was (a call's refusal in the server's, anything else as a failure).
      setFailure(e);
    } finally {
      setBusy(false);
      // Read again whatever the answer: the balance stream may be down, and a refusal means the page was behind.
      void queryClient.invalidateQueries({ queryKey: MEMBER_KEYS.rebate });
    }
  };

  const line = (l: RebateSummaryValue['lines'][number]) => (
    <tr key={l.category}>
      <th scope="row" data-label={t('rebate.col_category')}>
        {t(`rebate.category.${l.category}`)}
      </th>
      <td data-label={t('rebate.col_bets')} className="mc-num num">
        {money(l.bets)}
      </td>
      <td data-label={t('rebate.col_rate')} className="mc-num num">
        {rateText(l.rateBps)}
      </td>
      <td data-label={t('rebate.col_amount')} className="mc-num num">
        {money(l.amount)}
      </td>
    </tr>
  );

  return (
    <Panel
      id="mc-rebate"
      title={t('rebate.collect_title')}
      icon="percent"
      // A VIP rank the site pays its own rates to: the rates below are the rank's.
      aside={
        summary.vipLevel > 0 ? (
          <span className="mc-badge mc-badge--gold" title={t('rebate.vip_rates_text')} data-testid="rebate-vip">
            {t('rebate.vip_rates', { n: summary.vipLevel })}
          </span>
        ) : undefined
      }
      description={t('rebate.how', { days: summary.windowDays, min: money(summary.minClaim) })}
    >
      {summary.lines.length === 0 ? (
        <EmptyState
          icon="percent"
          compact
          title={t('rebate.none')}
          text={t('rebate.none_text', { days: summary.windowDays })}
          action={
            <Link to="/" className="btn btn--gold btn--sm">
              <Icon name="play" size={16} />
              {t('rebate.to_games')}
            </Link>
          }
        />
      ) : (
        <TableWrap cardsBelow={LINES_TABLE_PX}>
          <table className="mc-table mc-table--rebate">
            <caption className="visually-hidden">{t('rebate.collect_title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('rebate.col_category')}</th>
                <th scope="col" className="mc-num">
                  {t('rebate.col_bets')}
                </th>
                <th scope="col" className="mc-num">
                  {t('rebate.col_rate')}
                </th>
                <th scope="col" className="mc-num">
                  {t('rebate.col_amount')}
                </th>
              </tr>
            </thead>
            <tbody>{summary.lines.map(line)}</tbody>
          </table>
        </TableWrap>
      )}
      <div className="mc-rebate__total">
        <div className="mc-total">
          <span className="mc-total__label">{t('rebate.total')}</span>
          <strong className="mc-total__value num" data-testid="rebate-total">
            {money(summary.total)}
          </strong>
        </div>
        <button type="button" className="btn btn--gold" onClick={() => void collect()} disabled={busy || !summary.claimable} aria-busy={busy}>
          {busy ? <span className="mc-spinner" aria-hidden="true" /> : <Icon name="percent" size={16} />}
          {t('rebate.collect')}
        </button>
      </div>
      {!summary.claimable && summary.lines.length > 0 && <p className="mc-note mc-rebate__meta">{t('rebate.below_min', { min: money(summary.minClaim) })}</p>}
      {summary.lastClaimAt && <p className="mc-note mc-muted mc-rebate__meta">{t('rebate.last', { time: formatDateTime(summary.lastClaimAt, zone), zone: gmtLabel(zone) })}</p>}
      {done && <FormSuccess message={t('rebate.collected', { amount: money(done.amount) })} />}
      {failure !== null && <FormError message={errorText(failure, t('rebate.failed'))} />}
    </Panel>
  );
};

const ClaimsPanel = ({ symbol }: { symbol: string }) => {
  const { t } = useTranslation('member');
  const zone = useTimeZone();
  const [page, setPage] = useState(1);
  const list = useRebateClaims(page);
  const row = (c: RebateClaim) => (
    <tr key={c.id}>
      <td data-label={t('rebate.col_time', { zone: gmtLabel(zone) })} className="num">
        {formatDateTime(c.createdAt, zone)}
      </td>
      <td data-label={t('rebate.col_categories')}>{c.lines.map((l) => `${t(`rebate.category.${l.category}`)} ${rateText(l.rateBps)}`).join(' · ')}</td>
      <td data-label={t('rebate.col_bets')} className="mc-num num">
        {formatAmount(c.bets, { symbol })}
        <span className="mc-sub">{t('rebate.rounds', { count: c.rounds, n: formatWhole(c.rounds) })}</span>
      </td>
      <td data-label={t('rebate.col_amount')} className="mc-num">
        <span className="num mc-amount--in">+{formatAmount(c.amount, { symbol })}</span>
      </td>
    </tr>
  );
  return (
    <Panel id="mc-rebate-claims" title={t('rebate.claims_title')} icon="history" aside={list.data && list.data.total > 0 ? <span className="mc-count num">{formatWhole(list.data.total)}</span> : undefined}>
      <RecordTable
        list={list}
        caption={t('rebate.claims_title')}
        className="mc-table--rebate-claims"
        cardsBelow={560}
        head={
          <>
            <th scope="col">{t('rebate.col_time', { zone: gmtLabel(zone) })}</th>
            <th scope="col">{t('rebate.col_categories')}</th>
            <th scope="col" className="mc-num">
              {t('rebate.col_bets')}
            </th>
            <th scope="col" className="mc-num">
              {t('rebate.col_amount')}
            </th>
          </>
        }
        row={row}
        empty={<EmptyState icon="history" compact title={t('rebate.no_claims')} text={t('rebate.no_claims_text')} />}
        page={page}
        onPage={setPage}
        pagesLabel={t('rebate.pages')}
      />
    </Panel>
  );
};
