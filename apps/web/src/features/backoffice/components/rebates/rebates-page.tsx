import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { OpsRebateClaim } from '@apsara/contracts';
import { Icon } from '../../../../components/ui/icons/icons';
import { TextField } from '../../../../components/ui/member/fields';
import { formatWhole } from '../../../../lib/format';
import { useOpsRebateClaims } from '../../api/rebates';
import { dayOf, dayRangeOf } from '../../logic/day-range';
import { boPagePath } from '../../logic/pages';
import { pageFromSearch } from '../../logic/queues';
import { percentOf } from '../../logic/settings';
import { Money, PageHead, Time, ZoneNote, useSiteTime } from '../common/bits';
import { BoEmpty } from '../common/states';
import { BoTable } from '../common/table';

/**
 * Manual-rebate collections (GET /ops/rebate-claims?username=&from=&to=&page=): what members collected
 * from the member center, newest first, each with its categories and rates, and what the list paid in
 * all. The member, the days (the site's, both included) and the page live in the address, so a reload
 * or a shared link shows the same list.
 */
export const RebatesPage = () => {
  const { t } = useTranslation('ops');
  const [params, setParams] = useSearchParams();
  const { zone } = useSiteTime();
  const username = params.get('username')?.trim() ?? '';
  const from = dayOf(params.get('from'));
  const to = dayOf(params.get('to'));
  const page = pageFromSearch(params.get('page'));
  const [draft, setDraft] = useState({ username, from: from ?? '', to: to ?? '' });
  useEffect(() => setDraft({ username, from: from ?? '', to: to ?? '' }), [username, from, to]);
  const range = dayRangeOf(from, to, zone);
  const list = useOpsRebateClaims({ username: username || undefined, ...(range === 'order' ? {} : range), page });
  // While a new member's list loads the previous one stays on screen: its caption stays with it.
  const [shownName, setShownName] = useState(username);
  const settled = !list.isPlaceholderData && !list.isPending;
  useEffect(() => {
    if (settled) setShownName(username);
  }, [settled, username]);

  const go = (patch: { username?: string | null; from?: string | null; to?: string | null; page?: number }) => {
    const next = new URLSearchParams(params);
    for (const key of ['username', 'from', 'to'] as const) {
      const value = patch[key];
      if (value === undefined) continue;
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (patch.page && patch.page > 1) next.set('page', String(patch.page));
    else next.delete('page');
    setParams(next);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    go({ username: draft.username.trim() || null, from: dayOf(draft.from), to: dayOf(draft.to) });
  };
  const filtered = Boolean(username || from || to);
  const orderError = range === 'order' ? t('rebates.range_order') : undefined;

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
        <form className="bo-search bo-search--range" role="search" aria-label={t('rebates.search_label')} onSubmit={submit}>
          <TextField
            id="bo-rebates-username"
            label={t('rebates.username')}
            placeholder={t('rebates.username_placeholder')}
            icon="user"
            value={draft.username}
            maxLength={64}
            onChange={(e) => setDraft({ ...draft, username: e.target.value })}
            autoComplete="off"
            spellCheck={false}
          />
          <TextField id="bo-rebates-from" label={t('rebates.from')} type="date" value={draft.from} max={draft.to || undefined} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
          <TextField id="bo-rebates-to" label={t('rebates.to')} type="date" value={draft.to} min={draft.from || undefined} error={orderError} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
          <button type="submit" className="btn btn--gold bo-search__go">
            <Icon name="check" size={16} />
            {t('rebates.search')}
          </button>
          {filtered && (
            <button type="button" className="btn btn--ghost" onClick={() => go({ username: null, from: null, to: null })}>
              {t('rebates.show_all')}
            </button>
          )}
        </form>
      </section>
      <section className="bo-panel bo-panel--flush">
        <BoTable
          list={list}
          caption={(shownName ? t('rebates.caption_member', { name: shownName }) : t('rebates.caption')) + (from || to ? ` · ${t('rebates.caption_days', { from: from ?? '…', to: to ?? '…' })}` : '')}
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
          empty={<BoEmpty icon="percent" title={t('rebates.none')} text={username ? t('rebates.none_member', { name: username }) : from || to ? t('rebates.none_days') : t('rebates.none_text')} />}
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
