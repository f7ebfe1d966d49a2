import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TabStrip } from '../common/tab-strip';
import { Icon } from '../../../../components/ui/icons/icons';
import { QUEUE_TABS, type Decision, type Queue, type QueueTab } from '../../logic/queues';

/** The status tabs of a queue and the panel they control. */
export const QueueTabs = <Q extends Queue>({ queue, value, onChange, children, tools }: { queue: Q; value: QueueTab<Q>; onChange: (tab: QueueTab<Q>) => void; children: ReactNode; tools?: ReactNode }) => {
  const { t } = useTranslation('ops');
  const base = `bo-${queue}`;
  const tabs = QUEUE_TABS[queue] as readonly QueueTab<Q>[];
  return (
    <section className="bo-panel bo-panel--flush">
      <div className="bo-panel__bar">
        <TabStrip idBase={base} label={t('queue.tabs_label')} value={value} onChange={onChange} items={tabs.map((key) => ({ key, label: t(`status.${queue}.${key}`) }))} />
        {tools && <div className="bo-panel__tools">{tools}</div>}
      </div>
      <div role="tabpanel" id={`${base}-panel-${value}`} aria-labelledby={`${base}-tab-${value}`} className="bo-panel__body">
        {children}
      </div>
    </section>
  );
};

const DECISION_ICON = { approve: 'check', paid: 'wallet', reject: 'close', resolve: 'send' } as const;

/** The buttons of a row that waits; disabled, with the reason, when the role may not take them. */
export const DecisionButtons = ({ decisions, allowed, onDecide, subject }: { decisions: Decision[]; allowed: boolean; onDecide: (d: Decision) => void; subject: string }) => {
  const { t } = useTranslation('ops');
  if (!decisions.length) return <span className="bo-faint">—</span>;
  return (
    <div className="bo-row-actions">
      {decisions.map((d) => (
        <button
          key={d}
          type="button"
          className={`btn btn--sm ${d === 'reject' ? 'bo-btn--danger-ghost' : d === 'approve' || d === 'paid' || d === 'resolve' ? 'bo-btn--go' : 'btn--ghost'}`}
          disabled={!allowed}
          title={allowed ? undefined : t('common.role_cannot')}
          aria-label={t(`decision.${d}_named`, { subject })}
          onClick={() => onDecide(d)}
        >
          <Icon name={DECISION_ICON[d]} size={14} />
          {t(`decision.${d}`)}
        </button>
      ))}
    </div>
  );
};

/** The "empty queue" state: good news on the waiting tab, plain elsewhere. */
export const QueueEmpty = ({ queue, tab }: { queue: Queue; tab: string }) => {
  const { t } = useTranslation('ops');
  const waiting = (QUEUE_TABS[queue] as readonly string[])[0] === tab;
  return (
    <div className={`bo-empty ${waiting ? 'bo-empty--good' : 'bo-empty--neutral'}`}>
      <span className="bo-empty__icon" aria-hidden="true">
        <Icon name={waiting ? 'check' : 'receipt'} size={28} />
      </span>
      <p className="bo-empty__title">{waiting ? t('queue.empty_waiting') : t('queue.empty')}</p>
      <p className="bo-empty__text">{waiting ? t(`queue.empty_waiting_text.${queue}`) : t('queue.empty_text')}</p>
    </div>
  );
};
