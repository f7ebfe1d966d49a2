import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Promotion, PromotionActionValue } from '@apsara/contracts';
import { Icon } from '../../../components/ui/icons/icons';
import { useSvgId } from '../../../components/ui/art/use-svg-id';
import { Modal, useModal } from '../../../components/ui/modal';
import { useLocalize } from '../../../i18n/use-localize';
import { formatAmount } from '../../../lib/format';
import { sendWithKey } from '../../../lib/idempotency';
import { claimPromotion, useAfterAction } from '../api/promotions';
import { PROMO_MODAL, usePromoActions } from '../hooks/promo-actions';
import { promoAction } from '../logic/action';
import { DepositFirst, DrawWon } from './draw-outcome';

/**
 * The red-envelope popup: the day's envelope, sealed, and an Open button while one is left for the
 * member. The server takes the envelope's share of what is left of the day's pool; the flap lifts and
 * the amount shows on the card inside (at once for members who asked for less motion: the motion is
 * CSS only). The money lands in the main wallet, and the header follows by the live balance stream.
 */
export const EnvelopeModal = ({ items }: { items: readonly Promotion[] | undefined }) => {
  const { t } = useTranslation('promotions');
  const localize = useLocalize();
  const { props } = useModal<{ id?: string; opened?: number }>(PROMO_MODAL.envelope);
  const promotion = items?.find((p) => p.id === props.id);
  return (
    <Modal name={PROMO_MODAL.envelope} title={promotion ? localize(promotion.title) : t('envelope.title_plain')} size="sm" className="pr-modal pr-envelope-modal">
      {promotion ? <EnvelopeBody key={`${promotion.id}-${props.opened ?? 0}`} promotion={promotion} /> : <p className="pr-note">{t('apply.gone')}</p>}
    </Modal>
  );
};

type Phase = 'ready' | 'sending' | 'done';

/**
 * The envelope itself: a red body, the card inside and a flap with a gold seal. Opened, the seal is
 * gone, the flap lies folded back behind the card, and the card rises with the amount on it.
 */
const EnvelopeArt = ({ open, amount }: { open: boolean; amount: string | null }) => {
  const { t } = useTranslation('promotions');
  const id = useSvgId('env');
  const flap = (
    <g className="pr-envelope__flap">
      <path d="M20 54q0-14 14-14h132q14 0 14 14v28q-80 56-160 0z" fill="#c81d30" stroke="#ff9a8f" strokeWidth="1.5" />
      {!open && (
        <>
          <circle cx="100" cy="96" r="24" fill={`url(#${id}-gold)`} stroke="#8a5a00" strokeWidth="2" />
          <circle cx="100" cy="96" r="16" fill="none" stroke="#fff3c4" strokeWidth="2" opacity="0.8" />
          <path d="M92 96l6 6 11-13" fill="none" stroke="#8a1020" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" />
        </>
      )}
    </g>
  );
  return (
    // Room above the envelope for its flap once folded back.
    <svg viewBox="0 -4 200 240" className={`pr-envelope${open ? ' is-open' : ''}`} role="img" aria-label={t('envelope.art_label')}>
      <defs>
        <linearGradient id={`${id}-red`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#e8323f" />
          <stop offset="1" stopColor="#9c0f22" />
        </linearGradient>
        <linearGradient id={`${id}-gold`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fff1b0" />
          <stop offset="0.5" stopColor="#f5c451" />
          <stop offset="1" stopColor="#b57d10" />
        </linearGradient>
      </defs>
      <rect x="20" y="40" width="160" height="190" rx="14" fill={`url(#${id}-red)`} />
      {open && flap}
      <g className="pr-envelope__card">
        <rect x="34" y="52" width="132" height="120" rx="10" fill="#fff8e1" stroke="#f5c451" strokeWidth="3" />
        {amount && (
          <text x="100" y="98" textAnchor="middle" className="pr-envelope__amount">
            {amount}
          </text>
        )}
      </g>
      <rect x="20" y="80" width="160" height="150" rx="14" fill={`url(#${id}-red)`} />
      {!open && flap}
    </svg>
  );
};

const EnvelopeBody = ({ promotion }: { promotion: Promotion }) => {
  const { t } = useTranslation('promotions');
  const { envelopeKeys, showError, symbol } = usePromoActions();
  const after = useAfterAction();
  const [phase, setPhase] = useState<Phase>('ready');
  const [got, setGot] = useState<{ amount: string; result: PromotionActionValue } | null>(null);
  const sending = useRef(false);
  const heading = useRef<HTMLParagraphElement>(null);
  const action = promoAction(promotion);
  const money = (v: string) => formatAmount(v, { symbol });
  const { envelopeCount } = promotion.terms;
  const left = got ? got.result.promotion.envelopesLeft : promotion.envelopesLeft;

  useEffect(() => {
    if (phase === 'done') heading.current?.focus();
  }, [phase]);

  const open = async () => {
    if (sending.current || phase !== 'ready') return;
    sending.current = true;
    setPhase('sending');
    try {
      const result = await sendWithKey(envelopeKeys, { promotionId: promotion.id }, (key) => claimPromotion(promotion.id, key));
      setGot({ amount: result.prize ?? result.claim.bonus ?? '0.00', result });
      setPhase('done');
      void after(result);
    } catch (e) {
      showError(e);
      setPhase('ready');
    } finally {
      sending.current = false;
    }
  };

  const outcome = () => {
    if (phase === 'done' && got) {
      const title = got.result.replayed ? t('envelope.already', { amount: money(got.amount) }) : t('envelope.won', { amount: money(got.amount) });
      return <DrawWon headingRef={heading} title={title} turnover={got.result.claim.turnoverRequired} money={money} modal={PROMO_MODAL.envelope} />;
    }
    if (action.kind === 'deposit') return <DepositFirst text={t('action.deposit_to_open', { amount: money(action.amount) })} />;
    if (action.kind === 'status' && action.label === 'envelopes_gone') return <p className="pr-raffle__hint">{t('envelope.gone')}</p>;
    if (action.kind !== 'open' && phase === 'ready') {
      return <p className="pr-raffle__hint">{action.kind === 'status' && action.bonus ? t('status.opened_today_amount', { amount: money(action.bonus) }) : t('envelope.closed')}</p>;
    }
    return (
      <div className="pr-raffle__go">
        <p className="pr-raffle__hint">{t('envelope.hint')}</p>
        <button type="button" className="btn btn--gold pr-raffle__spin" aria-busy={phase === 'sending' || undefined} onClick={() => void open()} data-autofocus>
          {phase === 'sending' ? <span className="mc-spinner" aria-hidden="true" /> : <Icon name="gift" size={18} />}
          {phase === 'sending' ? t('envelope.opening') : t('envelope.open')}
        </button>
      </div>
    );
  };

  return (
    <div className={`pr-raffle pr-envelope-box pr-envelope-box--${phase}`}>
      <div className="pr-envelope-box__stage">
        <EnvelopeArt open={phase === 'done'} amount={got ? money(got.amount) : null} />
        {phase === 'done' && <span className="pr-raffle__burst" aria-hidden="true" />}
      </div>
      {left !== null && envelopeCount !== null && <p className="pr-envelope-box__left">{t('envelope.left', { count: left, total: envelopeCount })}</p>}
      {outcome()}
    </div>
  );
};
