import { useState } from 'react';
import { useFieldArray, useWatch, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CONTRACT_KINDS, MAINTENANCE_MESSAGE_MAX, PATTERN_IDS, REGISTER_FIELDS, REGISTER_PATTERN_MAX, WHITELABEL_FLAGS, type OpsConfigValue } from '@apsara/contracts';
import { Icon } from '../../../../components/ui/icons/icons';
import { contentLanguage } from '../../../../i18n/languages';
import { countryNamer } from '../../../../lib/country-names';
import { useDialingCatalogue } from '../../api/config';
import { BoError } from '../common/states';
import { AmountField, TextField } from '../../../../components/ui/member/fields';
import { LOCKED_REGISTER_FIELDS, type BlockedCidrsForm, type ContractKindsForm, type DialingCodesForm, type FlagsForm, type LoginCheckForm, type MaintenanceForm, type RegisterForm, type SecurityForm, type SignupBonusForm, type SmsForm } from '../../logic/settings';
import { useSiteMoney } from '../common/bits';
import { LangTextBoxes } from '../common/lang-text-boxes';
import { CellInput, Group, SectionForm, Switch, errorAt } from './settings-kit';
import './site-forms.css';

/*
 * The site's core settings (docs/operators.md "Settings"): maintenance, feature flags, registration
 * rules, sign-in security, the sign-up bonus, SMS codes, blocked address ranges, the agent contract
 * kinds and the countries whose numbers the site takes.
 */

const errs = (form: UseFormReturn<never>) => form.formState.errors as FieldErrors;

export const MaintenanceSettings = ({ value }: { value: OpsConfigValue['maintenance'] }) => {
  const { t } = useTranslation('ops');
  return (
    <SectionForm
      section="maintenance"
      value={value}
      // Taking the player site down is confirmed; bringing it back, or editing the words, is not.
      confirm={(next, current) =>
        next.active && !current.active
          ? { title: t('settings.maintenance.confirm_title'), confirmLabel: t('settings.maintenance.confirm'), tone: 'reject', facts: [], consequence: t('settings.maintenance.confirm_text') }
          : null
      }
    >
      {(form: UseFormReturn<MaintenanceForm>) => <MaintenanceFields form={form} />}
    </SectionForm>
  );
};

const MaintenanceFields = ({ form }: { form: UseFormReturn<MaintenanceForm> }) => {
  const { t } = useTranslation('ops');
  const e = errs(form as never);
  const message = useWatch({ control: form.control, name: 'message' });
  return (
    <>
      <Switch label={t('settings.maintenance.active')} hint={t('settings.maintenance.active_hint')} {...form.register('active')} />
      <Group title={t('settings.maintenance.message')} text={t('settings.maintenance.message_hint')}>
        <LangTextBoxes
          label={t('settings.maintenance.message')}
          need={t('settings.chat.optional')}
          hint={t('settings.chat.langs_hint', { max: MAINTENANCE_MESSAGE_MAX })}
          max={MAINTENANCE_MESSAGE_MAX}
          multiline
          rows={{ en: 3, other: 2 }}
          register={(lang) => form.register(`message.${lang}`)}
          errorOf={(lang) => errorAt(e, `message.${lang}`)}
          lengthOf={(lang) => [...(message?.[lang] ?? '').trim()].length}
          wholeError={errorAt(e, 'message')}
        />
      </Group>
      <div className="bo-fields">
        <TextField id="bo-mt-until" type="datetime-local" label={t('settings.maintenance.until')} hint={t('settings.maintenance.until_hint')} error={errorAt(e, 'until')} {...form.register('until')} />
      </div>
    </>
  );
};

export const FlagsSettings = ({ value }: { value: OpsConfigValue['flags'] }) => {
  const { t } = useTranslation('ops');
  return (
    <SectionForm section="flags" value={value}>
      {(form: UseFormReturn<FlagsForm>) => {
        const e = errs(form as never);
        return (
          <ul className="bo-flags">
            {WHITELABEL_FLAGS.map((flag) => (
              <li key={flag} className="bo-flag">
                <Switch label={t(`settings.flags.${flag}`)} hint={`${flag} · ${t(`settings.flags.${flag}_hint`)}`} {...form.register(flag)} />
                {errorAt(e, flag) && (
                  <p className="mc-field__error" role="alert">
                    {errorAt(e, flag)}
                  </p>
                )}
              </li>
            ))}
          </ul>
        );
      }}
    </SectionForm>
  );
};

export const RegisterSettings = ({ value }: { value: OpsConfigValue['register'] }) => {
  const { t } = useTranslation('ops');
  return (
    <SectionForm section="register" value={value}>
      {(form: UseFormReturn<RegisterForm>) => {
        const e = errs(form as never);
        return (
          <>
            <Group title={t('settings.register.general')}>
              <div className="bo-fields">
                <TextField id="bo-reg-age" label={t('settings.register.minAge')} hint={t('settings.register.minAge_hint')} inputMode="numeric" error={errorAt(e, 'minAge')} {...form.register('minAge')} />
              </div>
              <Switch label={t('settings.register.terms')} hint={t('settings.register.terms_hint')} {...form.register('termsDefaultChecked')} />
              <Switch label={t('settings.register.affiliate')} hint={t('settings.register.affiliate_hint')} {...form.register('affiliateRequired')} />
            </Group>
            <Group title={t('settings.register.fields')} text={t('settings.register.fields_hint', { max: REGISTER_PATTERN_MAX })}>
              <RuleTable form={form} />
            </Group>
          </>
        );
      }}
    </SectionForm>
  );
};

const RuleTable = ({ form }: { form: UseFormReturn<RegisterForm> }) => {
  const { t } = useTranslation(['ops', 'auth']);
  const e = errs(form as never);
  const cols = ['shown', 'required', 'min', 'max', 'pattern', 'regex'] as const;
  return (
    <div className="bo-grid-table bo-grid-table--rules" role="table" aria-label={t('settings.register.fields')}>
      <div className="bo-grid-table__row bo-grid-table__head" role="row">
        <span role="columnheader">{t('settings.register.col_field')}</span>
        {cols.map((c) => (
          <span key={c} role="columnheader">
            {t(`settings.register.col_${c}`)}
          </span>
        ))}
      </div>
      {REGISTER_FIELDS.map((field) => {
        const name = field === 'captcha' ? t('settings.register.captcha') : t(`auth:field.${field}`);
        const locked = LOCKED_REGISTER_FIELDS.includes(field);
        const at = (k: string) => errorAt(e, `fields.${field}.${k}`);
        const label = (k: string) => t('settings.register.cell_of', { column: t(`settings.register.col_${k}`), field: name });
        return (
          <div key={field} className="bo-grid-table__row" role="row" data-field={field}>
            <span role="cell" className="bo-grid-table__rank">
              {name}
              {locked && <span className="bo-rule-note">{t('settings.register.always')}</span>}
            </span>
            <span role="cell" className="bo-rule-check">
              <input type="checkbox" aria-label={label('shown')} disabled={locked} {...form.register(`fields.${field}.enabled`)} />
            </span>
            <span role="cell" className="bo-rule-check">
              <input type="checkbox" aria-label={label('required')} disabled={locked} aria-invalid={at('required') ? true : undefined} {...form.register(`fields.${field}.required`)} />
              {at('required') && (
                <p className="bo-cell-input__error" role="alert">
                  {at('required')}
                </p>
              )}
            </span>
            <span role="cell">
              <CellInput label={label('min')} inputMode="numeric" error={at('minLength')} {...form.register(`fields.${field}.minLength`)} />
            </span>
            <span role="cell">
              <CellInput label={label('max')} inputMode="numeric" error={at('maxLength')} {...form.register(`fields.${field}.maxLength`)} />
            </span>
            <span role="cell">
              <select className="bo-rule-select" aria-label={label('pattern')} {...form.register(`fields.${field}.patternId`)}>
                {PATTERN_IDS.map((id) => (
                  <option key={id} value={id}>
                    {id}
                  </option>
                ))}
              </select>
            </span>
            <span role="cell">
              <CellInput label={label('regex')} placeholder={t('settings.register.regex_placeholder')} spellCheck={false} maxLength={REGISTER_PATTERN_MAX} error={at('acceptedPattern')} {...form.register(`fields.${field}.acceptedPattern`)} />
            </span>
          </div>
        );
      })}
    </div>
  );
};

export const SecuritySettings = ({ value }: { value: OpsConfigValue['security'] }) => {
  const { t } = useTranslation('ops');
  return (
    <SectionForm section="security" value={value}>
      {(form: UseFormReturn<SecurityForm>) => {
        const e = errs(form as never);
        const field = (name: keyof SecurityForm) => (
          <TextField id={`bo-sec-${name}`} label={t(`settings.security.${name}`)} hint={t(`settings.security.${name}_hint`)} inputMode="numeric" error={errorAt(e, name)} {...form.register(name)} />
        );
        return (
          <>
            <Group title={t('settings.security.signin')} text={t('settings.security.signin_hint')}>
              <div className="bo-fields">
                {field('captchaAfterFailures')}
                {field('lockAfterFailures')}
                {field('lockMinutes')}
              </div>
            </Group>
            <Group title={t('settings.security.passwords')}>
              <div className="bo-fields">{field('passwordMaxAgeDays')}</div>
            </Group>
          </>
        );
      }}
    </SectionForm>
  );
};

export const SignupBonusSettings = ({ value }: { value: OpsConfigValue['signupBonus'] }) => {
  return (
    <SectionForm section="signupBonus" value={value}>
      {(form: UseFormReturn<SignupBonusForm>) => <SignupBonusFields form={form} />}
    </SectionForm>
  );
};

const SignupBonusFields = ({ form }: { form: UseFormReturn<SignupBonusForm> }) => {
  const { t } = useTranslation('ops');
  const { symbol } = useSiteMoney();
  const e = errs(form as never);
  const enabled = useWatch({ control: form.control, name: 'enabled' });
  return (
    <>
      <Switch label={t('settings.signupBonus.enabled')} hint={t('settings.signupBonus.enabled_hint')} {...form.register('enabled')} />
      {enabled && (
        <div className="bo-fields">
          <AmountField id="bo-bonus-max" label={t('settings.signupBonus.maxAmount')} hint={t('settings.signupBonus.maxAmount_hint')} symbol={symbol} error={errorAt(e, 'maxAmount')} {...form.register('maxAmount')} />
        </div>
      )}
    </>
  );
};

/** Two-factor login confirmation: one switch, with what it asks of members said beside it. */
export const LoginCheckSettings = ({ value }: { value: OpsConfigValue['loginCheck'] }) => {
  const { t } = useTranslation('ops');
  return (
    <SectionForm section="loginCheck" value={value}>
      {(form: UseFormReturn<LoginCheckForm>) => <Switch label={t('settings.loginCheck.newAddress')} hint={t('settings.loginCheck.newAddress_hint')} {...form.register('newAddress')} />}
    </SectionForm>
  );
};

export const SmsSettings = ({ value }: { value: OpsConfigValue['sms'] }) => {
  const { t } = useTranslation('ops');
  return (
    <SectionForm section="sms" value={value}>
      {(form: UseFormReturn<SmsForm>) => (
        <div className="bo-fields">
          <TextField id="bo-sms-minutes" label={t('settings.sms.expiredMinutes')} hint={t('settings.sms.expiredMinutes_hint')} inputMode="numeric" error={errorAt(errs(form as never), 'expiredMinutes')} {...form.register('expiredMinutes')} />
        </div>
      )}
    </SectionForm>
  );
};

export const BlockedCidrsSettings = ({ value }: { value: OpsConfigValue['blockedCidrs'] }) => {
  return (
    <SectionForm section="blockedCidrs" value={value}>
      {(form: UseFormReturn<BlockedCidrsForm>, locked) => <Ranges form={form} locked={locked} />}
    </SectionForm>
  );
};

const Ranges = ({ form, locked }: { form: UseFormReturn<BlockedCidrsForm>; locked: boolean }) => {
  const { t } = useTranslation('ops');
  const ranges = useFieldArray({ control: form.control, name: 'ranges' });
  const e = errs(form as never);
  return (
    <Group title={t('settings.blockedCidrs.ranges')} text={t('settings.blockedCidrs.ranges_hint')}>
      {ranges.fields.length === 0 ? (
        <p className="bo-faint">{t('settings.blockedCidrs.none')}</p>
      ) : (
        <ul className="bo-list-rows bo-list-rows--wide">
          {ranges.fields.map((field, i) => (
            <li key={field.id} className="bo-list-row">
              <CellInput label={t('settings.blockedCidrs.range_of', { n: i + 1 })} placeholder="203.0.113.0/24" spellCheck={false} maxLength={64} error={errorAt(e, `ranges.${i}.cidr`)} {...form.register(`ranges.${i}.cidr`)} />
              {!locked && (
                <button type="button" className="bo-icon-btn" aria-label={t('settings.blockedCidrs.remove', { n: i + 1 })} onClick={() => ranges.remove(i)}>
                  <Icon name="trash" size={16} />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {errorAt(e, 'ranges') && <p className="mc-field__error">{errorAt(e, 'ranges')}</p>}
      {!locked && (
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => ranges.append({ cidr: '' })}>
          <Icon name="plus" size={14} />
          {t('settings.blockedCidrs.add')}
        </button>
      )}
    </Group>
  );
};

/** The agent contract kinds the site runs: a switch each, by the agent center's page names. */
export const ContractKindsSettings = ({ value }: { value: OpsConfigValue['contractKinds'] }) => {
  const { t } = useTranslation('ops');
  return (
    <SectionForm section="contractKinds" value={value}>
      {(form: UseFormReturn<ContractKindsForm>) => (
        <ul className="bo-flags">
          {CONTRACT_KINDS.map((kind) => (
            <li key={kind} className="bo-flag">
              <Switch label={t(`contentAdmin.contracts.kind.${kind}`)} hint={t(`settings.contractKinds.${kind}_hint`)} {...form.register(kind)} />
            </li>
          ))}
        </ul>
      )}
    </SectionForm>
  );
};

/** The countries whose numbers the site takes, in the phone field's order: the first is its default. */
export const DialingCodesSettings = ({ value }: { value: OpsConfigValue['dialingCodes'] }) => (
  <SectionForm section="dialingCodes" value={value}>
    {(form: UseFormReturn<DialingCodesForm>, locked) => <Countries form={form} locked={locked} />}
  </SectionForm>
);

const Countries = ({ form, locked }: { form: UseFormReturn<DialingCodesForm>; locked: boolean }) => {
  const { t, i18n } = useTranslation('ops');
  const catalogue = useDialingCatalogue();
  // The rows' codes never change in place (only added, moved, removed): the field array's own copy is current.
  const countries = useFieldArray({ control: form.control, name: 'countries' });
  const chosen = countries.fields;
  const [pick, setPick] = useState('');
  const e = errs(form as never);
  // Names from the server's catalogue (in the operator's language, Khmer too); the browser's until it is in.
  const browserName = countryNamer(contentLanguage(i18n.language ?? 'en'));
  const byCode = new Map((catalogue.data ?? []).map((c) => [c.countryCode, c]));
  const nameOf = (code: string) => byCode.get(code)?.name ?? browserName(code);
  const dialOf = (code: string) => byCode.get(code)?.countryDialingCode;
  const label = (code: string) => `${nameOf(code)} (${code})`;
  const taken = new Set(chosen.map((c) => c.code));
  // The catalogue comes in the language's order.
  const addable = (catalogue.data ?? []).filter((c) => !taken.has(c.countryCode));
  const last = countries.fields.length - 1;
  const picked = addable.some((c) => c.countryCode === pick) ? pick : '';
  // A row's buttons are found again by id after the list moves: the keyboard stays where the member was.
  const buttonId = (code: string, action: 'up' | 'down' | 'remove') => `bo-dial-${code}-${action}`;
  const focusLater = (...ids: string[]) =>
    requestAnimationFrame(() => {
      for (const id of ids) {
        const el = document.getElementById(id) as HTMLButtonElement | HTMLSelectElement | null;
        if (el && !el.disabled) return el.focus();
      }
    });
  const move = (i: number, to: number, code: string, action: 'up' | 'down') => {
    countries.move(i, to);
    focusLater(buttonId(code, action), buttonId(code, action === 'up' ? 'down' : 'up'));
  };
  const remove = (i: number) => {
    const next = chosen[i + 1]?.code ?? chosen[i - 1]?.code;
    countries.remove(i);
    focusLater(...(next ? [buttonId(next, 'remove')] : []), 'bo-dial-add');
  };
  const add = () => {
    if (!picked) return;
    countries.append({ code: picked });
    setPick('');
    // The Add button turns off with nothing picked: the keyboard goes back to the list of countries.
    focusLater('bo-dial-add');
  };

  return (
    <Group title={t('settings.dialingCodes.countries')} text={t('settings.dialingCodes.countries_hint')}>
      {catalogue.isError && <BoError error={catalogue.error} onRetry={() => void catalogue.refetch()} />}
      <ol className="bo-dial-list">
        {countries.fields.map((field, i) => {
          const code = field.code;
          const error = errorAt(e, `countries.${i}.code`);
          return (
            <li key={field.id} className="bo-dial-row">
              <span className="bo-dial-row__name">
                {label(code)}
                {dialOf(code) && <span className="bo-dial-row__code">+{dialOf(code)}</span>}
                {i === 0 && <span className="bo-chip">{t('settings.dialingCodes.default')}</span>}
              </span>
              {!locked && (
                <span className="bo-dial-row__actions">
                  <button type="button" id={buttonId(code, 'up')} className="bo-icon-btn" disabled={i === 0} aria-label={t('settings.dialingCodes.up', { country: nameOf(code) })} onClick={() => move(i, i - 1, code, 'up')}>
                    <Icon name="arrowUp" size={16} />
                  </button>
                  <button type="button" id={buttonId(code, 'down')} className="bo-icon-btn bo-icon-btn--down" disabled={i === last} aria-label={t('settings.dialingCodes.down', { country: nameOf(code) })} onClick={() => move(i, i + 1, code, 'down')}>
                    <Icon name="arrowUp" size={16} />
                  </button>
                  <button type="button" id={buttonId(code, 'remove')} className="bo-icon-btn" aria-label={t('settings.dialingCodes.remove', { country: nameOf(code) })} onClick={() => remove(i)}>
                    <Icon name="trash" size={16} />
                  </button>
                </span>
              )}
              {error && <p className="mc-field__error bo-dial-row__error">{error}</p>}
            </li>
          );
        })}
      </ol>
      {errorAt(e, 'countries') && <p className="mc-field__error">{errorAt(e, 'countries')}</p>}
      {!locked && (
        <div className="bo-dial-add">
          <label className="bo-select" htmlFor="bo-dial-add">
            <span>{t('settings.dialingCodes.add')}</span>
            <select id="bo-dial-add" value={picked} disabled={!catalogue.data} onChange={(ev) => setPick(ev.target.value)}>
              <option value="">{t('settings.dialingCodes.add_placeholder')}</option>
              {addable.map((c) => (
                <option key={c.countryCode} value={c.countryCode}>
                  {`${label(c.countryCode)} +${c.countryDialingCode}`}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="btn btn--ghost btn--sm" disabled={!picked} onClick={add}>
            <Icon name="plus" size={14} />
            {t('settings.dialingCodes.add_button')}
          </button>
        </div>
      )}
    </Group>
  );
};
