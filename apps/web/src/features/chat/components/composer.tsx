import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_MESSAGE_MAX } from '@apsara/contracts';
import { Icon } from '../../../components/ui/icons/icons';
import { claimFocus } from './chat-panel';
import { draftLength, draftProblem, isSendKey, showCounter } from '../logic/composer';

type Props = {
  draft: string;
  onDraft: (draft: string) => void;
  /** A line is on its way: the composer waits for it. */
  sending: boolean;
  onSend: () => void;
  /** Focus the box when the panel opens (not on touch screens, where the keyboard would cover the lines). */
  autoFocus: boolean;
};

/** The member's line: Enter sends, Shift+Enter breaks the line; a counter near the limit. */
export const Composer = ({ draft, onDraft, sending, onSend, autoFocus }: Props) => {
  const { t } = useTranslation('chat');
  const ids = useId();
  const [tried, setTried] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  // Back from the end-chat question (its buttons are gone): the member goes on writing.
  useEffect(() => {
    if (autoFocus) claimFocus(box.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const length = draftLength(draft);
  const problem = draftProblem(draft);
  // "Empty" is no news while typing; too long or a forbidden sign is said at once.
  const shown = problem === 'empty' ? null : problem;
  const counter = showCounter(length);
  const error = shown === 'tooLong' ? t('composer.tooLong', { max: CHAT_MESSAGE_MAX }) : shown === 'angles' ? t('composer.angles') : null;

  const submit = () => {
    setTried(true);
    if (sending || problem) return;
    setTried(false);
    onSend();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!isSendKey({ key: e.key, shiftKey: e.shiftKey, altKey: e.altKey, ctrlKey: e.ctrlKey, metaKey: e.metaKey, isComposing: e.nativeEvent.isComposing })) return;
    e.preventDefault();
    submit();
  };

  const described = [error ? `${ids}-error` : `${ids}-hint`, counter ? `${ids}-count` : null].filter(Boolean).join(' ');

  return (
    <form
      className="chat-composer"
      aria-busy={sending || undefined}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label htmlFor={`${ids}-box`} className="visually-hidden">
        {t('composer.label')}
      </label>
      <div className={`chat-composer__row${error ? ' is-invalid' : ''}`}>
        <textarea
          ref={box}
          id={`${ids}-box`}
          className="chat-composer__box"
          rows={1}
          value={draft}
          placeholder={t('composer.placeholder')}
          // Room to see a paste run over the limit, not to store a book.
          maxLength={CHAT_MESSAGE_MAX * 4}
          readOnly={sending}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          onChange={(e) => onDraft(e.target.value)}
          onKeyDown={onKeyDown}
          data-autofocus={autoFocus || undefined}
        />
        <button type="submit" className="chat-send" aria-label={t('composer.send')} disabled={sending || problem !== null} title={t('composer.send')}>
          {sending ? <span className="chat-spinner" aria-hidden="true" /> : <Icon name="send" size={20} />}
        </button>
      </div>
      <div className="chat-composer__foot">
        {error ? (
          <p id={`${ids}-error`} className="chat-composer__error" role={tried ? 'alert' : undefined}>
            {error}
          </p>
        ) : (
          <p id={`${ids}-hint`} className="chat-composer__hint">
            {t('composer.hint')}
          </p>
        )}
        {counter && (
          <span id={`${ids}-count`} className={`chat-composer__count num${length > CHAT_MESSAGE_MAX ? ' is-over' : ''}`} aria-label={t('composer.count', { count: length, max: CHAT_MESSAGE_MAX })}>
            {length} / {CHAT_MESSAGE_MAX}
          </span>
        )}
      </div>
    </form>
  );
};
