import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { TRANSACTION_FILTER_KEYS, type TeamTransItem, type TransactionFilter } from '@apsara/contracts';
import { gmtLabel } from '../../../../lib/date-range';
import { formatAmount } from '../../../../lib/format';
import { formatDateTime } from '../../../../lib/format-time';
import { useTimeZone } from '../../../../lib/use-time-zone';
import { useCurrencySymbol } from '../../api/agent';
import { useTeamTransactions } from '../../api/team';
import { MAIN_WALLET, movementText, movementTitle, toneOf } from '../../logic/figures';
import { usernameErrorOf, usernameFromSearch, usernameProblem, withUsername } from '../../logic/team-filters';
import { DataTable } from '../common/data-table';
import { AgSelect } from '../common/fields';
import { AgPanel } from '../common/panel';
import { AgRangePicker } from '../common/range-picker';
import { AgEmpty } from '../common/states';
import { useDayRange } from '../common/use-day-range';
import { UsernameFilter } from '../common/username-filter';

/** What the six columns need (measured in EN, KM and CN); narrower, each movement is a card. */
const TRANS_TABLE_PX = 760;

/**
 * agentDownlineTransactionDetailsCopy: the money movements of the agent's team, or of one member of
 * it (?username=, from team management), by type and day range, newest first, 20 a page.
 */
export const TeamTransactionsPage = () => {
  const { t } = useTranslation('auth');
  const zone = useTimeZone();
  const symbol = useCurrencySymbol();
  const [search, setSearch] = useSearchParams();
  const username = usernameFromSearch(search);
  const [type, setType] = useState<TransactionFilter | ''>('');
  const [page, setPage] = useState(1);
  const { range, change, refused, query } = useDayRange(zone, undefined, () => setPage(1));
  useEffect(() => setPage(1), [username]);
  // A name from the address that could never be in the team is not asked for.
  const askable = !usernameProblem(username);
  const list = useTeamTransactions({ username: username || undefined, type: type || undefined, ...query, page }, askable && !refused);
  const serverUsernameError = list.isError ? usernameErrorOf(list.error) : null;

  const onUsername = (name: string) => setSearch(withUsername(search, name), { replace: true });

  const row = (item: TeamTransItem) => {
    const tone = toneOf(item.amount);
    return (
      <tr key={`${item.transactionId}-${item.wallet}-${item.username}`}>
        <td data-label={t('agent.trans.col_time_short')} className="num">
          {formatDateTime(item.createdAt, zone, true)}
        </td>
        <td data-label={t('agent.trans.col_member')} className="ag-strong">
          {item.username}
        </td>
        <td data-label={t('agent.trans.col_type')}>
          {t(`agent.txType.${item.type}`, { defaultValue: item.type })}
          <span className="ag-sub">{item.wallet === MAIN_WALLET ? t('agent.trans.main_wallet') : item.wallet}</span>
        </td>
        <td data-label={t('agent.trans.col_amount')} className={`ag-num num ag-amount ag-amount--${tone === 'win' ? 'in' : tone === 'loss' ? 'out' : 'even'}`}>
          {tone === 'win' ? '+' : ''}
          {formatAmount(item.amount, { symbol })}
        </td>
        <td data-label={t('agent.trans.col_balance')} className="ag-num num">
          {formatAmount(item.balanceAfter, { symbol })}
        </td>
        <td data-label={t('agent.trans.col_detail')} className="ag-ref" title={movementTitle(item.detail)}>
          {movementText(item.detail, item.reference, t)}
        </td>
      </tr>
    );
  };

  return (
    <AgPanel id="ag-trans" title={username ? t('agent.trans.title_of', { username }) : t('agent.trans.title')} icon="history">
      <div className="ag-toolbar">
        <UsernameFilter applied={username} onApply={onUsername} serverError={askable ? serverUsernameError : t('agent.filter.invalid')} />
        <AgSelect
          label={t('agent.trans.type')}
          className="ag-toolbar__select"
          value={type}
          onChange={(e) => {
            setType(e.target.value as TransactionFilter | '');
            setPage(1);
          }}
        >
          <option value="">{t('agent.trans.all_types')}</option>
          {TRANSACTION_FILTER_KEYS.map((ty) => (
            <option key={ty} value={ty}>
              {t(`agent.txType.${ty}`)}
            </option>
          ))}
        </AgSelect>
        <AgRangePicker value={range} onChange={change} timeZone={zone} idBase="ag-trans" />
      </div>

      {refused || !askable ? null : (
        <DataTable
          list={list}
          caption={username ? t('agent.trans.title_of', { username }) : t('agent.trans.title')}
          className="ag-table--trans"
          cardsBelow={TRANS_TABLE_PX}
          head={
            <>
              <th scope="col">{t('agent.trans.col_time', { zone: gmtLabel(zone) })}</th>
              <th scope="col">{t('agent.trans.col_member')}</th>
              <th scope="col">{t('agent.trans.col_type')}</th>
              <th scope="col" className="ag-num">
                {t('agent.trans.col_amount')}
              </th>
              <th scope="col" className="ag-num">
                {t('agent.trans.col_balance')}
              </th>
              <th scope="col">{t('agent.trans.col_detail')}</th>
            </>
          }
          row={row}
          errorView={(error) =>
            usernameErrorOf(error) ? (
              <AgEmpty
                icon="user"
                tone="warning"
                title={t('agent.filter.unknown_title')}
                text={t('agent.filter.unknown_text')}
              />
            ) : undefined
          }
          empty={<AgEmpty icon="history" title={t('agent.trans.none')} text={t(username ? 'agent.trans.none_text_member' : 'agent.trans.none_text')} />}
          page={page}
          onPage={setPage}
          pagesLabel={t('agent.trans.pages')}
          loadingRows={5}
        />
      )}
    </AgPanel>
  );
};
