import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatConversation } from '@apsara/contracts';
import { Icon } from '../../../components/ui/icons/icons';
import type { OutboxEntry } from '../logic/outbox';
import { Composer } from './composer';
import { claimFocus } from './chat-panel';
import { MessageLog } from './message-log';

type Props = {
  conversation: ChatConversation;
  outbox: readonly OutboxEntry[];
  sending: boolean;
  draft: string;
  onDraft: (draft: string) => void;
  onSend: () => void;
  onRetry: (entry: OutboxEntry) => void;
  onDiscard: (entry: OutboxEntry) => void;
  onEarlier: () => Promise<void>;
  /** Whether the member asked to end the chat and is being asked to confirm. */
  confirming: boolean;
  onConfirming: (on: boolean) => void;
  onEnd: () => Promise<void>;
  onRestart: () => void;
  autoFocus: boolean;
  errorText: (e: unknown) => string;
};

/** An open conversation (the lines and the composer) or a closed one (its lines, and a way to start again). */
export const TalkView = (p: Props) => {
  const open = p.conversation.status === 'open';
  const root = useRef<HTMLDivElement>(null);
  // Reached from the topics (whose button is gone): on to the composer, or the lines on touch screens.
  useEffect(() => claimFocus(root.current?.querySelector<HTMLElement>('[data-autofocus]') ?? root.current?.querySelector<HTMLElement>('.chat-log')), []);
  return (
    <div ref={root} className="chat-talk">
      <MessageLog conversation={p.conversation} outbox={open ? p.outbox : []} onRetry={p.onRetry} onDiscard={p.onDiscard} onEarlier={p.onEarlier} />
      {!open ? (
        <ClosedNote onRestart={p.onRestart} />
      ) : p.confirming ? (
        <EndConfirm onCancel={() => p.onConfirming(false)} onEnd={p.onEnd} errorText={p.errorText} />
      ) : (
        <Composer draft={p.draft} onDraft={p.onDraft} sending={p.sending} onSend={p.onSend} autoFocus={p.autoFocus} />
      )}
    </div>
  );
};

const ClosedNote = ({ onRestart }: { onRestart: () => void }) => {
  const { t } = useTranslation('chat');
  const button = useRef<HTMLButtonElement>(null);
  // The composer this replaces may have had the focus: it moves to the next step instead of the page.
  useEffect(() => claimFocus(button.current), []);
  return (
    <div className="chat-closed" role="status">
      <p className="chat-closed__title">
        <Icon name="check" size={16} />
        {t('closed.title')}
      </p>
      <button ref={button} type="button" className="btn btn--gold btn--block" onClick={onRestart} data-autofocus>
        {t('closed.restart')}
      </button>
    </div>
  );
};

const EndConfirm = ({ onCancel, onEnd, errorText }: { onCancel: () => void; onEnd: () => Promise<void>; errorText: (e: unknown) => string }) => {
  const { t } = useTranslation('chat');
  const ids = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The safe answer has the focus: Enter by mistake keeps the conversation.
  useEffect(() => cancel.current?.focus({ preventScroll: true }), []);
  const end = async () => {
    setBusy(true);
    setError(null);
    try {
      await onEnd();
    } catch (e) {
      setError(errorText(e));
      setBusy(false);
    }
  };
  return (
    <div className="chat-confirm" role="group" aria-labelledby={`${ids}-q`} aria-describedby={`${ids}-text`}>
      <p id={`${ids}-q`} className="chat-confirm__q">
        {t('end.question')}
      </p>
      <p id={`${ids}-text`} className="chat-confirm__text">
        {t('end.text')}
      </p>
      {error && (
        <p className="chat-error" role="alert">
          {error}
        </p>
      )}
      <div className="chat-confirm__actions">
        <button ref={cancel} type="button" className="btn btn--ghost" onClick={onCancel} disabled={busy}>
          {t('end.cancel')}
        </button>
        <button type="button" className="btn btn--gold" onClick={() => void end()} disabled={busy} aria-busy={busy || undefined}>
          {busy ? t('end.busy') : t('end.confirm')}
        </button>
      </div>
    </div>
  );
};
