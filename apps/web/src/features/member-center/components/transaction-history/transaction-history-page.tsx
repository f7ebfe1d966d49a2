import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TRANSACTION_FILTER_KEYS, toMinor, type TransactionFilter as TypeChoice } from '@apsara/contracts';
import { formatAmount } from '../../../../lib/format';
import { useMemberProfile } from '../../api/member-info';
import { useTransactions, type TransactionFilter } from '../../api/wallet';
import { useTimeZone } from '../../../../lib/use-time-zone';
import { gmtLabel, quickPickRange, rangeProblem, rangeRefused, rangeToQuery, type DayRange } from '../../../../lib/date-range';
import { formatDateTime } from '../../../../lib/format-time';
import { movementText, movementTitle } from '../../logic/movement-detail';
import { MAIN } from '../../logic/wallet-pair';
import { SelectField } from '../../../../components/ui/member/fields';
import { Panel } from '../../../../components/ui/member/panel';
import { RecordTable } from '../../../../components/ui/member/record-table';
import { EmptyState } from '../../../../components/ui/member/states';
import { DateRangePicker } from './date-range-picker';

/** What the five columns need (measured in EN, KM and CN); narrower, each movement is a card. */
const HISTORY_TABLE_PX = 600;

/**
 * Keeps short references such as "DICE-19" or "TW7-bf6dc…f273" on one line (the text breaks between
 * words); a longer one (a raw ledger reference) may still wrap anywhere rather than overflow.
 */
const keepIdsWhole = (text: string) =>
  text.split(/(\S*[-…]\S*)/).map((part, i) => (i % 2 === 1 && part.length <= 24 ? <span key={i} className="mc-nowrap">{part}</span> : part));

/** transactionHistory (the account record): every money movement by type and day range, 20 a page. */
export const TransactionHistoryPage = () => {
  const { t } = useTranslation('member');
  const zone = useTimeZone();
  const symbol = useMemberProfile().data?.currencySymbol ?? '';
  const [type, setType] = useState<TypeChoice | ''>('');
  const [range, setRange] = useState<DayRange>(() => quickPickRange('last7', zone));
  // The last valid range: a half-typed date keeps showing the previous results.
  const [applied, setApplied] = useState<DayRange>(range);
  const [page, setPage] = useState(1);
  const filter: TransactionFilter = { type: type || undefined, ...rangeToQuery(applied, zone), page };
  const list = useTransactions(filter);

  const changeRange = (next: DayRange) => {
    setRange(next);
    if (!rangeProblem(next)) {
      setApplied(next);
      setPage(1);
    }
  };

  return (
    <Panel id="mc-history" title={t('history.title')} icon="history">
      <div className="mc-toolbar">
        <SelectField
          label={t('history.type')}
          className="mc-toolbar__type"
          value={type}
          onChange={(e) => {
            setType(e.target.value as TypeChoice | '');
            setPage(1);
          }}
        >
          <option value="">{t('history.all_types')}</option>
          {TRANSACTION_FILTER_KEYS.map((ty) => (
            <option key={ty} value={ty}>
              {t(`txType.${ty}`)}
            </option>
          ))}
        </SelectField>
        <DateRangePicker value={range} onChange={changeRange} timeZone={zone} idBase="mc-history" />
      </div>

      {rangeRefused(range) ? null : (
      <RecordTable
        list={list}
        caption={t('history.title')}
        className="mc-table--history"
        cardsBelow={HISTORY_TABLE_PX}
        head={
          <>
            <th scope="col">{t('table.time', { zone: gmtLabel(zone) })}</th>
            <th scope="col">{t('table.type_wallet')}</th>
            <th scope="col" className="mc-num">
              {t('table.amount')}
            </th>
            <th scope="col" className="mc-num">
              {t('table.balance_after')}
            </th>
            <th scope="col">{t('table.detail')}</th>
          </>
        }
        row={(item) => {
          const minor = toMinor(item.amount);
          const sign = minor > 0n ? '+' : '';
          return (
            <tr key={`${item.transactionId}-${item.wallet}`}>
              <td data-label={t('table.time_short')} className="num">
                {formatDateTime(item.createdAt, zone, true)}
              </td>
              {/* The wallet the line moved, under what the movement was (one column less beside both menus). */}
              <td data-label={t('table.type_wallet')}>
                {t(`txType.${item.type}`, { defaultValue: item.type })}{' '}
                <span className="mc-sub mc-nowrap">{item.wallet === MAIN ? t('transfer.main_wallet') : item.wallet}</span>
              </td>
              <td data-label={t('table.amount')} className={`mc-num num mc-amount ${minor > 0n ? 'mc-amount--in' : minor < 0n ? 'mc-amount--out' : ''}`}>
                {sign}
                {formatAmount(item.amount, { symbol })}
              </td>
              <td data-label={t('table.balance_after')} className="mc-num num">
                {formatAmount(item.balanceAfter, { symbol })}
              </td>
              {/* A shortened vendor number is whole on hover, for a conversation with support. */}
              <td data-label={t('table.detail')} className="mc-ref" title={movementTitle(item.detail)}>
                {keepIdsWhole(movementText(item.detail, item.reference, t))}
              </td>
            </tr>
          );
        }}
        empty={<EmptyState icon="history" title={t('history.none')} text={t('history.none_text')} compact />}
        page={page}
        onPage={setPage}
        pagesLabel={t('history.pages')}
        loadingRows={5}
      />
      )}
    </Panel>
  );
};
