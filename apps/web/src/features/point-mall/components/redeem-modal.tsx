import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toMinor, type PointBalanceValue, type PointGoods, type PointOrderResultValue } from '@apsara/contracts';
import { Icon } from '../../../components/ui/icons/icons';
import { PaymentPasswordField, TextAreaField, TextField } from '../../../components/ui/member/fields';
import { FormActions } from '../../../components/ui/member/form-error';
import { SetupNeeded } from '../../../components/ui/member/states';
import { closeModal, Modal, useModal } from '../../../components/ui/modal';
import { useLocalize } from '../../../i18n/use-localize';
import { validatePresent } from '../../../lib/field-rules';
import { formatAmount, formatWhole } from '../../../lib/format';
import type { KeyKeeper } from '../../../lib/idempotency';
import { useRule } from '../../../lib/use-problem-text';
import { redeemGoods } from '../api/points';
import { useOrderSubmit } from '../hooks/use-order-submit';
import { clampQuantity, redeemMost, redeemTotals, validateAddress, validateQuantity } from '../logic/redeem';
import { GoodsPrice, useRedeemBlock } from './goods-card';
import { GoodsArt } from './goods-art';
import { OrderStatus } from './order-status';

export const REDEEM_MODAL = 'point-redeem';

type Props = {
  /** The goods on sale: the popup reads the one it was opened for, as fresh as the list is. */
  goods: readonly PointGoods[];
  balance: PointBalanceValue | undefined;
  symbol: string;
  keys: KeyKeeper;
  onOpenRecords: () => void;
};

/**
 * The redeem popup (a bottom sheet on phones): quantity, totals, the delivery address for physical
 * goods, the payment password; then the record number, waiting for the site's review. The key keeper
 * outlives the popup (the page keeps it), so sending the same redemption again after no answer reuses its key.
 */
export const RedeemModal = ({ goods, balance, symbol, keys, onOpenRecords }: Props) => {
  const { t } = useTranslation('points');
  const localize = useLocalize();
  const { props } = useModal<{ goodsId?: string; opened?: number }>(REDEEM_MODAL);
  const item = goods.find((g) => g.id === props.goodsId);
  const title = item ? t('redeem.title', { name: localize(item.name) }) : t('redeem.title_plain');
  const close = () => closeModal(REDEEM_MODAL);

  const body = () => {
    if (!item) return <p className="pm-note">{t('redeem.gone')}</p>;
    if (!balance) return null;
    if (!balance.hasPaymentPassword) return <SetupNeeded title={t('redeem.setup_title')} text={t('redeem.setup_text')} />;
    return (
      <RedeemSteps
        key={`${item.id}-${props.opened ?? 0}`}
        goods={item}
        balance={balance}
        symbol={symbol}
        keys={keys}
        onClose={close}
        onOpenRecords={() => {
          close();
          onOpenRecords();
        }}
      />
    );
  };

  return (
    <Modal name={REDEEM_MODAL} title={title} size="md" className="pm-modal">
      {body()}
    </Modal>
  );
};

type StepsProps = { goods: PointGoods; balance: PointBalanceValue; symbol: string; keys: KeyKeeper; onClose: () => void; onOpenRecords: () => void };

/** The form, then (once sent) what became of it. */
const RedeemSteps = ({ onClose, onOpenRecords, ...form }: StepsProps) => {
  const [done, setDone] = useState<PointOrderResultValue | null>(null);
  return done ? <RedeemDone result={done} onClose={onClose} onOpenRecords={onOpenRecords} /> : <RedeemForm {...form} onDone={setDone} />;
};

type Values = { quantity: string; address: string; paymentPassword: string };

const RedeemForm = ({ goods, balance, symbol, keys, onDone }: Omit<StepsProps, 'onClose' | 'onOpenRecords'> & { onDone: (result: PointOrderResultValue) => void }) => {
  const { t } = useTranslation('points');
  const localize = useLocalize();
  const rule = useRule(symbol);
  const physical = goods.kind === 'physical';
  const { most, stop } = redeemMost(goods, balance);
  const blocked = useRedeemBlock(goods, balance, symbol);
  const { register, handleSubmit, formState, setError, setValue, watch } = useForm<Values>({ defaultValues: { quantity: '1', address: '', paymentPassword: '' } });
  const { errors, isSubmitting } = formState;
  const shown = physical ? (['quantity', 'address', 'paymentPassword'] as const) : (['quantity', 'paymentPassword'] as const);
  const { submit, formError } = useOrderSubmit<Values>(keys, shown, setError);

  const typed = Number(watch('quantity'));
  const quantity = validateQuantity(typed, most) ? null : typed;
  const totals = quantity === null ? null : redeemTotals(goods, quantity);
  // From what is typed, even out of range (50 with 3 the most: one less is 3; an empty box: one more is 1).
  const step = (by: number) => setValue('quantity', String(clampQuantity((typed > 0 ? typed : 0) + by, most)), { shouldValidate: true });
  const hasCash = toMinor(goods.amount) > 0n;

  const onSubmit = handleSubmit(async (values) => {
    const fields = { goodsId: goods.id, quantity: Number(values.quantity), ...(physical ? { address: values.address.trim() } : {}) };
    const result = await submit(fields, (idempotencyKey) => redeemGoods({ ...fields, paymentPassword: values.paymentPassword, idempotencyKey }));
    if (result) onDone(result);
  });

  const summary = (
    <div className="pm-redeem__item">
      <GoodsArt art={goods.art} className="pm-redeem__art" />
      <div className="pm-redeem__about">
        <p className="pm-redeem__name">{localize(goods.name)}</p>
        <p className="pm-redeem__each">
          <span>{t('redeem.unit_price')}</span>
          <GoodsPrice goods={goods} symbol={symbol} />
        </p>
        <p className="pm-redeem__kind">{t(`goods.kind_${goods.kind}`)}</p>
      </div>
    </div>
  );

  // Nothing can be taken now (the stock ran out or the points went while the popup was open).
  if (blocked) {
    return (
      <div className="pm-redeem">
        {summary}
        <p className="pm-note pm-note--warn" role="alert">
          <Icon name="info" size={16} />
          {blocked}
        </p>
      </div>
    );
  }

  return (
    <div className="pm-redeem">
      {summary}
      <form className="mc-form" onSubmit={onSubmit} noValidate aria-busy={isSubmitting}>
        <TextField
          label={t('redeem.quantity')}
          inputMode="numeric"
          autoComplete="off"
          className="pm-qty"
          error={errors.quantity?.message}
          hint={t(`redeem.most_${stop}`, { count: most })}
          adornment={
            <span className="pm-stepper">
              <button type="button" className="pm-stepper__btn" aria-label={t('redeem.decrease')} disabled={!(typed > 1)} onClick={() => step(-1)}>
                <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                  <path d="M5 12h14" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
                </svg>
              </button>
              <button type="button" className="pm-stepper__btn" aria-label={t('redeem.increase')} disabled={typed >= most} onClick={() => step(1)}>
                <Icon name="plus" size={18} />
              </button>
            </span>
          }
          {...register('quantity', {
            validate: rule((v: string) => validateQuantity(Number(v), most)),
            // Digits only: a quantity is a whole number, and letters would only meet an error later.
            onChange: (e: { target: HTMLInputElement }) => {
              const digits = e.target.value.replace(/\D/g, '').slice(0, 3);
              if (digits !== e.target.value) setValue('quantity', digits, { shouldValidate: true });
            },
          })}
        />

        <dl className="pm-totals" aria-live="polite">
          <div className="pm-totals__row pm-totals__row--main">
            <dt>{t('redeem.total_points')}</dt>
            <dd className="num">{totals ? formatWhole(totals.points) : '—'}</dd>
          </div>
          {hasCash && (
            <div className="pm-totals__row">
              <dt>{t('redeem.total_cash')}</dt>
              <dd className="num">{totals ? formatAmount(totals.amount, { symbol }) : '—'}</dd>
            </div>
          )}
          <div className="pm-totals__row">
            <dt>{t('redeem.points_after')}</dt>
            <dd className="num">{totals ? formatWhole(balance.points - totals.points) : '—'}</dd>
          </div>
        </dl>

        {physical ? (
          <TextAreaField
            label={t('redeem.address')}
            placeholder={t('redeem.address_placeholder')}
            autoComplete="street-address"
            maxLength={200}
            error={errors.address?.message}
            hint={t('redeem.address_hint', { min: 5, max: 200 })}
            {...register('address', { validate: rule(validateAddress) })}
          />
        ) : (
          <p className="pm-note pm-note--info">
            <Icon name="info" size={16} />
            {t('redeem.virtual_note')}
          </p>
        )}

        <PaymentPasswordField
          label={t('redeem.payment_password')}
          placeholder={t('redeem.payment_password_placeholder')}
          error={errors.paymentPassword?.message}
          {...register('paymentPassword', { validate: rule(validatePresent) })}
        />
        <p className="pm-note">{hasCash ? t('redeem.held_note_cash') : t('redeem.held_note')}</p>
        <FormActions error={formError} busy={isSubmitting} block label={isSubmitting ? t('redeem.submitting') : t('redeem.submit')} />
      </form>
    </div>
  );
};

/** Sent: the record's number, waiting for review, and where to follow it. Takes the focus (the form it replaces had it). */
const RedeemDone = ({ result, onClose, onOpenRecords }: { result: PointOrderResultValue; onClose: () => void; onOpenRecords: () => void }) => {
  const { t } = useTranslation('points');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const { order } = result;
  return (
    <div className="pm-done">
      <span className="pm-done__icon" aria-hidden="true">
        <Icon name="check" size={34} />
      </span>
      <h3 ref={heading} className="pm-done__title" tabIndex={-1}>
        {t('redeem.done_title')}
      </h3>
      <p className="pm-done__text" role="status">
        {result.replayed ? t('redeem.done_replayed', { number: order.number }) : t('redeem.done_text', { number: order.number })}
      </p>
      <dl className="pm-done__facts">
        <div>
          <dt>{t('records.col_number')}</dt>
          <dd className="num">{order.number}</dd>
        </div>
        <div>
          <dt>{t('records.col_status')}</dt>
          <dd>
            <OrderStatus status={order.status} />
          </dd>
        </div>
        <div>
          <dt>{t('redeem.points_after')}</dt>
          <dd className="num">{formatWhole(result.points)}</dd>
        </div>
      </dl>
      <div className="pm-done__actions">
        <button type="button" className="btn btn--gold" onClick={onOpenRecords}>
          <Icon name="receipt" size={16} />
          {t('redeem.view_records')}
        </button>
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          {t('redeem.close')}
        </button>
      </div>
    </div>
  );
};
