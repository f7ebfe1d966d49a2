import { Fragment, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatConversation, ChatMessage } from '@apsara/contracts';
import { Icon } from '../../../components/ui/icons/icons';
import { useLocalize } from '../../../i18n/use-localize';
import { brandOf, useSiteConfigValue } from '../../../lib/site-config';
import { useDateFormat } from '../../../lib/use-date-format';
import { useTimeZone } from '../../../lib/use-time-zone';
import { dayAndTime, dayKind, timelineOf } from '../logic/messages';
import type { OutboxEntry } from '../logic/outbox';

type Props = {
  conversation: ChatConversation;
  outbox: readonly OutboxEntry[];
  onRetry: (entry: OutboxEntry) => void;
  onDiscard: (entry: OutboxEntry) => void;
  /** Loads the page before the first line shown; rejects when it could not. */
  onEarlier: () => Promise<void>;
};

/** Near enough to the bottom to follow new lines (a member reading older ones is left in peace). */
const FOLLOW_PX = 64;

const useDayLabel = (timeZone: string) => {
  const { t } = useTranslation('chat');
  const dates = useDateFormat();
  const today = dayAndTime(new Date().toISOString(), timeZone).day;
  return (day: string) => {
    const kind = dayKind(day, today);
    // A calendar day of the site's clock, written out in the reader's language (no zone moves it).
    return kind === 'date' ? dates.day(day) : t(`log.${kind}`);
  };
};

/**
 * The conversation as a log region (new lines are read out politely): the member's lines on the
 * right, the site's on the left under the operator's name (or the site's), notices in the middle, a
 * heading for each day, the time under each line; the member's unconfirmed lines last.
 */
export const MessageLog = ({ conversation, outbox, onRetry, onDiscard, onEarlier }: Props) => {
  const { t } = useTranslation('chat');
  const localized = useLocalize();
  const brand = brandOf(useSiteConfigValue());
  const timeZone = useTimeZone();
  const dayLabel = useDayLabel(timeZone);
  const items = useMemo(() => timelineOf(conversation.messages, timeZone), [conversation.messages, timeZone]);
  const scroller = useRef<HTMLDivElement>(null);
  const follow = useRef(true);
  /** The scroll position to keep while an earlier page is put in front. */
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const [earlier, setEarlier] = useState<'idle' | 'loading' | 'failed'>('idle');

  const first = conversation.messages[0]?.id;
  const last = conversation.messages.at(-1);
  const lastKey = `${last?.id ?? ''}|${outbox.map((e) => `${e.key}:${e.state}`).join(',')}`;

  // An earlier page went in front: the lines the member was reading stay where they were.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || !anchor.current) return;
    el.scrollTop = anchor.current.top + (el.scrollHeight - anchor.current.height);
    anchor.current = null;
  }, [first]);

  // A new line: follow it when the member was at the bottom, or wrote it.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const mine = outbox.length > 0 || last?.sender === 'member';
    if (follow.current || mine) el.scrollTop = el.scrollHeight;
  }, [lastKey, last?.sender, outbox.length]);

  const loadEarlier = async () => {
    const el = scroller.current;
    if (el) anchor.current = { height: el.scrollHeight, top: el.scrollTop };
    setEarlier('loading');
    try {
      await onEarlier();
      setEarlier('idle');
    } catch {
      anchor.current = null;
      setEarlier('failed');
    }
  };

  const textOf = (m: ChatMessage) => (typeof m.body === 'string' ? m.body : localized(m.body));

  return (
    // The log is the scroller, and takes focus so the keyboard scrolls it.
    <div
      ref={scroller}
      role="log"
      aria-live="polite"
      aria-label={t('log.label')}
      tabIndex={0}
      className="chat-log"
      onScroll={(e) => {
        const el = e.currentTarget;
        follow.current = el.scrollHeight - el.scrollTop - el.clientHeight < FOLLOW_PX;
      }}
    >
      {conversation.earlier && (
        <div className="chat-log__earlier">
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => void loadEarlier()} disabled={earlier === 'loading'} aria-busy={earlier === 'loading' || undefined}>
            {earlier === 'loading' ? t('log.loadingEarlier') : t('log.earlier')}
          </button>
          {earlier === 'failed' && (
            <p className="chat-error" role="alert">
              {t('log.earlierFailed')}
            </p>
          )}
        </div>
      )}
      {items.length === 0 && outbox.length === 0 && <p className="chat-log__empty">{t('log.empty')}</p>}
      <ol className="chat-log__list">
        {items.map((item) => {
          if (item.kind === 'day') {
            return (
              <li key={item.key} className="chat-day">
                <span>{dayLabel(item.day)}</span>
              </li>
            );
          }
          const m = item.message;
          const time = (
            <time className="chat-line__time" dateTime={m.createdAt}>
              {item.time}
            </time>
          );
          if (m.sender === 'system') {
            return (
              <li key={item.key} className="chat-line chat-line--system">
                <p className="chat-notice">
                  <span className="visually-hidden">{t('log.notice')}: </span>
                  {textOf(m)}
                </p>
                {time}
              </li>
            );
          }
          const who = m.sender === 'member' ? t('log.you') : (m.operatorName ?? brand);
          return (
            <li key={item.key} className={`chat-line chat-line--${m.sender}`}>
              {m.sender === 'operator' ? (
                <span className="chat-line__who">{who}</span>
              ) : (
                <span className="visually-hidden">{who}: </span>
              )}
              <p className="chat-bubble">{textOf(m)}</p>
              {time}
            </li>
          );
        })}
        {outbox.map((entry) => (
          <li key={entry.key} className={`chat-line chat-line--member chat-line--${entry.state}`}>
            <span className="visually-hidden">{t('log.you')}: </span>
            <p className="chat-bubble">{entry.body}</p>
            {entry.state === 'sending' ? (
              <span className="chat-line__time">{t('line.sending')}</span>
            ) : (
              <Fragment>
                <span className="chat-line__failed" role="alert">
                  <Icon name="alert" size={14} />
                  {t('line.failed')}
                  {entry.error ? ` · ${entry.error}` : ''}
                </span>
                <span className="chat-line__actions">
                  <button type="button" className="chat-link" onClick={() => onRetry(entry)}>
                    <Icon name="refresh" size={14} />
                    {t('line.retry')}
                  </button>
                  <button type="button" className="chat-link chat-link--quiet" onClick={() => onDiscard(entry)} aria-label={t('line.discardLabel')}>
                    {t('line.discard')}
                  </button>
                </span>
              </Fragment>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
};
