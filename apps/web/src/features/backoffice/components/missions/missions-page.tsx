import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { MISSION_METRICS, MISSION_PERIODS, MONEY_METRICS, OpsMissionBody, type MissionMetric, type OpsMission } from '@apsara/contracts';
import { Icon } from '../../../../components/ui/icons/icons';
import { TabStrip } from '../common/tab-strip';
import { AmountField, SelectField, TextField } from '../../../../components/ui/member/fields';
import { formatWhole } from '../../../../lib/format';
import { isApiError } from '../../../../lib/api';
import { useCreateMission, useLeaderboardAwards, useOpsMissions, usePatchMission } from '../../api/missions';
import { moneyText } from '../../logic/format';
import { normalMoney } from '../../logic/settings';
import { Money, PageHead, StatusBadge, Time, ZoneNote, useSiteMoney } from '../common/bits';
import { BoEmpty, BoNotice, BoProblem } from '../common/states';
import { BoTable } from '../common/table';
import { useOperator } from '../frame/operator-context';

const TABS = ['missions', 'awards'] as const;
type Tab = (typeof TABS)[number];

const targetText = (m: Pick<OpsMission, 'metric' | 'target'>, site: ReturnType<typeof useSiteMoney>) =>
  MONEY_METRICS.has(m.metric) ? moneyText(m.target, site) : formatWhole(Number(m.target));

type NewMission = { code: string; period: 'daily' | 'weekly'; metric: MissionMetric; target: string; reward: string; sort: string };

/** A new mission (POST /ops/missions, admin): its terms are fixed once members can reach them. */
const CreateMission = ({ onDone }: { onDone: (text: string) => void }) => {
  const { t, i18n } = useTranslation('ops');
  const site = useSiteMoney();
  const create = useCreateMission();
  const [failure, setFailure] = useState<unknown>(null);
  const schema = useMemo(
    () =>
      z
        .object({ code: z.string(), period: z.enum(MISSION_PERIODS), metric: z.enum(MISSION_METRICS), target: z.string(), reward: z.string(), sort: z.string() })
        .superRefine((v, ctx) => {
          const parsed = OpsMissionBody.safeParse(toBody(v));
          if (parsed.success) return;
          for (const issue of parsed.error.issues) {
            const field = String(issue.path[0] ?? 'code');
            ctx.addIssue({ code: 'custom', path: [field], message: t(`missions.rule.${field}`, { defaultValue: t('missions.rule.code') }) });
          }
        }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.language],
  );
  const form = useForm<NewMission>({ resolver: zodResolver(schema), defaultValues: { code: '', period: 'daily', metric: 'bets', target: '', reward: '', sort: '0' } });
  const metric = form.watch('metric');
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (v) => {
    setFailure(null);
    try {
      const mission = await create.mutateAsync(toBody(v) as z.infer<typeof OpsMissionBody>);
      form.reset();
      onDone(t('missions.created_notice', { code: mission.code }));
    } catch (e) {
      if (isApiError(e)) for (const f of e.fields) if (f.field in v) form.setError(f.field as keyof NewMission, { message: f.message });
      setFailure(e);
    }
  });
  return (
    <details className="bo-panel bo-create">
      <summary className="bo-create__summary">
        <Icon name="plus" size={16} />
        {t('missions.new')}
      </summary>
      <form className="bo-create__form" onSubmit={onSubmit} noValidate>
        <div className="bo-fields">
          <TextField id="bo-mission-code" label={t('missions.code')} hint={t('missions.code_hint')} autoComplete="off" spellCheck={false} maxLength={40} error={errors.code?.message} {...form.register('code')} />
          <SelectField id="bo-mission-period" label={t('missions.period')} {...form.register('period')}>
            {MISSION_PERIODS.map((p) => (
              <option key={p} value={p}>
                {t(`period.${p}`)}
              </option>
            ))}
          </SelectField>
          <SelectField id="bo-mission-metric" label={t('missions.metric')} {...form.register('metric')}>
            {MISSION_METRICS.map((m) => (
              <option key={m} value={m}>
                {t(`metric.${m}`)}
              </option>
            ))}
          </SelectField>
          {MONEY_METRICS.has(metric) ? (
            <AmountField id="bo-mission-target" label={t('missions.target')} symbol={site.symbol} error={errors.target?.message} {...form.register('target')} />
          ) : (
            <TextField id="bo-mission-target" label={t('missions.target_count')} inputMode="numeric" error={errors.target?.message} {...form.register('target')} />
          )}
          <AmountField id="bo-mission-reward" label={t('missions.reward')} symbol={site.symbol} error={errors.reward?.message} {...form.register('reward')} />
          <TextField id="bo-mission-sort" label={t('missions.sort')} hint={t('missions.sort_hint')} inputMode="numeric" error={errors.sort?.message} {...form.register('sort')} />
        </div>
        <BoProblem error={failure} />
        <div className="bo-settings-form__actions">
          <button type="submit" className="btn btn--gold" disabled={isSubmitting}>
            {isSubmitting && <span className="mc-spinner" aria-hidden="true" />}
            {t('missions.create')}
          </button>
        </div>
      </form>
    </details>
  );
};

const toBody = (v: NewMission) => ({
  code: v.code.trim(),
  period: v.period,
  metric: v.metric,
  target: MONEY_METRICS.has(v.metric) ? normalMoney(v.target) : v.target.trim(),
  reward: normalMoney(v.reward),
  sort: /^\d{1,5}$/.test(v.sort.trim()) ? Number(v.sort.trim()) : -1,
  active: true,
});

const MissionList = () => {
  const { t } = useTranslation('ops');
  const site = useSiteMoney();
  const { can } = useOperator();
  const missions = useOpsMissions();
  const patch = usePatchMission();
  const [failure, setFailure] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const allowed = can('mission.edit');

  const change = (m: OpsMission, next: { active?: boolean; sort?: number }, text: string) => {
    setFailure(null);
    setNotice(null);
    patch.mutate({ id: m.id, patch: next }, { onSuccess: () => setNotice(text), onError: setFailure });
  };

  const row = (m: OpsMission) => (
    <tr key={m.id} className={m.active ? undefined : 'bo-row--muted'}>
      <td data-label={t('missions.code')}>
        <strong>{m.code}</strong>
        <span className="mc-sub">{t('missions.describe', { period: t(`period.${m.period}`), metric: t(`metric.${m.metric}`) })}</span>
      </td>
      <td data-label={t('missions.target')} className="mc-num num">
        {targetText(m, site)}
      </td>
      <td data-label={t('missions.reward')} className="mc-num">
        <Money amount={m.reward} className="bo-amount" />
      </td>
      <td data-label={t('missions.claims')} className="mc-num num">
        {formatWhole(m.claims)}
      </td>
      <td data-label={t('missions.sort')} className="mc-num num">
        {m.sort}
      </td>
      <td data-label={t('col.status')}>
        <StatusBadge status={m.active ? 'active' : 'closed'} label={m.active ? t('missions.running') : t('missions.retired')} />
      </td>
      <td data-label={t('col.actions')}>
        <div className="bo-row-actions">
          <button
            type="button"
            className="bo-icon-btn"
            disabled={!allowed || patch.isPending || m.sort === 0}
            aria-label={t('missions.move_up', { code: m.code })}
            title={t('missions.move_up', { code: m.code })}
            onClick={() => change(m, { sort: Math.max(0, m.sort - 10) }, t('missions.moved_notice', { code: m.code }))}
          >
            <Icon name="arrowUp" size={16} />
          </button>
          <button
            type="button"
            className={`btn btn--sm ${m.active ? 'bo-btn--danger-ghost' : 'bo-btn--go'}`}
            disabled={!allowed || patch.isPending}
            title={allowed ? undefined : t('common.role_cannot')}
            aria-label={t(m.active ? 'missions.retire_named' : 'missions.restore_named', { code: m.code })}
            onClick={() => change(m, { active: !m.active }, t(m.active ? 'missions.retired_notice' : 'missions.restored_notice', { code: m.code }))}
          >
            {t(m.active ? 'missions.retire' : 'missions.restore')}
          </button>
        </div>
      </td>
    </tr>
  );

  return (
    <>
      <BoProblem error={failure} />
      <BoNotice message={notice} />
      {allowed && <CreateMission onDone={setNotice} />}
      <BoTable
        list={missions}
        caption={t('missions.caption')}
        head={
          <>
            <th scope="col">{t('missions.code')}</th>
            <th scope="col" className="mc-num">
              {t('missions.target')}
            </th>
            <th scope="col" className="mc-num">
              {t('missions.reward')}
            </th>
            <th scope="col" className="mc-num">
              {t('missions.claims')}
            </th>
            <th scope="col" className="mc-num">
              {t('missions.sort')}
            </th>
            <th scope="col">{t('col.status')}</th>
            <th scope="col">{t('col.actions')}</th>
          </>
        }
        row={row}
        empty={<BoEmpty icon="trophy" title={t('missions.none')} text={t('missions.none_text')} />}
        cardsBelow={820}
      />
    </>
  );
};

const Awards = () => {
  const { t } = useTranslation('ops');
  const awards = useLeaderboardAwards();
  return (
    <>
      <BoTable
        list={awards}
        caption={t('missions.awards_caption')}
        head={
          <>
            <th scope="col">{t('missions.award_period')}</th>
            <th scope="col" className="mc-num">
              {t('missions.award_rank')}
            </th>
            <th scope="col">{t('col.member')}</th>
            <th scope="col" className="mc-num">
              {t('missions.award_bets')}
            </th>
            <th scope="col" className="mc-num">
              {t('missions.award_amount')}
            </th>
            <th scope="col">{t('missions.award_paid')}</th>
          </>
        }
        row={(a) => (
          <tr key={`${a.period}-${a.rank}`}>
            <td data-label={t('missions.award_period')} className="num">
              {a.period}
            </td>
            <td data-label={t('missions.award_rank')} className="mc-num num">
              #{a.rank}
            </td>
            <td data-label={t('col.member')}>
              <strong>{a.username}</strong>
              <span className="mc-sub">ID {a.memberId}</span>
            </td>
            <td data-label={t('missions.award_bets')} className="mc-num">
              <Money amount={a.bets} />
            </td>
            <td data-label={t('missions.award_amount')} className="mc-num">
              <Money amount={a.amount} className="bo-amount" />
            </td>
            <td data-label={t('missions.award_paid')}>
              <Time iso={a.paidAt} />
            </td>
          </tr>
        )}
        empty={<BoEmpty icon="trophy" title={t('missions.no_awards')} text={t('missions.no_awards_text')} />}
        cardsBelow={720}
      />
      <ZoneNote />
    </>
  );
};

/** Missions (GET/POST /ops/missions, PATCH …/:id) and the leaderboard prizes paid (GET /ops/leaderboard/awards). */
export const MissionsPage = () => {
  const { t } = useTranslation('ops');
  const { can } = useOperator();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'awards' ? 'awards' : 'missions';
  return (
    <>
      <PageHead title={t('page.missions')} lede={t('missions.lede')} readOnly={!can('mission.edit')} />
      <section className="bo-panel bo-panel--flush">
        <div className="bo-panel__bar">
          <TabStrip
            idBase="bo-missions"
                        label={t('missions.tabs')}
            value={tab}
            onChange={(next) => setParams(next === 'missions' ? {} : { tab: next }, { replace: true })}
            items={TABS.map((key) => ({ key, label: t(`missions.tab_${key}`) }))}
          />
        </div>
        <div role="tabpanel" id={`bo-missions-panel-${tab}`} aria-labelledby={`bo-missions-tab-${tab}`} className="bo-panel__body">
          {tab === 'missions' ? <MissionList /> : <Awards />}
        </div>
      </section>
    </>
  );
};
