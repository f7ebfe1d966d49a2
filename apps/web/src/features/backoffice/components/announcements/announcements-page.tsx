import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { OpsAnnouncement } from '@apsara/contracts';
import { Icon } from '../../../../components/ui/icons/icons';
import { usePatchAnnouncement, useOpsAnnouncements } from '../../api/announcements';
import { ANNOUNCEMENT_TABS, LANG_TAG, htmlLang, languagesOf, tabFromSearch, titleText, type AnnouncementTab } from '../../logic/announcements';
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

const List = ({ tab, onNotice, notice, editPath }: { tab: AnnouncementTab; onNotice: (text: string | null) => void; notice: string | null; editPath: (id: string) => string }) => {
  const { t } = useTranslation('ops');
  const { can } = useOperator();
  const allowed = can('announcement.edit');
  const list = useOpsAnnouncements(tab === 'all' ? undefined : tab);
  const toggle = usePatchAnnouncement();
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState<string | null>(null);

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
      <tr key={a.id} className={a.phase === 'off' || a.phase === 'ended' ? 'bo-row--muted' : undefined}>
        <td data-label={t('announcements.col.title')} className="bo-ann-title-cell">
          <strong className="bo-ann-title">{title}</strong>
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
        empty={<BoEmpty icon="megaphone" title={t('announcements.none')} text={allowed ? t('announcements.none_text') : t('announcements.none_text_read')} />}
        cardsBelow={900}
      />
      <ZoneNote />
    </>
  );
};

/**
 * Announcements (GET /ops/announcements?kind=, POST, PATCH …/:id): banners, player notices, popups,
 * promotion notices and agent notices, a tab per kind (?kind=), where each stands, switched on and off
 * in the list; written and changed in one form (?edit=new or ?edit=<id>) whose fields follow the kind.
 */
export const AnnouncementsPage = () => {
  const { t } = useTranslation('ops');
  const { can } = useOperator();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = tabFromSearch(params.get('kind'));
  const edit = params.get('edit');
  const [notice, setNotice] = useState<string | null>(null);
  const allowed = can('announcement.edit');
  const listPath = (kind: AnnouncementTab) => (kind === 'all' ? '?' : `?kind=${kind}`);
  const editPath = (id: string) => `?${new URLSearchParams({ ...(tab === 'all' ? {} : { kind: tab }), edit: id }).toString()}`;

  if (edit) {
    return (
      <AnnouncementEditor
        id={edit}
        kind={tab === 'all' ? 'player' : tab}
        backTo={listPath(tab)}
        onDone={(text, kind) => {
          setNotice(text);
          navigate(listPath(tab === 'all' ? 'all' : kind));
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
              setParams(next === 'all' ? {} : { kind: next }, { replace: true });
            }}
            items={ANNOUNCEMENT_TABS.map((key) => ({ key, label: t(`announcements.tab.${key}`) }))}
          />
        </div>
        <div role="tabpanel" id={`bo-ann-panel-${tab}`} aria-labelledby={`bo-ann-tab-${tab}`} className="bo-panel__body">
          <List tab={tab} notice={notice} onNotice={setNotice} editPath={editPath} />
        </div>
      </section>
    </>
  );
};
