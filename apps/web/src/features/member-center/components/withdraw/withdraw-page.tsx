import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toMinor } from '@apsara/contracts';
import { Icon } from '../../../../components/ui/icons/icons';
import { formatAmount } from '../../../../lib/format';
import { useBonusRecords } from '../../api/bonus';
import { useWithdrawSettings } from '../../api/withdrawal';
import { bpsAsPercent } from '../../logic/money';
import { isTrialError } from '../../../../lib/server-errors';
import { Panel } from '../../../../components/ui/member/panel';
import { ErrorState, LoadingState, SetupNeeded, TrialBlocked } from '../../../../components/ui/member/states';
import { WithdrawForm } from './withdraw-form';
import { WithdrawalList } from './withdrawal-list';

/** withdraw: balance, limits and fee, the form (card, amount, payment password), and "my withdrawals". */
export const WithdrawPage = () => {
  const { t } = useTranslation('member');
  const settings = useWithdrawSettings();
  // A promotion bonus still being wagered blocks withdrawals: said before the member fills the form.
  const bonus = useBonusRecords({ page: 1 });
  const owed = bonus.data && toMinor(bonus.data.turnoverPending) > 0n ? bonus.data.turnoverPending : null;

  if (isTrialError(settings.error)) return <TrialBlocked />;
  if (settings.isPending) {
    return (
      <Panel title={t('withdraw.form_title')} icon="withdraw">
        <LoadingState rows={4} />
      </Panel>
    );
  }
  if (settings.isError) {
    return (
      <Panel title={t('withdraw.form_title')} icon="withdraw">
        <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
      </Panel>
    );
  }

  const s = settings.data;
  const symbol = s.currencySymbol;
  const missing = [
    { key: 'real_name', ok: s.realName !== null },
    { key: 'payment_password', ok: s.hasPaymentPassword },
    { key: 'bank_card', ok: s.bankCards.length > 0 },
  ];
  const ready = missing.every((m) => m.ok);
  const fee =
    toMinor(s.feeFixed) === 0n && s.feeBps === 0
      ? t('withdraw.fee_none')
      : toMinor(s.feeFixed) === 0n
        ? t('withdraw.fee_percent', { percent: bpsAsPercent(s.feeBps) })
        : s.feeBps === 0
          ? t('withdraw.fee_fixed', { fixed: formatAmount(s.feeFixed, { symbol }) })
          : t('withdraw.fee_both', { fixed: formatAmount(s.feeFixed, { symbol }), percent: bpsAsPercent(s.feeBps) });

  return (
    <div className="mc-stack">
      <div className="mc-stats">
        <div className="mc-stat mc-stat--gold">
          <span className="mc-stat__label">{t('withdraw.available')}</span>
          <strong className="mc-stat__value num">{formatAmount(s.available, { symbol })}</strong>
        </div>
        <div className="mc-stat">
          <span className="mc-stat__label">{t('withdraw.limits_label')}</span>
          <strong className="mc-stat__value mc-stat__value--sm num">
            {formatAmount(s.min, { symbol })} – {formatAmount(s.max, { symbol })}
          </strong>
        </div>
        <div className="mc-stat">
          <span className="mc-stat__label">{t('withdraw.fee_label')}</span>
          <strong className="mc-stat__value mc-stat__value--sm">{fee}</strong>
        </div>
      </div>

      <Panel id="mc-withdraw-form" title={t('withdraw.form_title')} icon="withdraw">
        {owed && (
          <div className="mc-callout mc-turnover-note" role="note">
            <p>{t('bonus.pending_text', { amount: formatAmount(owed, { symbol }) })}</p>
            <Link to="/member/bonusDetails" className="mc-link-row">
              {t('withdraw.turnover_link')}
              <Icon name="chevronRight" size={14} />
            </Link>
          </div>
        )}
        {ready ? (
          <WithdrawForm settings={s} />
        ) : (
          <>
            <SetupNeeded title={t('withdraw.setup_title')} text={t('withdraw.setup_text')} />
            <ul className="mc-checklist" aria-label={t('withdraw.setup_title')}>
              {missing.map((m) => (
                <li key={m.key} className={`mc-checklist__item${m.ok ? ' is-done' : ''}`}>
                  <Icon name={m.ok ? 'check' : 'close'} size={16} />
                  <span>{t(`withdraw.need_${m.key}`)}</span>
                  <span className="visually-hidden">{m.ok ? t('common.done') : t('common.missing')}</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </Panel>

      <WithdrawalList symbol={symbol} confirmMinutes={s.confirmMinutes} />
    </div>
  );
};
