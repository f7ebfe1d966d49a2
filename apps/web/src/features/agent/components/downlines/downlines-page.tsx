import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { Downline } from '@apsara/contracts';
import { Icon } from '../../../../components/ui/icons/icons';
import { gmtLabel } from '../../../../lib/date-range';
import { formatDateTime } from '../../../../lib/format-time';
import { useTimeZone } from '../../../../lib/use-time-zone';
import { useCurrencySymbol } from '../../api/agent';
import { useDownlines } from '../../api/team';
import { statusKey } from '../../logic/figures';
import { agentPageHref } from '../../logic/pages';
import { usernameFromSearch, withUsername } from '../../logic/team-filters';
import { Money } from '../common/amount';
import { DataTable } from '../common/data-table';
import { AgChoices, AgSelect } from '../common/fields';
import { AgPanel } from '../common/panel';
import { AgEmpty } from '../common/states';

/** What the eight columns need (measured in EN, KM and CN); narrower, each account is a card. */
const DOWNLINES_TABLE_PX = 860;

type Scope = 'direct' | 'all';
type Kind = '' | 'member' | 'agent';

const STATUS_TONE: Record<string, string> = { active: 'ok', frozen: 'warn', closed: 'off' };

/** The search box: part of a username, any case; applied when sent, kept in the address (?username=). */
const SearchBox = ({ applied, onSearch }: { applied: string; onSearch: (part: string) => void }) => {
  const { t } = useTranslation('auth');
  const id = `ag-dl-search${useId()}`;
  const [draft, setDraft] = useState(applied);
  useEffect(() => setDraft(applied), [applied]);
  return (
    <form
      className="ag-userfilter"
      role="search"
      aria-label={t('agent.downlines.search_label')}
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(draft.trim());
      }}
    >
      <div className="ag-field ag-userfilter__field">
        <label className="ag-field__label" htmlFor={id}>
          {t('agent.downlines.search')}
        </label>
        <div className="ag-userfilter__row">
          <div className="ag-field__box">
            <span className="ag-field__icon" aria-hidden="true">
              <Icon name="user" size={18} />
            </span>
            <input
              id={id}
              type="search"
              className="ag-field__input"
              value={draft}
              maxLength={64}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              placeholder={t('agent.downlines.search_placeholder')}
              onChange={(e) => setDraft(e.target.value)}
            />
          </div>
          <div className="ag-userfilter__actions">
            <button type="submit" className="btn btn--gold btn--sm">
              {t('agent.downlines.search_button')}
            </button>
            {applied && (
              <button type="button" className="btn btn--ghost btn--sm" onClick={() => onSearch('')}>
                {t('agent.downlines.search_clear')}
              </button>
            )}
          </div>
        </div>
      </div>
    </form>
  );
};

/**
 * downlineManagmentView (team management): the agent's direct downlines or whole team, by part of a
 * username and by kind, newest first, 20 a page. Each account leads to its transactions and bets.
 */
export const DownlinesPage = () => {
  const { t } = useTranslation('auth');
  const zone = useTimeZone();
  const symbol = useCurrencySymbol();
  const [search, setSearch] = useSearchParams();
  const username = usernameFromSearch(search);
  const [scope, setScope] = useState<Scope>('direct');
  const [kind, setKind] = useState<Kind>('');
  const [page, setPage] = useState(1);
  // Another search (typed, or a link with ?username=) starts again at page 1.
  useEffect(() => setPage(1), [username]);
  const list = useDownlines({ username: username || undefined, scope, kind: kind || undefined, page });
  const filtered = Boolean(username || kind);

  const onSearch = (part: string) => setSearch(withUsername(search, part), { replace: true });

  const row = (d: Downline) => {
    const status = statusKey(d.status);
    return (
      <tr key={d.id}>
        <td data-label={t('agent.downlines.col_account')}>
          <span className="ag-strong">{d.username}</span>
          <span className="ag-sub">{d.nickname}</span>
        </td>
        <td data-label={t('agent.downlines.col_type')}>
          <span className={`ag-badge ag-badge--${d.isAgent ? 'agent' : 'member'}`}>{t(d.isAgent ? 'agent.downlines.type_agent' : 'agent.downlines.type_member')}</span>
          <span className="ag-sub">{t('agent.downlines.level', { level: d.level })}</span>
        </td>
        <td data-label={t('agent.downlines.col_upline')}>{d.upline}</td>
        <td data-label={t('agent.downlines.col_balance')} className="ag-num">
          <Money amount={d.balance} symbol={symbol} />
        </td>
        <td data-label={t('agent.downlines.col_team')} className="ag-num num">
          {d.isAgent ? d.teamSize : '—'}
        </td>
        <td data-label={t('agent.downlines.col_dates_short')} className="num ag-dates">
          <span>
            <span className="ag-sub ag-sub--inline">{t('agent.downlines.joined')}</span>
            {formatDateTime(d.createdAt, zone)}
          </span>
          <span>
            <span className="ag-sub ag-sub--inline">{t('agent.downlines.last_login')}</span>
            {d.lastLoginAt ? formatDateTime(d.lastLoginAt, zone) : t('agent.downlines.never')}
          </span>
        </td>
        <td data-label={t('agent.downlines.col_status')}>
          <span className={`ag-badge ag-badge--${STATUS_TONE[d.status] ?? 'off'}`}>{status ? t(status) : d.status}</span>
        </td>
        <td data-label={t('agent.downlines.col_records')}>
          <span className="ag-row-links">
            <Link to={agentPageHref('agentDownlineTransactionDetailsCopy', d.username)} aria-label={t('agent.downlines.transactions_of', { username: d.username })}>
              {t('agent.downlines.transactions')}
            </Link>
            <Link to={agentPageHref('personalHistoryCopy', d.username)} aria-label={t('agent.downlines.bets_of', { username: d.username })}>
              {t('agent.downlines.bets')}
            </Link>
          </span>
        </td>
      </tr>
    );
  };

  return (
    <AgPanel
      id="ag-downlines"
      title={t('agent.downlines.title')}
      icon="users"
      aside={list.data && <span className="ag-count num">{t('agent.downlines.count', { n: list.data.total })}</span>}
    >
      <div className="ag-toolbar">
        <SearchBox applied={username} onSearch={onSearch} />
        <AgChoices
          label={t('agent.downlines.scope')}
          value={scope}
          choices={[
            { value: 'direct', label: t('agent.downlines.scope_direct') },
            { value: 'all', label: t('agent.downlines.scope_all') },
          ]}
          onChange={(next) => {
            setScope(next);
            setPage(1);
          }}
        />
        <AgSelect
          label={t('agent.downlines.kind')}
          className="ag-toolbar__select"
          value={kind}
          onChange={(e) => {
            setKind(e.target.value as Kind);
            setPage(1);
          }}
        >
          <option value="">{t('agent.downlines.kind_all')}</option>
          <option value="member">{t('agent.downlines.kind_member')}</option>
          <option value="agent">{t('agent.downlines.kind_agent')}</option>
        </AgSelect>
      </div>

      <DataTable
        list={list}
        caption={t('agent.downlines.caption')}
        className="ag-table--downlines"
        cardsBelow={DOWNLINES_TABLE_PX}
        head={
          <>
            <th scope="col">{t('agent.downlines.col_account')}</th>
            <th scope="col">{t('agent.downlines.col_type')}</th>
            <th scope="col">{t('agent.downlines.col_upline')}</th>
            <th scope="col" className="ag-num">
              {t('agent.downlines.col_balance')}
            </th>
            <th scope="col" className="ag-num">
              {t('agent.downlines.col_team')}
            </th>
            <th scope="col">{t('agent.downlines.col_dates', { zone: gmtLabel(zone) })}</th>
            <th scope="col">{t('agent.downlines.col_status')}</th>
            <th scope="col">{t('agent.downlines.col_records')}</th>
          </>
        }
        row={row}
        empty={
          filtered ? (
            <AgEmpty
              icon="users"
              title={t('agent.downlines.none_filtered')}
              text={t(scope === 'direct' ? 'agent.downlines.none_filtered_text_direct' : 'agent.downlines.none_filtered_text')}
              action={
                <button
                  type="button"
                  className="btn btn--ghost btn--sm"
                  onClick={() => {
                    setKind('');
                    onSearch('');
                  }}
                >
                  {t('agent.downlines.search_clear')}
                </button>
              }
            />
          ) : (
            <AgEmpty
              icon="users"
              title={t('agent.downlines.none')}
              text={t('agent.downlines.none_text')}
              action={
                <Link className="btn btn--gold btn--sm" to={agentPageHref('registerCenter')}>
                  <Icon name="plus" size={16} />
                  {t('agent.overview.go_open')}
                </Link>
              }
            />
          )
        }
        page={page}
        onPage={setPage}
        pagesLabel={t('agent.downlines.pages')}
        loadingRows={5}
      />
    </AgPanel>
  );
};
