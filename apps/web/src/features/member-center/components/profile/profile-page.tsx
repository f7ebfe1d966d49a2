import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DEFAULT_REGISTER_RULES, type ProfileField, type ProfileValue } from '@apsara/contracts';
import { Icon } from '../../../../components/ui/icons/icons';
import { SelectField, TextAreaField, TextField } from '../../../../components/ui/member/fields';
import { FormActions, FormSuccess } from '../../../../components/ui/member/form-error';
import { Panel } from '../../../../components/ui/member/panel';
import { ErrorState, LoadingState } from '../../../../components/ui/member/states';
import { contentLanguage } from '../../../../i18n/languages';
import { isApiError } from '../../../../lib/api';
import { MEMBER_KEYS } from '../../../../lib/member-keys';
import { useRegisterSetting } from '../../../../lib/register-setting';
import { placeServerError } from '../../../../lib/server-errors';
import { useShellActions } from '../../../../lib/shell-actions';
import { useDateFormat } from '../../../../lib/use-date-format';
import { useRule } from '../../../../lib/use-problem-text';
import { saveProfile, useProfile } from '../../api/profile';
import { useCountryNames } from '../../../../lib/country-names';
import { INCOME_OPTIONS, birthdayProblem, birthdayRange, bodyFromForm, countryOptions, filledCount, formFromProfile, profileFieldProblem, type ProfileForm, type ProfileRules } from '../../logic/profile';
import './profile.css';

const FIELDS: readonly ProfileField[] = ['fullname', 'birthday', 'permanentAddress', 'currentAddress', 'placeOfBirth', 'nationality', 'occupation', 'sourceOfIncome'];

/** profile: the member's personal details (spec §3 "Profile fields"); the full name and birthday lock once saved. */
export const ProfilePage = () => {
  const { t } = useTranslation('member');
  const profile = useProfile();
  // Kept here: a save remounts the editor (below), and the word that it was saved must outlive that.
  const [saved, setSaved] = useState<string | null>(null);
  if (profile.isPending)
    return (
      <Panel title={t('profile.title')} icon="idCard">
        <LoadingState rows={6} />
      </Panel>
    );
  if (profile.isError)
    return (
      <Panel title={t('profile.title')} icon="idCard">
        <ErrorState error={profile.error} onRetry={() => void profile.refetch()} />
      </Panel>
    );
  // Keyed by the save time: after a save the form starts again from what the server kept.
  return <ProfileEditor key={profile.data.updatedAt ?? 'new'} data={profile.data} saved={saved} setSaved={setSaved} />;
};

const ProfileEditor = ({ data, saved, setSaved }: { data: ProfileValue; saved: string | null; setSaved: (v: string | null) => void }) => {
  const { t, i18n } = useTranslation('member');
  const queryClient = useQueryClient();
  const { openChat, openFeedback } = useShellActions();
  const rule = useRule();
  const setting = useRegisterSetting();
  const rules: ProfileRules = {
    today: data.today,
    minAge: data.minAge,
    nameRule: { ...(setting.data?.fields.payeeName ?? DEFAULT_REGISTER_RULES.payeeName), enabled: true, required: true },
  };
  const lang = contentLanguage(i18n.language ?? 'en');
  // The server's names (Khmer too) once in; the browser's until then.
  const named = useCountryNames();
  const fallback = useMemo(() => countryOptions(lang), [lang]);
  const countries = named.list ? named.list.map((c) => ({ code: c.countryCode, name: c.name })) : fallback;
  const range = birthdayRange(data.today, data.minAge);
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // The name and birthday about to be locked, while the member is asked to look at them once more.
  const [confirming, setConfirming] = useState<ProfileForm | null>(null);
  const { register, handleSubmit, setError, getValues, formState, control } = useForm<ProfileForm>({ defaultValues: formFromProfile(data), mode: 'onTouched' });
  const { errors } = formState;
  // The badge counts what the form holds now, so it moves as the member types.
  const values = useWatch({ control });
  const dates = useDateFormat();
  const check = (field: ProfileField) => rule((v: string) => profileFieldProblem(field, { ...getValues(), [field]: v }, rules));

  const save = async (form: ProfileForm) => {
    setSaving(true);
    setFormError(null);
    try {
      const value = await saveProfile(bodyFromForm(form, data));
      queryClient.setQueryData(MEMBER_KEYS.profile, value);
      // The full name is the security center's real name and the header's name.
      await Promise.all([MEMBER_KEYS.security, MEMBER_KEYS.withdrawSettings, MEMBER_KEYS.info].map((queryKey) => queryClient.invalidateQueries({ queryKey, exact: true })));
      setSaved(t('profile.saved'));
    } catch (e) {
      if (!isApiError(e)) throw e;
      setConfirming(null);
      const placed = placeServerError(e, FIELDS);
      for (const [field, message] of Object.entries(placed.fields)) setError(field as ProfileField, { type: 'server', message });
      setFormError(placed.form);
      if (e.code === 'PROFILE_FIELD_LOCKED') void queryClient.invalidateQueries({ queryKey: MEMBER_KEYS.profile });
    } finally {
      setSaving(false);
    }
  };

  const onSubmit = handleSubmit((form) => {
    setSaved(null);
    const locking = (!data.fullnameLocked && form.fullname.trim() !== '') || (!data.birthdayLocked && form.birthday.trim() !== '');
    if (locking) setConfirming(form);
    else void save(form);
  });

  const lockedNote = (
    <span className="mc-profile__lock-note">
      {t('profile.locked_note')}{' '}
      {openChat ? (
        <button type="button" className="mc-link" onClick={openChat}>
          {t('profile.contact_cs')}
        </button>
      ) : (
        <button type="button" className="mc-link" onClick={openFeedback}>
          {t('profile.contact_cs')}
        </button>
      )}
    </span>
  );
  const filled = filledCount(values);

  return (
    <Panel
      id="mc-profile"
      title={t('profile.title')}
      icon="idCard"
      aside={<span className={`mc-badge mc-badge--${filled === FIELDS.length ? 'ok' : 'pending'}`}>{t('profile.filled', { done: filled, total: FIELDS.length })}</span>}
      description={t('profile.intro')}
    >
      <form className="mc-form mc-profile" onSubmit={onSubmit} noValidate aria-busy={saving}>
        <fieldset className="mc-profile__group">
          <legend className="mc-profile__legend">
            <Icon name="user" size={16} />
            {t('profile.group_identity')}
          </legend>
          <div className="mc-profile__grid">
            {data.fullnameLocked ? (
              <TextField label={t('profile.fullname')} icon="lock" readOnly value={data.fullname ?? ''} hint={lockedNote} className="mc-field--locked" />
            ) : (
              <TextField
                label={t('profile.fullname')}
                icon="idCard"
                autoComplete="name"
                maxLength={64}
                placeholder={t('profile.fullname_placeholder')}
                hint={t('profile.fullname_hint')}
                error={errors.fullname?.message}
                readOnly={confirming !== null}
                {...register('fullname', { validate: check('fullname') })}
              />
            )}
            {data.birthdayLocked ? (
              <TextField label={t('profile.birthday')} icon="lock" readOnly value={dates.day(data.birthday)} hint={lockedNote} className="mc-field--locked" />
            ) : (
              <TextField
                label={t('profile.birthday')}
                type="date"
                icon="calendar"
                min={range.min}
                max={range.max}
                autoComplete="bday"
                hint={t('profile.birthday_hint', { age: data.minAge })}
                error={errors.birthday?.message}
                readOnly={confirming !== null}
                {...register('birthday', { validate: rule((v: string) => birthdayProblem(v, rules)) })}
              />
            )}
          </div>
        </fieldset>

        <fieldset className="mc-profile__group">
          <legend className="mc-profile__legend">
            <Icon name="home" size={16} />
            {t('profile.group_address')}
          </legend>
          <div className="mc-profile__grid">
            <TextAreaField label={t('profile.permanentAddress')} rows={2} autoComplete="street-address" error={errors.permanentAddress?.message} {...register('permanentAddress', { validate: check('permanentAddress') })} />
            <TextAreaField label={t('profile.currentAddress')} rows={2} error={errors.currentAddress?.message} {...register('currentAddress', { validate: check('currentAddress') })} />
            <TextField label={t('profile.placeOfBirth')} icon="globe" error={errors.placeOfBirth?.message} {...register('placeOfBirth', { validate: check('placeOfBirth') })} />
            <SelectField label={t('profile.nationality')} icon="globe" error={errors.nationality?.message} {...register('nationality', { validate: check('nationality') })}>
              <option value="">{t('profile.choose')}</option>
              {countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </SelectField>
          </div>
        </fieldset>

        <fieldset className="mc-profile__group">
          <legend className="mc-profile__legend">
            <Icon name="briefcase" size={16} />
            {t('profile.group_work')}
          </legend>
          <div className="mc-profile__grid">
            <TextField label={t('profile.occupation')} icon="briefcase" maxLength={80} autoComplete="organization-title" error={errors.occupation?.message} {...register('occupation', { validate: check('occupation') })} />
            <SelectField label={t('profile.sourceOfIncome')} icon="wallet" error={errors.sourceOfIncome?.message} {...register('sourceOfIncome', { validate: check('sourceOfIncome') })}>
              <option value="">{t('profile.choose')}</option>
              {INCOME_OPTIONS.map((s) => (
                <option key={s} value={s}>
                  {t(`profile.income.${s}`)}
                </option>
              ))}
            </SelectField>
          </div>
        </fieldset>

        {confirming === null ? (
          <div className="mc-profile__actions">
            <FormActions error={formError} busy={saving} label={t('profile.save')} />
          </div>
        ) : (
          <div className="mc-confirm" role="alert">
            <p>{t('profile.confirm_lock')}</p>
            <dl className="mc-profile__confirm-list">
              {!data.fullnameLocked && confirming.fullname.trim() !== '' && (
                <div>
                  <dt>{t('profile.fullname')}</dt>
                  <dd>{confirming.fullname.trim().replace(/\s+/g, ' ')}</dd>
                </div>
              )}
              {!data.birthdayLocked && confirming.birthday.trim() !== '' && (
                <div>
                  <dt>{t('profile.birthday')}</dt>
                  <dd>{dates.day(confirming.birthday.trim())}</dd>
                </div>
              )}
            </dl>
            {!data.birthdayLocked && confirming.birthday.trim() !== '' && <p>{t('profile.confirm_age', { age: data.minAge })}</p>}
            <div className="mc-confirm__actions">
              <button type="button" className="btn btn--gold btn--sm" onClick={() => void save(confirming)} disabled={saving}>
                {saving && <span className="mc-spinner" aria-hidden="true" />}
                {t('profile.confirm_yes')}
              </button>
              <button type="button" className="btn btn--ghost btn--sm" onClick={() => setConfirming(null)} disabled={saving}>
                {t('profile.confirm_edit')}
              </button>
            </div>
          </div>
        )}
        <FormSuccess message={saved} />
      </form>
    </Panel>
  );
};
