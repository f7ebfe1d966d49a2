import { useMemo, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { OPERATOR_ROLES, type OperatorRole, type OpsOperator } from '@apsara/contracts';
import { Icon } from '../../../../components/ui/icons/icons';
import { PasswordField, SelectField, TextField } from '../../../../components/ui/member/fields';
import { isApiError } from '../../../../lib/api';
import { useCreateOperator, useOpsOperators } from '../../api/operators';
import { OPERATOR_PASSWORD_MAX, OPERATOR_PASSWORD_MIN, operatorPasswordProblem, usernameProblem } from '../../logic/operators';
import { PageHead, Time, ZoneNote } from '../common/bits';
import { BoEmpty, BoNotice } from '../common/states';
import { BoTable } from '../common/table';
import { EditOperatorDialog, OperatorProblem, ResetPasswordDialog } from './operator-dialogs';
import './operators.css';

type NewOperator = { username: string; password: string; role: OperatorRole };

/** A new operator (POST /ops/operators): a name, a first password and a role; a taken name is said on its field. */
const CreateOperator = ({ onDone }: { onDone: (text: string) => void }) => {
  const { t, i18n } = useTranslation('ops');
  const create = useCreateOperator();
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const resolver = useMemo<Resolver<NewOperator>>(
    () => async (values) => {
      const errors: Record<string, { type: string; message: string }> = {};
      const name = usernameProblem(values.username);
      if (name) errors.username = { type: name, message: t(`operators.rule.username_${name}`) };
      const password = operatorPasswordProblem(values.password);
      if (password) errors.password = { type: password, message: t(`password.rule.${password}`, { min: OPERATOR_PASSWORD_MIN, max: OPERATOR_PASSWORD_MAX }) };
      return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.language],
  );
  const form = useForm<NewOperator>({ resolver, defaultValues: { username: '', password: '', role: 'support' } });
  const role = useWatch({ control: form.control, name: 'role' });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (v) => {
    setFailure(null);
    try {
      const made = await create.mutateAsync({ username: v.username.trim(), password: v.password, role: v.role });
      form.reset();
      setOpen(false);
      onDone(t('operators.created_notice', { name: made.username, role: t(`role.${made.role}`) }));
    } catch (e) {
      if (isApiError(e)) {
        for (const f of e.fields) if (f.field === 'username' || f.field === 'password' || f.field === 'role') form.setError(f.field, { type: 'server', message: f.message || e.message });
      }
      setFailure(e);
    }
  });

  return (
    <details className="bo-panel bo-create" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="bo-create__summary">
        <Icon name="plus" size={16} />
        {t('operators.new')}
      </summary>
      <form className="bo-create__form" onSubmit={onSubmit} noValidate aria-label={t('operators.new')}>
        <div className="bo-fields">
          <TextField id="bo-op-username" label={t('operators.username')} hint={t('operators.username_hint')} autoComplete="off" spellCheck={false} maxLength={64} error={errors.username?.message} {...form.register('username')} />
          <PasswordField
            id="bo-op-password"
            label={t('operators.first_password')}
            hint={t('password.rule_hint', { min: OPERATOR_PASSWORD_MIN, max: OPERATOR_PASSWORD_MAX })}
            autoComplete="new-password"
            error={errors.password?.message}
            {...form.register('password')}
          />
          <SelectField id="bo-op-role" label={t('operators.role')} hint={t(`dashboard.rights_${role}`)} error={errors.role?.message} {...form.register('role')}>
            {OPERATOR_ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`role.${r}`)}
              </option>
            ))}
          </SelectField>
        </div>
        {failure !== null && !(isApiError(failure) && failure.fields.length) && <OperatorProblem error={failure} />}
        <div className="bo-settings-form__actions">
          <button type="submit" className="btn btn--gold" disabled={isSubmitting}>
            {isSubmitting && <span className="mc-spinner" aria-hidden="true" />}
            {t('operators.create')}
          </button>
        </div>
      </form>
    </details>
  );
};

/**
 * The site's operator accounts (/backoffice/operators, admin): who may use the back office, with what
 * role, whether they may still sign in, and when and from where they last did. An admin makes new
 * ones, changes another's role or status and sets another's password; nobody changes their own role
 * or status here (another admin must), and one's own password is changed from the top bar's menu.
 */
export const OperatorsPage = () => {
  const { t } = useTranslation('ops');
  const list = useOpsOperators();
  const [notice, setNotice] = useState<string | null>(null);
  const [editing, setEditing] = useState<OpsOperator | null>(null);
  const [resetting, setResetting] = useState<OpsOperator | null>(null);

  const row = (o: OpsOperator) => {
    const reasonId = `bo-op-self-${o.id}`;
    return (
      <tr key={o.id} className={o.status === 'disabled' ? 'bo-row--muted' : undefined}>
        <td data-label={t('operators.username')}>
          <strong>{o.username}</strong>
          {o.me && <span className="bo-you">{t('operators.you')}</span>}
          <span className="mc-sub num">ID {o.id}</span>
        </td>
        <td data-label={t('operators.role')}>
          <span className={`bo-role bo-role--${o.role}`}>{t(`role.${o.role}`)}</span>
        </td>
        <td data-label={t('operators.status_label')}>
          <span className={`mc-badge mc-badge--${o.status === 'active' ? 'ok' : 'bad'}`}>{t(`operators.status.${o.status}`)}</span>
        </td>
        <td data-label={t('col.created')}>
          <Time iso={o.createdAt} />
        </td>
        <td data-label={t('operators.last_login')}>
          {o.lastLoginAt ? (
            <>
              <Time iso={o.lastLoginAt} />
              {o.lastLoginIp && <span className="mc-sub num">{o.lastLoginIp}</span>}
            </>
          ) : (
            <span className="bo-faint">{t('operators.never')}</span>
          )}
        </td>
        <td data-label={t('col.actions')}>
          <div className="bo-row-actions">
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              disabled={o.me}
              aria-describedby={o.me ? reasonId : undefined}
              aria-label={t('operators.edit_named', { name: o.username })}
              onClick={() => {
                setNotice(null);
                setEditing(o);
              }}
            >
              <Icon name="wrench" size={14} />
              {t('operators.edit')}
            </button>
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              disabled={o.me}
              aria-describedby={o.me ? reasonId : undefined}
              aria-label={t('operators.password_named', { name: o.username })}
              onClick={() => {
                setNotice(null);
                setResetting(o);
              }}
            >
              <Icon name="key" size={14} />
              {t('operators.password')}
            </button>
          </div>
          {o.me && (
            <span id={reasonId} className="mc-sub bo-op-self">
              {t('operators.self_reason')}
            </span>
          )}
        </td>
      </tr>
    );
  };

  return (
    <>
      <PageHead title={t('page.operators')} lede={t('operators.lede')} />
      <CreateOperator onDone={setNotice} />
      <BoNotice message={notice} />
      <section className="bo-panel bo-panel--flush">
        <div className="bo-panel__body">
          <BoTable
            list={list}
            caption={t('operators.caption')}
            head={
              <>
                <th scope="col">{t('operators.username')}</th>
                <th scope="col">{t('operators.role')}</th>
                <th scope="col">{t('operators.status_label')}</th>
                <th scope="col">{t('col.created')}</th>
                <th scope="col">{t('operators.last_login')}</th>
                <th scope="col">{t('col.actions')}</th>
              </>
            }
            row={row}
            empty={<BoEmpty icon="users" title={t('operators.none')} />}
            cardsBelow={860}
          />
          <ZoneNote />
        </div>
      </section>
      <EditOperatorDialog row={editing} onClose={() => setEditing(null)} onDone={setNotice} />
      <ResetPasswordDialog row={resetting} onClose={() => setResetting(null)} onDone={setNotice} />
    </>
  );
};
