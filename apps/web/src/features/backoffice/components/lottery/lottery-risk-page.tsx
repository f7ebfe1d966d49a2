import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LOTTERY_GAME_CODES, type OpsLotteryExposureLine, type OpsLotteryExposureValue } from '@apsara/contracts';
import { Icon } from '../../../../components/ui/icons/icons';
import { formatWhole } from '../../../../lib/format';
import { useLotteryTexts } from '../../../lottery/components/texts';
import { EXPOSURE_REFRESH_MS, useOpsClosedNumbers, useOpsLotteryExposure } from '../../api/lottery';
import { NEAR_LIMIT_PERCENT, closablePick, exposureFilterOf, riskLevel } from '../../logic/lottery-risk';
import { boPagePath } from '../../logic/pages';
import { moneyText } from '../../logic/format';
import { Money, PageHead, StatusBadge, Time, ZoneNote, useSiteMoney } from '../common/bits';
import { BoEmpty } from '../common/states';
import { BoTable } from '../common/table';
import { DecisionDialog, type DecisionRequest } from '../common/decision-dialog';
import { useOperator } from '../frame/operator-context';
import { ClosedNumbersPanel, useNumberClosing } from './closed-numbers';
import { LotteryNumberFields } from './lottery-number-fields';

/**
 * Lottery risk (GET /ops/lottery/exposure): the picks of draws not yet settled nearest their limit per
 * pick (the site's, or their kind's own: Settings → Lottery limits), each with what it would cost the
 * site if it came up, read again
 * every 15 seconds while the page is open. Slips past the limit are refused at the bet; this is where
 * operators watch the numbers fill up, and where an admin closes a number to new bets (and opens it
 * again) when it draws too many.
 */
export const LotteryRiskPage = () => {
  const { t } = useTranslation('ops');
  const texts = useLotteryTexts();
  const [params, setParams] = useSearchParams();
  const only = exposureFilterOf(params, LOTTERY_GAME_CODES);
  const filtered = only.game !== undefined || only.number !== undefined;
  const list = useOpsLotteryExposure(only);
  const [draft, setDraft] = useState({ game: only.game ?? '', number: only.number ?? '' });
  const numberError = draft.number.trim() && !/^\d{1,3}$/.test(draft.number.trim()) ? t('lotteryRisk.number_format') : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (numberError) return;
    const next: Record<string, string> = {};
    if (draft.game) next.game = draft.game;
    if (draft.number.trim()) next.number = draft.number.trim();
    setParams(next, { replace: true });
  };
  const clear = () => {
    setDraft({ game: '', number: '' });
    setParams({}, { replace: true });
  };
  const site = useSiteMoney();
  const { can } = useOperator();
  const canClose = can('lottery.close');
  const [request, setRequest] = useState<DecisionRequest | null>(null);
  const closing = useNumberClosing(setRequest);
  const closed = useOpsClosedNumbers();
  const isClosed = (l: OpsLotteryExposureLine) => closed.data?.items.some((c) => c.gameCode === l.gameCode && c.number === l.pick) ?? false;

  const row = (l: OpsLotteryExposureLine) => {
    const level = riskLevel(l.percent, l.room, l.full);
    const bet = texts.bet({ kind: l.kind, position: l.position, pick: l.pick });
    return (
      <tr key={`${l.drawId}-${l.kind}-${l.position ?? ''}-${l.pick}`} className={`bo-risk-row bo-risk-row--${level}`}>
        <td data-label={t('lotteryRisk.col_draw')}>
          {closing.gameName(l.gameCode)}
          <span className="mc-sub num">{t('lotteryRisk.draw_no', { no: l.drawNo })}</span>
        </td>
        <td data-label={t('lotteryRisk.col_status')}>
          <StatusBadge status={l.drawStatus === 'open' ? 'taking_bets' : 'settling'} label={t(`lotteryRisk.status_${l.drawStatus}`)} />
          <span className="mc-sub">
            {t('lotteryRisk.closes')} <Time iso={l.closesAt} seconds />
          </span>
        </td>
        <td data-label={t('lotteryRisk.col_bet')} className="bo-risk-pick">
          {bet}
          {isClosed(l) ? (
            <span className="bo-risk-flag bo-risk-flag--closed">
              <Icon name="lock" size={12} />
              {t('lotteryRisk.closed_badge')}
            </span>
          ) : (
            canClose &&
            closablePick(l.pick) && (
              <button type="button" className="bo-chip-btn bo-risk-close" onClick={() => closing.askClose(l.gameCode, l.pick)} aria-label={t('lotteryRisk.close_named', { number: l.pick, game: closing.gameName(l.gameCode) })}>
                <Icon name="lock" size={12} />
                {t('lotteryRisk.close')}
              </button>
            )
          )}
        </td>
        <td data-label={t('lotteryRisk.col_liability')} className="mc-num">
          <Money amount={l.liability} className="bo-amount" />
        </td>
        <td data-label={t('lotteryRisk.col_room')} className="mc-num">
          <Money amount={l.room} />
          <span className="mc-sub num">{t('lotteryRisk.of_limit', { amount: moneyText(l.limit, site) })}</span>
        </td>
        <td data-label={t('lotteryRisk.col_share')}>
          <span className="bo-risk-share">
            <meter min={0} max={100} low={50} high={NEAR_LIMIT_PERCENT} optimum={0} value={l.percent} aria-label={t('lotteryRisk.share_label', { bet, percent: l.percent })} />
            <span className="num">{t('lotteryRisk.percent', { percent: l.percent })}</span>
            {level !== 'ok' && <span className={`bo-risk-flag bo-risk-flag--${level}`}>{t(`lotteryRisk.level_${level}`)}</span>}
          </span>
        </td>
      </tr>
    );
  };

  const ownLimits = (data: OpsLotteryExposureValue) => Object.keys(data.byKind).length;
  const summary = (data: OpsLotteryExposureValue) => (
    <p className="bo-count" aria-live="polite">
      {t('lotteryRisk.limit_of', { amount: moneyText(data.limit, site) })}
      {ownLimits(data) > 0 && <> · {t('lotteryRisk.own_limits', { count: ownLimits(data) })}</>} · {t('lotteryRisk.picks', { count: data.total, formatted: formatWhole(data.total) })}
      {data.nearLimit > 0 && <> · <strong>{t('lotteryRisk.near', { count: data.nearLimit, formatted: formatWhole(data.nearLimit), percent: NEAR_LIMIT_PERCENT })}</strong></>}
      {data.total > data.items.length && <> · {t('lotteryRisk.heaviest', { count: data.items.length })}</>}
      {filtered && <> · {t('lotteryRisk.filtered')}</>}
    </p>
  );

  return (
    <>
      <PageHead
        title={t('page.lotteryRisk')}
        lede={t('lotteryRisk.lede', { seconds: EXPOSURE_REFRESH_MS / 1000 })}
        actions={
          <Link className="btn btn--ghost" to={`${boPagePath('settings')}?section=lottery`}>
            {t('lotteryRisk.change_limit')}
          </Link>
        }
      />
      <section className="bo-panel">
        <form className="bo-search" role="search" aria-label={t('lotteryRisk.find_label')} onSubmit={submit}>
          <LotteryNumberFields idBase="bo-risk" draft={draft} onChange={setDraft} noGameLabel={t('lotteryRisk.every_game')} errors={{ number: numberError }} />
          <button type="submit" className="btn btn--gold bo-search__go">
            <Icon name="check" size={16} />
            {t('lotteryRisk.find')}
          </button>
          {filtered && (
            <button type="button" className="btn btn--ghost" onClick={clear}>
              {t('lotteryRisk.show_all')}
            </button>
          )}
        </form>
      </section>
      <section className="bo-panel bo-panel--flush">
        <BoTable
          list={list}
          caption={t('lotteryRisk.caption')}
          above={summary}
          head={
            <>
              <th scope="col">{t('lotteryRisk.col_draw')}</th>
              <th scope="col">{t('lotteryRisk.col_status')}</th>
              <th scope="col">{t('lotteryRisk.col_bet')}</th>
              <th scope="col" className="mc-num">
                {t('lotteryRisk.col_liability')}
              </th>
              <th scope="col" className="mc-num">
                {t('lotteryRisk.col_room')}
              </th>
              <th scope="col">{t('lotteryRisk.col_share')}</th>
            </>
          }
          row={row}
          empty={
            filtered ? (
              <BoEmpty icon="lottery" tone="good" title={t('lotteryRisk.none_found')} text={t('lotteryRisk.none_found_text')} />
            ) : (
              <BoEmpty icon="lottery" tone="good" title={t('lotteryRisk.none')} text={t('lotteryRisk.none_text', { amount: moneyText(list.data?.limit, site) })} />
            )
          }
          cardsBelow={900}
        />
        <ZoneNote />
      </section>
      <ClosedNumbersPanel canClose={canClose} closing={closing} />
      <DecisionDialog name="bo-close-number" request={request} onClose={() => setRequest(null)} />
    </>
  );
};
