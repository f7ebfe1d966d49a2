import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useMemo, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useForm, type FieldErrors, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { OpsConfigSection, OpsConfigValue } from '@apsara/contracts';
import { isApiError } from '../../../../lib/api';
import { useSaveConfig } from '../../api/config';
import { formPathOf, fromForm, groupedVars, settingsSchemas, toForm, type SettingsForms } from '../../logic/settings';
import { DecisionDialog, type DecisionRequest } from '../common/decision-dialog';
import { BoNotice, BoProblem } from '../common/states';
import { useOperator } from '../frame/operator-context';

/** The message of a field's error, wherever the resolver or the server put it (a list's own errors sit on `.root`). */
export const errorAt = (errors: FieldErrors, path: string): string | undefined => {
  let node: unknown = errors;
  for (const part of path.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  const e = node as { message?: unknown; root?: { message?: unknown } } | undefined;
  const message = e?.message ?? e?.root?.message;
  return typeof message === 'string' ? message : undefined;
};

type KitProps<S extends OpsConfigSection> = {
  section: S;
  value: OpsConfigValue[S];
  children: (form: UseFormReturn<SettingsForms[S]>, locked: boolean) => ReactNode;
  /** A change to confirm before it is sent (the site going into maintenance): what the dialog asks, or null to save at once. */
  confirm?: (next: OpsConfigValue[S], current: OpsConfigValue[S]) => Omit<DecisionRequest, 'run'> | null;
  /** The form values of a value, where the section's form needs more than the value (the rebate's rows per VIP rank); toForm's otherwise. */
  formOf?: (c: OpsConfigValue[S]) => SettingsForms[S];
};

/**
 * One settings section as a form: starts from the server's value, checks with the section's form
 * schema, sends the whole new value (PATCH /ops/config/:section) and puts the server's field errors
 * (VALIDATION_FAILED) on the fields they name. Locked (read only) for roles that may not change it.
 */
export const SectionForm = <S extends OpsConfigSection>({ section, value, children, confirm, formOf }: KitProps<S>) => {
  const { t, i18n } = useTranslation('ops');
  const { can } = useOperator();
  const locked = !can('config.edit');
  const save = useSaveConfig(section);
  const [failure, setFailure] = useState<unknown>(null);
  // Worded at each render, so the notice follows a language switch.
  const [saved, setSaved] = useState(false);
  const [asking, setAsking] = useState<DecisionRequest | null>(null);
  const schema = useMemo(
    () => settingsSchemas((key, vars) => t(`settings.rule.${key}`, groupedVars(vars)))[section] as unknown as z.ZodType<SettingsForms[S], SettingsForms[S]>,
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.language, section],
  );
  const toValues = formOf ?? (toForm[section] as unknown as (c: OpsConfigValue[S]) => SettingsForms[S]);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const initial = useMemo(() => toValues(value), [section, value]);
  const form = useForm<SettingsForms[S]>({ resolver: zodResolver(schema), defaultValues: initial as never });
  const { isDirty, isSubmitting } = form.formState;
  // A saved notice speaks of the value on screen: the first change after it takes it away.
  useEffect(() => {
    if (isDirty) setSaved(false);
  }, [isDirty]);

  const send = async (body: OpsConfigValue[S]) => {
    try {
      await save.mutateAsync(body);
      form.reset(toValues(body) as never);
      setSaved(true);
    } catch (e) {
      if (isApiError(e) && e.code === 'VALIDATION_FAILED' && e.fields.length) {
        const leftovers: string[] = [];
        for (const f of e.fields) {
          const path = formPathOf(section, f.field);
          if (path === 'root') leftovers.push(f.message);
          else form.setError(path as Path<SettingsForms[S]>, { type: 'server', message: f.message });
        }
        setFailure(e);
        if (leftovers.length) form.setError('root.server' as Path<SettingsForms[S]>, { message: leftovers.join(' ') });
      } else setFailure(e);
    }
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    setSaved(false);
    const body = (fromForm[section] as unknown as (f: SettingsForms[S]) => OpsConfigValue[S])(values);
    const ask = confirm?.(body, value);
    if (ask) setAsking({ ...ask, run: () => send(body) });
    else await send(body);
  }, () => setFailure(null));

  return (
    <>
    <form className="bo-settings-form" onSubmit={onSubmit} noValidate aria-busy={isSubmitting}>
      <fieldset className="bo-settings-form__fields" disabled={locked || isSubmitting}>
        {children(form as UseFormReturn<SettingsForms[S]>, locked)}
      </fieldset>
      {errorAt(form.formState.errors as FieldErrors, 'root.server') && <p className="mc-field__error">{errorAt(form.formState.errors as FieldErrors, 'root.server')}</p>}
      <BoProblem error={failure} />
      <BoNotice message={saved ? t('settings.saved', { section: t(`settings.section.${section}`) }) : null} />
      {!locked && (
        <div className="bo-settings-form__actions">
          <button type="button" className="btn btn--ghost" disabled={!isDirty || isSubmitting} onClick={() => form.reset(initial as never)}>
            {t('settings.undo')}
          </button>
          <button type="submit" className="btn btn--gold" disabled={!isDirty || isSubmitting}>
            {isSubmitting && <span className="mc-spinner" aria-hidden="true" />}
            {t('settings.save')}
          </button>
        </div>
      )}
    </form>
    {confirm && <DecisionDialog name={`bo-settings-confirm-${section}`} request={asking} onClose={() => setAsking(null)} />}
    </>
  );
};

/** An on/off setting: a switch with its label and a line on what it does. */
export const Switch = ({ label, hint, ...input }: InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: string }) => (
  <label className="bo-switch">
    <input type="checkbox" role="switch" className="bo-switch__input" {...input} />
    <span className="bo-switch__track" aria-hidden="true" />
    <span className="bo-switch__text">
      <span className="bo-switch__label">{label}</span>
      {hint && <span className="bo-switch__hint">{hint}</span>}
    </span>
  </label>
);

/** A compact input for a table cell, named for screen readers, with its error under it. */
export const CellInput = ({ label, error, prefix, ...input }: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; prefix?: string }) => {
  // The error is the input's description, so a screen reader coming back to the field hears why.
  const errorId = useId();
  return (
    <div className={`bo-cell-input${error ? ' is-invalid' : ''}`}>
      <div className="bo-cell-input__box">
        {prefix && (
          <span className="bo-cell-input__prefix" aria-hidden="true">
            {prefix}
          </span>
        )}
        <input aria-label={label} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} autoComplete="off" {...input} />
      </div>
      {error && (
        <p id={errorId} className="bo-cell-input__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
};

/** A group of fields with its heading. */
export const Group = ({ title, text, children }: { title: string; text?: string; children: ReactNode }) => (
  <div className="bo-group">
    <div className="bo-group__head">
      <h3 className="bo-group__title">{title}</h3>
      {text && <p className="bo-group__text">{text}</p>}
    </div>
    <div className="bo-group__body">{children}</div>
  </div>
);
