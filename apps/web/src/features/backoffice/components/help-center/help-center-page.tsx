import { useState } from 'react';
import { useForm, useWatch, type FieldErrors, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { HELP_ACTION_KINDS, HELP_ICONS, type Lang, type OpsHelpTopic, type OpsHelpTopicBody } from '@apsara/contracts';
import { Icon, type IconName } from '../../../../components/ui/icons/icons';
import { SelectField, TextField } from '../../../../components/ui/member/fields';
import { useLocalize } from '../../../../i18n/use-localize';
import { isApiError } from '../../../../lib/api';
import { useSiteConfigValue } from '../../../../lib/site-config';
import { useCreateHelpTopic, useDeleteHelpTopic, useMoveHelpTopic, useOpsHelpTopics, usePatchHelpTopic } from '../../api/help-center';
import { HELP_TEXT_MAX, canMove, helpRuleVars, helpTopicBody, helpTopicForm, helpTopicPatch, helpTopicProblems, newHelpTopicForm, type HelpProblems, type HelpTopicForm } from '../../logic/help-center';
import { boPageTitleKey } from '../../logic/pages';
import { PageHead, StatusBadge } from '../common/bits';
import { DecisionDialog, type DecisionRequest } from '../common/decision-dialog';
import { FormActions, FormDialog } from '../common/form-dialog';
import { EditToggleDelete } from '../common/row-actions';
import { LangTextBoxes } from '../common/lang-text-boxes';
import { BoEmpty, BoNotice, BoProblem } from '../common/states';
import { BoTable } from '../common/table';
import { Switch, errorAt as fieldError } from '../settings/settings-kit';
import { useOperator } from '../frame/operator-context';
import '../content-admin.css';
import './help-center.css';

const K = 'helpCenterAdmin';

/** A server field (`title.km`, `action.path`, `key`) as the form's path. */
const formPathOf = (field: string) => (field.startsWith('action') ? 'path' : field);

type EditorProps = { topic: OpsHelpTopic | null; siteLang: Lang; onClose: () => void; onDone: (text: string) => void };

/** A topic's form: new (POST) or an edit (PATCH, only what changed). Title and body in EN, KM and CN. */
const TopicEditor = ({ topic, siteLang, onClose, onDone }: EditorProps) => {
  const { t } = useTranslation('ops');
  const localize = useLocalize();
  const create = useCreateHelpTopic();
  const patch = usePatchHelpTopic();
  const [failure, setFailure] = useState<unknown>(null);
  const [nothing, setNothing] = useState(false);
  const form = useForm<HelpTopicForm>({ defaultValues: topic ? helpTopicForm(topic) : newHelpTopicForm() });
  const values = useWatch({ control: form.control });
  const { errors, isSubmitting } = form.formState;
  const errorAt = (path: string) => fieldError(errors as FieldErrors, path);
  const say = (problems: HelpProblems) => {
    for (const [path, rule] of Object.entries(problems)) form.setError(path as FieldPath<HelpTopicForm>, { message: t(`${K}.rule.${rule}`, { ...helpRuleVars(path), lang: t(`announcements.lang.${siteLang}`) }) });
  };

  const onSubmit = form.handleSubmit(async (v) => {
    setFailure(null);
    setNothing(false);
    form.clearErrors();
    const problems = helpTopicProblems(v, siteLang);
    if (Object.keys(problems).length) return say(problems);
    try {
      if (topic) {
        const body = helpTopicPatch(topic, v);
        if (Object.keys(body).length === 0) return setNothing(true);
        const saved = await patch.mutateAsync({ id: topic.id, patch: body });
        onDone(t(`${K}.saved_notice`, { title: localize(saved.title) }));
      } else {
        const saved = await create.mutateAsync(helpTopicBody(v) as OpsHelpTopicBody);
        onDone(t(`${K}.created_notice`, { title: localize(saved.title) }));
      }
      onClose();
    } catch (e) {
      if (isApiError(e)) {
        if (e.code === 'HELP_TOPIC_KEY_TAKEN') form.setError('key', { message: e.message });
        for (const f of e.fields) form.setError(formPathOf(f.field) as FieldPath<HelpTopicForm>, { message: f.message });
      }
      setFailure(e);
    }
  });

  const lengthOf = (field: 'title' | 'body') => (lang: 'en' | 'km' | 'cn') => [...(values[field]?.[lang] ?? '').trim()].length;
  const icon = (values.icon ?? 'help') as IconName;
  return (
    <form className="bo-ca-form" onSubmit={onSubmit} noValidate aria-busy={isSubmitting}>
      <div className="bo-fields">
        <TextField id="bo-help-key" label={t(`${K}.key`)} hint={t(`${K}.key_hint`)} autoComplete="off" spellCheck={false} error={errorAt('key')} {...form.register('key')} />
        <SelectField id="bo-help-icon" label={t(`${K}.icon`)} error={errorAt('icon')} icon={icon} {...form.register('icon')}>
          {HELP_ICONS.map((i) => (
            <option key={i} value={i}>
              {t(`${K}.icons.${i}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <LangTextBoxes
        label={t(`${K}.title`)}
        need={t(`${K}.title_need`, { lang: t(`announcements.lang.${siteLang}`) })}
        hint={t(`${K}.langs_hint`, { max: HELP_TEXT_MAX.title })}
        max={HELP_TEXT_MAX.title}
        register={(lang) => form.register(`title.${lang}`)}
        errorOf={(lang) => errorAt(`title.${lang}`)}
        lengthOf={lengthOf('title')}
      />
      <LangTextBoxes
        label={t(`${K}.body`)}
        need={t(`${K}.optional`)}
        hint={t(`${K}.body_hint`, { max: HELP_TEXT_MAX.body })}
        max={HELP_TEXT_MAX.body}
        multiline
        rows={{ en: 5, other: 4 }}
        register={(lang) => form.register(`body.${lang}`)}
        errorOf={(lang) => errorAt(`body.${lang}`)}
        lengthOf={lengthOf('body')}
      />
      <div className="bo-fields">
        <SelectField id="bo-help-action" label={t(`${K}.button`)} hint={t(`${K}.button_hint`)} {...form.register('action')}>
          {HELP_ACTION_KINDS.map((a) => (
            <option key={a} value={a}>
              {t(`${K}.buttons.${a}`)}
            </option>
          ))}
        </SelectField>
        {values.action === 'path' && <TextField id="bo-help-path" label={t(`${K}.path`)} hint={t(`${K}.path_hint`)} autoComplete="off" spellCheck={false} placeholder="/download" error={errorAt('path')} {...form.register('path')} />}
      </div>
      <Switch label={t(`${K}.enabled_now`)} hint={t(`${K}.enabled_hint`)} {...form.register('enabled')} />
      {nothing && (
        <p className="mc-field__error" role="alert">
          {t(`${K}.rule.nothing`)}
        </p>
      )}
      <BoProblem error={failure} />
      <FormActions onCancel={onClose} submitting={isSubmitting} label={t(topic ? `${K}.save` : `${K}.create`)} />
    </form>
  );
};

/** The help center's topics (GET/POST /ops/help-topics, PATCH/DELETE …/:id, POST …/:id/move). */
export const HelpCenterPage = () => {
  const { t } = useTranslation('ops');
  const localize = useLocalize();
  const { can } = useOperator();
  const config = useSiteConfigValue();
  const siteLang: Lang = config?.defaultLanguage ?? 'km';
  const list = useOpsHelpTopics();
  const patch = usePatchHelpTopic();
  const move = useMoveHelpTopic();
  const remove = useDeleteHelpTopic();
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [editing, setEditing] = useState<OpsHelpTopic | 'new' | null>(null);
  const [request, setRequest] = useState<DecisionRequest | null>(null);
  const allowed = can('helpTopic.edit');
  const items = list.data?.items ?? [];
  const busy = move.isPending || patch.isPending || remove.isPending;

  const facts = (topic: OpsHelpTopic) => [
    { label: t(`${K}.title`), value: localize(topic.title) },
    { label: t(`${K}.key`), value: <code>{topic.key}</code> },
  ];

  const toggle = (topic: OpsHelpTopic) => {
    const title = localize(topic.title);
    const next = !topic.enabled;
    setNotice(null);
    setRequest({
      title: t(next ? `${K}.enable_title` : `${K}.disable_title`, { title }),
      confirmLabel: t(next ? `${K}.enable` : `${K}.disable`),
      tone: next ? 'approve' : 'reject',
      facts: facts(topic),
      consequence: t(next ? `${K}.enable_consequence` : `${K}.disable_consequence`),
      run: () => patch.mutateAsync({ id: topic.id, patch: { enabled: next } }),
      onDone: () => setNotice(t(next ? `${K}.enabled_notice` : `${K}.disabled_notice`, { title })),
    });
  };

  const askDelete = (topic: OpsHelpTopic) => {
    const title = localize(topic.title);
    setNotice(null);
    setRequest({
      title: t(`${K}.delete_title`, { title }),
      confirmLabel: t(`${K}.delete`),
      tone: 'reject',
      facts: facts(topic),
      consequence: t(`${K}.delete_consequence`),
      run: () => remove.mutateAsync(topic.id),
      onDone: () => setNotice(t(`${K}.deleted_notice`, { title })),
    });
  };

  const moveTopic = async (topic: OpsHelpTopic, direction: 'up' | 'down') => {
    setNotice(null);
    setFailure(null);
    try {
      await move.mutateAsync({ id: topic.id, direction });
    } catch (e) {
      setFailure(e);
    }
  };

  const actionText = (topic: OpsHelpTopic) => (topic.action.kind === 'path' ? topic.action.path : t(`${K}.buttons.${topic.action.kind}`));

  const row = (topic: OpsHelpTopic) => {
    const title = localize(topic.title);
    const index = items.findIndex((x) => x.id === topic.id);
    const locked = !allowed || busy;
    return (
      <tr key={topic.id} className={topic.enabled ? undefined : 'bo-row--muted'} data-key={topic.key}>
        <td data-label={t(`${K}.order`)} className="mc-num num">
          <div className="bo-help-order">
            <span className="bo-help-order__place">{index + 1}</span>
            <button type="button" className="btn btn--sm btn--ghost" disabled={locked || !canMove(index, items.length, 'up')} aria-label={t(`${K}.move_up_named`, { title })} title={allowed ? t(`${K}.move_up`) : t('common.role_cannot')} onClick={() => void moveTopic(topic, 'up')}>
              <Icon name="arrowUp" size={14} />
            </button>
            <button type="button" className="btn btn--sm btn--ghost" disabled={locked || !canMove(index, items.length, 'down')} aria-label={t(`${K}.move_down_named`, { title })} title={allowed ? t(`${K}.move_down`) : t('common.role_cannot')} onClick={() => void moveTopic(topic, 'down')}>
              <Icon name="chevronDown" size={14} />
            </button>
          </div>
        </td>
        <td data-label={t(`${K}.title`)}>
          <span className="bo-ca-titled">
            <Icon name={topic.icon as IconName} size={16} />
            <strong>{title}</strong>
          </span>
          <span className="mc-sub">
            <code>{topic.key}</code> · ID {topic.id}
          </span>
        </td>
        <td data-label={t(`${K}.button`)}>{actionText(topic)}</td>
        <td data-label={t('col.status')}>
          <StatusBadge status={topic.enabled ? 'active' : 'closed'} label={t(topic.enabled ? `${K}.shown` : `${K}.hidden`)} />
        </td>
        <td data-label={t('col.actions')}>
          <EditToggleDelete
            allowed={allowed}
            busy={busy}
            edit={{ label: t(`${K}.edit`), named: t(`${K}.edit_named`, { title }), onClick: () => { setNotice(null); setEditing(topic); } }}
            toggle={{ off: topic.enabled, label: t(topic.enabled ? `${K}.disable` : `${K}.enable`), named: t(topic.enabled ? `${K}.disable_named` : `${K}.enable_named`, { title }), onClick: () => toggle(topic) }}
            remove={{ named: t(`${K}.delete_named`, { title }), onClick: () => askDelete(topic) }}
          />
        </td>
      </tr>
    );
  };

  const editingTopic = editing === 'new' ? null : editing;
  return (
    <>
      <PageHead
        title={t(boPageTitleKey('helpCenter'))}
        lede={t(`${K}.lede`)}
        readOnly={!allowed}
        actions={
          allowed && (
            <button type="button" className="btn btn--gold btn--sm" onClick={() => { setNotice(null); setEditing('new'); }}>
              <Icon name="plus" size={16} />
              {t(`${K}.new`)}
            </button>
          )
        }
      />
      <BoNotice message={notice} />
      <BoProblem error={failure} />
      <section className="bo-panel bo-panel--flush">
        <div className="bo-panel__body">
          <BoTable
            list={list}
            caption={t(`${K}.caption`)}
            head={
              <>
                <th scope="col" className="mc-num">{t(`${K}.order`)}</th>
                <th scope="col">{t(`${K}.title`)}</th>
                <th scope="col">{t(`${K}.button`)}</th>
                <th scope="col">{t('col.status')}</th>
                <th scope="col">{t('col.actions')}</th>
              </>
            }
            row={row}
            empty={<BoEmpty icon="help" title={t(`${K}.none`)} text={allowed ? t(`${K}.none_text`) : undefined} />}
            cardsBelow={900}
          />
        </div>
      </section>
      <FormDialog
        name="bo-help-topic"
        open={editing !== null}
        size="md"
        title={editingTopic ? t(`${K}.edit_title`, { title: localize(editingTopic.title) }) : t(`${K}.new`)}
        onClose={() => setEditing(null)}
      >
        {editing !== null && <TopicEditor key={editingTopic?.id ?? 'new'} topic={editingTopic} siteLang={siteLang} onClose={() => setEditing(null)} onDone={setNotice} />}
      </FormDialog>
      <DecisionDialog name="bo-help-decision" request={request} onClose={() => setRequest(null)} />
    </>
  );
};
