import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { MESSAGE_BODY_MAX, MESSAGE_TITLE_MAX, type OpsMessage, type OpsMessageSentValue } from '@apsara/contracts';
import { Icon } from '../../../../components/ui/icons/icons';
import { TextAreaField, TextField } from '../../../../components/ui/member/fields';
import { isApiError } from '../../../../lib/api';
import { sendWithKey } from '../../../../lib/idempotency';
import { useKeyKeeper } from '../../../../lib/use-key-keeper';
import { useOpsMessages, useSendMessage } from '../../api/messages';
import { emptyMessageForm, messageBody, messageProblems, textLength, type MessageField, type MessageForm } from '../../logic/messages';
import { pageFromSearch } from '../../logic/queues';
import { boPageTitleKey } from '../../logic/pages';
import { PageHead, Time, ZoneNote } from '../common/bits';
import { DecisionDialog, type DecisionRequest } from '../common/decision-dialog';
import { BoEmpty, BoNotice, BoProblem } from '../common/states';
import { BoTable } from '../common/table';
import { useOperator } from '../frame/operator-context';
import '../content-admin.css';

const K = 'contentAdmin.messages';

/**
 * A message to one member's inbox (by username) or to every member of the site (confirmed first).
 * Each send carries an idempotency key: a retry after no answer reuses it, so nothing is delivered
 * twice; any other submission gets a fresh one.
 */
const Compose = ({ onSent }: { onSent: (text: string) => void }) => {
  const { t } = useTranslation('ops');
  const send = useSendMessage();
  const keeper = useKeyKeeper('ops-message');
  const [form, setForm] = useState<MessageForm>(emptyMessageForm);
  const [errors, setErrors] = useState<Partial<Record<MessageField, string>>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [request, setRequest] = useState<DecisionRequest | null>(null);
  const set = (patch: Partial<MessageForm>) => setForm((f) => ({ ...f, ...patch }));

  const deliver = async (f: MessageForm) => {
    const body = messageBody(f);
    const sent = await sendWithKey(keeper, body, (idempotencyKey) => send.mutateAsync({ ...body, idempotencyKey }));
    return sent;
  };
  const done = (sent: OpsMessageSentValue) => {
    setForm((f) => ({ ...emptyMessageForm(), audience: f.audience }));
    setErrors({});
    const who = sent.toUsername ?? t(`${K}.everyone_sentence`);
    onSent(t(sent.replayed ? `${K}.replayed_notice` : `${K}.sent_notice`, { title: sent.title, who }));
  };
  const refused = (e: unknown) => {
    if (isApiError(e)) {
      const next: Partial<Record<MessageField, string>> = {};
      for (const f of e.fields) if (f.field === 'title' || f.field === 'body' || f.field === 'toUsername') next[f.field] = f.message || t(`${K}.rule.invalid`);
      setErrors(next);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (send.isPending) return;
    const problems = messageProblems(form);
    const next: Partial<Record<MessageField, string>> = {};
    for (const [field, rule] of Object.entries(problems) as [MessageField, string][]) next[field] = t(`${K}.rule.${rule}`, { max: field === 'title' ? MESSAGE_TITLE_MAX : MESSAGE_BODY_MAX });
    setErrors(next);
    setFailure(null);
    if (Object.keys(next).length) return;
    const snapshot = form;
    if (snapshot.audience === 'all') {
      // Every member's inbox at once: said out loud and confirmed.
      setRequest({
        title: t(`${K}.confirm_all_title`),
        confirmLabel: t(`${K}.confirm_all_send`),
        tone: 'neutral',
        facts: [
          { label: t(`${K}.to`), value: t(`${K}.everyone`) },
          { label: t(`${K}.title_label`), value: snapshot.title.trim() },
          { label: t(`${K}.body_label`), value: <span className="bo-pre">{snapshot.body.trim()}</span> },
        ],
        consequence: t(`${K}.confirm_all_consequence`),
        run: () => deliver(snapshot).catch((err) => { refused(err); throw err; }),
        onDone: (r) => done(r as OpsMessageSentValue),
      });
      return;
    }
    try {
      done(await deliver(snapshot));
    } catch (err) {
      refused(err);
      setFailure(err);
    }
  };

  return (
    <section className="bo-panel" aria-labelledby="bo-msg-compose">
      <h2 id="bo-msg-compose" className="bo-panel__title">
        {t(`${K}.compose`)}
      </h2>
      <p className="bo-panel__text">{t(`${K}.compose_lede`)}</p>
      <form className="bo-ca-form" onSubmit={(e) => void submit(e)} noValidate aria-busy={send.isPending}>
        <fieldset className="bo-segment">
          <legend className="mc-field__label">{t(`${K}.to`)}</legend>
          {(['one', 'all'] as const).map((a) => (
            <label key={a} className={`bo-segment__opt${form.audience === a ? ' is-on' : ''}`}>
              <input type="radio" name="bo-msg-audience" value={a} checked={form.audience === a} onChange={() => set({ audience: a })} />
              <Icon name={a === 'one' ? 'user' : 'users'} size={14} />
              {t(`${K}.audience_${a}`)}
            </label>
          ))}
        </fieldset>
        <div className="bo-fields">
          {form.audience === 'one' && (
            <TextField id="bo-msg-to" label={t(`${K}.username`)} hint={t(`${K}.username_hint`)} autoComplete="off" spellCheck={false} maxLength={32} value={form.toUsername} onChange={(e) => set({ toUsername: e.target.value })} error={errors.toUsername} />
          )}
          <TextField id="bo-msg-title" label={t(`${K}.title_label`)} hint={t(`${K}.count`, { count: textLength(form.title), max: MESSAGE_TITLE_MAX })} autoComplete="off" value={form.title} onChange={(e) => set({ title: e.target.value })} error={errors.title} />
        </div>
        <TextAreaField id="bo-msg-body" label={t(`${K}.body_label`)} rows={5} hint={t(`${K}.count`, { count: textLength(form.body), max: MESSAGE_BODY_MAX })} value={form.body} onChange={(e) => set({ body: e.target.value })} error={errors.body} />
        <p className="bo-panel__text">{t(`${K}.language_note`)}</p>
        <BoProblem error={failure} />
        <div className="bo-settings-form__actions">
          <button type="submit" className="btn btn--gold" disabled={send.isPending}>
            {send.isPending && <span className="mc-spinner" aria-hidden="true" />}
            <Icon name="send" size={16} />
            {form.audience === 'all' ? t(`${K}.review_all`) : t(`${K}.send`)}
          </button>
        </div>
      </form>
      <DecisionDialog name="bo-msg-confirm" request={request} onClose={() => setRequest(null)} />
    </section>
  );
};

/** Member messages (GET/POST /ops/messages): what the site sent, and a new message. */
export const MessagesPage = () => {
  const { t } = useTranslation('ops');
  const { can } = useOperator();
  const [params, setParams] = useSearchParams();
  const page = pageFromSearch(params.get('page'));
  const list = useOpsMessages(page);
  const [notice, setNotice] = useState<string | null>(null);
  const allowed = can('message.send');

  const row = (m: OpsMessage) => (
    <tr key={m.id}>
      <td data-label={t(`${K}.sent_at`)}>
        <Time iso={m.createdAt} />
      </td>
      <td data-label={t(`${K}.to`)}>{m.toUsername === null ? <span className="mc-badge mc-badge--info">{t(`${K}.everyone`)}</span> : <strong>{m.toUsername}</strong>}</td>
      <td data-label={t(`${K}.title_label`)}>
        <strong>{m.title}</strong>
        <details className="bo-msg-body">
          <summary>{t(`${K}.show_body`)}</summary>
          <p className="bo-pre">{m.body}</p>
        </details>
      </td>
      <td data-label={t(`${K}.sent_by`)}>{m.sentBy ?? <span className="bo-faint">{t(`${K}.system`)}</span>}</td>
    </tr>
  );

  return (
    <>
      <PageHead title={t(boPageTitleKey('messages'))} lede={t(`${K}.lede`)} readOnly={!allowed} />
      <BoNotice message={notice} />
      {allowed && <Compose onSent={setNotice} />}
      <section className="bo-panel bo-panel--flush" aria-labelledby="bo-msg-sent">
        <div className="bo-panel__bar">
          <h2 id="bo-msg-sent" className="bo-panel__title">
            {t(`${K}.sent_title`)}
          </h2>
        </div>
        <div className="bo-panel__body">
          <BoTable
            list={list}
            caption={t(`${K}.sent_title`)}
            head={
              <>
                <th scope="col">{t(`${K}.sent_at`)}</th>
                <th scope="col">{t(`${K}.to`)}</th>
                <th scope="col">{t(`${K}.title_label`)}</th>
                <th scope="col">{t(`${K}.sent_by`)}</th>
              </>
            }
            row={row}
            empty={<BoEmpty icon="mail" title={t(`${K}.none`)} text={allowed ? t(`${K}.none_text`) : undefined} />}
            page={page}
            onPage={(next) => setParams(next > 1 ? { page: String(next) } : {}, { replace: true })}
            pagesLabel={t(`${K}.pages`)}
            cardsBelow={760}
          />
          <ZoneNote />
        </div>
      </section>
    </>
  );
};
