import { useId } from 'react';
import { useFieldArray, useWatch, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  CHAT_TOPICS,
  LEADERBOARD_MAX_PRIZES,
  LOTTERY_BET_KIND_NAMES,
  LOTTERY_BET_KINDS,
  LOTTERY_LIMIT_MAX,
  MISSION_PERIODS,
  POINT_EARN_SOURCES,
  REBATE_CATEGORIES,
  REBATE_MAX_WINDOW_DAYS,
  VIP_MAX_LEVELS,
  fromMinor,
  type OpsConfigValue,
} from '@apsara/contracts';
import { formatAmount } from '../../../../lib/format';
import { Icon } from '../../../../components/ui/icons/icons';
import { AmountField, SelectField, TextField } from '../../../../components/ui/member/fields';
import { inheritedRankRates, toForm, type ChatForm, type LotteryLimitsForm, type MissionsForm, type PointsForm, type RebateForm, type ReferralForm, type VipForm, type WithdrawalForm } from '../../logic/settings';
import { useSiteMoney } from '../common/bits';
import { LangTextBoxes } from '../common/lang-text-boxes';
import { CellInput, Group, SectionForm, Switch, errorAt } from './settings-kit';
import './chat-settings.css';

const errs = (form: UseFormReturn<never>) => form.formState.errors as FieldErrors;

export const ReferralSettings = ({ value }: { value: OpsConfigValue['referral'] }) => {
  const { t } = useTranslation('ops');
  const { symbol } = useSiteMoney();
  return (
    <SectionForm section="referral" value={value}>
      {(form: UseFormReturn<ReferralForm>) => {
        const e = errs(form as never);
        return (
          <>
            <Switch label={t('settings.referral.enabled')} hint={t('settings.referral.enabled_hint')} {...form.register('enabled')} />
            <div className="bo-fields">
              <AmountField id="bo-ref-reward" label={t('settings.referral.reward')} hint={t('settings.referral.reward_hint')} symbol={symbol} error={errorAt(e, 'reward')} {...form.register('reward')} />
              <AmountField id="bo-ref-deposit" label={t('settings.referral.minDeposit')} hint={t('settings.referral.minDeposit_hint')} symbol={symbol} error={errorAt(e, 'minDeposit')} {...form.register('minDeposit')} />
              <AmountField id="bo-ref-bets" label={t('settings.referral.minBets')} hint={t('settings.referral.minBets_hint')} symbol={symbol} error={errorAt(e, 'minBets')} {...form.register('minBets')} />
            </div>
          </>
        );
      }}
    </SectionForm>
  );
};

const Prizes = ({ form, locked }: { form: UseFormReturn<MissionsForm>; locked: boolean }) => {
  const { t } = useTranslation('ops');
  const { symbol } = useSiteMoney();
  const prizes = useFieldArray({ control: form.control, name: 'leaderboard.prizes' });
  const e = errs(form as never);
  return (
    <Group title={t('settings.missions.prizes')} text={t('settings.missions.prizes_hint', { max: LEADERBOARD_MAX_PRIZES })}>
      {prizes.fields.length === 0 ? (
        <p className="bo-faint">{t('settings.missions.no_prizes')}</p>
      ) : (
        <ol className="bo-list-rows">
          {prizes.fields.map((field, i) => (
            <li key={field.id} className="bo-list-row">
              <span className="bo-list-row__label">{t('settings.missions.rank', { n: i + 1 })}</span>
              <CellInput label={t('settings.missions.prize_of', { n: i + 1 })} prefix={symbol} inputMode="decimal" error={errorAt(e, `leaderboard.prizes.${i}.amount`)} {...form.register(`leaderboard.prizes.${i}.amount`)} />
              {!locked && (
                <button type="button" className="bo-icon-btn" aria-label={t('settings.missions.remove_prize', { n: i + 1 })} onClick={() => prizes.remove(i)}>
                  <Icon name="trash" size={16} />
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
      {errorAt(e, 'leaderboard.prizes') && <p className="mc-field__error">{errorAt(e, 'leaderboard.prizes')}</p>}
      {!locked && (
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          disabled={prizes.fields.length >= LEADERBOARD_MAX_PRIZES}
          onClick={() => prizes.append({ amount: prizes.fields.length ? form.getValues(`leaderboard.prizes.${prizes.fields.length - 1}.amount`) : '' })}
        >
          <Icon name="plus" size={14} />
          {t('settings.missions.add_prize')}
        </button>
      )}
    </Group>
  );
};

export const MissionsSettings = ({ value }: { value: OpsConfigValue['missions'] }) => {
  const { t } = useTranslation('ops');
  const { symbol } = useSiteMoney();
  return (
    <SectionForm section="missions" value={value}>
      {(form: UseFormReturn<MissionsForm>, locked) => {
        const e = errs(form as never);
        return (
          <>
            <Switch label={t('settings.missions.enabled')} hint={t('settings.missions.enabled_hint')} {...form.register('enabled')} />
            <div className="bo-fields">
              <AmountField id="bo-mis-stake" label={t('settings.missions.minRoundStake')} hint={t('settings.missions.minRoundStake_hint')} symbol={symbol} error={errorAt(e, 'minRoundStake')} {...form.register('minRoundStake')} />
            </div>
            <Group title={t('settings.missions.leaderboard')} text={t('settings.missions.leaderboard_hint')}>
              <Switch label={t('settings.missions.board_enabled')} {...form.register('leaderboard.enabled')} />
              <div className="bo-fields">
                <SelectField id="bo-mis-period" label={t('settings.missions.period')} {...form.register('leaderboard.period')}>
                  {MISSION_PERIODS.map((p) => (
                    <option key={p} value={p}>
                      {t(`period.${p}`)}
                    </option>
                  ))}
                </SelectField>
                <AmountField id="bo-mis-minbets" label={t('settings.missions.minBets')} hint={t('settings.missions.minBets_hint')} symbol={symbol} error={errorAt(e, 'leaderboard.minBets')} {...form.register('leaderboard.minBets')} />
                <TextField
                  id="bo-mis-delay"
                  label={t('settings.missions.settleDelay')}
                  hint={t('settings.missions.settleDelay_hint')}
                  inputMode="numeric"
                  error={errorAt(e, 'leaderboard.settleDelayMinutes')}
                  {...form.register('leaderboard.settleDelayMinutes')}
                />
              </div>
            </Group>
            <Prizes form={form} locked={locked} />
          </>
        );
      }}
    </SectionForm>
  );
};

const Levels = ({ form, locked }: { form: UseFormReturn<VipForm>; locked: boolean }) => {
  const { t } = useTranslation('ops');
  const { symbol } = useSiteMoney();
  const levels = useFieldArray({ control: form.control, name: 'levels' });
  const e = errs(form as never);
  return (
    <Group title={t('settings.vip.levels')} text={t('settings.vip.levels_hint', { max: VIP_MAX_LEVELS })}>
      {levels.fields.length === 0 ? (
        <p className="bo-faint">{t('settings.vip.no_levels')}</p>
      ) : (
        <div className="bo-grid-table" role="table" aria-label={t('settings.vip.levels')}>
          <div className="bo-grid-table__row bo-grid-table__head" role="row">
            <span role="columnheader">{t('settings.vip.rank')}</span>
            <span role="columnheader">{t('settings.vip.minBets')}</span>
            <span role="columnheader">{t('settings.vip.minDeposits')}</span>
            <span role="columnheader">{t('settings.vip.upgradeBonus')}</span>
            <span role="columnheader" className="visually-hidden">
              {t('col.actions')}
            </span>
          </div>
          {levels.fields.map((field, i) => {
            const rank = `VIP${i + 1}`;
            return (
              <div key={field.id} className="bo-grid-table__row" role="row">
                <span role="cell" className="bo-grid-table__rank">
                  {rank}
                </span>
                <span role="cell">
                  <span className="bo-grid-table__label" aria-hidden="true">
                    {t('settings.vip.minBets')}
                  </span>
                  <CellInput label={t('settings.vip.minBets_of', { rank })} prefix={symbol} inputMode="decimal" error={errorAt(e, `levels.${i}.minBets`)} {...form.register(`levels.${i}.minBets`)} />
                </span>
                <span role="cell">
                  <span className="bo-grid-table__label" aria-hidden="true">
                    {t('settings.vip.minDeposits')}
                  </span>
                  <CellInput label={t('settings.vip.minDeposits_of', { rank })} prefix={symbol} inputMode="decimal" error={errorAt(e, `levels.${i}.minDeposits`)} {...form.register(`levels.${i}.minDeposits`)} />
                </span>
                <span role="cell">
                  <span className="bo-grid-table__label" aria-hidden="true">
                    {t('settings.vip.upgradeBonus')}
                  </span>
                  <CellInput label={t('settings.vip.upgradeBonus_of', { rank })} prefix={symbol} inputMode="decimal" error={errorAt(e, `levels.${i}.upgradeBonus`)} {...form.register(`levels.${i}.upgradeBonus`)} />
                </span>
                <span role="cell">
                  {!locked && (
                    <button type="button" className="bo-icon-btn" aria-label={t('settings.vip.remove_level', { rank })} onClick={() => levels.remove(i)}>
                      <Icon name="trash" size={16} />
                    </button>
                  )}
                </span>
              </div>
            );
          })}
        </div>
      )}
      {errorAt(e, 'levels') && <p className="mc-field__error">{errorAt(e, 'levels')}</p>}
      {!locked && (
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          disabled={levels.fields.length >= VIP_MAX_LEVELS}
          onClick={() => {
            const last = levels.fields.length ? form.getValues(`levels.${levels.fields.length - 1}`) : null;
            levels.append(last ? { ...last } : { minBets: '', minDeposits: '', upgradeBonus: '0.00' });
          }}
        >
          <Icon name="plus" size={14} />
          {t('settings.vip.add_level')}
        </button>
      )}
    </Group>
  );
};

export const VipSettings = ({ value }: { value: OpsConfigValue['vip'] }) => {
  const { t } = useTranslation('ops');
  return (
    <SectionForm section="vip" value={value}>
      {(form: UseFormReturn<VipForm>, locked) => (
        <>
          <Switch label={t('settings.vip.enabled')} hint={t('settings.vip.enabled_hint')} {...form.register('enabled')} />
          <Levels form={form} locked={locked} />
        </>
      )}
    </SectionForm>
  );
};

const Banks = ({ form, locked }: { form: UseFormReturn<WithdrawalForm>; locked: boolean }) => {
  const { t } = useTranslation('ops');
  const banks = useFieldArray({ control: form.control, name: 'banks' });
  const e = errs(form as never);
  return (
    <Group title={t('settings.withdrawal.banks')} text={t('settings.withdrawal.banks_hint')}>
      {banks.fields.length === 0 ? (
        <p className="bo-faint">{t('settings.withdrawal.any_bank')}</p>
      ) : (
        <ul className="bo-list-rows bo-list-rows--wide">
          {banks.fields.map((field, i) => (
            <li key={field.id} className="bo-list-row">
              <CellInput label={t('settings.withdrawal.bank_of', { n: i + 1 })} maxLength={64} error={errorAt(e, `banks.${i}.name`)} {...form.register(`banks.${i}.name`)} />
              {!locked && (
                <button type="button" className="bo-icon-btn" aria-label={t('settings.withdrawal.remove_bank', { name: form.getValues(`banks.${i}.name`) || i + 1 })} onClick={() => banks.remove(i)}>
                  <Icon name="trash" size={16} />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {!locked && (
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => banks.append({ name: '' })}>
          <Icon name="plus" size={14} />
          {t('settings.withdrawal.add_bank')}
        </button>
      )}
    </Group>
  );
};

/** "1.5 %" from basis points, for the fee hint. */
const percentOf = (bps: string) => (/^\d{1,5}$/.test(bps.trim()) ? `${(Number(bps) / 100).toLocaleString('en', { maximumFractionDigits: 2 })} %` : '—');

export const WithdrawalSettings = ({ value }: { value: OpsConfigValue['withdrawal'] }) => {
  const { t } = useTranslation('ops');
  const { symbol } = useSiteMoney();
  return (
    <SectionForm section="withdrawal" value={value}>
      {(form: UseFormReturn<WithdrawalForm>, locked) => {
        const e = errs(form as never);
        const bps = form.watch('feeBps');
        return (
          <>
            <Group title={t('settings.withdrawal.limits')}>
              <div className="bo-fields">
                <AmountField id="bo-wd-min" label={t('settings.withdrawal.min')} symbol={symbol} error={errorAt(e, 'min')} {...form.register('min')} />
                <AmountField id="bo-wd-max" label={t('settings.withdrawal.max')} symbol={symbol} error={errorAt(e, 'max')} {...form.register('max')} />
              </div>
            </Group>
            <Group title={t('settings.withdrawal.fees')} text={t('settings.withdrawal.fees_hint')}>
              <div className="bo-fields">
                <AmountField id="bo-wd-fee" label={t('settings.withdrawal.feeFixed')} symbol={symbol} error={errorAt(e, 'feeFixed')} {...form.register('feeFixed')} />
                <TextField id="bo-wd-bps" label={t('settings.withdrawal.feeBps')} hint={t('settings.withdrawal.feeBps_hint', { percent: percentOf(bps) })} inputMode="numeric" error={errorAt(e, 'feeBps')} {...form.register('feeBps')} />
              </div>
            </Group>
            <Group title={t('settings.withdrawal.rules')}>
              <div className="bo-fields">
                <TextField id="bo-wd-confirm" label={t('settings.withdrawal.confirmMinutes')} hint={t('settings.withdrawal.confirmMinutes_hint')} inputMode="numeric" error={errorAt(e, 'confirmMinutes')} {...form.register('confirmMinutes')} />
                <TextField id="bo-wd-cards" label={t('settings.withdrawal.maxBankCards')} inputMode="numeric" error={errorAt(e, 'maxBankCards')} {...form.register('maxBankCards')} />
              </div>
            </Group>
            <Banks form={form} locked={locked} />
          </>
        );
      }}
    </SectionForm>
  );
};

export const PointsSettings = ({ value }: { value: OpsConfigValue['points'] }) => {
  const { t } = useTranslation('ops');
  const { symbol } = useSiteMoney();
  return (
    <SectionForm section="points" value={value}>
      {(form: UseFormReturn<PointsForm>) => {
        const e = errs(form as never);
        return (
          <>
            <Group title={t('settings.points.earn')} text={t('settings.points.earn_hint')}>
              <div className="bo-grid-table bo-grid-table--earn" role="table" aria-label={t('settings.points.earn')}>
                <div className="bo-grid-table__row bo-grid-table__head" role="row">
                  <span role="columnheader">{t('settings.points.source')}</span>
                  <span role="columnheader">{t('settings.points.perAmount')}</span>
                  <span role="columnheader">{t('settings.points.points')}</span>
                </div>
                {POINT_EARN_SOURCES.map((s) => (
                  <div key={s} className="bo-grid-table__row" role="row">
                    <span role="cell" className="bo-grid-table__rank">
                      {t(`settings.points.source_${s}`)}
                    </span>
                    <span role="cell">
                      <span className="bo-grid-table__label" aria-hidden="true">
                        {t('settings.points.perAmount')}
                      </span>
                      <CellInput label={t('settings.points.perAmount_of', { source: t(`settings.points.source_${s}`) })} prefix={symbol} inputMode="decimal" error={errorAt(e, `earn.${s}.perAmount`)} {...form.register(`earn.${s}.perAmount`)} />
                    </span>
                    <span role="cell">
                      <span className="bo-grid-table__label" aria-hidden="true">
                        {t('settings.points.points')}
                      </span>
                      <CellInput label={t('settings.points.points_of', { source: t(`settings.points.source_${s}`) })} inputMode="numeric" error={errorAt(e, `earn.${s}.points`)} {...form.register(`earn.${s}.points`)} />
                    </span>
                  </div>
                ))}
              </div>
            </Group>
            <Group title={t('settings.points.convert')} text={t('settings.points.convert_hint')}>
              <Switch label={t('settings.points.convert_enabled')} {...form.register('convert.enabled')} />
              <div className="bo-fields">
                <TextField id="bo-pt-ratio" label={t('settings.points.pointsPerUnit')} hint={t('settings.points.pointsPerUnit_hint', { symbol })} inputMode="numeric" error={errorAt(e, 'convert.pointsPerUnit')} {...form.register('convert.pointsPerUnit')} />
                <AmountField id="bo-pt-min" label={t('settings.points.convert_min')} symbol={symbol} error={errorAt(e, 'convert.min')} {...form.register('convert.min')} />
                <AmountField id="bo-pt-max" label={t('settings.points.convert_max')} symbol={symbol} error={errorAt(e, 'convert.max')} {...form.register('convert.max')} />
              </div>
            </Group>
          </>
        );
      }}
    </SectionForm>
  );
};

/** The longest hours and greeting the site may write (ChatConfig). */
const CHAT_TEXT_MAX = { hours: 80, greeting: 300 } as const;

/**
 * A chat text in the portal's three languages: English first (the one every member falls back to),
 * Khmer and Chinese optional; the whole text may be left empty.
 */
const ChatTexts = ({ form, field, label, hint, multiline = false }: { form: UseFormReturn<ChatForm>; field: 'hours' | 'greeting'; label: string; hint: string; multiline?: boolean }) => {
  const { t } = useTranslation('ops');
  const e = errs(form as never);
  const values = useWatch({ control: form.control, name: field });
  const max = CHAT_TEXT_MAX[field];
  return (
    <LangTextBoxes
      className="bo-chat-text"
      label={label}
      need={t('settings.chat.optional')}
      hint={`${hint} ${t('settings.chat.langs_hint', { max })}`}
      max={max}
      multiline={multiline}
      rows={{ en: 3, other: 2 }}
      register={(lang) => form.register(`${field}.${lang}`)}
      errorOf={(lang) => errorAt(e, `${field}.${lang}`)}
      lengthOf={(lang) => [...(values?.[lang] ?? '').trim()].length}
      // A rule about the whole text (the server names `chat.hours`) sits under the three boxes.
      wholeError={errorAt(e, field)}
    />
  );
};

/** The topics a member picks from, as checkboxes in the portal's order; at least one stays ticked. */
const ChatTopics = ({ form }: { form: UseFormReturn<ChatForm> }) => {
  const { t } = useTranslation('ops');
  const e = errs(form as never);
  const error = errorAt(e, 'topics');
  const base = useId();
  return (
    <fieldset className={`bo-topics${error ? ' is-invalid' : ''}`} aria-describedby={error ? `${base}-error` : undefined}>
      <legend className="visually-hidden">{t('settings.chat.topics')}</legend>
      <ul className="bo-topics__list">
        {CHAT_TOPICS.map((topic, i) => (
          <li key={topic}>
            <label className="bo-topic">
              <input type="checkbox" className="bo-topic__input" {...form.register(`topics.${topic}`, { onChange: () => form.formState.isSubmitted && void form.trigger('topics') })} />
              <span className="bo-topic__order num" aria-hidden="true">
                {i + 1}
              </span>
              <span className="bo-topic__name">{t(`chats.topic.${topic}`)}</span>
            </label>
          </li>
        ))}
      </ul>
      {error && (
        <p id={`${base}-error`} className="mc-field__error" role="alert">
          <Icon name="alert" size={14} />
          {error}
        </p>
      )}
    </fieldset>
  );
};

export const ChatSettings = ({ value }: { value: OpsConfigValue['chat'] }) => {
  const { t } = useTranslation('ops');
  return (
    <SectionForm section="chat" value={value}>
      {(form: UseFormReturn<ChatForm>) => {
        const e = errs(form as never);
        return (
          <>
            <Switch label={t('settings.chat.enabled')} hint={t('settings.chat.enabled_hint')} {...form.register('enabled')} />
            <Group title={t('settings.chat.topics')} text={t('settings.chat.topics_hint')}>
              <ChatTopics form={form} />
            </Group>
            <Group title={t('settings.chat.texts')} text={t('settings.chat.texts_hint')}>
              <ChatTexts form={form} field="hours" label={t('settings.chat.hours')} hint={t('settings.chat.hours_hint')} />
              <ChatTexts form={form} field="greeting" label={t('settings.chat.greeting')} hint={t('settings.chat.greeting_hint')} multiline />
            </Group>
            <Group title={t('settings.chat.idle')}>
              <div className="bo-fields">
                <TextField
                  id="bo-chat-idle"
                  label={t('settings.chat.idleCloseHours')}
                  hint={t('settings.chat.idleCloseHours_hint')}
                  inputMode="numeric"
                  error={errorAt(e, 'idleCloseHours')}
                  {...form.register('idleCloseHours')}
                />
              </div>
            </Group>
          </>
        );
      }}
    </SectionForm>
  );
};

/**
 * The rebate's rates by VIP rank: a row per rank of the site's VIP section (and any row stored for a
 * rank it no longer has), a cell per category; an empty cell is paid as the rank below (the site's
 * rate below VIP1), which its placeholder shows as the cells above hold it now.
 */
const RankRates = ({ form, ranks, vipOn }: { form: UseFormReturn<RebateForm>; ranks: number; vipOn: boolean }) => {
  const { t } = useTranslation('ops');
  const e = errs(form as never);
  const site = useWatch({ control: form.control, name: 'rates' });
  const byRank = useWatch({ control: form.control, name: 'vipRates' });
  const inherited = inheritedRankRates(site, byRank);
  const rows = form.getValues('vipRates').length;
  const category = (c: string) => t(`settings.points.source_${c}`);
  return (
    <Group title={t('settings.rebate.by_rank')} text={t('settings.rebate.by_rank_hint')}>
      {!vipOn && rows > 0 && <p className="bo-faint">{t('settings.rebate.vip_off')}</p>}
      {rows === 0 ? (
        <p className="bo-faint">{t('settings.rebate.no_ranks')}</p>
      ) : (
        <div className="bo-grid-table bo-grid-table--rebate" role="table" aria-label={t('settings.rebate.by_rank')}>
          <div className="bo-grid-table__row bo-grid-table__head" role="row">
            <span role="columnheader">{t('settings.vip.rank')}</span>
            {REBATE_CATEGORIES.map((c) => (
              <span key={c} role="columnheader">
                {category(c)}
              </span>
            ))}
          </div>
          {Array.from({ length: rows }, (_, i) => {
            const rank = `VIP${i + 1}`;
            return (
              <div key={rank} className="bo-grid-table__row" role="row">
                <span role="cell" className="bo-grid-table__rank">
                  {rank}
                  {i >= ranks && <span className="mc-sub">{t('settings.rebate.rank_gone')}</span>}
                </span>
                {REBATE_CATEGORIES.map((c) => (
                  <span key={c} role="cell">
                    <span className="bo-grid-table__label" aria-hidden="true">
                      {category(c)}
                    </span>
                    <CellInput
                      label={t('settings.rebate.rank_rate_of', { rank, category: category(c) })}
                      prefix="%"
                      inputMode="decimal"
                      placeholder={inherited[i]?.[c] ?? ''}
                      error={errorAt(e, `vipRates.${i}.${c}`)}
                      {...form.register(`vipRates.${i}.${c}`)}
                    />
                  </span>
                ))}
              </div>
            );
          })}
        </div>
      )}
      {errorAt(e, 'vipRates') && <p className="mc-field__error">{errorAt(e, 'vipRates')}</p>}
    </Group>
  );
};

/**
 * Manual rebate: a rate per category (as a percentage of the bets), the same by VIP rank where a rank
 * is paid more, the least a collection pays, and the window.
 */
export const RebateSettings = ({ value, vip }: { value: OpsConfigValue['rebate']; vip: OpsConfigValue['vip'] }) => {
  const { t } = useTranslation('ops');
  const { symbol } = useSiteMoney();
  const ranks = vip.levels.length;
  return (
    <SectionForm section="rebate" value={value} formOf={(c) => toForm.rebate(c, ranks)}>
      {(form: UseFormReturn<RebateForm>) => {
        const e = errs(form as never);
        return (
          <>
            <Group title={t('settings.rebate.rates')} text={t('settings.rebate.rates_hint')}>
              <ul className="bo-list-rows">
                {REBATE_CATEGORIES.map((c) => (
                  <li key={c} className="bo-list-row">
                    <span className="bo-list-row__label">{t(`settings.points.source_${c}`)}</span>
                    <CellInput label={t('settings.rebate.rate_of', { category: t(`settings.points.source_${c}`) })} prefix="%" inputMode="decimal" error={errorAt(e, `rates.${c}`)} {...form.register(`rates.${c}`)} />
                  </li>
                ))}
              </ul>
            </Group>
            <RankRates form={form} ranks={ranks} vipOn={vip.enabled} />
            <div className="bo-fields">
              <AmountField id="bo-rebate-min" label={t('settings.rebate.minClaim')} hint={t('settings.rebate.minClaim_hint')} symbol={symbol} error={errorAt(e, 'minClaim')} {...form.register('minClaim')} />
              <TextField id="bo-rebate-window" label={t('settings.rebate.windowDays')} hint={t('settings.rebate.windowDays_hint', { max: REBATE_MAX_WINDOW_DAYS })} inputMode="numeric" error={errorAt(e, 'windowDays')} {...form.register('windowDays')} />
            </div>
          </>
        );
      }}
    </SectionForm>
  );
};

/**
 * Lotteries: the most the site pays on one pick of one draw, every member's bets together; a kind of
 * bet may be held to a figure of its own (left empty, it takes the site's).
 */
export const LotterySettings = ({ value }: { value: OpsConfigValue['lottery'] }) => {
  const { t } = useTranslation('ops');
  const { t: tl } = useTranslation('lottery');
  const { symbol } = useSiteMoney();
  return (
    <SectionForm section="lottery" value={value}>
      {(form: UseFormReturn<LotteryLimitsForm>) => {
        const e = errs(form as never);
        return (
          <>
            <div className="bo-fields">
              <AmountField
                id="bo-lottery-max"
                label={t('settings.lottery.maxPayoutPerNumber')}
                hint={t('settings.lottery.maxPayoutPerNumber_hint', { max: formatAmount(LOTTERY_LIMIT_MAX) })}
                symbol={symbol}
                error={errorAt(e, 'maxPayoutPerNumber')}
                {...form.register('maxPayoutPerNumber')}
              />
            </div>
            <Group title={t('settings.lottery.byKind')} text={t('settings.lottery.byKind_text')}>
              <ul className="bo-list-rows bo-list-rows--limits">
                {LOTTERY_BET_KIND_NAMES.map((k) => (
                  <li key={k} className="bo-list-row">
                    <span className="bo-list-row__label">
                      {tl(`kind.${k}`)}
                      <span className="mc-sub">{t('settings.lottery.pays', { odds: formatAmount(fromMinor(BigInt(LOTTERY_BET_KINDS[k].odds))) })}</span>
                    </span>
                    <CellInput
                      label={t('settings.lottery.limit_of', { kind: tl(`kind.${k}`) })}
                      prefix={symbol}
                      inputMode="decimal"
                      placeholder={t('settings.lottery.site_limit')}
                      error={errorAt(e, `byKind.${k}`)}
                      {...form.register(`byKind.${k}`)}
                    />
                  </li>
                ))}
              </ul>
            </Group>
          </>
        );
      }}
    </SectionForm>
  );
};
