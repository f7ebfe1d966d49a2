import { useEffect, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { patternMessage, type OpenAccountValue, type RegisterSettingValue } from '@apsara/contracts';
import { PasswordField, TextField, UserIcon } from '../../../../components/ui/form/text-field';
import { Icon } from '../../../../components/ui/icons/icons';
import { currentContentLanguage } from '../../../../i18n';
import { isApiError } from '../../../../lib/api';
import { useRegisterSetting } from '../../../../lib/register-setting';
import { useAgentProfile } from '../../api/agent';
import { useOpenAccount } from '../../api/team';
import { ACCOUNT_KINDS, agentInviteLink, EMPTY_OPEN_ACCOUNT, NICKNAME_MAX, openAccountErrors, placeOpenAccountError, toOpenAccountBody, type OpenAccountValues } from '../../logic/open-account';
import { agentPageHref } from '../../logic/pages';
import { AgCopyButton } from '../common/copy-button';
import { AgPanel } from '../common/panel';
import { AgError, AgLoading } from '../common/states';

/** The notice after an account is opened: who, as what, and a new agent's own invitation code. */
const Opened = ({ account }: { account: OpenAccountValue }) => {
  const { t } = useTranslation('auth');
  const ref = useRef<HTMLDivElement>(null);
  // The form the agent was typing in has just been emptied: the keyboard goes on from the news.
  useEffect(() => ref.current?.focus(), [account]);
  const isAgent = account.affiliateCode !== null;
  return (
    <div ref={ref} className="ag-notice" role="status" tabIndex={-1} aria-labelledby="ag-opened-title">
      <span className="ag-notice__icon" aria-hidden="true">
        <Icon name="check" size={22} />
      </span>
      <div className="ag-notice__body">
        <p id="ag-opened-title" className="ag-notice__title">
          {t('agent.open.done_title')}
        </p>
        <p className="ag-notice__text">{t(isAgent ? 'agent.open.done_agent' : 'agent.open.done_member', { username: account.username })}</p>
        {account.affiliateCode && (
          <div className="ag-code">
            <span className="ag-code__label">{t('agent.open.code_label')}</span>
            <strong className="ag-code__value num">{account.affiliateCode}</strong>
            <AgCopyButton value={account.affiliateCode} name={t('agent.open.code_label')} />
            <p className="ag-code__hint">{t('agent.open.code_hint', { username: account.username })}</p>
          </div>
        )}
        <Link className="ag-notice__link" to={agentPageHref('downlineManagmentView', account.username)}>
          {t('agent.open.view_team')}
          <Icon name="chevronRight" size={16} />
        </Link>
      </div>
    </div>
  );
};

const OpenAccountForm = ({ settings }: { settings: RegisterSettingValue }) => {
  const { t } = useTranslation('auth');
  const lang = currentContentLanguage();
  const rules = { username: settings.fields.username, password: settings.fields.password };
  const open = useOpenAccount();
  const [opened, setOpened] = useState<OpenAccountValue | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const resolver: Resolver<OpenAccountValues> = async (values) => {
    const errors = openAccountErrors(values, rules, lang);
    if (Object.keys(errors).length === 0) return { values, errors: {} };
    return { values: {}, errors: Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, { type: 'validate', message }])) };
  };
  const { register, handleSubmit, formState, setError, reset, watch } = useForm<OpenAccountValues>({ resolver, defaultValues: EMPTY_OPEN_ACCOUNT });
  const { errors, isSubmitting } = formState;
  const kind = watch('kind');
  const busy = isSubmitting || open.isPending;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const account = await open.mutateAsync(toOpenAccountBody(values));
      setOpened(account);
      // Ready for the next one, of the same kind.
      reset({ ...EMPTY_OPEN_ACCOUNT, kind: values.kind });
    } catch (e) {
      if (!isApiError(e)) throw e;
      setOpened(null);
      const placed = placeOpenAccountError(e);
      Object.entries(placed.fields).forEach(([field, message]) => setError(field as keyof OpenAccountValues, { type: 'server', message }, { shouldFocus: true }));
      setFormError(placed.form);
    }
  });

  const usernameHint = patternMessage(rules.username.patternId, lang, rules.username.minLength, rules.username.maxLength);
  const passwordHint = patternMessage(rules.password.patternId, lang, rules.password.minLength, rules.password.maxLength);

  return (
    <div className="ag-open">
      {opened && <Opened account={opened} />}
      <form className="ag-open__form" onSubmit={onSubmit} noValidate aria-labelledby="ag-open-title">
        <fieldset className="ag-kind">
          <legend className="ag-field__label">{t('agent.open.kind')}</legend>
          <div className="ag-kind__options">
            {ACCOUNT_KINDS.map((k) => (
              <label key={k} className={`ag-kind__option${kind === k ? ' is-checked' : ''}`}>
                <input type="radio" value={k} className="ag-kind__radio" {...register('kind')} />
                <span className="ag-kind__mark" aria-hidden="true">
                  <Icon name={k === 'agent' ? 'briefcase' : 'user'} size={20} />
                </span>
                <span className="ag-kind__text">
                  <span className="ag-kind__name">{t(`agent.open.kind_${k}`)}</span>
                  <span className="ag-kind__desc">{t(`agent.open.kind_${k}_text`)}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        <div className="ag-open__grid">
          <TextField
            id="ag-open-username"
            className="ag-open__username"
            label={t('agent.open.username')}
            icon={<UserIcon />}
            requiredMark
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={Math.max(rules.username.maxLength, 1)}
            hint={usernameHint}
            error={errors.username?.message}
            {...register('username')}
          />
          <TextField
            id="ag-open-nickname"
            className="ag-open__nickname"
            label={t('agent.open.nickname')}
            icon={<Icon name="idCard" size={18} />}
            autoComplete="off"
            maxLength={NICKNAME_MAX}
            hint={t('agent.open.nickname_hint')}
            error={errors.nickname?.message}
            {...register('nickname')}
          />
          <PasswordField
            id="ag-open-password"
            className="ag-open__password"
            label={t('agent.open.password')}
            requiredMark
            autoComplete="new-password"
            maxLength={Math.max(rules.password.maxLength, 1)}
            hint={passwordHint}
            error={errors.password?.message}
            {...register('password')}
          />
          <PasswordField
            id="ag-open-confirm"
            className="ag-open__confirm"
            label={t('agent.open.confirm')}
            requiredMark
            autoComplete="new-password"
            maxLength={Math.max(rules.password.maxLength, 1)}
            error={errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
        </div>
        {errors.kind?.message && (
          <p className="ag-field__error" role="alert">
            {errors.kind.message}
          </p>
        )}
        {formError && (
          <div className="ag-form-error" role="alert">
            <Icon name="alert" size={18} />
            <span>{formError}</span>
          </div>
        )}
        <div className="ag-open__actions">
          <button type="submit" className="btn btn--gold ag-open__submit" disabled={busy}>
            {busy && <span className="ag-btn-spinner" aria-hidden="true" />}
            {t(kind === 'agent' ? 'agent.open.submit_agent' : 'agent.open.submit_member')}
          </button>
          <p className="ag-open__note">{t('agent.open.note')}</p>
        </div>
      </form>
    </div>
  );
};

/**
 * The agent's own invitation code and link (member info's affiliateCode): the other way into their
 * team, for people who register themselves. Left out for an agent without a code.
 */
const OwnInvitation = ({ code }: { code: string }) => {
  const { t } = useTranslation('auth');
  const link = agentInviteLink(code, window.location.origin);
  return (
    <AgPanel id="ag-invite" title={t('agent.open.invite_title')} icon="send">
      <p className="ag-invite__text">{t('agent.open.invite_text')}</p>
      <div className="ag-code">
        <span className="ag-code__label">{t('agent.open.code_label')}</span>
        <strong className="ag-code__value num">{code}</strong>
        <AgCopyButton value={code} name={t('agent.open.code_label')} />
      </div>
      <div className="ag-code ag-invite__link">
        <span className="ag-code__label">{t('agent.open.invite_link')}</span>
        <span className="ag-invite__url num">{link}</span>
        <AgCopyButton value={link} name={t('agent.open.invite_link')} />
      </div>
    </AgPanel>
  );
};

/**
 * registerCenter: the agent opens a member or agent account as their own direct downline, with the
 * site's own username and password rules (the registration settings call the register popup uses),
 * and finds their own invitation code and link for people who register themselves.
 */
export const OpenAccountPage = () => {
  const { t } = useTranslation('auth');
  const settings = useRegisterSetting();
  const code = useAgentProfile().data?.affiliateCode;
  return (
    <>
      <AgPanel id="ag-open" title={t('agent.open.title')} icon="plus">
        {settings.isPending ? (
          <AgLoading rows={5} />
        ) : settings.isError ? (
          <AgError error={settings.error} onRetry={() => void settings.refetch()} />
        ) : (
          <OpenAccountForm settings={settings.data} />
        )}
      </AgPanel>
      {code && <OwnInvitation code={code} />}
    </>
  );
};
