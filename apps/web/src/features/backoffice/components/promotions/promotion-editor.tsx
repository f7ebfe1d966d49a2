import { useMemo, useState, type ReactNode } from 'react';
import { useFieldArray, useForm, useWatch, type FieldErrors, type Path, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PROMOTION_ARTS, PROMOTION_CATEGORIES, PROMOTION_MAX_ENVELOPES, PROMOTION_MAX_PRIZES, PROMOTION_MECHANICS, PROMOTION_PROOF, PROMOTION_REPEATS, type OpsPromotion, type PromotionMechanic } from '@apsara/contracts';
import { Icon } from '../../../../components/ui/icons/icons';
import { AmountField, SelectField, TextField } from '../../../../components/ui/member/fields';
import { isApiError } from '../../../../lib/api';
import { useCreatePromotion, usePatchPromotion } from '../../api/promotions';
import { titleText } from '../../logic/announcements';
import {
  MECHANIC_TERMS,
  PROMO_TEXT_MAX,
  checkPromotionForm,
  newPromotionForm,
  promoFormPathOf,
  promotionBodyOf,
  promotionPatchOf,
  serverPromoRule,
  toPromotionForm,
  type PromoTextField,
  type PromotionForm,
} from '../../logic/promotions';
import { PageHead, StatusBadge, useSiteMoney, useSiteTime } from '../common/bits';
import { LangTextBoxes } from '../common/lang-text-boxes';
import { BoProblem } from '../common/states';
import { useOperator } from '../frame/operator-context';
import { Group, Switch, errorAt } from '../settings/settings-kit';

/** Sets a message at a dotted path of react-hook-form's nested errors. */
const putError = (errors: Record<string, unknown>, path: string, error: { type: string; message: string }) => {
  const parts = path.split('.');
  let node = errors;
  for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
  node[parts[parts.length - 1]] = error;
};

type Props = {
  /** The promotion to change, or null for a new one. */
  original: OpsPromotion | null;
  back: ReactNode;
  backTo: string;
  /** After a save: what to tell, and the promotion as saved (none when nothing changed). */
  onDone: (text: string, saved?: OpsPromotion) => void;
};

/**
 * Making or changing a promotion (POST /ops/promotions, PATCH …/:id; admin). A new one picks its
 * mechanic, and the form shows the money terms that mechanic takes; once made, the code, mechanic and
 * terms are shown but fixed (members take part on them), and only the words, picture, category,
 * schedule, order and visibility change. Other roles open the same form read only.
 */
export const PromotionEditor = ({ original, back, backTo, onDone }: Props) => {
  const { t, i18n } = useTranslation('ops');
  const { can } = useOperator();
  const { zone, gmt } = useSiteTime();
  const site = useSiteMoney();
  const locked = !can('promotion.edit');
  const mode = original ? 'edit' : 'create';
  const create = useCreatePromotion();
  const patch = usePatchPromotion();
  const [failure, setFailure] = useState<unknown>(null);

  const initial = useMemo(() => (original ? toPromotionForm(original, zone) : newPromotionForm('deposit', zone)), [original, zone]);
  const resolver = useMemo<Resolver<PromotionForm>>(
    () => async (values) => {
      const issues = checkPromotionForm(values, zone, mode);
      if (!issues.length) return { values, errors: {} };
      const errors: Record<string, unknown> = {};
      for (const issue of issues) putError(errors, issue.path === 'root' ? 'root.form' : issue.path, { type: issue.rule, message: t(`promotionsAdmin.rule.${issue.rule}`, issue.vars) });
      return { values: {}, errors: errors as FieldErrors<PromotionForm> };
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [zone, mode, t, i18n.language],
  );
  const form = useForm<PromotionForm>({ resolver, defaultValues: initial });
  const prizes = useFieldArray({ control: form.control, name: 'prizes' });
  const values = useWatch({ control: form.control }) as PromotionForm;
  const { errors, isSubmitting, isDirty } = form.formState;
  const e = errors as FieldErrors;
  const has = MECHANIC_TERMS[values.mechanic];

  const onSubmit = form.handleSubmit(async (v) => {
    setFailure(null);
    try {
      if (original) {
        const change = promotionPatchOf(original, v, zone);
        if (Object.keys(change).length === 0) return onDone(t('promotionsAdmin.unchanged_notice'));
        const saved = await patch.mutateAsync({ id: original.id, patch: change });
        onDone(t('promotionsAdmin.saved_notice', { title: titleText(saved.title) }), saved);
      } else {
        const made = await create.mutateAsync(promotionBodyOf(v, zone));
        onDone(t('promotionsAdmin.created_notice', { title: titleText(made.title), code: made.code }), made);
      }
    } catch (err) {
      // The server's field errors land on the fields they name, in the form's words where it knows the rule.
      if (isApiError(err) && err.fields.length) {
        const leftovers: string[] = [];
        for (const f of err.fields) {
          const rule = serverPromoRule(f);
          const path = promoFormPathOf(f.field);
          const message = rule ? t(`promotionsAdmin.rule.${rule}`) : f.message || t('promotionsAdmin.rule.invalid');
          if (path === 'root') leftovers.push(message);
          else form.setError(path as Path<PromotionForm>, { type: 'server', message });
        }
        if (leftovers.length) form.setError('root.server', { message: leftovers.join(' ') });
      }
      setFailure(err);
    }
  });

  const chooseMechanic = (next: PromotionMechanic) => {
    form.setValue('mechanic', next, { shouldDirty: true });
    // The hall's tab and picture follow the mechanic until the operator picks their own.
    const fresh = newPromotionForm(next, zone);
    if (!form.getFieldState('category').isDirty) form.setValue('category', fresh.category);
    if (!form.getFieldState('art').isDirty) form.setValue('art', fresh.art);
    // A raffle and red envelopes are daily; a raffle needs at least one prize to start from.
    if (!MECHANIC_TERMS[next].repeat) form.setValue('repeat', 'daily');
    if (next === 'raffle' && form.getValues('prizes').length === 0) prizes.append({ amount: '', weight: '1' });
    if (form.formState.isSubmitted) void form.trigger();
  };

  const langText = (field: PromoTextField, multiline = false) => (
    <LangTextBoxes
      key={field}
      label={t(`promotionsAdmin.field.${field}`)}
      need={t('promotionsAdmin.en_needed')}
      hint={t('promotionsAdmin.langs_hint', { max: PROMO_TEXT_MAX[field] })}
      max={PROMO_TEXT_MAX[field]}
      multiline={multiline}
      rows={field === 'body' ? { en: 6, other: 4 } : { en: 2, other: 2 }}
      register={(lang) => form.register(`${field}.${lang}`)}
      errorOf={(lang) => errorAt(e, `${field}.${lang}`)}
      lengthOf={(lang) => (values[field]?.[lang] ?? '').trim().length}
    />
  );

  const weights = (values.prizes ?? []).map((p) => (/^\d{1,7}$/.test(p.weight.trim()) ? Number(p.weight.trim()) : 0));
  const weightSum = weights.reduce((a, b) => a + b, 0);
  const termsLocked = locked || original !== null;
  const title = original ? titleText(original.title) : t('promotionsAdmin.new_title');

  return (
    <>
      {back}
      <PageHead
        title={title}
        lede={original ? t(locked ? 'promotionsAdmin.view_lede' : 'promotionsAdmin.edit_lede', { code: original.code }) : t('promotionsAdmin.new_lede')}
        readOnly={locked}
        actions={original && <StatusBadge status={original.visible ? original.phase : 'off'} label={original.visible ? t(`promotionsAdmin.phase.${original.phase}`) : t('promotionsAdmin.hidden')} />}
      />
      <form className="bo-panel bo-settings-form bo-ann-form bo-promo-form" onSubmit={onSubmit} noValidate aria-busy={isSubmitting} aria-label={title}>
        <fieldset className="bo-settings-form__fields" disabled={locked || isSubmitting}>
          {original ? (
            <p className="bo-ann-kind-fixed">
              <span className="bo-ann-kind-fixed__label">{t('promotionsAdmin.field.mechanic')}</span>
              <strong>{t(`promotionsAdmin.mechanic.${original.mechanic}`)}</strong>
              <span className="bo-faint">{t('promotionsAdmin.terms_fixed')}</span>
            </p>
          ) : (
            <fieldset className="bo-kinds">
              <legend className="bo-kinds__legend">{t('promotionsAdmin.field.mechanic')}</legend>
              <div className="bo-kinds__list">
                {PROMOTION_MECHANICS.map((m) => (
                  <label key={m} className={`bo-kind${values.mechanic === m ? ' is-on' : ''}`}>
                    <input type="radio" name="bo-promo-mechanic" value={m} checked={values.mechanic === m} onChange={() => chooseMechanic(m)} className="bo-kind__input" />
                    <span className="bo-kind__name">{t(`promotionsAdmin.mechanic.${m}`)}</span>
                    <span className="bo-kind__hint">{t(`promotionsAdmin.mechanic_hint.${m}`)}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          )}

          <Group title={t('promotionsAdmin.group_texts')} text={t('promotionsAdmin.group_texts_hint')}>
            {langText('title')}
            {langText('summary', true)}
            {langText('body', true)}
          </Group>

          <Group title={t('promotionsAdmin.group_terms')} text={t(original ? 'promotionsAdmin.group_terms_fixed' : 'promotionsAdmin.group_terms_hint')}>
            <fieldset className="bo-promo-terms" disabled={termsLocked}>
              <legend className="visually-hidden">{t('promotionsAdmin.group_terms')}</legend>
              <div className="bo-fields">
                <TextField id="bo-promo-code" label={t('promotionsAdmin.field.code')} hint={t('promotionsAdmin.code_hint')} autoComplete="off" spellCheck={false} maxLength={40} error={errorAt(e, 'code')} {...form.register('code')} />
                {has.repeat ? (
                  <SelectField id="bo-promo-repeat" label={t('promotionsAdmin.field.repeat')} error={errorAt(e, 'repeat')} {...form.register('repeat')}>
                    {PROMOTION_REPEATS.map((r) => (
                      <option key={r} value={r}>
                        {t(`promotionsAdmin.repeat.${r}`)}
                      </option>
                    ))}
                  </SelectField>
                ) : (
                  <TextField
                    id="bo-promo-repeat"
                    label={t('promotionsAdmin.field.repeat')}
                    value={t('promotionsAdmin.repeat.daily')}
                    readOnly
                    hint={t(values.mechanic === 'envelope' ? 'promotionsAdmin.envelope_daily' : 'promotionsAdmin.raffle_daily')}
                  />
                )}
                {has.percent && (
                  <TextField id="bo-promo-percent" label={t('promotionsAdmin.field.percent')} hint={t('promotionsAdmin.percent_hint')} inputMode="numeric" autoComplete="off" error={errorAt(e, 'percent')} {...form.register('percent')} />
                )}
                {has.minDeposit && (
                  <AmountField
                    id="bo-promo-min-deposit"
                    label={t(values.mechanic === 'deposit' ? 'promotionsAdmin.field.minDeposit' : 'promotionsAdmin.field.minDeposit_raffle')}
                    hint={t(values.mechanic === 'deposit' ? 'promotionsAdmin.min_deposit_hint' : 'promotionsAdmin.min_deposit_raffle_hint')}
                    symbol={site.symbol}
                    error={errorAt(e, 'minDeposit')}
                    {...form.register('minDeposit')}
                  />
                )}
                {has.pool && (
                  <>
                    <AmountField id="bo-promo-pool" label={t('promotionsAdmin.field.poolTotal')} hint={t('promotionsAdmin.pool_hint')} symbol={site.symbol} error={errorAt(e, 'poolTotal')} {...form.register('poolTotal')} />
                    <TextField
                      id="bo-promo-envelopes"
                      label={t('promotionsAdmin.field.envelopeCount')}
                      hint={t('promotionsAdmin.envelope_count_hint', { max: PROMOTION_MAX_ENVELOPES })}
                      inputMode="numeric"
                      autoComplete="off"
                      error={errorAt(e, 'envelopeCount')}
                      {...form.register('envelopeCount')}
                    />
                  </>
                )}
                {has.bonus && (
                  <AmountField id="bo-promo-bonus" label={t('promotionsAdmin.field.bonus')} hint={t('promotionsAdmin.bonus_hint')} symbol={site.symbol} error={errorAt(e, 'bonus')} {...form.register('bonus')} />
                )}
                {has.maxBonus && (
                  <AmountField
                    id="bo-promo-max-bonus"
                    label={t('promotionsAdmin.field.maxBonus')}
                    hint={t(values.mechanic === 'apply' ? 'promotionsAdmin.max_bonus_apply_hint' : 'promotionsAdmin.max_bonus_hint')}
                    symbol={site.symbol}
                    error={errorAt(e, 'maxBonus')}
                    {...form.register('maxBonus')}
                  />
                )}
                <TextField id="bo-promo-turnover" label={t('promotionsAdmin.field.turnoverMultiple')} hint={t('promotionsAdmin.turnover_hint')} inputMode="numeric" autoComplete="off" error={errorAt(e, 'turnoverMultiple')} {...form.register('turnoverMultiple')} />
                {has.proof && (
                  <SelectField id="bo-promo-proof" label={t('promotionsAdmin.field.proof')} error={errorAt(e, 'proof')} {...form.register('proof')}>
                    {PROMOTION_PROOF.map((p) => (
                      <option key={p} value={p}>
                        {t(`promotionsAdmin.proof.${p}`)}
                      </option>
                    ))}
                  </SelectField>
                )}
              </div>
              {has.firstDepositOnly && <Switch label={t('promotionsAdmin.field.firstDepositOnly')} hint={t('promotionsAdmin.first_deposit_hint')} {...form.register('firstDepositOnly')} />}
              {has.prizes && (
                <fieldset className="bo-promo-prizes">
                  <legend className="bo-kinds__legend">{t('promotionsAdmin.field.prizes')}</legend>
                  <p className="bo-group__text">{t('promotionsAdmin.prizes_hint', { max: PROMOTION_MAX_PRIZES })}</p>
                  <ol className="bo-promo-prizes__list">
                    {prizes.fields.map((row, i) => (
                      <li key={row.id} className="bo-promo-prizes__row">
                        <AmountField id={`bo-promo-prize-${i}`} label={t('promotionsAdmin.prize_amount', { n: i + 1 })} symbol={site.symbol} error={errorAt(e, `prizes.${i}.amount`)} {...form.register(`prizes.${i}.amount`)} />
                        <TextField id={`bo-promo-weight-${i}`} label={t('promotionsAdmin.prize_weight', { n: i + 1 })} inputMode="numeric" autoComplete="off" error={errorAt(e, `prizes.${i}.weight`)} {...form.register(`prizes.${i}.weight`)} />
                        <span className="bo-promo-prizes__chance num" aria-label={t('promotionsAdmin.prize_chance_label', { n: i + 1 })}>
                          {weightSum > 0 ? `${((weights[i] / weightSum) * 100).toFixed(1)}%` : '—'}
                        </span>
                        {!termsLocked && (
                          <button type="button" className="bo-icon-btn" aria-label={t('promotionsAdmin.prize_remove', { n: i + 1 })} title={t('promotionsAdmin.prize_remove', { n: i + 1 })} onClick={() => prizes.remove(i)}>
                            <Icon name="trash" size={16} />
                          </button>
                        )}
                      </li>
                    ))}
                  </ol>
                  {errorAt(e, 'prizes') && (
                    <p className="mc-field__error" role="alert">
                      <Icon name="alert" size={14} />
                      {errorAt(e, 'prizes')}
                    </p>
                  )}
                  {!termsLocked && (
                    <button type="button" className="btn btn--ghost btn--sm" disabled={prizes.fields.length >= PROMOTION_MAX_PRIZES} onClick={() => prizes.append({ amount: '', weight: '1' })}>
                      <Icon name="plus" size={16} />
                      {t('promotionsAdmin.prize_add')}
                    </button>
                  )}
                </fieldset>
              )}
            </fieldset>
          </Group>

          <Group title={t('promotionsAdmin.group_show')} text={t('promotionsAdmin.site_time', { zone, gmt })}>
            <div className="bo-fields">
              <SelectField id="bo-promo-category" label={t('promotionsAdmin.field.category')} hint={t('promotionsAdmin.category_hint')} error={errorAt(e, 'category')} {...form.register('category')}>
                {PROMOTION_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {t(`promotionsAdmin.category.${c}`)}
                  </option>
                ))}
              </SelectField>
              <SelectField id="bo-promo-art" label={t('promotionsAdmin.field.art')} hint={t('promotionsAdmin.art_hint')} error={errorAt(e, 'art')} {...form.register('art')}>
                {PROMOTION_ARTS.map((a) => (
                  <option key={a} value={a}>
                    {t(`promotionsAdmin.art.${a}`)}
                  </option>
                ))}
              </SelectField>
              <TextField id="bo-promo-start" type="datetime-local" label={t('promotionsAdmin.field.startsAt', { gmt })} error={errorAt(e, 'startsAt')} {...form.register('startsAt')} />
              <TextField id="bo-promo-end" type="datetime-local" label={t('promotionsAdmin.field.endsAt', { gmt })} hint={t('promotionsAdmin.end_hint')} error={errorAt(e, 'endsAt')} {...form.register('endsAt')} />
              <TextField id="bo-promo-sort" label={t('promotionsAdmin.field.sort')} hint={t('promotionsAdmin.sort_hint')} inputMode="numeric" autoComplete="off" error={errorAt(e, 'sort')} {...form.register('sort')} />
            </div>
            <Switch label={t('promotionsAdmin.field.visible')} hint={t('promotionsAdmin.visible_hint')} {...form.register('visible')} />
          </Group>
        </fieldset>
        {errorAt(e, 'root.form') && <p className="mc-field__error">{errorAt(e, 'root.form')}</p>}
        {errorAt(e, 'root.server') && <p className="mc-field__error">{errorAt(e, 'root.server')}</p>}
        <BoProblem error={failure} />
        {locked ? (
          <p className="bo-ann-locked">
            <Icon name="lock" size={16} />
            {t('promotionsAdmin.locked', { role: t('role.admin') })}
          </p>
        ) : (
          <div className="bo-settings-form__actions">
            <Link to={backTo} className="btn btn--ghost">
              {t('common.cancel')}
            </Link>
            <button type="submit" className="btn btn--gold" disabled={isSubmitting || (original !== null && !isDirty)}>
              {isSubmitting && <span className="mc-spinner" aria-hidden="true" />}
              {original ? t('promotionsAdmin.save') : t('promotionsAdmin.create')}
            </button>
          </div>
        )}
      </form>
    </>
  );
};
