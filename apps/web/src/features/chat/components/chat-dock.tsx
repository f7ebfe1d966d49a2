import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { ChatConversation, ChatTopic, LocalizedText } from '@apsara/contracts';
import { Icon } from '../../../components/ui/icons/icons';
import { useLocalize } from '../../../i18n/use-localize';
import { isApiError } from '../../../lib/api';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { useLoginState } from '../../../lib/session';
import { useShellActions } from '../../../lib/shell-actions';
import { useMediaQuery } from '../../../lib/use-media-query';
import { CHAT_KEY, CHAT_MODELS_KEY, endChat, keepSentLine, launchChat, loadEarlier, markChatRead, sendChatLine, useChatModels, useConversation } from '../api/chat';
import { usePageVisible } from '../hooks/use-page-visible';
import { cleanDraft, draftProblem } from '../logic/composer';
import { firstMessageId } from '../logic/messages';
import { deliver, isSending, outboxReducer, type Delivery, type OutboxEntry } from '../logic/outbox';
import { closeChatPanel, openChatPanel, useChatPanelOpen } from '../logic/panel-store';
import { lastMessageId } from '../logic/messages';
import { badgeText, launcherUnread, markedRead, shouldMarkRead } from '../logic/unread';
import { ChatPanel } from './chat-panel';
import { ChatContacts } from './contacts';
import { TalkView } from './talk-view';
import { TopicPicker } from './topic-picker';
import './chat.css';

/** Phones and small tablets get a bottom sheet. */
const SHEET_QUERY = '(max-width: 768px)';

/**
 * The member's customer service chat (spec §1, §2 "chat room"): a launcher at the bottom right with
 * the count of unread answers, and the panel it opens. Mounted once by the player layout; `launcher`
 * is off where a floating button would cover the game.
 */
export const ChatDock = ({ launcher }: { launcher: boolean }) => {
  const { t } = useTranslation('chat');
  const queryClient = useQueryClient();
  const { isLogin, isTrial } = useLoginState();
  const models = useChatModels();
  const open = useChatPanelOpen();
  const visible = usePageVisible();
  const sheet = useMediaQuery(SHEET_QUERY);
  const finePointer = useMediaQuery('(pointer: fine)');
  const enabled = models.data?.enabled === true;
  const member = isLogin && !isTrial;
  const conversation = useConversation(queryClient, { enabled: enabled && member, poll: open });
  const current = conversation.data;
  const [outbox, dispatch] = useReducer(outboxReducer, []);
  const [draft, setDraft] = useState('');
  const [picking, setPicking] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const launcherRef = useRef<HTMLButtonElement>(null);

  // Signed out: nothing of the member's stays on screen.
  useEffect(() => {
    if (isLogin) return;
    dispatch({ type: 'clear' });
    setDraft('');
    setPicking(false);
    setConfirming(false);
  }, [isLogin]);

  // Another conversation: lines not sent in the last one are no longer for anybody.
  const conversationId = current?.id;
  useEffect(() => {
    dispatch({ type: 'clear' });
    setConfirming(false);
  }, [conversationId]);

  // Opening the panel reads the lines again (the stream may have been down meanwhile).
  useEffect(() => {
    if (open && enabled && member) void queryClient.invalidateQueries({ queryKey: CHAT_KEY, exact: true });
  }, [open, enabled, member, queryClient]);

  // Lines on screen in a page in view are read.
  const reading = useRef(false);
  const unread = current?.unread ?? 0;
  useEffect(() => {
    if (reading.current || !shouldMarkRead(current, open, visible)) return;
    reading.current = true;
    markChatRead(lastMessageId(current))
      .then(({ unread: left }) => {
        queryClient.setQueryData<ChatConversation | null>(CHAT_KEY, (held) => markedRead(held, left));
        // A read already on its way counted the lines as unread: it is dropped for a new one.
        return queryClient.invalidateQueries({ queryKey: CHAT_KEY, exact: true });
      })
      .catch(() => undefined)
      .finally(() => {
        reading.current = false;
      });
    // `current` changes with every reread; what matters is the unread count and which conversation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [unread, conversationId, open, visible, queryClient]);

  // Closed: the focus, which was in the panel, goes back to the launcher (else to the page).
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open) {
      const active = document.activeElement;
      if (!active || active === document.body) (launcherRef.current ?? document.getElementById('main'))?.focus({ preventScroll: true });
    }
    wasOpen.current = open;
  }, [open]);

  const errorText = useCallback((e: unknown) => (e instanceof Error && e.message ? e.message : t('error.load')), [t]);

  /** What a refusal says about the chat itself: closed meanwhile, or switched off. */
  const heed = useCallback(
    (e: unknown) => {
      if (!isApiError(e)) return;
      if (e.code === 'CHAT_NOT_OPEN') void queryClient.invalidateQueries({ queryKey: CHAT_KEY, exact: true });
      if (e.code === 'CHAT_DISABLED') void queryClient.invalidateQueries({ queryKey: CHAT_MODELS_KEY });
    },
    [queryClient],
  );

  const delivery: Delivery<Awaited<ReturnType<typeof sendChatLine>>> = {
    send: sendChatLine,
    dispatch,
    onSent: (sent) => keepSentLine(queryClient, sent),
    errorText: (e) => {
      heed(e);
      return errorText(e);
    },
  };

  const send = () => {
    if (draftProblem(draft)) return;
    const line = { key: newIdempotencyKey('chat'), body: cleanDraft(draft) };
    dispatch({ type: 'queue', ...line });
    setDraft('');
    void deliver(line, delivery);
  };

  const retry = (entry: OutboxEntry) => {
    dispatch({ type: 'retry', key: entry.key });
    void deliver(entry, delivery);
  };

  const pick = async (topic: ChatTopic) => {
    try {
      await launchChat(queryClient, topic);
      setPicking(false);
    } catch (e) {
      heed(e);
      throw e;
    }
  };

  const end = async () => {
    try {
      await endChat(queryClient);
    } catch (e) {
      // Ended meanwhile (by an operator, or in another tab): what the member wanted.
      if (!(isApiError(e) && e.code === 'CHAT_NOT_OPEN')) throw e;
      heed(e);
    }
    setConfirming(false);
  };

  const unreadOnLauncher = launcherUnread(current, open);
  const showLauncher = launcher && enabled && !open;

  return (
    <>
      {showLauncher && (
        <button
          ref={launcherRef}
          type="button"
          className="chat-launcher floating-control"
          aria-haspopup="dialog"
          aria-label={unreadOnLauncher > 0 ? t('launcher.withUnread', { count: unreadOnLauncher }) : t('launcher.open')}
          title={t('launcher.open')}
          onClick={openChatPanel}
        >
          <Icon name="chat" size={26} />
          {unreadOnLauncher > 0 && (
            <span className="chat-launcher__badge num" aria-hidden="true" data-testid="chat-unread">
              {badgeText(unreadOnLauncher)}
            </span>
          )}
        </button>
      )}
      {open && (
        <PanelFor
          sheet={sheet}
          state={{ modelsPending: models.isPending, modelsError: models.isError ? models.error : null, enabled, isLogin, isTrial }}
          conversation={conversation}
          hours={models.data?.hours ?? null}
          topics={models.data?.topics ?? []}
          outbox={outbox}
          draft={draft}
          onDraft={setDraft}
          onSend={send}
          onRetry={retry}
          onDiscard={(entry) => dispatch({ type: 'discard', key: entry.key })}
          picking={picking}
          onPicking={setPicking}
          onPick={pick}
          confirming={confirming}
          onConfirming={setConfirming}
          onEnd={end}
          onEarlier={() => loadEarlier(queryClient, firstMessageId(current)!)}
          onRetryModels={() => void models.refetch()}
          autoFocus={finePointer}
          errorText={errorText}
        />
      )}
    </>
  );
};

type PanelProps = {
  sheet: boolean;
  state: { modelsPending: boolean; modelsError: unknown; enabled: boolean; isLogin: boolean; isTrial: boolean };
  conversation: ReturnType<typeof useConversation>;
  hours: LocalizedText | null;
  topics: readonly ChatTopic[];
  outbox: readonly OutboxEntry[];
  draft: string;
  onDraft: (draft: string) => void;
  onSend: () => void;
  onRetry: (entry: OutboxEntry) => void;
  onDiscard: (entry: OutboxEntry) => void;
  picking: boolean;
  onPicking: (on: boolean) => void;
  onPick: (topic: ChatTopic) => Promise<void>;
  confirming: boolean;
  onConfirming: (on: boolean) => void;
  onEnd: () => Promise<void>;
  onEarlier: () => Promise<void>;
  onRetryModels: () => void;
  autoFocus: boolean;
  errorText: (e: unknown) => string;
};

/** The panel with the step the member is at. */
const PanelFor = (p: PanelProps) => {
  const { t } = useTranslation('chat');
  const localized = useLocalize();
  const { state, conversation } = p;
  const current = conversation.data;
  const talking = !!current && current.status === 'open' && !p.picking;
  const hours = p.hours ? t('online', { hours: localized(p.hours) }) : undefined;
  const subtitle = talking ? t('topic', { topic: t(`topics.${current.topic}`) }) : hours;
  const code = isApiError(conversation.error) ? conversation.error.code : undefined;

  const body = (() => {
    if (state.modelsPending) return <Loading />;
    if (state.modelsError) return <Failed message={p.errorText(state.modelsError)} onRetry={p.onRetryModels} />;
    if (!state.enabled || code === 'CHAT_DISABLED') return <Notice icon="info" title={t('disabled.title')} text={t('disabled.text')} />;
    if (!state.isLogin) return <VisitorView />;
    if (state.isTrial || code === 'TRIAL_NEED_REAL_ACCOUNT') return <Notice icon="lock" title={t('trial.title')} text={t('trial.text')} />;
    if (conversation.isPending) return <Loading />;
    if (conversation.isError && !current) return <Failed message={p.errorText(conversation.error)} onRetry={() => void conversation.refetch()} />;
    if (!current || p.picking) {
      return <TopicPicker topics={p.topics} onPick={p.onPick} onBack={current ? () => p.onPicking(false) : undefined} errorText={p.errorText} />;
    }
    return (
      <TalkView
        conversation={current}
        outbox={p.outbox}
        sending={isSending(p.outbox)}
        draft={p.draft}
        onDraft={p.onDraft}
        onSend={p.onSend}
        onRetry={p.onRetry}
        onDiscard={p.onDiscard}
        onEarlier={p.onEarlier}
        confirming={p.confirming}
        onConfirming={p.onConfirming}
        onEnd={p.onEnd}
        onRestart={() => p.onPicking(true)}
        autoFocus={p.autoFocus}
        errorText={p.errorText}
      />
    );
  })();

  return (
    <ChatPanel
      sheet={p.sheet}
      subtitle={
        subtitle && (
          <>
            {!talking && <span className="chat-dot" aria-hidden="true" />}
            {subtitle}
          </>
        )
      }
      action={
        talking && !p.confirming ? (
          <button type="button" className="btn btn--ghost btn--sm chat-panel__end" onClick={() => p.onConfirming(true)}>
            {t('end.button')}
          </button>
        ) : undefined
      }
      onClose={closeChatPanel}
      onEscape={() => {
        if (!p.confirming) return false;
        p.onConfirming(false);
        return true;
      }}
    >
      {body}
    </ChatPanel>
  );
};

const Loading = () => {
  const { t } = useTranslation('chat');
  return (
    <div className="chat-loading" aria-busy="true" aria-label={t('log.loading')} role="status">
      <div className="skeleton chat-loading__line chat-loading__line--left" />
      <div className="skeleton chat-loading__line chat-loading__line--right" />
      <div className="skeleton chat-loading__line chat-loading__line--left chat-loading__line--short" />
    </div>
  );
};

const Failed = ({ message, onRetry }: { message: string; onRetry: () => void }) => {
  const { t } = useTranslation('chat');
  return (
    <div className="chat-intro" role="alert">
      <span className="chat-intro__icon chat-intro__icon--warn" aria-hidden="true">
        <Icon name="alert" size={26} />
      </span>
      <p className="chat-intro__text">{message}</p>
      <button type="button" className="btn btn--ghost btn--sm" onClick={onRetry} data-autofocus>
        <Icon name="refresh" size={16} />
        {t('error.retry')}
      </button>
    </div>
  );
};

/** A step the member cannot chat from (chat off, a demo account), with the other ways in. */
const Notice = ({ icon, title, text }: { icon: 'info' | 'lock'; title: string; text: string }) => (
  <div className="chat-scroll">
    <div className="chat-intro">
      <span className="chat-intro__icon" aria-hidden="true">
        <Icon name={icon} size={26} />
      </span>
      <h3 className="chat-intro__title">{title}</h3>
      <p className="chat-intro__text">{text}</p>
    </div>
    <ChatContacts onLeave={closeChatPanel} />
  </div>
);

const VisitorView = () => {
  const { t } = useTranslation('chat');
  const { guard, openRegister } = useShellActions();
  return (
    <div className="chat-scroll">
      <div className="chat-intro">
        <span className="chat-intro__icon" aria-hidden="true">
          <Icon name="chat" size={26} />
        </span>
        <h3 className="chat-intro__title">{t('visitor.title')}</h3>
        <p className="chat-intro__text">{t('visitor.text')}</p>
        <div className="chat-intro__actions">
          {/* The guard opens the login popup for a visitor; the panel stays, and shows the topics once signed in. */}
          <button type="button" className="btn btn--gold" onClick={() => guard()} data-autofocus>
            {t('visitor.login')}
          </button>
          <button type="button" className="btn btn--ghost" onClick={openRegister}>
            {t('visitor.register')}
          </button>
        </div>
      </div>
      <ChatContacts onLeave={closeChatPanel} />
    </div>
  );
};
