import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type MutableRefObject, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CHAT_MESSAGE_MAX, type ChatMessage, type OpsChatDetail } from '@apsara/contracts';
import { Icon } from '../../../../components/ui/icons/icons';
import { contentLanguage } from '../../../../i18n/languages';
import { isApiError } from '../../../../lib/api';
import { isAmbiguousFailure, sendWithKey } from '../../../../lib/idempotency';
import { useKeyKeeper } from '../../../../lib/use-key-keeper';
import { useCloseChat, useLoadEarlier, useMarkRead, useOpsChat, useReply } from '../../api/chats';
import { chatState, lineText, replyLength, replyProblem, shouldMarkRead } from '../../logic/chats';
import { boPagePath } from '../../logic/pages';
import { Time, useSiteTime } from '../common/bits';
import { DecisionDialog, type DecisionRequest } from '../common/decision-dialog';
import { BoError, BoLoading, BoNotice, BoProblem } from '../common/states';
import { useOperator } from '../frame/operator-context';
import { usePageVisible } from './use-page-visible';

const STATE_TONE = { waiting: 'pending', open: 'info', closed: 'muted' } as const;

/** Closer than this to the bottom, the operator is reading the newest lines: new ones scroll into view. */
const FOLLOW_SLACK_PX = 48;

const atBottom = (el: HTMLElement) => el.scrollHeight - el.scrollTop - el.clientHeight <= FOLLOW_SLACK_PX;

type LinesProps = { c: OpsChatDetail; follow: MutableRefObject<boolean> };

/**
 * The lines, oldest first, in a box of their own that scrolls: it opens at the newest line, follows
 * new lines while the operator is at the bottom, and otherwise keeps its place and says how many
 * arrived below. Lines loaded above ("load earlier") leave what was on screen where it was.
 */
const Lines = ({ c, follow }: LinesProps) => {
  const { t, i18n } = useTranslation('ops');
  const { at } = useSiteTime();
  const lang = contentLanguage(i18n.language);
  const box = useRef<HTMLDivElement>(null);
  const seen = useRef<{ first?: string; last?: string; height: number; top: number } | null>(null);
  const [below, setBelow] = useState(0);
  const earlier = useLoadEarlier(c.id);
  const first = c.messages[0]?.id;
  const last = c.messages.at(-1)?.id;

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const before = seen.current;
    if (!before) el.scrollTop = el.scrollHeight;
    else {
      // Lines added above: what was on screen moves down by their height; put it back.
      if (before.first !== first && before.last === last) el.scrollTop = before.top + (el.scrollHeight - before.height);
      else if (before.last !== last) {
        if (follow.current) el.scrollTop = el.scrollHeight;
        else {
          const from = before.last ? BigInt(before.last) : 0n;
          setBelow((n) => n + c.messages.filter((m) => BigInt(m.id) > from).length);
        }
      }
    }
    seen.current = { first, last, height: el.scrollHeight, top: el.scrollTop };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [first, last]);

  const onScroll = () => {
    const el = box.current;
    if (!el) return;
    follow.current = atBottom(el);
    if (follow.current) setBelow(0);
    seen.current = { first, last, height: el.scrollHeight, top: el.scrollTop };
  };

  const toBottom = () => {
    const el = box.current;
    if (!el) return;
    follow.current = true;
    el.scrollTop = el.scrollHeight;
    setBelow(0);
  };

  let day = '';
  const items: ReactNode[] = [];
  for (const m of c.messages) {
    const when = at(m.createdAt);
    if (when.slice(0, 10) !== day) {
      day = when.slice(0, 10);
      items.push(
        <li key={`day-${day}`} className="bo-line-day" aria-hidden="true">
          <span>{day}</span>
        </li>,
      );
    }
    items.push(<Line key={m.id} m={m} username={c.username} text={lineText(m.body, lang)} time={when.slice(11)} />);
  }

  return (
    <div className="bo-room__lines-wrap">
      <div ref={box} className="bo-room__lines" role="log" aria-label={t('chats.lines_of', { name: c.username })} tabIndex={0} onScroll={onScroll}>
        {c.earlier && (
          <div className="bo-room__earlier">
            <button type="button" className="btn btn--ghost btn--sm" onClick={() => earlier.mutate()} disabled={earlier.isPending}>
              {earlier.isPending ? <span className="mc-spinner" aria-hidden="true" /> : <Icon name="arrowUp" size={14} />}
              {t('chats.load_earlier')}
            </button>
            <BoProblem error={earlier.error} />
          </div>
        )}
        {c.messages.length === 0 ? <p className="bo-room__none">{t('chats.no_lines')}</p> : <ol className="bo-lines">{items}</ol>}
      </div>
      {below > 0 && (
        <button type="button" className="bo-room__below" onClick={toBottom}>
          <Icon name="chevronDown" size={14} />
          {t('chats.new_below', { count: below })}
        </button>
      )}
    </div>
  );
};

const Line = ({ m, username, text, time }: { m: ChatMessage; username: string; text: string; time: string }) => {
  const { t } = useTranslation('ops');
  if (m.sender === 'system')
    return (
      <li className="bo-line bo-line--system">
        <span className="visually-hidden">{t('chats.from_site')}: </span>
        <p className="bo-line__text">{text}</p>
        <time className="bo-line__time num" dateTime={m.createdAt}>
          {time}
        </time>
      </li>
    );
  const who = m.sender === 'member' ? username : (m.operatorName ?? t('chats.an_operator'));
  return (
    <li className={`bo-line bo-line--${m.sender}`}>
      <div className="bo-line__bubble">
        <span className="bo-line__who">
          {who}
          {m.sender === 'operator' && <span className="bo-line__role">{t('chats.staff')}</span>}
        </span>
        <p className="bo-line__text">{text}</p>
        <time className="bo-line__time num" dateTime={m.createdAt}>
          {time}
        </time>
      </div>
    </li>
  );
};

type ComposerProps = { id: string; username: string; draft: string; onDraft: (text: string) => void; onSent: () => void };

/**
 * An answer (POST /ops/chats/:id/messages): Enter sends, Shift+Enter starts a new line; checked as the
 * server checks it. Each answer carries an idempotency key; a retry after no answer reuses it, so the
 * member never gets the same line twice.
 */
const Composer = ({ id, username, draft, onDraft, onSent }: ComposerProps) => {
  const { t } = useTranslation('ops');
  const ids = useId();
  const keeper = useKeyKeeper('ops-chat');
  const reply = useReply(id);
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const count = replyLength(draft);

  const send = async () => {
    if (reply.isPending) return;
    const rule = replyProblem(draft);
    if (rule) {
      setProblem(t(`chats.rule.${rule}`, { max: CHAT_MESSAGE_MAX }));
      return;
    }
    setProblem(null);
    setFailure(null);
    const body = draft.trim();
    try {
      await sendWithKey(keeper, { chat: id, body }, (idempotencyKey) => reply.mutateAsync({ body, idempotencyKey }));
      onDraft('');
      onSent();
    } catch (e) {
      const field = isApiError(e) ? e.fields.find((f) => f.field === 'body') : undefined;
      if (field && isApiError(e)) setProblem(field.message || e.message);
      setFailure(e);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter while an input method is composing (Khmer, Chinese) picks a candidate; it does not send.
    if (e.key !== 'Enter' || e.shiftKey || e.altKey || e.ctrlKey || e.metaKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    void send();
  };

  const errorId = `${ids}-error`;
  const hintId = `${ids}-hint`;
  return (
    <form
      className="bo-composer"
      noValidate
      aria-busy={reply.isPending}
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <label htmlFor={`${ids}-text`} className="visually-hidden">
        {t('chats.reply_to', { name: username })}
      </label>
      <textarea
        id={`${ids}-text`}
        className={`bo-composer__text${problem ? ' is-invalid' : ''}`}
        rows={2}
        value={draft}
        readOnly={reply.isPending}
        placeholder={t('chats.reply_placeholder', { name: username })}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${errorId} ${hintId}` : hintId}
        onChange={(e) => {
          onDraft(e.target.value);
          if (problem) setProblem(null);
        }}
        onKeyDown={onKeyDown}
      />
      <div className="bo-composer__foot">
        <span id={hintId} className="bo-composer__hint">
          {t('chats.enter_hint')}
        </span>
        <span className={`bo-composer__count num${count > CHAT_MESSAGE_MAX ? ' is-over' : ''}`} aria-hidden="true">
          {count} / {CHAT_MESSAGE_MAX}
        </span>
        <button type="submit" className="btn btn--gold btn--sm" disabled={reply.isPending}>
          {reply.isPending ? <span className="mc-spinner" aria-hidden="true" /> : <Icon name="send" size={14} />}
          {t('chats.send')}
        </button>
      </div>
      {problem && (
        <p id={errorId} className="mc-field__error" role="alert">
          <Icon name="alert" size={14} />
          {problem}
        </p>
      )}
      {failure !== null && !problem && (
        <>
          <BoProblem error={failure} />
          {isAmbiguousFailure(failure) && <p className="bo-composer__retry">{t('chats.retry_safe')}</p>}
        </>
      )}
    </form>
  );
};

type Props = { id: string; backTo: string; drafts: Map<string, string> };

/**
 * One conversation (GET /ops/chats/:id): who and what it is about, who holds it, its lines, and the
 * answer box. Opening it, and new lines coming in while the page is visible, tell the server the
 * member's lines are read (POST …/read; admins and support). Ending it asks first (POST …/close).
 */
export const Conversation = ({ id, backTo, drafts }: Props) => {
  const { t } = useTranslation('ops');
  const { can } = useOperator();
  const detail = useOpsChat(id);
  const visible = usePageVisible();
  const markRead = useMarkRead(id);
  const close = useCloseChat(id);
  const canAnswer = can('chat.answer');
  const follow = useRef(true);
  const [draft, setDraftState] = useState(() => drafts.get(id) ?? '');
  const [notice, setNotice] = useState<string | null>(null);
  const [request, setRequest] = useState<DecisionRequest | null>(null);
  const c = detail.data;
  const last = c?.messages.at(-1)?.id;

  useEffect(() => {
    if (!shouldMarkRead(c, canAnswer, visible) || markRead.isPending) return;
    markRead.mutate(last);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [c?.unread, last, visible, canAnswer]);

  const setDraft = (text: string) => {
    if (text) drafts.set(id, text);
    else drafts.delete(id);
    setDraftState(text);
  };

  const back = (
    <Link to={backTo} className="btn btn--ghost btn--sm bo-room__back">
      <Icon name="chevronLeft" size={16} />
      <span className="bo-room__back-text">{t('chats.back')}</span>
    </Link>
  );

  if (detail.isPending) return <BoLoading rows={6} label={t('chats.loading')} />;
  if (!c)
    return (
      <div className="bo-room bo-room--error">
        {back}
        <BoError error={detail.error} onRetry={() => void detail.refetch()} />
      </div>
    );

  const state = chatState(c);
  const topic = t(`chats.topic.${c.topic}`);
  const askClose = () => {
    setNotice(null);
    setRequest({
      title: t('chats.close_title', { name: c.username }),
      confirmLabel: t('chats.close'),
      tone: 'reject',
      facts: [
        { label: t('col.member'), value: c.username },
        { label: t('chats.topic_label'), value: topic },
        { label: t('chats.started'), value: <Time iso={c.createdAt} /> },
      ],
      consequence: t('chats.close_consequence'),
      run: () => close.mutateAsync(),
      onDone: () => setNotice(t('chats.closed_notice', { name: c.username })),
    });
  };

  return (
    <div className="bo-room">
      <header className="bo-room__head">
        {back}
        <div className="bo-room__who">
          <h2 className="bo-room__title">
            <Link to={`${boPagePath('members')}?member=${encodeURIComponent(c.memberId)}`} className="bo-link" aria-label={t('chats.member_link', { name: c.username })}>
              {c.username}
            </Link>
            <span className={`mc-badge mc-badge--${STATE_TONE[state]}`}>{t(`chats.state.${state}`)}</span>
          </h2>
          <p className="bo-room__facts">
            <span>
              <span className="bo-room__fact-label">{t('chats.topic_label')}</span> {topic}
            </span>
            <span>
              <span className="bo-room__fact-label">{t('chats.started')}</span> <Time iso={c.createdAt} />
            </span>
            <span>
              <span className="bo-room__fact-label">{t('chats.held')}</span> {c.assignedTo ?? <span className="bo-faint">{t('chats.unassigned')}</span>}
            </span>
          </p>
        </div>
        {c.status === 'open' && (
          <button
            type="button"
            className="btn btn--sm bo-btn--danger-ghost bo-room__close"
            disabled={!canAnswer}
            title={canAnswer ? undefined : t('common.role_cannot')}
            aria-label={t('chats.close_named', { name: c.username })}
            onClick={askClose}
          >
            <Icon name="close" size={14} />
            {t('chats.close')}
          </button>
        )}
      </header>
      <BoNotice message={notice} />
      {/* A refresh that failed keeps the lines on screen and says why. */}
      {detail.isError && <BoProblem error={detail.error} />}
      <Lines c={c} follow={follow} />
      {c.status === 'closed' ? (
        <p className="bo-room__ended">
          <Icon name="lock" size={14} />
          <span>{c.closedBy ? t(`chats.ended_by.${c.closedBy}`) : t('chats.ended')}</span>
          <Time iso={c.closedAt} />
        </p>
      ) : canAnswer ? (
        <Composer id={c.id} username={c.username} draft={draft} onDraft={setDraft} onSent={() => (follow.current = true)} />
      ) : (
        <p className="bo-room__ended">
          <Icon name="lock" size={14} />
          {t('chats.read_only')}
        </p>
      )}
      <DecisionDialog name="bo-chat-close" request={request} onClose={() => setRequest(null)} />
    </div>
  );
};
