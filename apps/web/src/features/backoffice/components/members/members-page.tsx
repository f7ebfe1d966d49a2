import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { MEMBER_STATUSES, OPS_MEMBER_KINDS, type OpsMemberRow } from '@apsara/contracts';
import { Icon } from '../../../../components/ui/icons/icons';
import { SelectField, TextField } from '../../../../components/ui/member/fields';
import { useOpsMembers } from '../../api/members';
import { pageFromSearch } from '../../logic/queues';
import { Money, PageHead, StatusBadge, Time, ZoneNote } from '../common/bits';
import { BoEmpty } from '../common/states';
import { BoTable } from '../common/table';
import { useOperator } from '../frame/operator-context';
import { MemberDetail } from './member-detail';

const pick = <T extends string>(list: readonly T[], raw: string | null): T | undefined => (raw && (list as readonly string[]).includes(raw) ? (raw as T) : undefined);

export const kindOf = (m: Pick<OpsMemberRow, 'isAgent' | 'isTrial'>) => (m.isTrial ? 'trial' : m.isAgent ? 'agent' : 'member');

/**
 * Members (GET /ops/members?q=&status=&kind=&page=): look one up by part of the name or by id, then
 * open it (?member=<id>) for its wallets, figures, status and balance adjustments.
 */
export const MembersPage = () => {
  const { t } = useTranslation('ops');
  const { can } = useOperator();
  const [params, setParams] = useSearchParams();
  const memberId = params.get('member');
  const q = params.get('q') ?? '';
  const status = pick(MEMBER_STATUSES, params.get('status'));
  const kind = pick(OPS_MEMBER_KINDS, params.get('kind'));
  const page = pageFromSearch(params.get('page'));
  const [draft, setDraft] = useState({ q, status: status ?? '', kind: kind ?? '' });
  useEffect(() => setDraft({ q, status: status ?? '', kind: kind ?? '' }), [q, status, kind]);
  const list = useOpsMembers({ q: q || undefined, status, kind, page });

  const withParams = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    return next;
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setParams(withParams({ q: draft.q.trim() || null, status: draft.status || null, kind: draft.kind || null, page: null }));
  };

  if (memberId) {
    return <MemberDetail id={memberId} backTo={`?${withParams({ member: null }).toString()}`} />;
  }

  const row = (m: OpsMemberRow) => (
    <tr key={m.id}>
      <td data-label={t('members.id')} className="num">
        {m.id}
      </td>
      <td data-label={t('col.member')}>
        <Link to={`?${withParams({ member: m.id }).toString()}`} className="bo-link" aria-label={t('members.open', { name: m.username })}>
          {m.username}
        </Link>
        {m.nickname && m.nickname !== m.username && <span className="mc-sub">{m.nickname}</span>}
      </td>
      <td data-label={t('members.kind')}>{t(`kind.${kindOf(m)}`)}</td>
      <td data-label={t('col.status')}>
        <StatusBadge status={m.status} label={t(`memberStatus.${m.status}`)} />
      </td>
      <td data-label={t('members.upline')}>{m.parent ?? <span className="bo-faint">—</span>}</td>
      <td data-label={t('members.vip')} className="num">
        {m.vipLevel > 0 ? `VIP${m.vipLevel}` : <span className="bo-faint">—</span>}
      </td>
      <td data-label={t('members.balance')} className="mc-num">
        <Money amount={m.balance} className="bo-amount" />
        {m.held !== '0.00' && <span className="mc-sub">{t('members.held', { amount: m.held })}</span>}
      </td>
      <td data-label={t('members.joined')}>
        <Time iso={m.createdAt} />
      </td>
      <td data-label={t('members.last_login')}>
        <Time iso={m.lastLoginAt} />
      </td>
    </tr>
  );

  return (
    <>
      <PageHead title={t('page.members')} lede={t('members.lede')} readOnly={!can('member.adjust') && !can('member.status') && !can('member.password')} />
      <section className="bo-panel">
        <form className="bo-search" role="search" aria-label={t('members.search_label')} onSubmit={submit}>
          <TextField
            id="bo-members-q"
            label={t('members.q')}
            placeholder={t('members.q_placeholder')}
            icon="user"
            value={draft.q}
            maxLength={64}
            onChange={(e) => setDraft((d) => ({ ...d, q: e.target.value }))}
            autoComplete="off"
            spellCheck={false}
          />
          <SelectField id="bo-members-status" label={t('col.status')} value={draft.status} onChange={(e) => setDraft((d) => ({ ...d, status: e.target.value }))}>
            <option value="">{t('common.any')}</option>
            {MEMBER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`memberStatus.${s}`)}
              </option>
            ))}
          </SelectField>
          <SelectField id="bo-members-kind" label={t('members.kind')} value={draft.kind} onChange={(e) => setDraft((d) => ({ ...d, kind: e.target.value }))}>
            <option value="">{t('common.any')}</option>
            {OPS_MEMBER_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`kind.${k}`)}
              </option>
            ))}
          </SelectField>
          <button type="submit" className="btn btn--gold bo-search__go">
            <Icon name="user" size={16} />
            {t('members.search')}
          </button>
        </form>
      </section>
      <section className="bo-panel bo-panel--flush">
        <BoTable
          list={list}
          caption={t('members.caption')}
          above={(data) => <p className="bo-count">{t('members.found', { count: data.total })}</p>}
          head={
            <>
              <th scope="col">{t('members.id')}</th>
              <th scope="col">{t('col.member')}</th>
              <th scope="col">{t('members.kind')}</th>
              <th scope="col">{t('col.status')}</th>
              <th scope="col">{t('members.upline')}</th>
              <th scope="col">{t('members.vip')}</th>
              <th scope="col" className="mc-num">
                {t('members.balance')}
              </th>
              <th scope="col">{t('members.joined')}</th>
              <th scope="col">{t('members.last_login')}</th>
            </>
          }
          row={row}
          empty={<BoEmpty icon="users" title={t('members.none')} text={q || status || kind ? t('members.none_filtered') : t('members.none_text')} />}
          page={page}
          onPage={(p) => setParams(withParams({ page: p > 1 ? String(p) : null }))}
          pagesLabel={t('members.pages')}
          cardsBelow={900}
        />
        <ZoneNote />
      </section>
    </>
  );
};
