import { useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState, type ReactNode } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  buildRegisterFormSchema,
  normalizeRegistration,
  type RegisterField,
  type RegisterInput,
  type RegisterMode,
  type RegisterSettingValue,
  validationMessage,
} from '@apsara/contracts';
import { Icon } from '../../../components/ui/icons/icons';
import { closeModal, Modal, openModal } from '../../../components/ui/modal';
import { currentContentLanguage } from '../../../i18n';
import { isApiError } from '../../../lib/api';
import { signupBonusText, useSiteConfigValue } from '../../../lib/site-config';
import { register as registerCall } from '../api/member';
import { checkAffiliate, COUNTRY_CODES_KEY, useRegisterSetting, useWhitelabel } from '../api/system';
import { useCaptcha } from '../../../lib/captcha';
import { useLoginSuccess } from '../hooks/use-login-success';
import { AUTH_MODAL, showMessage } from '../logic/guards';
import { affiliateCodeFromSearch, forgetReferralCode, isRegisterFieldRequired, pendingReferralCode, visibleRegisterFields } from '../logic/register-form';
import { mapServerErrors } from '../logic/server-errors';
import { CaptchaField } from '../../../components/ui/form/captcha-field';
import { Checkbox } from './form/checkbox';
import { FormError } from './form/form-error';
import { PhoneField, SmsCodeField } from './form/phone-field';
import { type TabItem, Tabs, tabPanelProps } from '../../../components/ui/tabs/tabs';
import { MailIcon, PasswordField, TextField, TicketIcon, UserIcon } from '../../../components/ui/form/text-field';
import { useSmsSender } from './sms-login-form';

type Tab = 'register' | 'registerMobile';
type Values = RegisterInput & { countryDialingCode?: string };

const SECRET_FIELDS = new Set<RegisterField>(['password', 'paymentPassword']);
const NUMERIC_PATTERNS = new Set(['DIGITS']);

/** Where a friend's invitation is remembered for the tab; none where storage is refused (sandboxed frames). */
const tabStorage = (): Storage | undefined => {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
};

/**
 * Spec §2 Register popup: username tab (USERNAMEREG3) and mobile tab (MOBILENUMREG3); the site's
 * register banners (`banner`, from the shell) above the form.
 */
export const RegisterModal = ({ banner }: { banner?: ReactNode }) => {
  const { t } = useTranslation('auth');
  const { data: flags, isPending: flagsPending } = useWhitelabel();
  const { data: settings, isPending: settingsPending, error } = useRegisterSetting();
  const [tab, setTab] = useState<Tab>('register');
  // The sign-up bonus the site offers, if any: the form promises only that (spec §2 register bonus).
  const bonus = signupBonusText(useSiteConfigValue());

  const items: TabItem<Tab>[] = [];
  if (flags?.USERNAMEREG3) items.push({ key: 'register', label: t('register.tab_username') });
  if (flags?.MOBILENUMREG3) items.push({ key: 'registerMobile', label: t('register.tab_mobile') });
  const active = items.find((i) => i.key === tab)?.key ?? items[0]?.key;

  const switchToLogin = () => {
    closeModal(AUTH_MODAL.register);
    openModal(AUTH_MODAL.login);
  };

  let body: React.ReactNode;
  if (flagsPending || settingsPending) body = <FormSkeleton />;
  else if (error || !settings) body = <FormError message={error?.message ?? t('errors.bad_response')} />;
  else if (!active) body = <FormError message={t('register.closed')} />;
  else {
    body = (
      <div {...(items.length > 1 ? tabPanelProps('register', active) : {})}>
        <RegisterForm key={active} mode={active === 'registerMobile' ? 'mobile' : 'username'} settings={settings} smsVerification={Boolean(flags?.REGMOBVERF3)} />
      </div>
    );
  }

  return (
    <Modal name={AUTH_MODAL.register} title={t('register.title')} size="md" className="au-modal au-modal--register">
      {banner}
      {bonus && (
        <div className="au-promo" aria-hidden="true">
          <span className="au-promo__chip">{t('register.promo_chip')}</span>
          <span className="au-promo__text">{t('register.promo_text', { amount: bonus })}</span>
        </div>
      )}
      {items.length > 1 && active && <Tabs items={items} value={active} onChange={setTab} label={t('register.tabs_label')} idBase="register" className="au-tabs" />}
      {body}
      <p className="au-switch">
        {t('register.have_account')}{' '}
        <button type="button" className="au-link au-link--gold" onClick={switchToLogin}>
          {t('register.login_link')}
        </button>
      </p>
    </Modal>
  );
};

const FormSkeleton = () => (
  <div className="au-form" aria-hidden="true">
    {[0, 1, 2, 3].map((i) => (
      <div key={i} className="skeleton au-skeleton-field" />
    ))}
  </div>
);

type FormProps = { mode: RegisterMode; settings: RegisterSettingValue; smsVerification: boolean };

const RegisterForm = ({ mode, settings, smsVerification }: FormProps) => {
  const { t, i18n } = useTranslation('auth');
  const lang = currentContentLanguage();
  const fields = useMemo(() => visibleRegisterFields(settings, mode, smsVerification), [settings, mode, smsVerification]);
  const schema = useMemo(() => buildRegisterFormSchema(settings, { lang, mode, smsVerification }), [settings, lang, mode, smsVerification, i18n.language]);
  const captchaOn = fields.includes('captcha');
  const captcha = useCaptcha(captchaOn);
  const sms = useSmsSender('register');
  const queryClient = useQueryClient();
  const onLoginSuccess = useLoginSuccess();
  const [formError, setFormError] = useState<string | null>(null);
  // A friend's invitation (?ref=CODE): in the referralCode field when the site shows one, else (on a
  // site running invite friends) on a line of its own the visitor can remove; the server judges the code.
  // A site without the program gets no line: the code would mean nothing there.
  const referralShown = fields.includes('referralCode');
  const site = useSiteConfigValue();
  const [invited, setInvited] = useState(() => (typeof window === 'undefined' ? '' : pendingReferralCode(window.location.search, tabStorage())));
  const [invitedError, setInvitedError] = useState<string | null>(null);
  const invitedLine = !referralShown && invited !== '' && site?.referral.enabled === true;
  const removeInvitation = () => {
    setInvited('');
    setInvitedError(null);
    forgetReferralCode(tabStorage());
  };

  const form = useForm<Values>({
    resolver: zodResolver(schema) as unknown as Resolver<Values>,
    defaultValues: {
      affiliateCode: typeof window === 'undefined' ? '' : affiliateCodeFromSearch(window.location.search),
      referralCode: referralShown ? invited : undefined,
      // The phone field sets the site's default once the site's countries are in.
      countryDialingCode: '',
      termsAccepted: settings.termsDefaultChecked,
      ageConfirmed: false,
    },
  });
  const { register, handleSubmit, formState, setError, setValue, watch, trigger } = form;
  const { errors, isSubmitting } = formState;
  const dialingCode = watch('countryDialingCode') ?? '';
  const fieldError = (name: string) => (errors as Record<string, { message?: string } | undefined>)[name]?.message;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setInvitedError(null);
    const data = normalizeRegistration(values, mode);
    try {
      // Spec §4 Registration: the affiliate code is checked first, if present.
      if (data.affiliateCode) {
        const check = await checkAffiliate(data.affiliateCode, window.location.hostname);
        if (!check.valid) {
          const message = validationMessage('invitationCodeInvalid', lang);
          setError('affiliateCode', { type: 'server', message });
          showMessage({ tone: 'warning', message });
          return;
        }
      }
      const value = await registerCall(
        {
          ...Object.fromEntries(Object.entries(data).filter(([, v]) => v !== '' && v !== null && v !== undefined)),
          ...(invitedLine ? { referralCode: invited } : {}),
          captchaId: captchaOn ? (captcha.captchaId ?? undefined) : undefined,
          countryDialingCode: fields.includes('mobileNum') ? dialingCode : undefined,
          termsAccepted: values.termsAccepted === true,
          ageConfirmed: values.ageConfirmed === true,
          registerUrl: window.location.href,
          registerMethod: 'WEB',
          domain: window.location.hostname,
          login: true,
        },
        mode,
      );
      forgetReferralCode(tabStorage());
      closeModal(AUTH_MODAL.register);
      await onLoginSuccess(value, { loginType: 'register', portal: 'member', password: data.password ?? undefined });
      // The bonus popup follows sign-up on a site that offers one (spec §2).
      if (signupBonusText(site)) openModal(AUTH_MODAL.registerBonus);
    } catch (e) {
      if (!isApiError(e)) throw e;
      const shown = [...fields, 'confirmPassword', 'termsAccepted', 'ageConfirmed', ...(invitedLine ? ['referralCode'] : [])];
      // A country code the site no longer serves is the phone field's to show; the list is read again.
      const mapped = mapServerErrors(e, shown, { countryDialingCode: 'mobileNum', ...(mode === 'mobile' ? { username: 'mobileNum' } : {}) });
      if (e.fields.some((f) => f.field === 'countryDialingCode')) void queryClient.invalidateQueries({ queryKey: COUNTRY_CODES_KEY });
      // A wrong invitation (REFERRAL_CODE_INVALID) shows on its line when the form has no field for it.
      if (invitedLine && mapped.fields.referralCode) {
        setInvitedError(mapped.fields.referralCode);
        delete mapped.fields.referralCode;
      }
      Object.entries(mapped.fields).forEach(([name, message]) => setError(name as keyof Values, { type: 'server', message }));
      setFormError(mapped.form);
      if (e.code === 'INVITATION_CODE_INVALID') showMessage({ tone: 'warning', error: e });
      if (captchaOn) {
        setValue('captcha', '');
        captcha.refresh();
      }
    }
  });

  const renderField = (field: RegisterField) => {
    const rule = settings.fields[field];
    const requiredMark = isRegisterFieldRequired(field, rule, mode, smsVerification);
    const common = {
      id: `reg-${mode}-${field}`,
      requiredMark,
      error: fieldError(field),
      maxLength: Math.max(rule.maxLength, 1),
      ...register(field),
    };
    if (field === 'captcha') return <CaptchaField key={field} captcha={captcha} {...common} />;
    if (field === 'mobileNum') {
      return (
        <PhoneField
          key={field}
          {...common}
          dialingCode={dialingCode}
          onDialingCodeChange={(code) => setValue('countryDialingCode', code)}
          hint={mode === 'mobile' ? t('register.mobile_hint') : undefined}
        />
      );
    }
    if (field === 'verificationCode') {
      return (
        <SmsCodeField
          key={field}
          {...common}
          secondsLeft={sms.secondsLeft}
          sending={sms.sending}
          onSend={() => void sms.send((watch('mobileNum') ?? '').trim(), dialingCode, () => !fieldError('mobileNum'), (message) => setError('mobileNum', { type: 'server', message }))}
          onFocus={() => void trigger('mobileNum')}
        />
      );
    }
    if (SECRET_FIELDS.has(field)) {
      return (
        <div key={field} className="au-form__group">
          <PasswordField
            label={t(`field.${field}`)}
            placeholder={t(`field.${field}_placeholder`)}
            autoComplete="new-password"
            inputMode={NUMERIC_PATTERNS.has(rule.patternId) ? 'numeric' : undefined}
            {...common}
          />
          {field === 'password' && (
            <PasswordField
              id={`reg-${mode}-confirmPassword`}
              label={t('field.confirmPassword')}
              placeholder={t('field.confirmPassword_placeholder')}
              autoComplete="new-password"
              requiredMark
              maxLength={Math.max(rule.maxLength, 1)}
              error={fieldError('confirmPassword')}
              {...register('confirmPassword')}
            />
          )}
        </div>
      );
    }
    const icon = field === 'username' ? <UserIcon /> : field === 'email' ? <MailIcon /> : field === 'affiliateCode' ? <TicketIcon /> : undefined;
    return (
      <TextField
        key={field}
        label={t(`field.${field}`)}
        placeholder={field === 'affiliateCode' ? t('field.affiliateCode_placeholder') : t(`field.${field}_placeholder`)}
        type={field === 'email' ? 'email' : 'text'}
        inputMode={NUMERIC_PATTERNS.has(rule.patternId) ? 'numeric' : undefined}
        autoComplete={field === 'username' ? 'username' : field === 'email' ? 'email' : field === 'payeeName' ? 'name' : 'off'}
        autoCapitalize={field === 'payeeName' ? 'words' : 'none'}
        spellCheck={false}
        icon={icon}
        {...common}
      />
    );
  };

  return (
    <form className="au-form" onSubmit={onSubmit} noValidate aria-busy={isSubmitting}>
      <p className="au-required-note">{t('register.required_note')}</p>
      {fields.map(renderField)}
      {invitedLine && <InvitedBy code={invited} error={invitedError} idBase={`reg-${mode}`} onRemove={removeInvitation} />}
      <Checkbox
        id={`reg-${mode}-terms`}
        label={t('register.terms')}
        error={fieldError('termsAccepted')}
        {...register('termsAccepted')}
      />
      {settings.minAge > 0 && (
        <Checkbox
          id={`reg-${mode}-age`}
          label={t('register.age', { age: settings.minAge })}
          error={fieldError('ageConfirmed')}
          {...register('ageConfirmed')}
        />
      )}
      <FormError message={formError} />
      <button type="submit" className="btn btn--gold btn--block au-submit" disabled={isSubmitting}>
        {isSubmitting ? <span className="au-spinner" aria-hidden="true" /> : null}
        {t('register.submit')}
      </button>
    </form>
  );
};

/** The invitation a link brought, read-only, with a way to remove it and the server's word if it is wrong. */
const InvitedBy = ({ code, error, idBase, onRemove }: { code: string; error: string | null; idBase: string; onRemove: () => void }) => {
  const { t } = useTranslation('auth');
  const errorId = `${idBase}-invited-error`;
  return (
    <div className={`au-invited${error ? ' is-invalid' : ''}`} role="group" aria-label={t('register.invited_label')} aria-describedby={error ? errorId : undefined}>
      <div className="au-invited__row">
        <span className="au-invited__icon" aria-hidden="true">
          <TicketIcon />
        </span>
        <span className="au-invited__text">{t('register.invited_by', { code })}</span>
        <button type="button" className="au-invited__remove" aria-label={t('register.invited_remove_label', { code })} onClick={onRemove}>
          <Icon name="close" size={14} />
          {t('register.invited_remove')}
        </button>
      </div>
      {error && (
        <p id={errorId} className="field__error au-invited__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
};
