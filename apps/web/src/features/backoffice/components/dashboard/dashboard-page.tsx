import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon, type IconName } from '../../../../components/ui/icons/icons';
import { formatWhole } from '../../../../lib/format';
import type { UseQueryResult } from '@tanstack/react-query';
import { useChatWaiting } from '../../api/chats';
import { useQueueCount } from '../../api/queues';
import { boPagePath, type BoPage } from '../../logic/pages';
import type { Queue } from '../../logic/queues';
import { actionTextKey, actionsOf } from '../../logic/roles';
import { PageHead } from '../common/bits';
import { useOperator } from '../frame/operator-context';

type Card = { key: string; queue: Queue; page: BoPage; status: string; icon: IconName; extra?: Record<string, string> };

/** The work that waits, each card opening its queue on the waiting tab. */
const CARDS: Card[] = [
  { key: 'deposits', queue: 'deposits', page: 'deposits', status: 'pending', icon: 'deposit' },
  { key: 'withdrawals', queue: 'withdrawals', page: 'withdrawals', status: 'pending', icon: 'withdraw' },
  { key: 'payouts', queue: 'withdrawals', page: 'withdrawals', status: 'approved', icon: 'wallet' },
  { key: 'disputes', queue: 'withdrawals', page: 'withdrawals', status: 'paid', icon: 'alert', extra: { confirmation: 'not_received' } },
  { key: 'promotions', queue: 'promotionClaims', page: 'promotionClaims', status: 'applying', icon: 'gift' },
  { key: 'points', queue: 'pointOrders', page: 'pointOrders', status: 'applying', icon: 'gem' },
  { key: 'feedback', queue: 'feedback', page: 'feedback', status: 'open', icon: 'chat' },
];

/** One tile of waiting work: its count, what to do about it, and a link to the list. */
const WorkTile = ({ name, icon, to, count }: { name: string; icon: IconName; to: string; count: UseQueryResult<number> }) => {
  const { t } = useTranslation('ops');
  const n = count.data;
  const label = t(`dashboard.card.${name}`);
  return (
    <li>
      <Link to={to} className={`bo-work${n ? ' bo-work--busy' : ''}`} aria-label={count.isSuccess ? t('dashboard.card_label', { label, count: n ?? 0 }) : label}>
        <span className="bo-work__icon" aria-hidden="true">
          <Icon name={icon} size={22} />
        </span>
        <span className="bo-work__label">{label}</span>
        <span className="bo-work__count num" aria-hidden="true">
          {count.isPending ? <span className="skeleton bo-work__skeleton" /> : count.isError ? '—' : formatWhole(n ?? 0)}
        </span>
        <span className="bo-work__hint">
          {count.isError ? t('dashboard.count_failed') : n ? t(`dashboard.hint.${name}`) : t('dashboard.nothing_waiting')}
          <Icon name="chevronRight" size={16} />
        </span>
      </Link>
    </li>
  );
};

const WorkCard = ({ card }: { card: Card }) => {
  const count = useQueueCount(card.queue, card.status, card.extra);
  const search = new URLSearchParams({ status: card.status, ...card.extra }).toString();
  return <WorkTile name={card.key} icon={card.icon} to={`${boPagePath(card.page)}?${search}`} count={count} />;
};

/** Members waiting in the customer service chat (the member wrote last, nobody answered yet). */
const ChatCard = () => <WorkTile name="chats" icon="headset" to={boPagePath('chats')} count={useChatWaiting()} />;

/** What waits for a decision now, and what this operator's role may do about it. */
export const DashboardPage = () => {
  const { t } = useTranslation('ops');
  const { me } = useOperator();
  if (!me) return null;
  const actions = actionsOf(me.role);
  return (
    <>
      <PageHead title={t('dashboard.title', { name: me.username })} lede={t('dashboard.lede')} />
      <ul className="bo-work-grid">
        {CARDS.map((card) => (
          <WorkCard key={card.key} card={card} />
        ))}
        <ChatCard />
      </ul>
      <section className="bo-panel bo-rights" aria-labelledby="bo-rights-title">
        <h2 id="bo-rights-title" className="bo-panel__title">
          {t('dashboard.rights_title', { role: t(`role.${me.role}`) })}
        </h2>
        <p className="bo-panel__text">{t(`dashboard.rights_${me.role}`)}</p>
        {actions.length > 0 && (
          <ul className="bo-chips">
            {actions.map((a) => (
              <li key={a} className="bo-chip">
                <Icon name="check" size={14} />
                {t(actionTextKey(a))}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
};
