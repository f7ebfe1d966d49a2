import { useTranslation } from 'react-i18next';
import type { Promotion } from '@apsara/contracts';
import { Icon } from '../../../components/ui/icons/icons';
import { ErrorState, LoadingState } from '../../../components/ui/member/states';
import { Modal, useModal } from '../../../components/ui/modal';
import { useLocalize } from '../../../i18n/use-localize';
import { gmtLabel } from '../../../lib/date-range';
import { formatAmount } from '../../../lib/format';
import { formatDateTime } from '../../../lib/format-time';
import { useTimeZone } from '../../../lib/use-time-zone';
import { usePromotion } from '../api/promotions';
import { PROMO_MODAL, usePromoActions } from '../hooks/promo-actions';
import { useTermText } from '../hooks/use-term-text';
import { prizeChances, termRows } from '../logic/terms';
import { PhaseBadge } from './phase-badge';
import { PromoActionView } from './promo-action';
import { PromoArt } from './promo-art';

type Props = {
  /** The hall's promotions: the popup reads the one it was opened for, as fresh as the list is. */
  items: readonly Promotion[] | undefined;
  /** The list is still on its way: a promotion not on it yet is not asked for on its own. */
  listPending: boolean;
  onClose: () => void;
};

/**
 * A promotion's full rules (a bottom sheet on phones): artwork, summary, the member's part in it, the
 * terms table (the raffle's prizes with their chances), the period and the rules text with its line
 * breaks; the action at the foot. Opened from a card or a link (`?promo=<id>`); a promotion no longer
 * on the list (ended over a week ago) is read on its own.
 */
export const PromoDetailModal = ({ items, listPending, onClose }: Props) => {
  const { t } = useTranslation('promotions');
  const localize = useLocalize();
  const { props } = useModal<{ id?: string }>(PROMO_MODAL.detail);
  const listed = items?.find((p) => p.id === props.id);
  const single = usePromotion(props.id, !listed && !listPending);
  const promotion = listed ?? single.data;

  const body = () => {
    if (promotion) return <DetailBody promotion={promotion} />;
    if (listPending || single.isPending) return <LoadingState rows={4} label={t('detail.loading')} />;
    return <ErrorState error={single.error} onRetry={() => void single.refetch()} compact />;
  };

  return (
    <Modal
      name={PROMO_MODAL.detail}
      title={promotion ? localize(promotion.title) : t('detail.title')}
      size="lg"
      className="pr-modal pr-detail-modal"
      onClose={onClose}
      footer={promotion ? <PromoActionView promotion={promotion} block={false} showRemark /> : undefined}
    >
      {body()}
    </Modal>
  );
};

const DetailBody = ({ promotion }: { promotion: Promotion }) => {
  const { t } = useTranslation('promotions');
  const localize = useLocalize();
  const zone = useTimeZone();
  const { symbol } = usePromoActions();
  const termText = useTermText(symbol);
  const chances = promotion.mechanic === 'raffle' ? prizeChances(promotion.terms.prizes) : [];
  const when = (iso: string) => formatDateTime(iso, zone);

  return (
    <div className="pr-detail">
      <div className="pr-detail__banner">
        <PromoArt art={promotion.art} className="pr-detail__art" />
        <PhaseBadge phase={promotion.phase} />
      </div>
      <p className="pr-detail__summary">{localize(promotion.summary)}</p>

      {promotion.mine && <MineBox promotion={promotion} />}

      <section className="pr-detail__section" aria-labelledby="pr-detail-terms">
        <h3 id="pr-detail-terms" className="pr-detail__heading">
          <Icon name="receipt" size={16} />
          {t('detail.terms')}
        </h3>
        <dl className="pr-detail__terms">
          {termRows(promotion).map((row) => (
            <div key={row.label} className="pr-detail__row">
              <dt>{t(row.label)}</dt>
              <dd>{termText(row.value)}</dd>
            </div>
          ))}
          <div className="pr-detail__row">
            <dt>{t('detail.row_period')}</dt>
            <dd className="num">
              {promotion.endsAt ? t('detail.period', { from: when(promotion.startsAt), to: when(promotion.endsAt) }) : t('detail.period_open', { from: when(promotion.startsAt) })}
              <span className="pr-detail__zone">{gmtLabel(zone)}</span>
            </dd>
          </div>
        </dl>
        {chances.length > 0 && (
          <table className="pr-prizes">
            <caption>{t('detail.prizes_caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('detail.prize')}</th>
                <th scope="col">{t('detail.chance')}</th>
              </tr>
            </thead>
            <tbody>
              {chances.map((c, i) => (
                <tr key={`${c.amount}-${i}`}>
                  <td className="num">{formatAmount(c.amount, { symbol })}</td>
                  <td className="num">{t('detail.chance_value', { percent: c.chance })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section className="pr-detail__section" aria-labelledby="pr-detail-rules">
        <h3 id="pr-detail-rules" className="pr-detail__heading">
          <Icon name="info" size={16} />
          {t('detail.rules')}
        </h3>
        <p className="pr-detail__body">{localize(promotion.body)}</p>
      </section>
    </div>
  );
};

/** The member's part in it, in words: not yet, waiting, the bonus, the site's reason. */
const MineBox = ({ promotion }: { promotion: Promotion }) => {
  const { t } = useTranslation('promotions');
  const { symbol } = usePromoActions();
  const mine = promotion.mine!;
  const state = mine.state;
  if (!state) return null;
  const amount = mine.bonus ? formatAmount(mine.bonus, { symbol }) : null;
  const key = (() => {
    const envelope = promotion.mechanic === 'envelope';
    if (state === 'join') return `mine.join_${promotion.mechanic}`;
    if (state === 'claim' && envelope && !mine.ready && promotion.envelopesLeft === 0) return 'mine.envelopes_gone';
    if (state === 'claim') return mine.ready ? (envelope ? 'mine.join_envelope' : 'mine.claim_ready') : 'mine.claim_waiting';
    if ((state === 'issued' || state === 'claimed') && amount) {
      if (state === 'claimed' && envelope) return 'mine.opened_today';
      return promotion.mechanic === 'raffle' && state === 'claimed' ? 'mine.claimed_today' : `mine.${state}_amount`;
    }
    return `mine.${state}`;
  })();
  const tone = state === 'rejected' ? 'bad' : state === 'issued' || state === 'claimed' ? 'ok' : state === 'claim' && mine.ready ? 'gold' : 'info';
  return (
    <section className={`pr-mine pr-mine--${tone}`} aria-labelledby="pr-mine-title">
      <h3 id="pr-mine-title" className="pr-mine__title">
        {t('mine.title')}
      </h3>
      <p className="pr-mine__state">{t(key, { amount: amount ?? '' })}</p>
      {mine.reviewRemark && <p className="pr-mine__remark">{t('mine.review_remark', { remark: mine.reviewRemark })}</p>}
    </section>
  );
};
