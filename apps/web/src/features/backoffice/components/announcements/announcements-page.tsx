import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ANNOUNCEMENT_PHASES, type AnnouncementPhase, type OpsAnnouncement } from '@apsara/contracts';
import { Icon } from '../../../../components/ui/icons/icons';
import { usePatchAnnouncement, useOpsAnnouncements } from '../../api/announcements';
import { ANNOUNCEMENT_TABS, LANG_TAG, htmlLang, languagesOf, listSearchAfterSave, phaseFromSearch, tabFromSearch, titleText, type AnnouncementTab } from '../../logic/announcements';
import { pageFromSearch } from '../../logic/queues';
import { PageHead, StatusBadge, Time, ZoneNote } from '../common/bits';
import { BoEmpty, BoNotice, BoProblem } from '../common/states';
import { BoTable } from '../common/table';
import { TabStrip } from '../common/tab-strip';
import { useOperator } from '../frame/operator-context';
import { AnnouncementEditor } from './announcement-editor';

/** A row's on/off switch, named after the announcement it shows or hides. */
const RowSwitch = ({ label, checked, disabled, reason, onChange }: { label: string; checked: boolean; disabled: boolean; reason?: string; onChange: () => void }) => (
  <label className="bo-switch bo-switch--row" title={reason}>
    <input type="checkbox" role="switch" className="bo-switch__input" aria-label={label} checked={checked} disabled={disabled} onChange={onChange} />
    <span className="bo-switch__track" aria-hidden="true" />
  </label>
);

const Languages = ({ a }: { a: OpsAnnouncement }) => {
  const { t } = useTranslation('ops');
  const langs = languagesOf(a.title);
  if (langs === 'all') return <span className="mc-sub">{t('announcements.one_text')}</span>;
  return (
    <span className="bo-ann-langs" aria-label={t('announcements.written_in', { langs: langs.map((l) => t(`announcements.lang.${l}`)).join(', ') })}>
      {langs.map((l) => (
        <span key={l} className="bo-ann-langs__tag" aria-hidden="true" lang={htmlLang(l)}>
          {LANG_TAG[l]}
        </span>
      ))}
    </span>
  );
};

/** How long a row just saved stays marked in the list. */
const FRESH_MS = 6000;

type ListProps = {
  tab: AnnouncementTab;
  phase: AnnouncementPhase | undefined;
  page: number;
  onPage: (page: number) => void;
  /** An announcement just saved: its page is asked for (`around`) and its row marked a moment. */
  fresh: string | null;
  /** Its page was found (and turned to); asking for it again is not needed. */
  onFound: () => void;
  locating: boolean;
  onNotice: (text: string | null) => void;
  notice: string | null;
  editPath: (id: string) => string;
};

const List = ({ tab, phase, page, onPage, fresh, onFound, locating, onNotice, notice, editPath }: ListProps) => {
  const { t } = useTranslation('ops');
  const { can } = useOperator();
  const allowed = can('announcement.edit');
  const list = useOpsAnnouncements({ kind: tab === 'all' ? undefined : tab, phase, page, around: locating && fresh ? fresh : undefined });
  const toggle = usePatchAnnouncement();
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const scrolledTo = useRef<string | null>(null);
  const answered = list.data && !list.isPlaceholderData ? list.data : null;

  // The server answered the page holding the one just saved (a read after the save, not a copy
  // kept from before it): that page goes in the address.
  useEffect(() => {
    if (!locating || !answered || list.isFetching) return;
    if (answered.page !== page) onPage(answered.page);
    onFound();
  }, [locating, answered, list.isFetching, page, onPage, onFound]);

  // Its row is brought into view once, where a long page would leave it below the fold.
  useEffect(() => {
    if (!fresh || scrolledTo.current === fresh || !answered?.items.some((a) => a.id === fresh)) return;
    scrolledTo.current = fresh;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    document.getElementById(`bo-ann-row-${fresh}`)?.scrollIntoView?.({ block: 'nearest', behavior: reduce ? 'auto' : 'smooth' });
  }, [fresh, answered]);

  const flip = (a: OpsAnnouncement) => {
    const title = titleText(a.title);
    setFailure(null);
    onNotice(null);
    setBusy(a.id);
    toggle.mutate(
      { id: a.id, patch: { active: !a.active } },
      {
        onSuccess: (saved) => onNotice(t(saved.active ? 'announcements.on_notice' : 'announcements.off_notice', { title, phase: t(`announcements.phase.${saved.phase}`) })),
        onError: setFailure,
        onSettled: () => setBusy(null),
      },
    );
  };

  // The column that tells rows of one kind apart: the kind itself on the "all" tab, where a banner
  // shows on the banners tab, how often a popup shows on the popups tab.
  const detailHead = tab === 'all' ? t('announcements.col.kind') : tab === 'banner' ? t('announcements.field.groupName') : tab === 'popup' ? t('announcements.field.execution') : null;
  const detail = (a: OpsAnnouncement) => {
    const where = a.kind === 'banner' && a.groupName ? t(`announcements.group.${a.groupName}`) : a.kind === 'popup' && a.execution ? t(`announcements.execution.${a.execution}`) : null;
    if (tab !== 'all') return where;
    return (
      <>
        {t(`announcements.kind.${a.kind}`)}
        {where && <span className="mc-sub">{where}</span>}
      </>
    );
  };
  const showPinned = tab !== 'banner';

  const row = (a: OpsAnnouncement) => {
    const title = titleText(a.title);
    return (
      <tr
        key={a.id}
        id={`bo-ann-row-${a.id}`}
        className={[a.phase === 'off' || a.phase === 'ended' ? 'bo-row--muted' : '', a.id === fresh ? 'bo-row--fresh' : ''].filter(Boolean).join(' ') || undefined}
      >
        <td data-label={t('announcements.col.title')} className="bo-ann-title-cell">
          <strong className="bo-ann-title">{title}</strong>
          {a.id === fresh && <span className="bo-ann-fresh">{t('announcements.just_saved')}</span>}
          <Languages a={a} />
        </td>
        {detailHead && <td data-label={detailHead}>{detail(a) ?? <span className="bo-faint">—</span>}</td>}
        <td data-label={t('announcements.field.audience')}>{a.kind === 'agent' ? t('announcements.audience.agents') : t(`announcements.audience.${a.audience}`)}</td>
        <td data-label={t('announcements.col.schedule')} className="bo-ann-when">
          <Time iso={a.startsAt} />
          <span className="mc-sub">{a.endsAt ? t('announcements.until') : t('announcements.no_end')}</span>
          {a.endsAt && <Time iso={a.endsAt} />}
        </td>
        <td data-label={t('announcements.col.phase')}>
          <StatusBadge status={a.phase} label={t(`announcements.phase.${a.phase}`)} />
        </td>
        <td data-label={t('announcements.field.sort')} className="mc-num num">
          {a.sort}
        </td>
        {showPinned && (
          <td data-label={t('announcements.col.pinned')}>
            {a.kind !== 'banner' && a.pinned ? (
              <span className="bo-ann-pin">
                <Icon name="star" size={14} />
                {t('announcements.pinned')}
              </span>
            ) : (
              <span className="bo-faint">—</span>
            )}
          </td>
        )}
        <td data-label={t('announcements.col.shown')}>
          <RowSwitch
            label={t('announcements.show_named', { title })}
            checked={a.active}
            disabled={!allowed || busy !== null}
            reason={allowed ? undefined : t('common.role_cannot')}
            onChange={() => flip(a)}
          />
        </td>
        <td data-label={t('col.actions')}>
          <Link to={editPath(a.id)} className="btn btn--ghost btn--sm" aria-label={t(allowed ? 'announcements.edit_named' : 'announcements.view_named', { title })}>
            <Icon name={allowed ? 'wrench' : 'info'} size={14} />
            {t(allowed ? 'announcements.edit' : 'announcements.view')}
          </Link>
        </td>
      </tr>
    );
  };

  return (
    <>
      <BoProblem error={failure} />
      <BoNotice message={notice} />
      <BoTable
        list={list}
        caption={t('announcements.caption', { tab: t(`announcements.tab.${tab}`) })}
        head={
          <>
            <th scope="col">{t('announcements.col.title')}</th>
            {detailHead && <th scope="col">{detailHead}</th>}
            <th scope="col">{t('announcements.field.audience')}</th>
            <th scope="col">{t('announcements.col.schedule')}</th>
            <th scope="col">{t('announcements.col.phase')}</th>
            <th scope="col" className="mc-num">
              {t('announcements.field.sort')}
            </th>
            {showPinned && <th scope="col">{t('announcements.col.pinned')}</th>}
            <th scope="col">{t('announcements.col.shown')}</th>
            <th scope="col">{t('col.actions')}</th>
          </>
        }
        row={row}
        above={(data) => <p className="bo-count">{t('announcements.found', { count: data.total })}</p>}
        empty={
          phase ? (
            <BoEmpty icon="megaphone" title={t('announcements.none_phase', { phase: t(`announcements.phase.${phase}`) })} text={t('announcements.none_phase_text')} />
          ) : (
            <BoEmpty icon="megaphone" title={t('announcements.none')} text={allowed ? t('announcements.none_text') : t('announcements.none_text_read')} />
          )
        }
        page={page}
        onPage={onPage}
        pagesLabel={t('announcements.pages')}
        cardsBelow={900}
      />
      <ZoneNote />
    </>
  );
};

/**
 * Announcements (GET /ops/announcements?kind=&phase=&page=, GET/PATCH …/:id, POST): banners, player
 * notices, popups, promotion notices and agent notices, a tab per kind (?kind=), a filter by where
 * each stands (?phase=), 20 a page (?page=), switched on and off in the list; written and changed in
 * one form (?edit=new or ?edit=<id>) whose fields follow the kind. Back from the form, the one just
 * saved is on screen: the list turns to its page and marks its row a moment.
 */
export const AnnouncementsPage = () => {
  const { t } = useTranslation('ops');
  const { can } = useOperator();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = tabFromSearch(params.get('kind'));
  const phase = phaseFromSearch(params.get('phase'));
  const page = pageFromSearch(params.get('page'));
  const edit = params.get('edit');
  const [notice, setNotice] = useState<string | null>(null);
  const [fresh, setFresh] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  const allowed = can('announcement.edit');

  useEffect(() => {
    if (!fresh) return;
    const timer = window.setTimeout(() => setFresh(null), FRESH_MS);
    return () => window.clearTimeout(timer);
  }, [fresh]);

  const search = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    return `?${next.toString()}`;
  };
  const listPath = search({ edit: null });
  const editPath = (id: string) => search({ edit: id });
  const setPage = (next: number) => setParams(new URLSearchParams(search({ page: next > 1 ? String(next) : null }).slice(1)), { replace: true });
  const found = () => setLocating(false);

  if (edit) {
    return (
      <AnnouncementEditor
        id={edit}
        kind={tab === 'all' ? 'player' : tab}
        backTo={listPath}
        onDone={(text, kind, saved) => {
          setNotice(text);
          if (!saved) return navigate(listPath);
          setFresh(saved.id);
          setLocating(true);
          navigate(listSearchAfterSave({ tab, phase }, { kind, phase: saved.phase }));
        }}
      />
    );
  }

  return (
    <>
      <PageHead
        title={t('page.announcements')}
        lede={t('announcements.lede')}
        readOnly={!allowed}
        actions={
          <button type="button" className="btn btn--gold btn--sm" disabled={!allowed} title={allowed ? undefined : t('common.role_cannot')} onClick={() => navigate(editPath('new'))}>
            <Icon name="plus" size={16} />
            {t('announcements.new')}
          </button>
        }
      />
      <section className="bo-panel bo-panel--flush">
        <div className="bo-panel__bar">
          <TabStrip
            idBase="bo-ann"
            label={t('announcements.tabs')}
            value={tab}
            onChange={(next) => {
              setNotice(null);
              setParams(search({ kind: next === 'all' ? null : next, page: null }).slice(1), { replace: true });
            }}
            items={ANNOUNCEMENT_TABS.map((key) => ({ key, label: t(`announcements.tab.${key}`) }))}
          />
          <div className="bo-panel__tools">
            <label className="bo-select" htmlFor="bo-ann-phase">
              <span>{t('announcements.phase_filter')}</span>
              <select id="bo-ann-phase" value={phase ?? ''} onChange={(e) => setParams(search({ phase: e.target.value || null, page: null }).slice(1), { replace: true })}>
                <option value="">{t('common.any')}</option>
                {ANNOUNCEMENT_PHASES.map((p) => (
                  <option key={p} value={p}>
                    {t(`announcements.phase.${p}`)}
                  </option>
                ))}
              </select>
            </label>
          </div>
        </div>
        <div role="tabpanel" id={`bo-ann-panel-${tab}`} aria-labelledby={`bo-ann-tab-${tab}`} className="bo-panel__body">
          <List tab={tab} phase={phase} page={page} onPage={setPage} fresh={fresh} onFound={found} locating={locating} notice={notice} onNotice={setNotice} editPath={editPath} />
        </div>
      </section>
    </>
  );
};
