import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { OpsAuditEntry } from '@apsara/contracts';
import { Icon } from '../../../../components/ui/icons/icons';
import { TableWrap } from '../../../../components/ui/member/table-wrap';
import { useAuditLog } from '../../api/audit';
import { AUDIT_TARGET_TYPES, auditFilterFromSearch, auditPathParts, auditSearchOf, auditTargetIdPart, auditValueKey, isAuditFiltered, isAuditInstant, EMPTY_AUDIT_FILTER, type AuditFilter } from '../../logic/audit';
import { auditDiff, compactJson } from '../../logic/format';
import { PageHead, Time, useSiteTime, ZoneNote } from '../common/bits';
import { BoEmpty, BoError, BoLoading } from '../common/states';
import { useOperator } from '../frame/operator-context';
import { AuditFilters } from './audit-filters';
import './audit-filters.css';

/** At most this many changed values per entry; a settings change can touch dozens. */
const DIFF_LINES = 8;

const Changes = ({ entry }: { entry: OpsAuditEntry }) => {
  const { t } = useTranslation('ops');
  const { at } = useSiteTime();
  const lines = auditDiff(entry.before, entry.after);
  if (!lines.length) return <span className="bo-faint">—</span>;
  // Each change by its name in the reader's language; the code name stays in the tooltip.
  const nameOf = (path: string) => auditPathParts(path, entry.action).map((p) => ('key' in p ? t(p.key) : p.text)).join(' › ');
  // A status, role or kind by its name too (its code in the tooltip); anything else as it is written.
  const valueOf = (path: string, value: unknown, side: 'before' | 'after') => {
    const key = auditValueKey(path, entry.action, value);
    // A moment (a start, an updatedAt) in the site's time like every other time on the page; the UTC code in the tooltip.
    const instant = !key && isAuditInstant(value);
    return (
      <code className={`bo-diff__${side}`} title={key || instant ? String(value) : undefined}>
        {key ? t(key) : instant ? at(value, true) : compactJson(value, 48)}
      </code>
    );
  };
  const shown = lines.slice(0, DIFF_LINES);
  // In a change of something that was already there, a key added or taken away reads "none → value" and
  // "value → none"; in a creation or a deletion every line is new or gone, and a "none" on each says nothing.
  const both = entry.before !== null && entry.after !== null;
  const none = (side: 'before' | 'after') => <code className={`bo-diff__${side} bo-diff__none`}>{t('audit.value.empty')}</code>;
  const arrow = (
    <span className="bo-diff__arrow" aria-label={t('audit.became')}>
      →
    </span>
  );
  return (
    <ul className="bo-diff">
      {shown.map((l) => (
        <li key={l.path} className={`bo-diff__line bo-diff__line--${l.kind}`}>
          <span className="bo-diff__path" title={l.path}>
            {nameOf(l.path)}
          </span>
          {l.kind !== 'added' ? valueOf(l.path, l.before, 'before') : both && none('before')}
          {(l.kind === 'changed' || both) && arrow}
          {l.kind !== 'removed' ? valueOf(l.path, l.after, 'after') : both && none('after')}
        </li>
      ))}
      {lines.length > DIFF_LINES && <li className="bo-faint">{t('audit.more_changes', { count: lines.length - DIFF_LINES })}</li>}
    </ul>
  );
};

/**
 * The audit log (GET /ops/audit, admin): newest first, 50 at a time, each next page from where the
 * last one ended, narrowed by the filters in the address (?action=&targetType=&targetId=&operatorId=
 * &signIns=hide).
 */
export const AuditPage = () => {
  const { t } = useTranslation('ops');
  const { can } = useOperator();
  const [params, setParams] = useSearchParams();
  const filter = auditFilterFromSearch(params);
  const filtered = isAuditFiltered(filter);
  const apply = (next: AuditFilter) => setParams(auditSearchOf(next));
  const log = useAuditLog(can('audit.read'), filter);
  const entries = log.data?.pages.flatMap((p) => p.items) ?? [];
  // A kind of target by its name; one this page does not know yet (a newer server) as it is written.
  const targetName = (type: string) => ((AUDIT_TARGET_TYPES as readonly string[]).includes(type) ? t(`audit.target_name.${type}`) : type);
  const idOf = (type: string, id: string) => {
    const part = auditTargetIdPart(type, id);
    return 'key' in part ? `› ${t(part.key)}` : part.text;
  };

  const body = () => {
    if (log.isPending) return <BoLoading rows={8} />;
    if (!entries.length) {
      if (log.isError) return <BoError error={log.error} onRetry={() => void log.refetch()} />;
      return filtered ? (
        <BoEmpty
          icon="history"
          title={t('audit.none_filtered')}
          text={t('audit.none_filtered_text')}
          action={
            <button type="button" className="btn btn--ghost btn--sm" onClick={() => apply(EMPTY_AUDIT_FILTER)}>
              {t('audit.filter.clear')}
            </button>
          }
        />
      ) : (
        <BoEmpty icon="history" title={t('audit.none')} />
      );
    }
    // A page that failed to load leaves the ones on screen: the error and its retry go below them.
    const failure = log.isError ? <BoError error={log.error} onRetry={() => void (log.isFetchNextPageError ? log.fetchNextPage() : log.refetch())} /> : null;
    return (
      <>
        <TableWrap cardsBelow={960} busy={log.isFetching && !log.isFetchingNextPage}>
          <table className="mc-table bo-table bo-audit">
            <caption className="visually-hidden">{t('audit.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('audit.time')}</th>
                <th scope="col">{t('audit.action')}</th>
                <th scope="col">{t('audit.operator')}</th>
                <th scope="col">{t('audit.target')}</th>
                <th scope="col">{t('audit.changes')}</th>
                <th scope="col">{t('audit.ip')}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id}>
                  <td data-label={t('audit.time')}>
                    <Time iso={e.createdAt} seconds />
                  </td>
                  <td data-label={t('audit.action')}>
                    <code className="bo-action">{e.action}</code>
                    <span className="mc-sub">{t(`audit.actions.${e.action}`, { defaultValue: '' })}</span>
                  </td>
                  <td data-label={t('audit.operator')}>{e.operatorUsername ?? <span className="bo-faint">{t('audit.system')}</span>}</td>
                  <td data-label={t('audit.target')}>
                    {e.targetType ? (
                      <>
                        {targetName(e.targetType)}
                        {e.targetName && <strong className="bo-audit__name"> {e.targetName}</strong>}
                        {e.targetId && <span className={e.targetName ? 'num bo-faint' : 'num'}> {idOf(e.targetType, e.targetId)}</span>}
                        {e.targetId && (filter.targetType !== e.targetType || filter.targetId !== e.targetId) && (
                          <button
                            type="button"
                            className="bo-chip-btn bo-audit__only"
                            aria-label={t('audit.only_target_named', { target: `${targetName(e.targetType ?? '')} ${e.targetName ?? idOf(e.targetType ?? '', e.targetId)}` })}
                            onClick={() => apply({ ...filter, targetType: e.targetType ?? '', targetId: e.targetId ?? '' })}
                          >
                            <Icon name="history" size={12} />
                            {t('audit.only_target')}
                          </button>
                        )}
                      </>
                    ) : (
                      <span className="bo-faint">—</span>
                    )}
                    {e.reason && <span className="mc-sub bo-note">“{e.reason}”</span>}
                  </td>
                  <td data-label={t('audit.changes')} className="bo-audit__changes">
                    <Changes entry={e} />
                  </td>
                  <td data-label={t('audit.ip')} className="num">
                    {e.ip ?? <span className="bo-faint">—</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
        <div className="bo-more">
          {failure}
          {failure ? null : log.hasNextPage ? (
            <button type="button" className="btn btn--ghost" onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
              {log.isFetchingNextPage ? <span className="mc-spinner" aria-hidden="true" /> : <Icon name="chevronDown" size={16} />}
              {t('audit.load_more')}
            </button>
          ) : (
            <p className="bo-faint">{t(filtered ? 'audit.end_filtered' : 'audit.end')}</p>
          )}
        </div>
      </>
    );
  };

  return (
    <>
      <PageHead
        title={t('page.audit')}
        lede={t('audit.lede')}
        actions={
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => void log.refetch()} disabled={log.isFetching}>
            <Icon name="refresh" size={14} />
            {t('audit.refresh')}
          </button>
        }
      />
      <section className="bo-panel">
        <AuditFilters value={filter} onApply={apply} />
      </section>
      <section className="bo-panel bo-panel--flush" aria-busy={log.isPlaceholderData || undefined}>
        <div className="bo-panel__body">
          {body()}
          <ZoneNote />
        </div>
      </section>
    </>
  );
};
