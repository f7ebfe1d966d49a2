import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { OpsPromotion } from '@apsara/contracts';
import { Icon } from '../../../../components/ui/icons/icons';
import { formatWhole } from '../../../../lib/format';
import { usePatchPromotion, usePromotionList } from '../../api/promotions';
import { titleText } from '../../logic/announcements';
import { moneyText } from '../../logic/format';
import { boPagePath } from '../../logic/pages';
import { PROMO_SHOW_FILTERS, passesShow, showFromSearch, type PromoShowFilter } from '../../logic/promotions';
import { PageHead, StatusBadge, Time, ZoneNote, useSiteMoney } from '../common/bits';
import { BoEmpty, BoError, BoLoading, BoNotice, BoProblem } from '../common/states';
import { BoTable } from '../common/table';
import { useOperator } from '../frame/operator-context';
import { PromotionEditor } from './promotion-editor';
import './promotions.css';

/** How long a row just saved stays marked in the list. */
const FRESH_MS = 6000;

/** A row's on/off switch, named after the promotion it shows or hides. */
const RowSwitch = ({ label, checked, disabled, reason, onChange }: { label: string; checked: boolean; disabled: boolean; reason?: string; onChange: () => void }) => (
  <label className="bo-switch bo-switch--row" title={reason}>
    <input type="checkbox" role="switch" className="bo-switch__input" aria-label={label} checked={checked} disabled={disabled} onChange={onChange} />
    <span className="bo-switch__track" aria-hidden="true" />
  </label>
);

/** A promotion's money terms in one line (what a member is paid, on what). */
const useTermsText = () => {
  const { t } = useTranslation('ops');
  const site = useSiteMoney();
  return (p: OpsPromotion): string => {
    const terms = p.terms;
    const parts: string[] = [];
    if (p.mechanic === 'deposit') {
      parts.push(t('promotionsAdmin.terms.deposit', { percent: terms.percent ?? 0, min: moneyText(terms.minDeposit, site) }));
      parts.push(terms.maxBonus ? t('promotionsAdmin.terms.cap', { max: moneyText(terms.maxBonus, site) }) : t('promotionsAdmin.terms.no_cap'));
      if (terms.firstDepositOnly) parts.push(t('promotionsAdmin.terms.first_only'));
    } else if (p.mechanic === 'apply') {
      parts.push(terms.bonus ? t('promotionsAdmin.terms.fixed', { amount: moneyText(terms.bonus, site) }) : t('promotionsAdmin.terms.cap', { max: moneyText(terms.maxBonus, site) }));
      parts.push(t(`promotionsAdmin.proof.${terms.proof}`));
    } else if (p.mechanic === 'envelope') {
      parts.push(t('promotionsAdmin.terms.envelopes', { pool: moneyText(terms.poolTotal, site), count: terms.envelopeCount ?? 0 }));
      if (p.envelopesLeft !== null) parts.push(t('promotionsAdmin.terms.left_today', { count: p.envelopesLeft }));
      if (terms.minDeposit) parts.push(t('promotionsAdmin.terms.after', { min: moneyText(terms.minDeposit, site) }));
    } else {
      parts.push(t('promotionsAdmin.terms.prizes', { count: terms.prizes?.length ?? 0 }));
      if (terms.minDeposit) parts.push(t('promotionsAdmin.terms.after', { min: moneyText(terms.minDeposit, site) }));
    }
    if (terms.turnoverMultiple > 0) parts.push(t('promotionsAdmin.terms.turnover', { n: terms.turnoverMultiple }));
    return parts.join(' · ');
  };
};

type ListProps = { show: PromoShowFilter | undefined; fresh: string | null; notice: string | null; onNotice: (text: string | null) => void; editPath: (id: string) => string };

const List = ({ show, fresh, notice, onNotice, editPath }: ListProps) => {
  const { t } = useTranslation('ops');
  const { can } = useOperator();
  const allowed = can('promotion.edit');
  const list = usePromotionList((p) => passesShow(p, show));
  const toggle = usePatchPromotion();
  const termsText = useTermsText();
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const flip = (p: OpsPromotion) => {
    const title = titleText(p.title);
    setFailure(null);
    onNotice(null);
    setBusy(p.id);
    toggle.mutate(
      { id: p.id, patch: { visible: !p.visible } },
      {
        onSuccess: (saved) => onNotice(t(saved.visible ? 'promotionsAdmin.on_notice' : 'promotionsAdmin.off_notice', { title, phase: t(`promotionsAdmin.phase.${saved.phase}`) })),
        onError: setFailure,
        onSettled: () => setBusy(null),
      },
    );
  };

  const row = (p: OpsPromotion) => {
    const title = titleText(p.title);
    return (
      <tr key={p.id} id={`bo-promo-row-${p.id}`} className={[!p.visible || p.phase === 'closed' ? 'bo-row--muted' : '', p.id === fresh ? 'bo-row--fresh' : ''].filter(Boolean).join(' ') || undefined}>
        <td data-label={t('promotionsAdmin.col.promotion')} className="bo-ann-title-cell">
          <strong className="bo-ann-title">{title}</strong>
          {p.id === fresh && <span className="bo-ann-fresh">{t('promotionsAdmin.just_saved')}</span>}
          <span className="mc-sub">
            <code>{p.code}</code> · {t(`promotionsAdmin.category.${p.category}`)}
          </span>
        </td>
        <td data-label={t('promotionsAdmin.col.terms')}>
          {t(`promotionsAdmin.mechanic.${p.mechanic}`)} · {t(`promotionsAdmin.repeat.${p.repeat}`)}
          <span className="mc-sub">{termsText(p)}</span>
        </td>
        <td data-label={t('promotionsAdmin.col.schedule')} className="bo-ann-when">
          <Time iso={p.startsAt} />
          <span className="mc-sub">{p.endsAt ? t('promotionsAdmin.until') : t('promotionsAdmin.no_end')}</span>
          {p.endsAt && <Time iso={p.endsAt} />}
        </td>
        <td data-label={t('promotionsAdmin.col.phase')}>
          <StatusBadge status={p.phase} label={t(`promotionsAdmin.phase.${p.phase}`)} />
          {!p.visible && <span className="mc-sub">{t('promotionsAdmin.hidden')}</span>}
        </td>
        <td data-label={t('promotionsAdmin.col.applying')} className="mc-num num">
          {p.applying > 0 ? (
            <Link to={boPagePath('promotionClaims')} aria-label={t('promotionsAdmin.applying_named', { count: p.applying, title })}>
              {formatWhole(p.applying)}
            </Link>
          ) : (
            <span className="bo-faint">0</span>
          )}
        </td>
        <td data-label={t('promotionsAdmin.field.sort')} className="mc-num num">
          {p.sort}
        </td>
        <td data-label={t('promotionsAdmin.col.shown')}>
          <RowSwitch
            label={t('promotionsAdmin.show_named', { title })}
            checked={p.visible}
            disabled={!allowed || busy !== null}
            reason={allowed ? undefined : t('common.role_cannot')}
            onChange={() => flip(p)}
          />
        </td>
        <td data-label={t('col.actions')}>
          <Link to={editPath(p.id)} className="btn btn--ghost btn--sm" aria-label={t(allowed ? 'promotionsAdmin.edit_named' : 'promotionsAdmin.view_named', { title })}>
            <Icon name={allowed ? 'wrench' : 'info'} size={14} />
            {t(allowed ? 'promotionsAdmin.edit' : 'promotionsAdmin.view')}
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
        caption={t('promotionsAdmin.caption')}
        head={
          <>
            <th scope="col">{t('promotionsAdmin.col.promotion')}</th>
            <th scope="col">{t('promotionsAdmin.col.terms')}</th>
            <th scope="col">{t('promotionsAdmin.col.schedule')}</th>
            <th scope="col">{t('promotionsAdmin.col.phase')}</th>
            <th scope="col" className="mc-num">
              {t('promotionsAdmin.col.applying')}
            </th>
            <th scope="col" className="mc-num">
              {t('promotionsAdmin.field.sort')}
            </th>
            <th scope="col">{t('promotionsAdmin.col.shown')}</th>
            <th scope="col">{t('col.actions')}</th>
          </>
        }
        row={row}
        above={(data) => <p className="bo-count">{t('promotionsAdmin.found', { count: data.items.length })}</p>}
        empty={
          show ? (
            <BoEmpty icon="flame" title={t('promotionsAdmin.none_filter', { filter: t(`promotionsAdmin.show.${show}`) })} text={t('promotionsAdmin.none_filter_text')} />
          ) : (
            <BoEmpty icon="flame" title={t('promotionsAdmin.none')} text={allowed ? t('promotionsAdmin.none_text') : t('promotionsAdmin.none_text_read')} />
          )
        }
        cardsBelow={900}
      />
      <ZoneNote />
    </>
  );
};

/** The editor for ?edit=new or ?edit=<id>: the promotion to change is found in the site's list. */
const Editor = ({ edit, backTo, onDone }: { edit: string; backTo: string; onDone: (text: string, saved?: OpsPromotion) => void }) => {
  const { t } = useTranslation('ops');
  const list = usePromotionList();
  const back = (
    <div className="bo-back">
      <Link to={backTo} className="btn btn--ghost btn--sm">
        <Icon name="chevronLeft" size={16} />
        {t('promotionsAdmin.back')}
      </Link>
    </div>
  );
  if (edit === 'new') return <PromotionEditor key="new" original={null} back={back} backTo={backTo} onDone={onDone} />;
  // The form starts from the promotion as it stands now, not from a copy read before a change.
  if (list.isPending || (list.isFetching && !list.isFetchedAfterMount)) return <BoLoading rows={6} />;
  if (list.isError) {
    return (
      <>
        {back}
        <BoError error={list.error} onRetry={() => void list.refetch()} />
      </>
    );
  }
  const original = list.data.items.find((p) => p.id === edit);
  if (!original) {
    return (
      <>
        {back}
        <BoEmpty icon="flame" title={t('promotionsAdmin.missing')} text={t('promotionsAdmin.missing_text')} />
      </>
    );
  }
  return <PromotionEditor key={original.id} original={original} back={back} backTo={backTo} onDone={onDone} />;
};

/**
 * Promotions (GET/POST /ops/promotions, PATCH …/:id; docs/promotions.md): every promotion of the site
 * with where it stands and whether the hall shows it, filtered by that (?show=), switched on and off
 * in the list; made and changed in one form (?edit=new or ?edit=<id>). Every role reads; admins write.
 */
export const PromotionsPage = () => {
  const { t } = useTranslation('ops');
  const { can } = useOperator();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const show = showFromSearch(params.get('show'));
  const edit = params.get('edit');
  const [notice, setNotice] = useState<string | null>(null);
  const [fresh, setFresh] = useState<string | null>(null);
  const allowed = can('promotion.edit');

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

  if (edit) {
    return (
      <Editor
        edit={edit}
        backTo={listPath}
        onDone={(text, saved) => {
          setNotice(text);
          if (saved) setFresh(saved.id);
          // Back to the whole list when the one saved would not pass the filter.
          navigate(saved && !passesShow(saved, show) ? search({ edit: null, show: null }) : listPath);
        }}
      />
    );
  }

  return (
    <>
      <PageHead
        title={t('promotionsAdmin.page.promotions')}
        lede={t('promotionsAdmin.lede')}
        readOnly={!allowed}
        actions={
          <button type="button" className="btn btn--gold btn--sm" disabled={!allowed} title={allowed ? undefined : t('common.role_cannot')} onClick={() => navigate(editPath('new'))}>
            <Icon name="plus" size={16} />
            {t('promotionsAdmin.new')}
          </button>
        }
      />
      <section className="bo-panel bo-panel--flush">
        <div className="bo-panel__bar">
          <div className="bo-panel__tools">
            <label className="bo-select" htmlFor="bo-promo-show">
              <span>{t('promotionsAdmin.show_filter')}</span>
              <select
                id="bo-promo-show"
                value={show ?? ''}
                onChange={(e) => {
                  setNotice(null);
                  setParams(search({ show: e.target.value || null }).slice(1), { replace: true });
                }}
              >
                <option value="">{t('common.any')}</option>
                {PROMO_SHOW_FILTERS.map((s) => (
                  <option key={s} value={s}>
                    {t(`promotionsAdmin.show.${s}`)}
                  </option>
                ))}
              </select>
            </label>
          </div>
        </div>
        <div className="bo-panel__body">
          <List show={show} fresh={fresh} notice={notice} onNotice={setNotice} editPath={editPath} />
        </div>
      </section>
    </>
  );
};
