import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toMinor } from '@apsara/contracts';
import { Icon } from '../../../components/ui/icons/icons';
import { closeModal } from '../../../components/ui/modal';
import { BONUS_PATH, DEPOSIT_PATH } from '../logic/action';

/**
 * What a draw of the day paid (a raffle's prize, a red envelope's share): the amount in words, where it
 * went and the bets it asks for, the bonus record and Done. The heading takes the focus once shown.
 */
export const DrawWon = ({ headingRef, title, turnover, money, modal }: { headingRef: RefObject<HTMLParagraphElement | null>; title: string; turnover: string; money: (v: string) => string; modal: string }) => {
  const { t } = useTranslation('promotions');
  return (
    <div className="pr-raffle__won" role="status">
      <p ref={headingRef} className="pr-raffle__won-title" tabIndex={-1}>
        {title}
      </p>
      <p className="pr-raffle__won-text">{toMinor(turnover) > 0n ? t('raffle.won_turnover', { turnover: money(turnover) }) : t('raffle.won_text')}</p>
      <div className="pr-done__actions">
        <Link to={BONUS_PATH} className="btn btn--ghost">
          <Icon name="receipt" size={16} />
          {t('result.to_bonus')}
        </Link>
        <button type="button" className="btn btn--gold" onClick={() => closeModal(modal)}>
          {t('result.close')}
        </button>
      </div>
    </div>
  );
};

/** The day's deposit still missing before a draw: what to deposit, and the way to the deposit page. */
export const DepositFirst = ({ text }: { text: string }) => {
  const { t } = useTranslation('promotions');
  return (
    <div className="pr-raffle__hint">
      <p>{text}</p>
      <Link to={DEPOSIT_PATH} className="btn btn--gold">
        <Icon name="deposit" size={16} />
        {t('action.deposit')}
      </Link>
    </div>
  );
};
