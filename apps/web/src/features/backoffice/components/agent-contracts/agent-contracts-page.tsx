import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CONTRACT_MAX_TIERS, type AgentContract, type ContractSettlement, type ContractTier } from '@apsara/contracts';
import { Icon } from '../../../../components/ui/icons/icons';
import { AmountField, SelectField, TextField } from '../../../../components/ui/member/fields';
import { formatWhole } from '../../../../lib/format';
import { useContractAction, useOfferContract, useOpsContractSettlements, useOpsContracts } from '../../api/agent-contracts';
import { CONTRACT_KINDS, CONTRACT_PERIODS, CONTRACT_STATUSES, MIN_ACTIVE_MAX, canAddTier, contractBody, contractProblems, contractSearchOf, contractState, decidedAtKey, emptyTier, newContractForm, siteActions, type ContractForm, type ContractProblems, type ContractTab, type SiteAction, type TierForm } from '../../logic/agent-contracts';
import { moneyText } from '../../logic/format';
import { boPageTitleKey } from '../../logic/pages';
import { Money, PageHead, StatusBadge, Time, ZoneNote, useSiteMoney } from '../common/bits';
import { DecisionDialog, type DecisionRequest } from '../common/decision-dialog';
import { BoEmpty, BoNotice, BoProblem } from '../common/states';
import { BoTable } from '../common/table';
import { TabStrip } from '../common/tab-strip';
import { useOperator } from '../frame/operator-context';
import '../content-admin.css';

const K = 'contentAdmin.contracts';

/** Badge colours of a contract's state and of a settled period, in the queues' tones. */
const STATE_TONE: Record<string, string> = { offered: 'pending', active: 'active', ending_holder: 'pending', ending_upline: 'pending', rejected: 'rejected', terminated: 'closed', withdrawn: 'closed', paid: 'paid', nothing: 'closed', unpaid: 'rejected' };

/** The server's field names beside the form's boxes (`tiers` covers the whole table). */
const sayRule = (t: (k: string, o?: Record<string, unknown>) => string, rule: string | undefined) => (rule ? t(`${K}.rule.${rule}`, { max: CONTRACT_MAX_TIERS, activeMax: MIN_ACTIVE_MAX }) : undefined);

/** A tier as a line: "from ៛1,000.00 · 3 active · 2.00 %". */
const TierLine = ({ tier, realtime }: { tier: ContractTier; realtime: boolean }) => {
  const { t } = useTranslation('ops');
  const site = useSiteMoney();
  return (
    <li>
      {t(realtime ? `${K}.tier_line_realtime` : `${K}.tier_line`, { threshold: moneyText(tier.threshold, site), active: formatWhole(tier.minActive), rate: tier.rate, lossRate: tier.lossRate ?? '' })}
    </li>
  );
};

/** The offer to a top agent (POST /ops/agent-contracts, admin): kind, period, 1–10 tiers. */
const OfferForm = ({ onDone }: { onDone: (text: string) => void }) => {
  const { t } = useTranslation('ops');
  const site = useSiteMoney();
  const offer = useOfferContract();
  const [form, setForm] = useState<ContractForm>(newContractForm);
  const [problems, setProblems] = useState<ContractProblems>({});
  const [failure, setFailure] = useState<unknown>(null);
  const set = (patch: Partial<ContractForm>) => setForm((f) => ({ ...f, ...patch }));
  const setTier = (i: number, patch: Partial<TierForm>) => setForm((f) => ({ ...f, tiers: f.tiers.map((x, j) => (j === i ? { ...x, ...patch } : x)) }));
  const realtime = form.kind === 'realtime';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (offer.isPending) return;
    setFailure(null);
    const found = contractProblems(form);
    setProblems(found);
    if (Object.keys(found).length) return;
    try {
      const c = await offer.mutateAsync(contractBody(form) as Parameters<typeof offer.mutateAsync>[0]);
      setForm(newContractForm());
      onDone(t(`${K}.offered_notice`, { name: c.counterpart ?? '', kind: t(`${K}.kind.${c.kind}`) }));
    } catch (err) {
      setFailure(err);
    }
  };

  return (
    <details className="bo-panel bo-create">
      <summary className="bo-create__summary">
        <Icon name="plus" size={16} />
        {t(`${K}.new`)}
      </summary>
      <form className="bo-ca-form" onSubmit={(e) => void submit(e)} noValidate aria-busy={offer.isPending}>
        <p className="bo-panel__text">{t(`${K}.offer_lede`)}</p>
        <div className="bo-fields">
          <TextField id="bo-contract-to" label={t(`${K}.to`)} hint={t(`${K}.to_hint`)} autoComplete="off" spellCheck={false} maxLength={64} value={form.toUsername} onChange={(e) => set({ toUsername: e.target.value })} error={sayRule(t, problems.toUsername)} />
          <SelectField id="bo-contract-kind" label={t(`${K}.kind_label`)} hint={t(`${K}.kind_hint.${form.kind}`)} value={form.kind} onChange={(e) => set({ kind: e.target.value as ContractForm['kind'] })}>
            {CONTRACT_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`${K}.kind.${k}`)}
              </option>
            ))}
          </SelectField>
          {form.kind === 'dividend' && (
            <SelectField id="bo-contract-period" label={t(`${K}.period_label`)} value={form.period} onChange={(e) => set({ period: e.target.value as ContractForm['period'] })} error={sayRule(t, problems.period)}>
              {CONTRACT_PERIODS.map((p) => (
                <option key={p} value={p}>
                  {t(`${K}.period.${p}`)}
                </option>
              ))}
            </SelectField>
          )}
        </div>
        <fieldset className="bo-tiers" style={{ ['--bo-tier-cols' as string]: realtime ? 4 : 3 }}>
          <legend className="mc-field__label">{t(`${K}.tiers`)}</legend>
          <p className="bo-panel__text">{t(`${K}.tiers_hint.${form.kind === 'dividend' ? 'dividend' : realtime ? 'realtime' : 'salary'}`, { max: CONTRACT_MAX_TIERS })}</p>
          {form.tiers.map((tier, i) => {
            const n = i + 1;
            const at = (field: string) => sayRule(t, problems[`tiers.${i}.${field}`]);
            return (
              <div key={i} className="bo-tiers__row">
                <span className="bo-tiers__n" aria-hidden="true">
                  #{n}
                </span>
                <AmountField id={`bo-tier-${i}-threshold`} label={t(`${K}.threshold_n`, { n })} symbol={site.symbol} value={tier.threshold} onChange={(e) => setTier(i, { threshold: e.target.value })} error={at('threshold')} />
                <TextField id={`bo-tier-${i}-active`} label={t(`${K}.min_active_n`, { n })} inputMode="numeric" autoComplete="off" value={tier.minActive} onChange={(e) => setTier(i, { minActive: e.target.value })} error={at('minActive')} />
                <TextField id={`bo-tier-${i}-rate`} label={t(realtime ? `${K}.win_rate_n` : `${K}.rate_n`, { n })} inputMode="decimal" autoComplete="off" adornment={<span className="mc-field__suffix">%</span>} value={tier.rate} onChange={(e) => setTier(i, { rate: e.target.value })} error={at('rate')} />
                {realtime && (
                  <TextField id={`bo-tier-${i}-loss`} label={t(`${K}.loss_rate_n`, { n })} inputMode="decimal" autoComplete="off" adornment={<span className="mc-field__suffix">%</span>} value={tier.lossRate} onChange={(e) => setTier(i, { lossRate: e.target.value })} error={at('lossRate')} />
                )}
                <button type="button" className="bo-icon-btn" disabled={form.tiers.length === 1} aria-label={t(`${K}.remove_tier`, { n })} title={t(`${K}.remove_tier`, { n })} onClick={() => set({ tiers: form.tiers.filter((_, j) => j !== i) })}>
                  <Icon name="trash" size={16} />
                </button>
              </div>
            );
          })}
          {problems.tiers && (
            <p className="mc-field__error" role="alert">
              {sayRule(t, problems.tiers)}
            </p>
          )}
          <button type="button" className="btn btn--ghost btn--sm bo-tiers__add" disabled={!canAddTier(form)} onClick={() => set({ tiers: [...form.tiers, emptyTier()] })}>
            <Icon name="plus" size={14} />
            {t(`${K}.add_tier`)}
          </button>
        </fieldset>
        <BoProblem error={failure} />
        <div className="bo-settings-form__actions">
          <button type="submit" className="btn btn--gold" disabled={offer.isPending}>
            {offer.isPending && <span className="mc-spinner" aria-hidden="true" />}
            {t(`${K}.offer`)}
          </button>
        </div>
      </form>
    </details>
  );
};

const ContractList = ({ onSettlements }: { onSettlements: (id: string) => void }) => {
  const { t } = useTranslation('ops');
  const { can } = useOperator();
  const [params, setParams] = useSearchParams();
  const search = contractSearchOf(params);
  const list = useOpsContracts({ kind: search.kind, status: search.status, page: search.page });
  const act = useContractAction();
  const [request, setRequest] = useState<DecisionRequest | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const allowed = can('contract.manage');
  const replace = (patch: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) if (v) next.set(k, v); else next.delete(k);
        return next;
      },
      { replace: true },
    );

  const open = (c: AgentContract, a: SiteAction) => {
    const name = c.counterpart ?? '';
    setNotice(null);
    setRequest({
      title: t(`${K}.act.${a.key}_title`, { name, kind: t(`${K}.kind.${c.kind}`) }),
      confirmLabel: t(`${K}.act.${a.key}`),
      tone: a.key === 'refuse_end' ? 'neutral' : a.key === 'agree_end' || a.key === 'withdraw' || a.key === 'ask_end' ? 'reject' : 'neutral',
      facts: [
        { label: t(`${K}.holder`), value: name },
        { label: t(`${K}.kind_label`), value: t(`${K}.kind.${c.kind}`) },
        { label: t('col.status'), value: t(`${K}.state.${contractState(c)}`) },
      ],
      consequence: t(`${K}.act.${a.key}_consequence`, { name }),
      run: () => act.mutateAsync({ id: c.id, action: a.action }),
      onDone: () => setNotice(t(`${K}.act.${a.key}_notice`, { name })),
    });
  };

  const row = (c: AgentContract) => {
    const state = contractState(c);
    const actions = siteActions(c);
    return (
      <tr key={c.id}>
        <td data-label={t(`${K}.holder`)}>
          <strong>{c.counterpart ?? '—'}</strong>
          <span className="mc-sub">
            #{c.id} · {c.upline === null ? t(`${K}.from_site`) : c.upline ? t(`${K}.from_agent`, { name: c.upline }) : ''}
          </span>
        </td>
        <td data-label={t(`${K}.kind_label`)}>
          {t(`${K}.kind.${c.kind}`)}
          {c.period && <span className="mc-sub">{t(`${K}.period.${c.period}`)}</span>}
        </td>
        <td data-label={t(`${K}.tiers`)}>
          <ul className="bo-tier-list">
            {c.tiers.map((tier, i) => (
              <TierLine key={i} tier={tier} realtime={c.kind === 'realtime'} />
            ))}
          </ul>
        </td>
        <td data-label={t('col.status')}>
          <StatusBadge status={STATE_TONE[state] ?? 'closed'} label={t(`${K}.state.${state}`)} />
          {c.endReason && <span className="mc-sub">{t(`${K}.end_reason.${c.endReason}`)}</span>}
        </td>
        <td data-label={t(`${K}.dates`)}>
          <Time iso={c.createdAt} />
          {/* decidedAt is when the holder answered the offer: signed, or rejected. */}
          {c.decidedAt && (
            <span className="mc-sub">
              {t(`${K}.${decidedAtKey(c.status)}`)} <Time iso={c.decidedAt} />
            </span>
          )}
          {c.endedAt && <span className="mc-sub">{t(`${K}.ended_at`)} <Time iso={c.endedAt} /></span>}
        </td>
        <td data-label={t('col.actions')}>
          <div className="bo-row-actions">
            {actions.map((a) => (
              <button
                key={a.key}
                type="button"
                className={`btn btn--sm ${a.key === 'refuse_end' ? 'btn--ghost' : 'bo-btn--danger-ghost'}`}
                disabled={!allowed || act.isPending}
                title={allowed ? undefined : t('common.role_cannot')}
                aria-label={t(`${K}.act.${a.key}_named`, { name: c.counterpart ?? '', id: c.id })}
                onClick={() => open(c, a)}
              >
                {t(`${K}.act.${a.key}`)}
              </button>
            ))}
            <button type="button" className="btn btn--sm btn--ghost" aria-label={t(`${K}.settlements_of`, { id: c.id })} onClick={() => onSettlements(c.id)}>
              {t(`${K}.settlements_short`)}
            </button>
          </div>
        </td>
      </tr>
    );
  };

  return (
    <>
      <BoNotice message={notice} />
      {allowed && <OfferForm onDone={setNotice} />}
      <div className="bo-fields bo-ca-filters">
        <SelectField id="bo-contracts-kind" label={t(`${K}.kind_label`)} value={search.kind ?? ''} onChange={(e) => replace({ kind: e.target.value || null, page: null })}>
          <option value="">{t('common.any')}</option>
          {CONTRACT_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`${K}.kind.${k}`)}
            </option>
          ))}
        </SelectField>
        <SelectField id="bo-contracts-status" label={t('col.status')} value={search.status ?? ''} onChange={(e) => replace({ status: e.target.value || null, page: null })}>
          <option value="">{t('common.any')}</option>
          {CONTRACT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`${K}.state.${s}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <BoTable
        list={list}
        caption={t(`${K}.caption`)}
        head={
          <>
            <th scope="col">{t(`${K}.holder`)}</th>
            <th scope="col">{t(`${K}.kind_label`)}</th>
            <th scope="col">{t(`${K}.tiers`)}</th>
            <th scope="col">{t('col.status')}</th>
            <th scope="col">{t(`${K}.dates`)}</th>
            <th scope="col">{t('col.actions')}</th>
          </>
        }
        row={row}
        empty={<BoEmpty icon="briefcase" title={t(`${K}.none`)} text={allowed ? t(`${K}.none_text`) : undefined} />}
        page={search.page}
        onPage={(next) => replace({ page: next > 1 ? String(next) : null })}
        pagesLabel={t(`${K}.pages`)}
        cardsBelow={980}
      />
      <ZoneNote />
      <DecisionDialog name="bo-contract-act" request={request} onClose={() => setRequest(null)} />
    </>
  );
};

const Settlements = () => {
  const { t } = useTranslation('ops');
  const [params, setParams] = useSearchParams();
  const search = contractSearchOf(params);
  const list = useOpsContractSettlements({ contractId: search.contractId, page: search.page });
  const replace = (patch: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) if (v) next.set(k, v); else next.delete(k);
        return next;
      },
      { replace: true },
    );
  const row = (s: ContractSettlement) => (
    <tr key={s.id}>
      <td data-label={t(`${K}.holder`)}>
        <strong>{s.holder}</strong>
        <span className="mc-sub">
          {t(`${K}.kind.${s.kind}`)} · #{s.contractId}
        </span>
      </td>
      <td data-label={t(`${K}.period_col`)}>
        <Time iso={s.periodStart} />
        <span className="mc-sub">
          → <Time iso={s.periodEnd} />
        </span>
      </td>
      <td data-label={t(`${K}.basis`)} className="mc-num">
        <Money amount={s.basis} />
      </td>
      <td data-label={t(`${K}.active`)} className="mc-num num">
        {formatWhole(s.active)}
      </td>
      <td data-label={t(`${K}.rate`)} className="mc-num num">
        {s.rate === null ? '—' : `${s.rate} %`}
      </td>
      <td data-label={t(`${K}.amount`)} className="mc-num">
        <Money amount={s.amount} className="bo-amount" />
      </td>
      <td data-label={t('col.status')}>
        <StatusBadge status={STATE_TONE[s.status] ?? 'closed'} label={t(`${K}.settled.${s.status}`)} />
      </td>
    </tr>
  );
  return (
    <>
      {search.contractId && (
        <p className="bo-count">
          {t(`${K}.only_contract`, { id: search.contractId })}{' '}
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => replace({ contract: null, page: null })}>
            {t(`${K}.show_all`)}
          </button>
        </p>
      )}
      <BoTable
        list={list}
        caption={t(`${K}.settlements_caption`)}
        head={
          <>
            <th scope="col">{t(`${K}.holder`)}</th>
            <th scope="col">{t(`${K}.period_col`)}</th>
            <th scope="col" className="mc-num">{t(`${K}.basis`)}</th>
            <th scope="col" className="mc-num">{t(`${K}.active`)}</th>
            <th scope="col" className="mc-num">{t(`${K}.rate`)}</th>
            <th scope="col" className="mc-num">{t(`${K}.amount`)}</th>
            <th scope="col">{t('col.status')}</th>
          </>
        }
        row={row}
        empty={<BoEmpty icon="history" title={t(`${K}.no_settlements`)} text={t(`${K}.no_settlements_text`)} />}
        page={search.page}
        onPage={(next) => replace({ page: next > 1 ? String(next) : null })}
        pagesLabel={t(`${K}.pages`)}
        cardsBelow={900}
      />
      <ZoneNote />
    </>
  );
};

/** Contracts the site offers its top agents (GET/POST /ops/agent-contracts, …/:id/:action) and the periods settled. */
export const AgentContractsPage = () => {
  const { t } = useTranslation('ops');
  const { can } = useOperator();
  const [params, setParams] = useSearchParams();
  const { tab } = contractSearchOf(params);
  const go = (next: ContractTab, extra: Record<string, string> = {}) => setParams(next === 'contracts' ? extra : { tab: next, ...extra }, { replace: true });
  return (
    <>
      <PageHead title={t(boPageTitleKey('agentContracts'))} lede={t(`${K}.lede`)} readOnly={!can('contract.manage')} />
      <section className="bo-panel bo-panel--flush">
        <div className="bo-panel__bar">
          <TabStrip idBase="bo-contracts" label={t(`${K}.tabs`)} value={tab} onChange={(next) => go(next)} items={(['contracts', 'settlements'] as const).map((key) => ({ key, label: t(`${K}.tab_${key}`) }))} />
        </div>
        <div role="tabpanel" id={`bo-contracts-panel-${tab}`} aria-labelledby={`bo-contracts-tab-${tab}`} className="bo-panel__body">
          {tab === 'contracts' ? <ContractList onSettlements={(id) => go('settlements', { contract: id })} /> : <Settlements />}
        </div>
      </section>
    </>
  );
};
