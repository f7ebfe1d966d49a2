import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { BankCard, SecurityOverviewValue } from '@apsara/contracts';
import { Icon } from '../../../../components/ui/icons/icons';
import { closeModal, Modal, openModal, useModal } from '../../../../components/ui/modal';
import { isApiError } from '../../../../lib/api';
import { MEMBER_KEYS } from '../../../../lib/member-keys';
import { bindBankCard, unbindBankCard } from '../../api/security';
import { useRule } from '../../../../lib/use-problem-text';
import { useTimeZone } from '../../../../lib/use-time-zone';
import { validateAccountName, validateAccountNumber, validateBank } from '../../logic/forms';
import { formatDateTime } from '../../../../lib/format-time';
import { placeServerError } from '../../../../lib/server-errors';
import { PaymentPasswordField, SelectField, TextField } from '../../../../components/ui/member/fields';
import { FormError, FormSuccess } from '../../../../components/ui/member/form-error';
import { Panel } from '../../../../components/ui/member/panel';
import { EmptyState } from '../../../../components/ui/member/states';
import { validatePresent } from '../../../../lib/field-rules';

const REMOVE_MODAL = 'bankCardRemove';
const CARD_KEYS = [MEMBER_KEYS.security, MEMBER_KEYS.withdrawSettings];

/** Bound cards (masked), binding a new one in the member's real name, and removal with the payment password. */
export const BankCardsSection = ({ data }: { data: SecurityOverviewValue }) => {
  const { t } = useTranslation('member');
  const zone = useTimeZone();
  const [adding, setAdding] = useState(false);
  // What the last bind or removal did; it takes the focus, as the control that had it is gone.
  const [notice, setNotice] = useState<string | null>(null);
  const full = data.bankCards.length >= data.maxBankCards;
  const blocker = data.realName === null ? t('cards.need_real_name') : !data.hasPaymentPassword ? t('cards.need_payment_password') : full ? t('cards.full', { max: data.maxBankCards }) : null;

  useEffect(() => () => closeModal(REMOVE_MODAL), []);

  return (
    <Panel
      id="mc-cards"
      title={t('cards.title')}
      icon="card"
      aside={<span className="mc-count num">{t('cards.count', { count: data.bankCards.length, max: data.maxBankCards })}</span>}
      actions={
        !adding && (
          <button type="button" className="btn btn--gold btn--sm" disabled={blocker !== null} aria-expanded={adding} aria-controls="mc-card-form" onClick={() => {
              setNotice(null);
              setAdding(true);
            }}>
            <Icon name="plus" size={16} />
            {t('cards.add')}
          </button>
        )
      }
    >
      {blocker && !adding && <p className="mc-note mc-note--warn">{blocker}</p>}
      {data.bankCards.length === 0 && !adding ? (
        <EmptyState icon="card" title={t('cards.none')} text={t('cards.none_text')} compact />
      ) : (
        <ul className="mc-cards">
          {data.bankCards.map((card) => (
            <li key={card.id} className="mc-card">
              <span className="mc-card__chip" aria-hidden="true" />
              <span className="mc-card__bank">{card.bankName}</span>
              <span className="mc-card__number num">{card.accountNumberMasked}</span>
              <span className="mc-card__holder">{card.accountName}</span>
              <span className="mc-card__date">{t('cards.bound_at', { time: formatDateTime(card.createdAt, zone) })}</span>
              <button type="button" className="mc-card__remove" aria-label={t('cards.remove_named', { bank: card.bankName, number: card.accountNumberMasked })} onClick={() => {
                  setNotice(null);
                  openModal(REMOVE_MODAL, { card, onRemoved: () => setNotice(t('cards.removed_notice')) });
                }}>
                <Icon name="trash" size={16} />
                <span>{t('cards.remove')}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {adding && data.realName !== null && (
        <div id="mc-card-form" className="mc-card-form">
          <BindCardForm
            realName={data.realName}
            banks={data.banks}
            onDone={(bound) => {
              setAdding(false);
              if (bound) setNotice(t('cards.bound_notice'));
            }}
          />
        </div>
      )}
      <FormSuccess message={notice} takeFocus />
      <RemoveCardModal />
    </Panel>
  );
};

type BindValues = { bankName: string; accountName: string; accountNumber: string; paymentPassword: string };

const BindCardForm = ({ realName, banks, onDone }: { realName: string; banks: string[]; onDone: (bound: boolean) => void }) => {
  const { t } = useTranslation('member');
  const rule = useRule();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<BindValues>({ defaultValues: { bankName: '', accountName: realName, accountNumber: '', paymentPassword: '' } });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (v) => {
    setFormError(null);
    try {
      await bindBankCard({ bankName: v.bankName.trim(), accountName: v.accountName.trim(), accountNumber: v.accountNumber.trim(), paymentPassword: v.paymentPassword });
      await Promise.all(CARD_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      onDone(true);
    } catch (e) {
      if (!isApiError(e)) throw e;
      const placed = placeServerError(e, ['bankName', 'accountName', 'accountNumber', 'paymentPassword']);
      (['bankName', 'accountName', 'accountNumber', 'paymentPassword'] as const).forEach((f) => placed.fields[f] && setError(f, { type: 'server', message: placed.fields[f] }));
      setFormError(placed.form);
    }
  });

  return (
    <form className="mc-form" onSubmit={onSubmit} noValidate aria-busy={isSubmitting}>
      <h3 className="mc-subtitle">{t('cards.add_title')}</h3>
      <div className="mc-grid-2">
        {banks.length > 0 ? (
          <SelectField label={t('cards.bank')} icon="card" error={errors.bankName?.message} {...register('bankName', { validate: rule((v: string) => validateBank(v, banks)) })}>
            <option value="">{t('cards.bank_choose')}</option>
            {banks.map((b) => (
              <option key={b} value={b}>
                {b}
              </option>
            ))}
          </SelectField>
        ) : (
          <TextField label={t('cards.bank')} icon="card" maxLength={64} error={errors.bankName?.message} {...register('bankName', { validate: rule((v: string) => validateBank(v, banks)) })} />
        )}
        <TextField
          label={t('cards.holder')}
          icon="idCard"
          readOnly
          hint={t('cards.holder_hint')}
          error={errors.accountName?.message}
          {...register('accountName', { validate: rule((v: string) => validateAccountName(v, realName)) })}
        />
        <TextField
          label={t('cards.number')}
          icon="card"
          inputMode="numeric"
          autoComplete="off"
          maxLength={40}
          placeholder={t('cards.number_placeholder')}
          error={errors.accountNumber?.message}
          {...register('accountNumber', { validate: rule(validateAccountNumber) })}
        />
        <PaymentPasswordField
          label={t('withdraw.payment_password')}
          placeholder={t('security.pp_placeholder')}
          error={errors.paymentPassword?.message}
          {...register('paymentPassword', { validate: rule(validatePresent) })}
        />
      </div>
      <FormError message={formError} />
      <div className="mc-form__actions">
        <button type="button" className="btn btn--ghost" onClick={() => onDone(false)} disabled={isSubmitting}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="btn btn--gold" disabled={isSubmitting}>
          {isSubmitting && <span className="mc-spinner" aria-hidden="true" />}
          {t('cards.bind')}
        </button>
      </div>
    </form>
  );
};

const RemoveCardModal = () => {
  const { t } = useTranslation('member');
  const { props } = useModal<{ card?: BankCard; onRemoved?: () => void }>(REMOVE_MODAL);
  return (
    <Modal name={REMOVE_MODAL} title={t('cards.remove_title')} size="sm" className="mc-modal">
      {props.card && <RemoveCardForm key={props.card.id} card={props.card} onRemoved={props.onRemoved} />}
    </Modal>
  );
};

const RemoveCardForm = ({ card, onRemoved }: { card: BankCard; onRemoved?: () => void }) => {
  const { t } = useTranslation('member');
  const rule = useRule();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<{ paymentPassword: string }>({ defaultValues: { paymentPassword: '' } });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async ({ paymentPassword }) => {
    setFormError(null);
    try {
      await unbindBankCard(card.id, { paymentPassword });
      await Promise.all(CARD_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      onRemoved?.();
      closeModal(REMOVE_MODAL);
    } catch (e) {
      if (!isApiError(e)) throw e;
      const placed = placeServerError(e, ['paymentPassword']);
      if (placed.fields.paymentPassword) setError('paymentPassword', { type: 'server', message: placed.fields.paymentPassword });
      setFormError(placed.form);
    }
  });

  return (
    <form className="mc-form" onSubmit={onSubmit} noValidate aria-busy={isSubmitting}>
      <p className="mc-note">
        {t('cards.remove_text', { bank: card.bankName })} <span className="num">{card.accountNumberMasked}</span>
      </p>
      <PaymentPasswordField
        label={t('withdraw.payment_password')}
        placeholder={t('security.pp_placeholder')}
        error={errors.paymentPassword?.message}
        {...register('paymentPassword', { validate: rule(validatePresent) })}
      />
      <FormError message={formError} />
      <div className="mc-modal__actions">
        <button type="button" className="btn btn--ghost" onClick={() => closeModal(REMOVE_MODAL)} disabled={isSubmitting}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="btn btn--gold mc-btn-danger" disabled={isSubmitting}>
          {isSubmitting && <span className="mc-spinner" aria-hidden="true" />}
          {t('cards.remove_confirm')}
        </button>
      </div>
    </form>
  );
};
