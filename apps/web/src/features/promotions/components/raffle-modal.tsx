import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Promotion, PromotionActionValue } from '@apsara/contracts';
import { Icon } from '../../../components/ui/icons/icons';
import { Modal, useModal } from '../../../components/ui/modal';
import { useLocalize } from '../../../i18n/use-localize';
import { formatAmount } from '../../../lib/format';
import { sendWithKey } from '../../../lib/idempotency';
import { useReducedMotion } from '../../../lib/use-reduced-motion';
import { claimRaffle, useAfterAction } from '../api/promotions';
import { PROMO_MODAL, usePromoActions } from '../hooks/promo-actions';
import { promoAction } from '../logic/action';
import { DepositFirst, DrawWon } from './draw-outcome';
import { segmentOf, stopAngle, wheelSegments } from '../logic/wheel';
import { PrizeWheel, SPIN_MS } from './prize-wheel';

/**
 * The raffle popup (spec §7 MCS2_claimRafflePromotion): the prize wheel, and a Spin button while the
 * day's spin is open. The server draws the prize; the wheel turns to it and then says it in words
 * (at once, without turning, for members who asked for less motion). The prize lands in the main
 * wallet, and the header follows by the live balance stream.
 */
export const RaffleModal = ({ items }: { items: readonly Promotion[] | undefined }) => {
  const { t } = useTranslation('promotions');
  const localize = useLocalize();
  const { props } = useModal<{ id?: string; opened?: number }>(PROMO_MODAL.raffle);
  const promotion = items?.find((p) => p.id === props.id);
  return (
    <Modal name={PROMO_MODAL.raffle} title={promotion ? localize(promotion.title) : t('raffle.title_plain')} size="md" className="pr-modal pr-raffle-modal">
      {promotion ? <RaffleBody key={`${promotion.id}-${props.opened ?? 0}`} promotion={promotion} /> : <p className="pr-note">{t('apply.gone')}</p>}
    </Modal>
  );
};

type Phase = 'ready' | 'sending' | 'spinning' | 'done';

const RaffleBody = ({ promotion }: { promotion: Promotion }) => {
  const { t } = useTranslation('promotions');
  const { raffleKeys, showError, symbol } = usePromoActions();
  const after = useAfterAction();
  const still = useReducedMotion();
  const segments = wheelSegments(promotion.terms.prizes ?? []);
  const [angle, setAngle] = useState(0);
  const [phase, setPhase] = useState<Phase>('ready');
  const [won, setWon] = useState<{ prize: string; index: number; result: PromotionActionValue } | null>(null);
  const sending = useRef(false);
  const heading = useRef<HTMLParagraphElement>(null);
  // Before a spin, what the card would offer: the spin, or why not (the day's deposit, today's prize taken).
  const action = promoAction(promotion);
  const money = (v: string) => formatAmount(v, { symbol });

  const land = () => {
    if (!won) return;
    setPhase('done');
    // The list (and the header, by the balance stream) take the prize once the wheel shows it.
    void after(won.result);
  };

  // A transitionend that never comes (the tab hidden mid-turn) must not leave the wheel spinning forever.
  useEffect(() => {
    if (phase !== 'spinning') return;
    const timer = setTimeout(land, SPIN_MS + 600);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per spin: `land` reads the prize of this one
  }, [phase, won]);

  useEffect(() => {
    if (phase === 'done') heading.current?.focus();
  }, [phase]);

  const spin = async () => {
    if (sending.current || phase !== 'ready') return;
    sending.current = true;
    setPhase('sending');
    try {
      const result = await sendWithKey(raffleKeys, { promotionId: promotion.id }, (idempotencyKey) => claimRaffle({ promotionId: promotion.id, idempotencyKey }));
      const prize = result.prize ?? result.claim.bonus ?? '0.00';
      const index = segmentOf(segments, prize);
      setWon({ prize, index, result });
      setAngle((from) => stopAngle(index, segments.length, from, still ? 0 : 5));
      if (still) {
        setPhase('done');
        void after(result);
      } else setPhase('spinning');
    } catch (e) {
      showError(e);
      setPhase('ready');
    } finally {
      sending.current = false;
    }
  };

  const outcome = () => {
    if (phase === 'done' && won) {
      const title = won.result.replayed ? t('raffle.already', { amount: money(won.prize) }) : t('raffle.won', { amount: money(won.prize) });
      return <DrawWon headingRef={heading} title={title} turnover={won.result.claim.turnoverRequired} money={money} modal={PROMO_MODAL.raffle} />;
    }
    if (phase === 'spinning') return <p className="pr-raffle__hint" role="status">{t('raffle.spinning')}</p>;
    if (action.kind === 'deposit') return <DepositFirst text={t('action.deposit_to_spin', { amount: money(action.amount) })} />;
    if (action.kind !== 'spin' && phase === 'ready') {
      return <p className="pr-raffle__hint">{action.kind === 'status' && action.bonus ? t('status.claimed_today_amount', { amount: money(action.bonus) }) : t('raffle.closed')}</p>;
    }
    return (
      <div className="pr-raffle__go">
        <p className="pr-raffle__hint">{t('raffle.hint')}</p>
        <button type="button" className="btn btn--gold pr-raffle__spin" aria-busy={phase === 'sending' || undefined} onClick={() => void spin()} data-autofocus>
          {phase === 'sending' ? <span className="mc-spinner" aria-hidden="true" /> : <Icon name="star" size={18} />}
          {phase === 'sending' ? t('raffle.drawing') : t('raffle.spin')}
        </button>
      </div>
    );
  };

  return (
    <div className={`pr-raffle pr-raffle--${phase}`}>
      <div className="pr-raffle__stage">
        <PrizeWheel segments={segments} angle={angle} landed={phase === 'done' && won ? won.index : null} still={still} symbol={symbol} onStopped={land} />
        {phase === 'done' && <span className="pr-raffle__burst" aria-hidden="true" />}
      </div>
      {outcome()}
    </div>
  );
};
