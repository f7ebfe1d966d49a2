import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { useQueryClient } from '@tanstack/react-query';
import { Icon } from '../../../../components/ui/icons/icons';
import { PasswordField, TextField } from '../../../../components/ui/member/fields';
import { brandOf, useSiteConfigValue } from '../../../../lib/site-config';
import { OPS_ROOT } from '../../api/client';
import { opsLogin } from '../../api/session';
import { setOpsToken, type OpsSessionEnd } from '../../logic/ops-session';
import { afterLoginPath } from '../../logic/pages';
import { LanguageSwitch } from '../frame/language-switch';
import { BoProblem } from '../common/states';

type Values = { username: string; password: string };

/**
 * /backoffice/login: an operator's name and password (POST /ops/session/login). A refusal shows the
 * server's message, in the language chosen here, with its code; success goes to the page the operator
 * was sent away from, or the dashboard.
 */
export const LoginPage = ({ ended }: { ended: OpsSessionEnd }) => {
  const { t, i18n } = useTranslation('ops');
  const config = useSiteConfigValue();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const client = useQueryClient();
  const [failure, setFailure] = useState<unknown>(null);
  const schema = useMemo(
    () => z.object({ username: z.string().trim().min(1, t('login.username_required')).max(64), password: z.string().min(1, t('login.password_required')).max(128) }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.language],
  );
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { username: '', password: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { token } = await opsLogin({ username: values.username.trim(), password: values.password });
      client.removeQueries({ queryKey: OPS_ROOT });
      setOpsToken(token);
      navigate(afterLoginPath(params.get('next')), { replace: true });
    } catch (e) {
      setFailure(e);
      form.setValue('password', '');
    }
  });

  return (
    <div className="bo-login">
      <div className="bo-login__lang">
        <LanguageSwitch />
      </div>
      <main id="bo-main" className="bo-login__card">
        <div className="bo-login__brand">
          <span className="bo-brand__mark" aria-hidden="true">
            {brandOf(config).slice(0, 1)}
          </span>
          <div>
            <p className="bo-login__eyebrow">{brandOf(config)}</p>
            <h1 className="bo-login__title">{t('login.title')}</h1>
          </div>
        </div>
        <p className="bo-login__lede">{t('login.lede')}</p>
        {ended && (
          <p className="bo-login__ended" role="status">
            <Icon name="info" size={16} />
            {t(`login.ended_${ended}`)}
          </p>
        )}
        <form className="bo-login__form" onSubmit={onSubmit} noValidate aria-busy={isSubmitting}>
          <TextField
            id="bo-login-username"
            label={t('login.username')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={64}
            icon="user"
            error={errors.username?.message}
            {...form.register('username')}
          />
          <PasswordField id="bo-login-password" label={t('login.password')} autoComplete="current-password" maxLength={128} error={errors.password?.message} {...form.register('password')} />
          <BoProblem error={failure} />
          <button type="submit" className="btn btn--gold btn--block" disabled={isSubmitting}>
            {isSubmitting && <span className="mc-spinner" aria-hidden="true" />}
            {t('login.submit')}
          </button>
        </form>
        <p className="bo-login__foot">{t('login.foot')}</p>
      </main>
    </div>
  );
};
