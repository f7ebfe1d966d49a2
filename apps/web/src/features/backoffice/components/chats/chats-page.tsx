import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LIST_PAGE_SIZE, type OpsChatSummary } from '@apsara/contracts';
import { Icon } from '../../../../components/ui/icons/icons';
import { Pager } from '../../../../components/ui/pager/pager';
import { useOpsChats } from '../../api/chats';
import { useOpsConfig } from '../../api/config';
import { CHAT_TABS, chatIdFromSearch, chatTabFromSearch, shortTime, type ChatTab } from '../../logic/chats';
import { boPagePath } from '../../logic/pages';
import { pageFromSearch } from '../../logic/queues';
import { PageHead, ZoneNote, useSiteTime } from '../common/bits';
import { BoEmpty, BoError, BoLoading, BoProblem } from '../common/states';
import { TabStrip } from '../common/tab-strip';
import { useOperator } from '../frame/operator-context';
import { Conversation } from './conversation';
import './chats.css';

const QueueItem = ({ c, to, active, now }: { c: OpsChatSummary; to: string; active: boolean; now: string }) => {
  const { t } = useTranslation('ops');
  const { at } = useSiteTime();
  return (
    <li>
      <Link to={to} className={`bo-chat-item${active ? ' is-active' : ''}${c.waiting ? ' is-waiting' : ''}`} aria-current={active ? 'true' : undefined}>
        <span className="bo-chat-item__avatar" aria-hidden="true">
          {c.username.slice(0, 1).toUpperCase()}
        </span>
        <span className="bo-chat-item__body">
          <span className="bo-chat-item__row">
            <strong className="bo-chat-item__name">{c.username}</strong>
            {c.waiting && <span className="visually-hidden">{t('chats.state.waiting')}</span>}
            <time className="bo-chat-item__time num" dateTime={c.lastMessageAt} title={at(c.lastMessageAt)}>
              {shortTime(at(c.lastMessageAt), now)}
            </time>
          </span>
          <span className="bo-chat-item__row bo-chat-item__meta">
            <span className="bo-chat-item__topic">{t(`chats.topic.${c.topic}`)}</span>
            <span className="bo-chat-item__who">{c.assignedTo ? t('chats.held_by', { name: c.assignedTo }) : t('chats.unassigned')}</span>
          </span>
          <span className="bo-chat-item__last">{c.lastMessage ?? <span className="bo-faint">{t('chats.no_lines')}</span>}</span>
        </span>
        {c.unread > 0 && (
          <span className="bo-chat-item__unread num">
            <span aria-hidden="true">{c.unread > 99 ? '99+' : c.unread}</span>
            <span className="visually-hidden">{t('chats.unread', { count: c.unread })}</span>
          </span>
        )}
      </Link>
    </li>
  );
};

const Queue = ({ tab, mine, page, chatId, linkTo, onPage }: { tab: ChatTab; mine: boolean; page: number; chatId: string | null; linkTo: (id: string) => string; onPage: (page: number) => void }) => {
  const { t } = useTranslation('ops');
  const { at } = useSiteTime();
  const list = useOpsChats({ status: tab, page, ...(mine ? { assigned: 'me' as const } : {}) });
  if (list.isPending) return <BoLoading rows={5} />;
  if (!list.data) return <BoError error={list.error} onRetry={() => void list.refetch()} />;
  const { items, total } = list.data;
  const now = at(new Date().toISOString());
  return (
    <>
      {/* A refresh that failed leaves the list on screen, with why. */}
      {list.isError && <BoProblem error={list.error} />}
      {items.length === 0 ? (
        mine ? (
          <BoEmpty icon={tab === 'waiting' ? 'check' : 'chat'} tone={tab === 'waiting' ? 'good' : 'neutral'} title={t(`chats.empty.${tab}`)} text={t('chats.empty_mine')} />
        ) : (
          <BoEmpty icon={tab === 'waiting' ? 'check' : 'chat'} tone={tab === 'waiting' ? 'good' : 'neutral'} title={t(`chats.empty.${tab}`)} text={t(`chats.empty_text.${tab}`)} />
        )
      ) : (
        <ul className="bo-chat-items" aria-label={t('chats.list_label', { tab: t(`chats.tab.${tab}`) })} aria-busy={list.isPlaceholderData || undefined}>
          {items.map((c) => (
            <QueueItem key={c.id} c={c} to={linkTo(c.id)} active={c.id === chatId} now={now} />
          ))}
        </ul>
      )}
      <Pager page={page} pageSize={LIST_PAGE_SIZE} total={total} onChange={onPage} label={t('chats.pages')} disabled={list.isFetching} />
    </>
  );
};

/** The site's chat is off: members cannot start conversations, and the inbox only shows old ones. */
const ChatOffNote = () => {
  const { t } = useTranslation('ops');
  const config = useOpsConfig();
  if (!config.data || config.data.chat.enabled) return null;
  return (
    <p className="bo-chat-off" role="note">
      <Icon name="info" size={16} />
      <span>{t('chats.off')}</span>
      <Link to={`${boPagePath('settings')}?section=chat`} className="bo-link">
        {t('chats.off_link')}
      </Link>
    </p>
  );
};

/**
 * The customer service inbox (/backoffice/chats): the queue by tab (?status=waiting|open|closed,
 * ?mine=1 for the operator's own, ?page=) beside the conversation picked (?chat=<id>, so a reload keeps it). Both are read again
 * every 5 seconds while the page is visible. Admins and support answer and end conversations;
 * finance reads them.
 */
export const ChatsPage = () => {
  const { t } = useTranslation('ops');
  const { can } = useOperator();
  const [params, setParams] = useSearchParams();
  const tab = chatTabFromSearch(params.get('status'));
  // ?mine=1: only the conversations this operator took.
  const mine = params.get('mine') === '1';
  const page = pageFromSearch(params.get('page'));
  const chatId = chatIdFromSearch(params.get('chat'));
  // What the operator typed to each conversation stays while they look at another one.
  const drafts = useRef(new Map<string, string>());

  const withParams = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    return `?${next.toString()}`;
  };
  const replace = (patch: Record<string, string | null>) => setParams(new URLSearchParams(withParams(patch).slice(1)), { replace: true });

  return (
    <div className={`bo-chats-page${chatId ? ' has-chat' : ''}`}>
      <PageHead title={t('page.chats')} lede={t('chats.lede')} readOnly={!can('chat.answer')} />
      <ChatOffNote />
      <div className={`bo-inbox${chatId ? ' has-chat' : ''}`}>
        <section className="bo-panel bo-panel--flush bo-inbox__queue" aria-label={t('chats.queue')}>
          <div className="bo-panel__bar">
            <TabStrip
              idBase="bo-chats"
              label={t('chats.tabs')}
              value={tab}
              onChange={(next) => replace({ status: next === 'waiting' ? null : next, page: null })}
              items={CHAT_TABS.map((key) => ({ key, label: t(`chats.tab.${key}`) }))}
            />
            <label className="bo-switch bo-chat-mine">
              <input type="checkbox" role="switch" className="bo-switch__input" checked={mine} onChange={(e) => replace({ mine: e.target.checked ? '1' : null, page: null })} />
              <span className="bo-switch__track" aria-hidden="true" />
              <span className="bo-switch__text">
                <span className="bo-switch__label">{t('chats.mine')}</span>
              </span>
            </label>
          </div>
          <div role="tabpanel" id={`bo-chats-panel-${tab}`} aria-labelledby={`bo-chats-tab-${tab}`} className="bo-panel__body bo-inbox__list">
            <Queue tab={tab} mine={mine} page={page} chatId={chatId} linkTo={(id) => withParams({ chat: id })} onPage={(p) => replace({ page: p > 1 ? String(p) : null })} />
          </div>
        </section>
        <section className="bo-panel bo-panel--flush bo-inbox__room" aria-label={t('chats.room')}>
          {chatId ? (
            <Conversation key={chatId} id={chatId} backTo={withParams({ chat: null })} drafts={drafts.current} />
          ) : (
            <BoEmpty icon="chat" title={t('chats.pick')} text={t('chats.pick_text')} />
          )}
        </section>
      </div>
      <ZoneNote />
    </div>
  );
};
