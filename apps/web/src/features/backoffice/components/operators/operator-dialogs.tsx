import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { OPERATOR_ROLES, OPERATOR_STATUSES, type OperatorRole, type OperatorStatus, type OpsOperator } from '@apsara/contracts';
import { Modal, closeModal, openModal } from '../../../../components/ui/modal';
import { PasswordField, SelectField } from '../../../../components/ui/member/fields';
import { isApiError } from '../../../../lib/api';
import { usePatchOperator, useResetOperatorPassword } from '../../api/operators';
import { OPERATOR_PASSWORD_MAX, OPERATOR_PASSWORD_MIN, operatorPatchOf, setPasswordProblems } from '../../logic/operators';
import { BoProblem } from '../common/states';
import { FormActions } from '../common/form-dialog';

/** Codes of a refused change that deserve a word on what to do next. */
const EXPLAINED = new Set(['OPERATOR_LAST_ADMIN', 'OPERATOR_SELF_CHANGE']);

/** The server's refusal, and for the operator-account rules a line on what it means. */
export const OperatorProblem = ({ error }: { error: unknown }) => {
  const { t } = useTranslation('ops');
  if (!error) return null;
  return (
    <>
      <BoProblem error={error} />
      {isApiError(error) && EXPLAINED.has(error.code) && <p className="bo-op-why">{t(`operators.why.${error.code}`)}</p>}
    </>
  );
};

/** A dialog shown while `open`, through the shared modal store. */
const Dialog = ({ name, open, title, onClose, children }: { name: string; open: boolean; title: string; onClose: () => void; children: ReactNode }) => {
  useEffect(() => {
    if (open) openModal(name);
    else closeModal(name);
  }, [name, open]);
  useEffect(() => () => closeModal(name), [name]);
  if (!open) return null;
  return (
    <Modal name={name} title={title} size="sm" onClose={onClose} className="bo-dialog">
      {children}
    </Modal>
  );
};

type EditValues = { role: OperatorRole; status: OperatorStatus };

/** Another operator's role and status (PATCH /ops/operators/:id): only what changed is sent. */
export const EditOperatorDialog = ({ row, onClose, onDone }: { row: OpsOperator | null; onClose: () => void; onDone: (text: string) => void }) => {
  const { t } = useTranslation('ops');
  return (
    <Dialog name="bo-operator-edit" open={row !== null} title={row ? t('operators.edit_title', { name: row.username }) : ''} onClose={onClose}>
      {row && <EditForm key={row.id} row={row} onClose={onClose} onDone={onDone} />}
    </Dialog>
  );
};

const EditForm = ({ row, onClose, onDone }: { row: OpsOperator; onClose: () => void; onDone: (text: string) => void }) => {
  const { t } = useTranslation('ops');
  const patch = usePatchOperator();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<EditValues>({ defaultValues: { role: row.role, status: row.status } });
  const next = useWatch({ control: form.control }) as EditValues;
  const change = operatorPatchOf(row, next);
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (v) => {
    const body = operatorPatchOf(row, v);
    if (!body) return onClose();
    setFailure(null);
    try {
      const saved = await patch.mutateAsync({ id: row.id, patch: body });
      onDone(t('operators.saved_notice', { name: saved.username, role: t(`role.${saved.role}`), status: t(`operators.status.${saved.status}`) }));
      onClose();
    } catch (e) {
      setFailure(e);
    }
  });

  const consequence =
    change?.status === 'disabled'
      ? t('operators.disable_consequence', { name: row.username })
      : change?.status === 'active'
        ? t('operators.enable_consequence', { name: row.username })
        : change?.role
          ? t('operators.role_consequence', { name: row.username })
          : null;

  return (
    <form className="bo-decision" onSubmit={onSubmit} noValidate aria-busy={isSubmitting}>
      <div className="bo-fields bo-fields--two">
        <SelectField id="bo-op-edit-role" label={t('operators.role')} hint={t(`dashboard.rights_${next.role}`)} {...form.register('role')}>
          {OPERATOR_ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`role.${r}`)}
            </option>
          ))}
        </SelectField>
        <SelectField id="bo-op-edit-status" label={t('operators.status_label')} {...form.register('status')}>
          {OPERATOR_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`operators.status.${s}`)}
            </option>
          ))}
        </SelectField>
      </div>
      {consequence && <p className={`bo-decision__consequence bo-decision__consequence--${change?.status === 'disabled' ? 'reject' : 'approve'}`}>{consequence}</p>}
      <OperatorProblem error={failure} />
      <FormActions onCancel={onClose} submitting={isSubmitting} disabled={!change} tone={change?.status === 'disabled' ? 'danger' : 'gold'} label={t('operators.save')} />
    </form>
  );
};

type PasswordValues = { password: string; repeat: string };

/** Another operator's new password (POST /ops/operators/:id/password): every session of theirs ends. */
export const ResetPasswordDialog = ({ row, onClose, onDone }: { row: OpsOperator | null; onClose: () => void; onDone: (text: string) => void }) => {
  const { t } = useTranslation('ops');
  return (
    <Dialog name="bo-operator-password" open={row !== null} title={row ? t('operators.password_title', { name: row.username }) : ''} onClose={onClose}>
      {row && <ResetForm key={row.id} row={row} onClose={onClose} onDone={onDone} />}
    </Dialog>
  );
};

const ResetForm = ({ row, onClose, onDone }: { row: OpsOperator; onClose: () => void; onDone: (text: string) => void }) => {
  const { t, i18n } = useTranslation('ops');
  const reset = useResetOperatorPassword();
  const [failure, setFailure] = useState<unknown>(null);
  const resolver = useMemo<Resolver<PasswordValues>>(
    () => async (values) => {
      const problems = Object.entries(setPasswordProblems(values));
      if (!problems.length) return { values, errors: {} };
      return { values: {}, errors: Object.fromEntries(problems.map(([f, rule]) => [f, { type: rule, message: t(`password.rule.${rule}`, { min: OPERATOR_PASSWORD_MIN, max: OPERATOR_PASSWORD_MAX }) }])) };
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.language],
  );
  const form = useForm<PasswordValues>({ resolver, defaultValues: { password: '', repeat: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (v) => {
    setFailure(null);
    try {
      const done = await reset.mutateAsync({ id: row.id, password: v.password });
      onDone(t('operators.password_notice', { name: row.username, count: done.sessionsEnded }));
      onClose();
    } catch (e) {
      const field = isApiError(e) ? e.fields.find((f) => f.field === 'password') : undefined;
      if (field && isApiError(e)) form.setError('password', { type: 'server', message: field.message || e.message });
      setFailure(e);
    }
  });

  return (
    <form className="bo-decision" onSubmit={onSubmit} noValidate aria-busy={isSubmitting}>
      <p className="bo-decision__consequence bo-decision__consequence--reject">{t('operators.password_consequence', { name: row.username })}</p>
      <PasswordField
        id="bo-op-new-password"
        label={t('password.new')}
        hint={t('password.rule_hint', { min: OPERATOR_PASSWORD_MIN, max: OPERATOR_PASSWORD_MAX })}
        autoComplete="new-password"
        error={errors.password?.message}
        data-autofocus
        {...form.register('password')}
      />
      <PasswordField id="bo-op-repeat-password" label={t('password.repeat')} autoComplete="new-password" error={errors.repeat?.message} {...form.register('repeat')} />
      <OperatorProblem error={failure} />
      <FormActions onCancel={onClose} submitting={isSubmitting} label={t('operators.password_submit')} />
    </form>
  );
};
