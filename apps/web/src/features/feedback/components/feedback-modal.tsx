import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { FEEDBACK_CONTENT_MAX, FEEDBACK_CONTENT_MIN, FEEDBACK_CONTACT_MAX, FEEDBACK_SENDER_MAX, LIST_PAGE_SIZE, feedbackLength, type FeedbackSentValue, type MyFeedback } from '@apsara/contracts';
import { Modal, closeModal } from '../../../components/ui/modal';
import { Icon } from '../../../components/ui/icons/icons';
import { CaptchaField } from '../../../components/ui/form/captcha-field';
import { TextField, UserIcon } from '../../../components/ui/form/text-field';
import { Pager } from '../../../components/ui/pager/pager';
import { isApiError } from '../../../lib/api';
import { useCaptcha } from '../../../lib/captcha';
import { useLoginState } from '../../../lib/session';
import { useDateFormat } from '../../../lib/use-date-format';
import { useTimeZone } from '../../../lib/use-time-zone';
import { useShellActions } from '../../../lib/shell-actions';
import { sendFeedback, useMyFeedback } from '../api/feedback';
import { FEEDBACK_TYPE_OPTIONS, checkFeedback, shownFeedbackCheck, toFeedbackBody, typeNameOf, type FeedbackField, type FeedbackFormValues } from '../logic/feedback-form';
import './feedback.css';

export const FEEDBACK_MODAL = 'feedback';

type Tab = 'send' | 'mine';
const EMPTY: FeedbackFormValues = { type: '', content: '', sender: '', contact: '', captcha: '' };
/** Server answers that belong to one field; anything else is shown above the button. */
const FIELD_OF_CODE: Record<string, FeedbackField> = { CAPTCHA_INVALID: 'captcha', CAPTCHA_REQUIRED: 'captcha', FEEDBACK_SENDER_REQUIRED: 'sender' };

/**
 * The feedback and complaints popup (spec §2 popups, §5 "Feedback"): anyone can send one; a member
 * also finds what they sent under "My feedback", with our answer once an operator has given it.
 */
export const FeedbackModal = () => {
  const { t } = useTranslation('feedback');
  return (
    <Modal name={FEEDBACK_MODAL} title={t('title')} size="md" className="fb-modal">
      <FeedbackBody />
    </Modal>
  );
};

/** The popup's content: mounted at each opening (the Modal renders nothing while closed), so it starts on a fresh form. */
const FeedbackBody = () => {
  const { t } = useTranslation('feedback');
  const { isLogin } = useLoginState();
  const [tab, setTab] = useState<Tab>('send');
  const [sent, setSent] = useState<(FeedbackSentValue & { contactGiven: boolean }) | null>(null);
  const tabsId = useId();

  return (
    <>
      {isLogin && (
        <div className="fb-tabs" role="tablist" aria-label={t('title')}>
          {(['send', 'mine'] as const).map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              id={`${tabsId}-${name}`}
              aria-selected={tab === name}
              aria-controls={tab === name ? `${tabsId}-${name}-panel` : undefined}
              className={`fb-tab${tab === name ? ' fb-tab--on' : ''}`}
              onClick={() => setTab(name)}
            >
              {t(`tab.${name}`)}
            </button>
          ))}
        </div>
      )}
      <div role={isLogin ? 'tabpanel' : undefined} id={`${tabsId}-${tab}-panel`} aria-labelledby={isLogin ? `${tabsId}-${tab}` : undefined}>
        {tab === 'mine' && isLogin ? (
          <MyFeedbackList />
        ) : sent ? (
          <SentNote sent={sent} member={isLogin} onAnother={() => setSent(null)} onMine={() => setTab('mine')} />
        ) : (
          <FeedbackForm visitor={!isLogin} onSent={setSent} />
        )}
      </div>
    </>
  );
};

const SentNote = ({ sent, member, onAnother, onMine }: { sent: FeedbackSentValue & { contactGiven: boolean }; member: boolean; onAnother: () => void; onMine: () => void }) => {
  const { t } = useTranslation('feedback');
  // The form and its button are gone: the note takes the focus, so the next Tab goes on from here.
  const note = useRef<HTMLDivElement>(null);
  useEffect(() => note.current?.focus(), []);
  return (
    <div ref={note} className="fb-sent" role="status" tabIndex={-1}>
      <p className="fb-sent__title">{t('sent.title')}</p>
      <p className="fb-sent__text">{t(member ? 'sent.member' : sent.contactGiven ? 'sent.visitor' : 'sent.visitorNoContact', { id: sent.id })}</p>
      <div className="fb-actions">
        {member && (
          <button type="button" className="btn btn--gold" onClick={onMine}>
            {t('sent.toMine')}
          </button>
        )}
        <button type="button" className={`btn ${member ? 'btn--ghost' : 'btn--gold'}`} onClick={onAnother}>
          {t('sent.another')}
        </button>
      </div>
    </div>
  );
};

/** A required field whose control is not a text input (a select, a textarea): label and star above, box, error or foot below. */
const Framed = ({ id, label, error, errorId, boxClass, foot, children }: { id: string; label: string; error?: string; errorId?: string; boxClass?: string; foot?: ReactNode; children: ReactNode }) => (
  <div className={`field${error ? ' field--invalid' : ''}`}>
    <span className="field__head">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <span className="field__star" aria-hidden="true">
        *
      </span>
    </span>
    <div className={`field__box${boxClass ? ` ${boxClass}` : ''}`}>{children}</div>
    {foot ??
      (error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ))}
  </div>
);

const FeedbackForm = ({ visitor, onSent }: { visitor: boolean; onSent: (sent: FeedbackSentValue & { contactGiven: boolean }) => void }) => {
  const { t } = useTranslation('feedback');
  const queryClient = useQueryClient();
  const { openChat } = useShellActions();
  const captcha = useCaptcha(true);
  const { register, handleSubmit, control, setValue, setFocus } = useForm<FeedbackFormValues>({ defaultValues: EMPTY });
  const values: FeedbackFormValues = { ...EMPTY, ...useWatch({ control }) };
  // Fields are checked at the first Send, then again at every change: an error goes once it is put right.
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState<{ field?: FeedbackField; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = useId();
  const length = feedbackLength(values.content);
  const { problems, missing } = shownFeedbackCheck(values, visitor, tried);

  const fieldLabel = (field: FeedbackField) => t(`field.${field}`);
  // Spec §5: one warning naming every empty required field, then "is empty".
  const warning = missing.length ? t('error.missing', { count: missing.length, fields: missing.map(fieldLabel).join(t('error.separator')) }) : null;
  /** A field's own registration; typing in the field the server found fault with clears that answer. */
  const registerField = (name: FeedbackField) => register(name, { onChange: () => setServerError((e) => (e?.field === name ? null : e)) });
  const problemText = (field: FeedbackField): string | undefined => {
    if (serverError?.field === field) return serverError.message;
    const p = problems[field];
    if (!p) return undefined;
    if (p === 'empty') return t('error.empty', { field: fieldLabel(field) });
    if (p === 'tooShort') return t('error.tooShort', { min: FEEDBACK_CONTENT_MIN });
    const max = field === 'content' ? FEEDBACK_CONTENT_MAX : field === 'sender' ? FEEDBACK_SENDER_MAX : FEEDBACK_CONTACT_MAX;
    return t('error.tooLong', { max });
  };

  const submit = handleSubmit(async (values) => {
    setServerError(null);
    const check = checkFeedback(values, visitor);
    // From a refused Send on, the fields are checked at every change. A form that passed is not: the
    // captcha its send spends (and clears) is no mistake of the sender's to be told of.
    setTried(!check.ok);
    if (!check.ok) {
      const first = (['type', 'content', 'sender', 'contact', 'captcha'] as const).find((f) => check.problems[f]);
      if (first) setFocus(first);
      return;
    }
    setBusy(true);
    try {
      const body = toFeedbackBody(values, visitor, captcha.captchaId);
      const sent = await sendFeedback(body);
      if (!visitor) void queryClient.invalidateQueries({ queryKey: ['member', 'feedback'] });
      onSent({ ...sent, contactGiven: !!body.contact });
    } catch (e) {
      const code = isApiError(e) ? e.code : '';
      const message = e instanceof Error ? e.message : String(e);
      const at = FIELD_OF_CODE[code];
      setServerError({ field: at, message });
      if (at) setFocus(at);
      // The captcha was spent on this try: a new one for the next.
      setValue('captcha', '');
      captcha.refresh();
    } finally {
      setBusy(false);
    }
  });

  const described = (field: FeedbackField, extra?: string) => [problemText(field) ? `${ids}-${field}-error` : null, extra].filter(Boolean).join(' ') || undefined;

  return (
    <form className="fb-form" onSubmit={submit} noValidate>
      <p className="fb-intro">{t(visitor ? 'intro.visitor' : 'intro.member')}</p>
      {/* The site's live chat, when it has one, answers faster than a form. */}
      {openChat && (
        <button
          type="button"
          className="fb-chat"
          onClick={() => {
            closeModal(FEEDBACK_MODAL);
            openChat();
          }}
        >
          <Icon name="chat" size={18} />
          <span>{t('chat:entry.feedback')}</span>
          <Icon name="chevronRight" size={16} />
        </button>
      )}
      {warning && (
        <p className="fb-warning" role="alert">
          {warning}
        </p>
      )}

      <Framed id={`${ids}-type`} label={fieldLabel('type')} error={problemText('type')} errorId={`${ids}-type-error`}>
        <select id={`${ids}-type`} className="field__input fb-select" aria-required aria-invalid={problemText('type') ? true : undefined} aria-describedby={described('type')} {...registerField('type')}>
          <option value="">{t('field.type_placeholder')}</option>
          {FEEDBACK_TYPE_OPTIONS.map((o) => (
            <option key={o.code} value={String(o.code)}>
              {t(`type.${o.name}`)}
            </option>
          ))}
        </select>
      </Framed>

      <Framed
        id={`${ids}-content`}
        label={fieldLabel('content')}
        error={problemText('content')}
        boxClass="fb-area-box"
        foot={
          <p className="fb-count-row">
            {problemText('content') ? (
              <span id={`${ids}-content-error`} className="field__error">
                {problemText('content')}
              </span>
            ) : (
              <span className="field__hint">{t('field.content_hint', { min: FEEDBACK_CONTENT_MIN, max: FEEDBACK_CONTENT_MAX })}</span>
            )}
            <span id={`${ids}-count`} className={`fb-count${length > FEEDBACK_CONTENT_MAX ? ' fb-count--over' : length >= FEEDBACK_CONTENT_MIN ? ' fb-count--ok' : ''}`} aria-label={t('field.count', { count: length, max: FEEDBACK_CONTENT_MAX })}>
              {length} / {FEEDBACK_CONTENT_MAX}
            </span>
          </p>
        }
      >
        <textarea
          id={`${ids}-content`}
          className="field__input fb-area"
          rows={5}
          placeholder={t('field.content_placeholder', { min: FEEDBACK_CONTENT_MIN, max: FEEDBACK_CONTENT_MAX })}
          aria-required
          aria-invalid={problemText('content') ? true : undefined}
          aria-describedby={described('content', `${ids}-count`)}
          {...registerField('content')}
        />
      </Framed>

      {visitor ? (
        <div className="fb-pair">
          <TextField label={fieldLabel('sender')} requiredMark autoComplete="name" maxLength={FEEDBACK_SENDER_MAX * 2} icon={<UserIcon />} error={problemText('sender')} {...registerField('sender')} />
          <TextField label={fieldLabel('contact')} hint={t('field.contact_hint')} autoComplete="email" maxLength={FEEDBACK_CONTACT_MAX * 2} error={problemText('contact')} {...registerField('contact')} />
        </div>
      ) : (
        <p className="fb-as">{t('field.asMember')}</p>
      )}

      <CaptchaField captcha={captcha} requiredMark error={problemText('captcha')} {...registerField('captcha')} />

      {serverError && !serverError.field && (
        <p className="fb-error" role="alert">
          {serverError.message}
        </p>
      )}
      <div className="fb-actions">
        <button type="submit" className="btn btn--gold btn--block" disabled={busy} aria-busy={busy || undefined}>
          {busy ? t('sending') : t('send')}
        </button>
      </div>
    </form>
  );
};

const MyFeedbackList = () => {
  const { t } = useTranslation('feedback');
  const dates = useDateFormat();
  const zone = useTimeZone();
  const [page, setPage] = useState(1);
  const list = useMyFeedback(page, true);
  if (list.isPending) {
    return (
      <div className="fb-list" aria-busy="true" aria-label={t('mine.loading')}>
        {[0, 1, 2].map((i) => (
          <div key={i} className="skeleton fb-skeleton" />
        ))}
      </div>
    );
  }
  if (list.isError) {
    return (
      <div className="fb-empty" role="alert">
        <p>{list.error instanceof Error ? list.error.message : t('mine.error')}</p>
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => void list.refetch()}>
          {t('mine.retry')}
        </button>
      </div>
    );
  }
  const { items, total } = list.data;
  if (total === 0) return <p className="fb-empty">{t('mine.empty')}</p>;
  const when = (iso: string) => dates.dayTime(iso, zone);
  return (
    <div className="fb-list-wrap">
      <ul className="fb-list">
        {items.map((item: MyFeedback) => (
          <li key={item.id} className="fb-item">
            <div className="fb-item__head">
              <span className="fb-item__type">{t(`type.${typeNameOf(item.type)}`)}</span>
              <span className={`fb-badge fb-badge--${item.status}`}>{t(`status.${item.status}`)}</span>
            </div>
            <p className="fb-item__text">{item.content}</p>
            <p className="fb-item__meta">
              #{item.id} · {when(item.createdAt)}
            </p>
            {item.reply && (
              <div className="fb-reply">
                <p className="fb-reply__label">
                  {t('mine.reply')}
                  {item.resolvedAt && <span className="fb-reply__when"> · {when(item.resolvedAt)}</span>}
                </p>
                <p className="fb-reply__text">{item.reply}</p>
              </div>
            )}
          </li>
        ))}
      </ul>
      <Pager page={page} pageSize={LIST_PAGE_SIZE} total={total} onChange={setPage} label={t('mine.pages')} disabled={list.isFetching} />
    </div>
  );
};
