import { useTranslation } from 'react-i18next';
import type { DepositChannel } from '@apsara/contracts';
import { CopyButton } from '../common/copy-button';

/** The two steps of a bank transfer, then where to send it, each value with a copy button. */
export const BankDetails = ({ bank }: { bank: NonNullable<DepositChannel['bank']> }) => {
  const { t } = useTranslation('member');
  const rows = [
    { key: 'bankName', label: t('deposit.bank_name'), value: bank.bankName },
    { key: 'accountName', label: t('deposit.account_name'), value: bank.accountName },
    // Shown grouped as the bank prints it; copied as the digits a banking app's payee field takes.
    { key: 'accountNumber', label: t('deposit.account_number'), value: bank.accountNumber, copy: bank.accountNumber.replace(/[\s-]/g, ''), mono: true },
  ];
  return (
    <div className="mc-bank">
      <ol className="mc-bank__steps" aria-label={t('deposit.bank_steps_label')}>
        <li>{t('deposit.bank_step_transfer')}</li>
        <li>{t('deposit.bank_step_form')}</li>
      </ol>
      <dl className="mc-bank__list">
        {rows.map((r) => (
          <div key={r.key} className="mc-bank__row">
            <dt className="mc-bank__label">{r.label}</dt>
            <dd className={`mc-bank__value${r.mono ? ' num mc-bank__value--mono' : ''}`}>{r.value}</dd>
            <dd className="mc-bank__copy">
              <CopyButton value={r.copy ?? r.value} label={r.label} />
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
};
