import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { OpsRebateClaim } from '@apsara/contracts';
import { Icon } from '../../../../components/ui/icons/icons';
import { TextField } from '../../../../components/ui/member/fields';
import { formatWhole } from '../../../../lib/format';
import { useOpsRebateClaims } from '../../api/rebates';
import { boPagePath } from '../../logic/pages';
import { pageFromSearch } from '../../logic/queues';
import { percentOf } from '../../logic/settings';
import { Money, PageHead, Time, ZoneNote } from '../common/bits';
import { BoEmpty } from '../common/states';
import { BoTable } from '../common/table';

/**
 * Manual-rebate collections (GET /ops/rebate-claims?username=&page=): what members collected from the
 * member center, newest first, each with its categories and rates, and what the list paid in all. The
 * member and page live in the address, so a reload or a shared link shows the same list.
 */
export const RebatesPage = () => {
  const { t } = useTranslation('ops');
  const [params, setParams] = useSearchParams();
  const username = params.get('username')?.trim() ?? '';
  const page = pageFromSearch(params.get('page'));
  const [draft, setDraft] = useState(username);
  useEffect(() => setDraft(username), [username]);
  const list = useOpsRebateClaims({ username: username || undefined, page });
  // While a new member's list loads the previous one stays on screen: its caption stays with it.
  const [shownName, setShownName] = useState(username);
  const settled = !list.isPlaceholderData && !list.isPending;
  useEffect(() => {
    if (settled) setShownName(username);
  }, [settled, username]);

  const go = (patch: { username?: string | null; page?: number }) => {
    const next = new URLSearchParams(params);
    if (patch.username !== undefined) {
      if (patch.username) next.set('username', patch.username);
      else next.delete('username');
    }
    if (patch.page && patch.page > 1) next.set('page', String(patch.page));
    else next.delete('page');
    setParams(next);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    go({ username: draft.trim() || null });
  };

  const row = (c: OpsRebateClaim) => (
    <tr key={c.id}>
      <td data-label={t('rebates.number')} className="num">
        {c.id}
      </td>
      <td data-label={t('col.member')}>
        <Link to={`${boPagePath('members')}?member=${c.memberId}`} className="bo-link" aria-label={t('members.open', { name: c.username })}>
          {c.username}
        </Link>
        <span className="mc-sub">ID {c.memberId}</span>
      </td>
      <td data-label={t('rebates.amount')} className="mc-num">
        <Money amount={c.amount} className="bo-amount" />
      </td>
      <td data-label={t('rebates.bets')} className="mc-num">
        <Money amount={c.bets} />
        <span className="mc-sub">{t('rebates.rounds', { count: c.rounds, formatted: formatWhole(c.rounds) })}</span>
      </td>
      <td data-label={t('rebates.lines')}>
        <ul className="bo-rebate-lines">
          {c.lines.map((l) => (
            <li key={l.category}>
              {t('rebates.line', { category: t(`settings.points.source_${l.category}`), rate: percentOf(l.rateBps) })} <Money amount={l.amount} />
            </li>
          ))}
        </ul>
      </td>
      <td data-label={t('rebates.collected')}>
        <Time iso={c.createdAt} />
      </td>
    </tr>
  );

  return (
    <>
      <PageHead title={t('page.rebates')} lede={t('rebates.lede')} />
      <section className="bo-panel">
        <form className="bo-search bo-search--one" role="search" aria-label={t('rebates.search_label')} onSubmit={submit}>
          <TextField
            id="bo-rebates-username"
            label={t('rebates.username')}
            placeholder={t('rebates.username_placeholder')}
            icon="user"
            value={draft}
            maxLength={64}
            onChange={(e) => setDraft(e.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
          <button type="submit" className="btn btn--gold bo-search__go">
            <Icon name="user" size={16} />
            {t('rebates.search')}
          </button>
          {username && (
            <button type="button" className="btn btn--ghost" onClick={() => go({ username: null })}>
              {t('rebates.show_all')}
            </button>
          )}
        </form>
      </section>
      <section className="bo-panel bo-panel--flush">
        <BoTable
          list={list}
          caption={shownName ? t('rebates.caption_member', { name: shownName }) : t('rebates.caption')}
          above={(data) => (
            <p className="bo-count" aria-live="polite">
              {t('rebates.total', { count: data.total, formatted: formatWhole(data.total) })} <Money amount={data.sum.amount} className="bo-amount" />{' '}
              <span className="bo-faint">{t('rebates.total_bets')}</span> <Money amount={data.sum.bets} />
            </p>
          )}
          head={
            <>
              <th scope="col">{t('rebates.number')}</th>
              <th scope="col">{t('col.member')}</th>
              <th scope="col" className="mc-num">
                {t('rebates.amount')}
              </th>
              <th scope="col" className="mc-num">
                {t('rebates.bets')}
              </th>
              <th scope="col">{t('rebates.lines')}</th>
              <th scope="col">{t('rebates.collected')}</th>
            </>
          }
          row={row}
          empty={<BoEmpty icon="percent" title={t('rebates.none')} text={username ? t('rebates.none_member', { name: username }) : t('rebates.none_text')} />}
          page={page}
          onPage={(p) => go({ page: p })}
          pagesLabel={t('rebates.pages')}
          cardsBelow={900}
        />
        <ZoneNote />
      </section>
    </>
  );
};
