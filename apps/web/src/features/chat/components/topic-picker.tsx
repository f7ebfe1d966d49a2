import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatTopic } from '@apsara/contracts';
import { Icon, type IconName } from '../../../components/ui/icons/icons';
import { claimFocus } from './chat-panel';

const ICONS: Record<ChatTopic, IconName> = {
  deposit: 'deposit',
  withdrawal: 'withdraw',
  account: 'user',
  games: 'gamepad',
  promotions: 'gift',
  other: 'help',
};

type Props = {
  topics: readonly ChatTopic[];
  /** Opens the conversation; rejects with the reason to show. */
  onPick: (topic: ChatTopic) => Promise<void>;
  /** Back to the last (closed) conversation, when there is one. */
  onBack?: () => void;
  errorText: (e: unknown) => string;
};

/** Step one of a conversation: the member says what it is about (the topics the site offers). */
export const TopicPicker = ({ topics, onPick, onBack, errorText }: Props) => {
  const { t } = useTranslation('chat');
  const [picked, setPicked] = useState<ChatTopic | null>(null);
  const [error, setError] = useState<string | null>(null);
  const list = useRef<HTMLUListElement>(null);
  // Reached from a closed conversation (its button is gone): on to the first topic.
  useEffect(() => claimFocus(list.current?.querySelector('button')), []);

  const pick = async (topic: ChatTopic) => {
    setPicked(topic);
    setError(null);
    try {
      await onPick(topic);
    } catch (e) {
      setError(errorText(e));
      setPicked(null);
    }
  };

  return (
    <div className="chat-topics" aria-busy={picked !== null || undefined}>
      <div className="chat-topics__hero" aria-hidden="true">
        <Icon name="chat" size={28} />
      </div>
      <h3 className="chat-topics__title">{t('topics.title')}</h3>
      <p className="chat-topics__text">{t('topics.text')}</p>
      <ul ref={list} className="chat-topics__grid" aria-label={t('topics.label')}>
        {topics.map((topic, i) => (
          <li key={topic}>
            <button type="button" className={`chat-topic${picked === topic ? ' is-picked' : ''}`} disabled={picked !== null} onClick={() => void pick(topic)} data-autofocus={i === 0 || undefined}>
              <span className="chat-topic__icon">
                <Icon name={ICONS[topic]} size={20} />
              </span>
              <span className="chat-topic__name">{t(`topics.${topic}`)}</span>
              {picked === topic && <span className="chat-spinner" aria-hidden="true" />}
            </button>
          </li>
        ))}
      </ul>
      {picked && (
        <p className="chat-topics__status" role="status">
          {t('topics.starting')}
        </p>
      )}
      {error && (
        <p className="chat-error" role="alert">
          {error}
        </p>
      )}
      {onBack && (
        <button type="button" className="btn btn--quiet btn--sm chat-topics__back" onClick={onBack} disabled={picked !== null}>
          <Icon name="chevronLeft" size={16} />
          {t('topics.back')}
        </button>
      )}
    </div>
  );
};
