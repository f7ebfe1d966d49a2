import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DepositChannel } from '@apsara/contracts';
import { formatAmount } from '../../../../lib/format';
import { useDepositChannels } from '../../api/deposit';
import { useMemberProfile } from '../../api/member-info';
import { isTrialError } from '../../../../lib/server-errors';
import { EmptyState, ErrorState, LoadingState, TrialBlocked } from '../../../../components/ui/member/states';
import { Panel } from '../../../../components/ui/member/panel';
import { BankDepositForm } from './bank-deposit-form';
import { DepositList } from './deposit-list';
import { OnlineDepositForm } from './online-deposit-form';
import { OrderStatus } from './order-status';
import { useLocalize } from '../../../../i18n/use-localize';

/** depositv2: pick a channel, pay by bank transfer (with receipt) or online, and follow "my deposits". */
export const DepositPage = () => {
  const { t } = useTranslation('member');
  const channels = useDepositChannels();
  const profile = useMemberProfile();
  const [chosenId, setChosenId] = useState<string | null>(null);
  // The returning order's channel, unless the member has picked one already.
  const keepChannel = useCallback((id: string) => setChosenId((current) => current ?? id), []);

  if (isTrialError(channels.error)) return <TrialBlocked />;

  const list = channels.data?.channels ?? [];
  const chosen = list.find((c) => c.id === chosenId) ?? list[0];
  // The member's currency is also in their profile: amounts keep their symbol when the channels cannot be read.
  const symbol = channels.data?.currencySymbol ?? profile.data?.currencySymbol ?? '';

  return (
    <div className="mc-stack">
      <OrderStatus channels={list} symbol={symbol} onChannel={keepChannel} />
      <Panel id="mc-deposit-channels" title={t('deposit.channels_title')} icon="wallet">
        {channels.isPending ? (
          <LoadingState rows={2} />
        ) : channels.isError ? (
          <ErrorState error={channels.error} onRetry={() => void channels.refetch()} compact />
        ) : list.length === 0 ? (
          <EmptyState icon="wallet" title={t('deposit.no_channels')} text={t('deposit.no_channels_text')} compact />
        ) : (
          <ChannelPicker channels={list} chosen={chosen} symbol={symbol} onChoose={setChosenId} />
        )}
      </Panel>

      {chosen && (
        <Panel id="mc-deposit-form" title={chosen.type === 'BANK_TRANSFER' ? t('deposit.bank_title') : t('deposit.online_title')} icon={chosen.type === 'BANK_TRANSFER' ? 'card' : 'bolt'}>
          {chosen.type === 'BANK_TRANSFER' ? <BankDepositForm key={chosen.id} channel={chosen} symbol={symbol} /> : <OnlineDepositForm key={chosen.id} channel={chosen} symbol={symbol} />}
        </Panel>
      )}

      <DepositList channels={list} symbol={symbol} />
    </div>
  );
};

const ChannelPicker = ({ channels, chosen, symbol, onChoose }: { channels: DepositChannel[]; chosen: DepositChannel | undefined; symbol: string; onChoose: (id: string) => void }) => {
  const { t } = useTranslation('member');
  const localized = useLocalize();
  return (
    <fieldset className="mc-choices">
      <legend className="visually-hidden">{t('deposit.channels_title')}</legend>
      {channels.map((c) => (
        <label key={c.id} className={`mc-choice${chosen?.id === c.id ? ' is-checked' : ''}`}>
          <input type="radio" name="deposit-channel" className="mc-choice__input" value={c.id} checked={chosen?.id === c.id} onChange={() => onChoose(c.id)} />
          <span className="mc-choice__mark" aria-hidden="true" />
          <span className="mc-choice__body">
            <span className="mc-choice__title">{localized(c.name)}</span>
            <span className="mc-choice__meta">
              <span className={`mc-tag mc-tag--${c.type === 'ONLINE' ? 'online' : 'bank'}`}>{t(`deposit.type_${c.type}`)}</span>
              <span className="num">
                {t('deposit.limits', { min: formatAmount(c.min, { symbol }), max: formatAmount(c.max, { symbol }) })}
              </span>
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
};
