import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toMinor } from '@apsara/contracts';
import { Icon } from '../../../components/ui/icons/icons';
import { closeModal, Modal, useModal } from '../../../components/ui/modal';
import { useLocalize } from '../../../i18n/use-localize';
import { formatAmount } from '../../../lib/format';
import { PROMO_MODAL, usePromoActions, type ResultProps } from '../hooks/promo-actions';
import { BONUS_PATH, DEPOSIT_PATH, promoAction } from '../logic/action';
import { ClaimStatus } from './claim-status';

/**
 * What became of a join, a claim or an application: the record's number and state, the bonus and its
 * turnover, and the next step (deposit, the bonus record, the claim hall). Takes the focus, as the
 * control that opened it may be gone (a card whose button changed).
 */
export const ResultModal = ({ onOpenRecords }: { onOpenRecords: () => void }) => {
  const { t } = useTranslation('promotions');
  const { props } = useModal<Partial<ResultProps>>(PROMO_MODAL.result);
  const title = props.step ? t(`result.${props.step}_title`) : t('result.title');
  return (
    <Modal name={PROMO_MODAL.result} title={title} size="sm" className="pr-modal">
      {props.step && props.result && <ResultBody step={props.step} result={props.result} onOpenRecords={onOpenRecords} />}
    </Modal>
  );
};

const ResultBody = ({ step, result, onOpenRecords }: ResultProps & { onOpenRecords: () => void }) => {
  const { t } = useTranslation('promotions');
  const localize = useLocalize();
  const { run, symbol } = usePromoActions();
  const text = useRef<HTMLParagraphElement>(null);
  useEffect(() => text.current?.focus(), []);
  const { claim, promotion } = result;
  const money = (v: string) => formatAmount(v, { symbol });
  const close = () => closeModal(PROMO_MODAL.result);
  const title = localize(promotion.title);
  const next = promoAction(promotion);

  const words = () => {
    if (step === 'apply') return t(result.replayed ? 'result.apply_replayed' : 'result.apply_text', { number: claim.number, title });
    if (step === 'claim') {
      const turnover = toMinor(claim.turnoverRequired) > 0n;
      return turnover ? t('result.claim_turnover', { turnover: money(claim.turnoverRequired) }) : t('result.claim_text');
    }
    if (next.kind === 'deposit') return t('result.join_deposit', { title, amount: money(next.amount) });
    if (next.kind === 'claim') return t('result.join_ready', { title });
    return t('result.join_text', { title });
  };

  const actions = () => {
    if (step === 'apply') {
      return (
        <button
          type="button"
          className="btn btn--gold"
          onClick={() => {
            close();
            onOpenRecords();
          }}
        >
          <Icon name="receipt" size={16} />
          {t('result.to_records')}
        </button>
      );
    }
    if (step === 'claim') {
      return (
        <Link to={BONUS_PATH} className="btn btn--gold">
          <Icon name="receipt" size={16} />
          {t('result.to_bonus')}
        </Link>
      );
    }
    if (next.kind === 'deposit') {
      return (
        <Link to={DEPOSIT_PATH} className="btn btn--gold">
          <Icon name="deposit" size={16} />
          {t('action.deposit')}
        </Link>
      );
    }
    if (next.kind === 'claim') {
      return (
        <button
          type="button"
          className="btn btn--gold"
          onClick={() => {
            close();
            run(promotion);
          }}
        >
          <Icon name="gift" size={16} />
          {t('action.claim')}
        </button>
      );
    }
    return null;
  };

  return (
    <div className="pr-done">
      <span className={`pr-done__icon pr-done__icon--${step}`} aria-hidden="true">
        <Icon name={step === 'apply' ? 'send' : step === 'claim' ? 'gift' : 'check'} size={32} />
      </span>
      {step === 'claim' && claim.bonus && <p className="pr-done__amount num">{money(claim.bonus)}</p>}
      <p ref={text} className="pr-done__text" role="status" tabIndex={-1}>
        {words()}
      </p>
      <dl className="pr-done__facts">
        <div>
          <dt>{t('records.col_number')}</dt>
          <dd className="num">{claim.number}</dd>
        </div>
        <div>
          <dt>{t('records.col_status')}</dt>
          <dd>
            <ClaimStatus status={claim.status} />
          </dd>
        </div>
      </dl>
      <div className="pr-done__actions">
        {actions()}
        <button type="button" className="btn btn--ghost" onClick={close}>
          {t('result.close')}
        </button>
      </div>
    </div>
  );
};
