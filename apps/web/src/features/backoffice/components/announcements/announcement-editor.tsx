import { useMemo, useState, type ReactNode } from 'react';
import { useForm, useWatch, type FieldErrors, type Path, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ANNOUNCEMENT_AUDIENCES, ANNOUNCEMENT_KINDS, BANNER_ARTS, BANNER_GROUPS, LINKAGE_TYPES, POPUP_EXECUTIONS, type AnnouncementKind, type OpsAnnouncement } from '@apsara/contracts';
import { Icon } from '../../../../components/ui/icons/icons';
import { SelectField, TextField } from '../../../../components/ui/member/fields';
import { isApiError } from '../../../../lib/api';
import { useCreateAnnouncement, useOpsAnnouncement, usePatchAnnouncement } from '../../api/announcements';
import { KIND_FIELDS, bodyOf, checkForm, formPathOf, isAnnouncementId, newForm, patchOf, serverRuleIssue, titleText, toForm, type AnnouncementForm } from '../../logic/announcements';
import { PageHead, StatusBadge, useSiteTime } from '../common/bits';
import { BoEmpty, BoError, BoLoading, BoProblem } from '../common/states';
import { useOperator } from '../frame/operator-context';
import { Group, Switch, errorAt } from '../settings/settings-kit';
import { AnnouncementPreview } from './announcement-preview';
import { LangTexts } from './lang-texts';

/** Sets a message at a dotted path of react-hook-form's nested errors. */
const putError = (errors: Record<string, unknown>, path: string, error: { type: string; message: string }) => {
  const parts = path.split('.');
  let node = errors;
  for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
  node[parts[parts.length - 1]] = error;
};

type EditorProps = {
  /** 'new', or the id of the announcement to change. */
  id: string;
  /** The kind a new announcement starts as (the tab it was asked from). */
  kind: AnnouncementKind;
  backTo: string;
  /** After a save: what to tell, the kind, and the announcement as saved (none when nothing changed). */
  onDone: (text: string, kind: AnnouncementKind, saved?: OpsAnnouncement) => void;
};

/**
 * Writing or changing an announcement (POST /ops/announcements, PATCH …/:id; admin). Other roles open
 * the same form read only. One to change is read by itself (GET /ops/announcements/:id), so a link to
 * it works whatever page of the list it is on, and after a reload.
 */
export const AnnouncementEditor = ({ id, kind, backTo, onDone }: EditorProps) => {
  const { t } = useTranslation('ops');
  const wanted = id !== 'new' && isAnnouncementId(id) ? id : null;
  const one = useOpsAnnouncement(wanted);
  const back = (
    <div className="bo-back">
      <Link to={backTo} className="btn btn--ghost btn--sm">
        <Icon name="chevronLeft" size={16} />
        {t('announcements.back')}
      </Link>
    </div>
  );
  if (id === 'new') return <EditorForm key={`new-${kind}`} original={null} kind={kind} back={back} backTo={backTo} onDone={onDone} />;
  const missing = (
    <>
      {back}
      <BoEmpty icon="megaphone" title={t('announcements.missing')} text={t('announcements.missing_text')} />
    </>
  );
  if (wanted === null) return missing;
  // The form starts from the announcement as it stands now, not from a copy read before a change.
  if (one.isPending || (one.isFetching && !one.isFetchedAfterMount)) return <BoLoading rows={6} />;
  if (one.isError) {
    if (isApiError(one.error) && one.error.code === 'ANNOUNCEMENT_NOT_FOUND') return missing;
    return (
      <>
        {back}
        <BoError error={one.error} onRetry={() => void one.refetch()} />
      </>
    );
  }
  const original = one.data;
  return <EditorForm key={original.id} original={original} kind={original.kind} back={back} backTo={backTo} onDone={onDone} />;
};

type FormProps = { original: OpsAnnouncement | null; kind: AnnouncementKind; back: ReactNode; backTo: string; onDone: EditorProps['onDone'] };

const EditorForm = ({ original, kind, back, backTo, onDone }: FormProps) => {
  const { t, i18n } = useTranslation('ops');
  const { can } = useOperator();
  const { zone, gmt } = useSiteTime();
  const locked = !can('announcement.edit');
  const create = useCreateAnnouncement();
  const patch = usePatchAnnouncement();
  const [failure, setFailure] = useState<unknown>(null);

  const initial = useMemo(() => (original ? toForm(original, zone) : newForm(kind, zone)), [original, kind, zone]);
  const resolver = useMemo<Resolver<AnnouncementForm>>(
    () => async (values) => {
      const issues = checkForm(values, zone);
      if (!issues.length) return { values, errors: {} };
      const errors: Record<string, unknown> = {};
      for (const issue of issues) putError(errors, issue.path === 'root' ? 'root.form' : issue.path, { type: issue.rule, message: t(`announcements.rule.${issue.rule}`, issue.vars) });
      return { values: {}, errors: errors as FieldErrors<AnnouncementForm> };
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [zone, t, i18n.language],
  );
  const form = useForm<AnnouncementForm>({ resolver, defaultValues: initial });
  const values = useWatch({ control: form.control }) as AnnouncementForm;
  const { errors, isSubmitting, isDirty } = form.formState;
  const e = errors as FieldErrors;
  const has = KIND_FIELDS[values.kind];

  const onSubmit = form.handleSubmit(async (v) => {
    setFailure(null);
    try {
      if (original) {
        const change = patchOf(original, v, zone);
        if (Object.keys(change).length === 0) return onDone(t('announcements.unchanged_notice'), original.kind);
        const saved = await patch.mutateAsync({ id: original.id, patch: change });
        onDone(t('announcements.saved_notice', { title: titleText(saved.title), phase: t(`announcements.phase.${saved.phase}`) }), saved.kind, saved);
      } else {
        const made = await create.mutateAsync(bodyOf(v, zone));
        onDone(t('announcements.created_notice', { title: titleText(made.title), phase: t(`announcements.phase.${made.phase}`) }), made.kind, made);
      }
    } catch (err) {
      if (isApiError(err) && err.code === 'VALIDATION_FAILED') {
        const leftovers: string[] = [];
        for (const f of err.fields) {
          // A kind rule the form knows by its code gets the form's own words; others come worded by the server.
          const known = serverRuleIssue(f);
          const path = known?.path ?? formPathOf(f.field);
          const message = known ? t(`announcements.rule.${known.rule}`) : f.message;
          if (path === 'root') leftovers.push(message);
          else form.setError(path as Path<AnnouncementForm>, { type: 'server', message });
        }
        if (leftovers.length) form.setError('root.server', { message: leftovers.join(' ') });
      }
      setFailure(err);
    }
  });

  const chooseKind = (next: AnnouncementKind) => {
    form.setValue('kind', next, { shouldDirty: true });
    // What the new kind needs starts filled where a sensible default exists.
    if (next === 'banner' && !form.getValues('groupName')) form.setValue('groupName', 'w_home');
    if (next === 'popup' && !form.getValues('execution')) form.setValue('execution', 'once');
    if (form.formState.isSubmitted) void form.trigger();
  };

  const title = original ? titleText(original.title) : t('announcements.new_title');
  const timeHint = t('announcements.site_time', { zone, gmt });

  return (
    <>
      {back}
      <PageHead
        title={title}
        lede={original ? t(locked ? 'announcements.view_lede' : 'announcements.edit_lede', { kind: t(`announcements.kind.${original.kind}`), id: original.id }) : t('announcements.new_lede')}
        readOnly={locked}
        actions={original && <StatusBadge status={original.phase} label={t(`announcements.phase.${original.phase}`)} />}
      />
      <div className="bo-ann-editor">
        <form className="bo-panel bo-settings-form bo-ann-form" onSubmit={onSubmit} noValidate aria-busy={isSubmitting} aria-label={title}>
          <fieldset className="bo-settings-form__fields" disabled={locked || isSubmitting}>
            {original ? (
              <p className="bo-ann-kind-fixed">
                <span className="bo-ann-kind-fixed__label">{t('announcements.kind_label')}</span>
                <strong>{t(`announcements.kind.${original.kind}`)}</strong>
                <span className="bo-faint">{t('announcements.kind_fixed')}</span>
              </p>
            ) : (
              <fieldset className="bo-kinds">
                <legend className="bo-kinds__legend">{t('announcements.kind_label')}</legend>
                <div className="bo-kinds__list">
                  {ANNOUNCEMENT_KINDS.map((k) => (
                    <label key={k} className={`bo-kind${values.kind === k ? ' is-on' : ''}`}>
                      <input type="radio" name="bo-ann-kind" value={k} checked={values.kind === k} onChange={() => chooseKind(k)} className="bo-kind__input" />
                      <span className="bo-kind__name">{t(`announcements.kind.${k}`)}</span>
                      <span className="bo-kind__hint">{t(`announcements.kind_hint.${k}`)}</span>
                    </label>
                  ))}
                </div>
              </fieldset>
            )}

            <Group title={t('announcements.group_texts')} text={t('announcements.group_texts_hint')}>
              {has.bannerTexts && <LangTexts field="eyebrow" label={t('announcements.field.eyebrow')} register={form.register} errors={errors} required={false} values={values.eyebrow} />}
              <LangTexts field="title" label={t('announcements.field.title')} register={form.register} errors={errors} required values={values.title} />
              {has.bannerTexts && <LangTexts field="subtitle" label={t('announcements.field.subtitle')} register={form.register} errors={errors} required={false} values={values.subtitle} />}
              {has.bannerTexts && <LangTexts field="cta" label={t('announcements.field.cta')} register={form.register} errors={errors} required={false} values={values.cta} />}
              {has.content && <LangTexts field="content" label={t('announcements.field.content')} register={form.register} errors={errors} required multiline values={values.content} />}
            </Group>

            {(has.group || has.image || has.execution || has.link) && (
              <Group title={t('announcements.group_look')} text={t(`announcements.group_look_hint.${values.kind}`)}>
                <div className="bo-fields">
                  {has.group && (
                    <SelectField id="bo-ann-group" label={t('announcements.field.groupName')} error={errorAt(e, 'groupName')} {...form.register('groupName')}>
                      <option value="">{t('announcements.choose')}</option>
                      {BANNER_GROUPS.map((g) => (
                        <option key={g} value={g}>
                          {t(`announcements.group.${g}`)}
                        </option>
                      ))}
                    </SelectField>
                  )}
                  {has.execution && (
                    <SelectField id="bo-ann-execution" label={t('announcements.field.execution')} error={errorAt(e, 'execution')} {...form.register('execution')}>
                      <option value="">{t('announcements.choose')}</option>
                      {POPUP_EXECUTIONS.map((x) => (
                        <option key={x} value={x}>
                          {t(`announcements.execution.${x}`)}
                        </option>
                      ))}
                    </SelectField>
                  )}
                  {has.art && (
                    <SelectField id="bo-ann-art" label={t('announcements.field.art')} hint={t('announcements.art_hint')} error={errorAt(e, 'art')} {...form.register('art')}>
                      <option value="">{t('announcements.art_none')}</option>
                      {BANNER_ARTS.map((a) => (
                        <option key={a} value={a}>
                          {t(`announcements.art.${a}`)}
                        </option>
                      ))}
                    </SelectField>
                  )}
                  {has.image && (
                    <TextField
                      id="bo-ann-image"
                      label={has.art ? t('announcements.field.imageUrl') : t('announcements.field.imageUrl_optional')}
                      hint={t('announcements.image_hint')}
                      placeholder="https://…"
                      autoComplete="off"
                      spellCheck={false}
                      maxLength={500}
                      error={errorAt(e, 'imageUrl')}
                      {...form.register('imageUrl')}
                    />
                  )}
                </div>
                {has.link && (
                  <div className="bo-fields">
                    <SelectField id="bo-ann-link-type" label={t('announcements.field.linkageType')} error={errorAt(e, 'linkageType')} {...form.register('linkageType')}>
                      <option value="">{t('announcements.link.none')}</option>
                      {LINKAGE_TYPES.map((l) => (
                        <option key={l} value={l}>
                          {t(`announcements.link.${l}`)}
                        </option>
                      ))}
                    </SelectField>
                    {values.linkageType && (
                      <TextField
                        id="bo-ann-url"
                        label={t('announcements.field.url')}
                        hint={t(`announcements.link.hint_${values.linkageType}`)}
                        placeholder={values.linkageType === 'INTERNAL' ? '/promotions' : 'https://…'}
                        autoComplete="off"
                        spellCheck={false}
                        maxLength={500}
                        error={errorAt(e, 'url')}
                        {...form.register('url')}
                      />
                    )}
                  </div>
                )}
              </Group>
            )}

            <Group title={t('announcements.group_when')} text={timeHint}>
              <div className="bo-fields">
                <TextField id="bo-ann-start" type="datetime-local" label={t('announcements.field.startsAt', { gmt })} hint={t('announcements.start_hint')} error={errorAt(e, 'startsAt')} {...form.register('startsAt')} />
                <TextField id="bo-ann-end" type="datetime-local" label={t('announcements.field.endsAt', { gmt })} hint={t('announcements.end_hint')} error={errorAt(e, 'endsAt')} {...form.register('endsAt')} />
                {has.audience ? (
                  <SelectField id="bo-ann-audience" label={t('announcements.field.audience')} error={errorAt(e, 'audience')} {...form.register('audience')}>
                    {ANNOUNCEMENT_AUDIENCES.map((a) => (
                      <option key={a} value={a}>
                        {t(`announcements.audience.${a}`)}
                      </option>
                    ))}
                  </SelectField>
                ) : (
                  <TextField id="bo-ann-audience" label={t('announcements.field.audience')} value={t('announcements.audience.agents')} readOnly hint={t('announcements.agents_only')} />
                )}
                <TextField id="bo-ann-sort" label={t('announcements.field.sort')} hint={t(values.kind === 'banner' ? 'announcements.sort_hint_banner' : 'announcements.sort_hint')} inputMode="numeric" error={errorAt(e, 'sort')} {...form.register('sort')} />
              </div>
              {has.pinned && <Switch label={t('announcements.field.pinned')} hint={t('announcements.pinned_hint')} {...form.register('pinned')} />}
              <Switch label={t('announcements.field.active')} hint={t('announcements.active_hint')} {...form.register('active')} />
            </Group>
          </fieldset>
          {errorAt(e, 'root.form') && <p className="mc-field__error">{errorAt(e, 'root.form')}</p>}
          {errorAt(e, 'root.server') && <p className="mc-field__error">{errorAt(e, 'root.server')}</p>}
          <BoProblem error={failure} />
          {locked ? (
            <p className="bo-ann-locked">
              <Icon name="lock" size={16} />
              {t('announcements.locked', { role: t('role.admin') })}
            </p>
          ) : (
            <div className="bo-settings-form__actions">
              <Link to={backTo} className="btn btn--ghost">
                {t('common.cancel')}
              </Link>
              <button type="submit" className="btn btn--gold" disabled={isSubmitting || (original !== null && !isDirty)}>
                {isSubmitting && <span className="mc-spinner" aria-hidden="true" />}
                {original ? t('announcements.save') : t('announcements.create')}
              </button>
            </div>
          )}
        </form>
        <AnnouncementPreview form={values} />
      </div>
    </>
  );
};
