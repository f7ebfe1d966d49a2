import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTRACT_MAX_TIERS, CONTRACT_PERIODS, LIST_PAGE_SIZE, type AgentContract, type ContractKind, type ContractSettlement } from '@apsara/contracts';
import { Icon } from '../../../../components/ui/icons/icons';
import { Pager } from '../../../../components/ui/pager/pager';
import { isApiError } from '../../../../lib/api';
import { gmtLabel } from '../../../../lib/date-range';
import { formatDateTime } from '../../../../lib/format-time';
import { useTimeZone } from '../../../../lib/use-time-zone';
import { useCurrencySymbol } from '../../api/agent';
import { useConsolidatedContracts, useContractAction, useContracts, useOfferContract, useSettlements, type ContractRole } from '../../api/contracts';
import { kindRuns } from '../../logic/contract-notice';
import {
  BUTTON_ACTION,
  EMPTY_TIER,
  canAddTier,
  canRemoveTier,
  contractButtons,
  emptyOffer,
  hasLossRate,
  hasPeriod,
  offerErrorPlace,
  offerErrors,
  signingConflicts,
  toOfferBody,
  type ContractButton,
  type OfferDraft,
  type OfferErrorKey,
  type TierDraft,
} from '../../logic/contracts';
import { Money } from '../common/amount';
import { DataTable } from '../common/data-table';
import { AgSelect } from '../common/fields';
import { AgPanel } from '../common/panel';
import { AgEmpty, AgError, AgLoading } from '../common/states';

const STATUS_TONE: Record<AgentContract['status'], string> = { offered: 'warn', active: 'ok', rejected: 'off', terminated: 'off', withdrawn: 'off' };
const SETTLEMENT_TONE: Record<ContractSettlement['status'], string> = { paid: 'ok', nothing: 'off', unpaid: 'warn' };
/** What the six settlement columns need; narrower, each period is a card. */
const SETTLEMENTS_TABLE_PX = 720;

/** The server's message, with the fields it names when they say more than the message. */
const errorText = (e: unknown, fallback: string) => {
  if (!isApiError(e)) return fallback;
  const more = e.fields.filter((f) => f.message && f.message !== e.message).map((f) => `${f.field}: ${f.message}`);
  return more.length ? `${e.message} (${more.join('; ')})` : e.message;
};

/** A contract's tiers: threshold, active members, rate (and the loss rate of real-time salary). */
const TiersTable = ({ contract, symbol }: { contract: AgentContract; symbol: string }) => {
  const { t } = useTranslation('auth');
  const loss = hasLossRate(contract.kind);
  return (
    <div className="ag-tiers-wrap">
      <table className="ag-tiers">
        <caption className="visually-hidden">{t('agent.contracts.tiers')}</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col" className="ag-num">
              {t(`agent.contracts.threshold_${contract.kind}`)}
            </th>
            <th scope="col" className="ag-num">
              {t('agent.contracts.min_active')}
            </th>
            <th scope="col" className="ag-num">
              {t(loss ? 'agent.contracts.rate_win' : 'agent.contracts.rate')}
            </th>
            {loss && (
              <th scope="col" className="ag-num">
                {t('agent.contracts.rate_loss')}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {contract.tiers.map((tier, i) => (
            <tr key={i}>
              <td className="num">{i + 1}</td>
              <td className="ag-num">
                <Money amount={tier.threshold} symbol={symbol} />
              </td>
              <td className="ag-num num">{tier.minActive}</td>
              <td className="ag-num num">{tier.rate}%</td>
              {loss && <td className="ag-num num">{tier.lossRate ? `${tier.lossRate}%` : '—'}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
};

/** One contract: its state, its terms, its dates and what the viewer may do with it. */
const ContractCard = ({ contract, selected, onSettlements }: { contract: AgentContract; selected: boolean; onSettlements: () => void }) => {
  const { t } = useTranslation('auth');
  const zone = useTimeZone();
  const symbol = useCurrencySymbol();
  const act = useContractAction();
  const [confirming, setConfirming] = useState<string[] | null>(null);
  const [done, setDone] = useState<ContractButton | null>(null);
  const buttons = contractButtons(contract);
  const headId = `ag-ct-${contract.id}`;
  const me = contract.role === 'received' ? 'holder' : 'upline';

  const run = (button: ContractButton, confirmed = false) => {
    const conflicts = signingConflicts(contract, button);
    if (conflicts.length > 0 && !confirmed) {
      setConfirming(conflicts);
      return;
    }
    setConfirming(null);
    setDone(null);
    act.mutate({ kind: contract.kind, contractId: contract.id, action: BUTTON_ACTION[button] }, { onSuccess: () => setDone(button) });
  };

  const counterpart =
    contract.role === 'received'
      ? t('agent.contracts.from', { name: contract.counterpart ?? t('agent.contracts.the_site') })
      : t('agent.contracts.to', { name: contract.counterpart ?? '—' });

  return (
    <article className={`ag-contract${selected ? ' is-selected' : ''}`} aria-labelledby={headId}>
      <header className="ag-contract__head">
        <h3 id={headId} className="ag-contract__title">
          {counterpart}
        </h3>
        <span className={`ag-badge ag-badge--${STATUS_TONE[contract.status]}`}>{t(`agent.contracts.status_${contract.status}`)}</span>
        {hasPeriod(contract.kind) && contract.period && <span className="ag-badge ag-badge--member">{t(`agent.contracts.period_${contract.period}`)}</span>}
        <span className="ag-sub ag-contract__id num">#{contract.id}</span>
      </header>

      {contract.terminationRequestedBy && contract.status === 'active' && (
        <p className="ag-note ag-contract__request">
          <Icon name="alert" size={16} />
          {t(contract.terminationRequestedBy === me ? 'agent.contracts.request_mine' : 'agent.contracts.request_theirs')}
        </p>
      )}

      <TiersTable contract={contract} symbol={symbol} />

      <dl className="ag-contract__dates">
        <div>
          <dt>{t('agent.contracts.created')}</dt>
          <dd className="num">{formatDateTime(contract.createdAt, zone)}</dd>
        </div>
        {contract.decidedAt && (
          <div>
            <dt>{t('agent.contracts.decided')}</dt>
            <dd className="num">{formatDateTime(contract.decidedAt, zone)}</dd>
          </div>
        )}
        {contract.endedAt && (
          <div>
            <dt>{t('agent.contracts.ended')}</dt>
            <dd className="num">{formatDateTime(contract.endedAt, zone)}</dd>
          </div>
        )}
        {contract.endReason && (
          <div>
            <dt>{t('agent.contracts.end_reason')}</dt>
            <dd>{t(`agent.contracts.reason_${contract.endReason}`)}</dd>
          </div>
        )}
      </dl>

      {confirming && (
        <div className="ag-contract__confirm" role="alertdialog" aria-labelledby={`${headId}-warn`}>
          <p id={`${headId}-warn`} className="ag-strong">
            <Icon name="alert" size={16} /> {t('agent.contracts.conflict_title')}
          </p>
          <p>{t('agent.contracts.conflict_text')}</p>
          <ul className="ag-contract__conflicts">
            {confirming.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
          <div className="ag-contract__actions">
            <button type="button" className="btn btn--gold btn--sm" onClick={() => run('sign', true)} disabled={act.isPending}>
              {t('agent.contracts.sign_anyway')}
            </button>
            <button type="button" className="btn btn--ghost btn--sm" onClick={() => setConfirming(null)}>
              {t('agent.contracts.cancel')}
            </button>
          </div>
        </div>
      )}

      {act.isError && (
        <div className="ag-form-error" role="alert">
          <Icon name="alert" size={18} />
          <span>{errorText(act.error, t('agent.common.load_failed'))}</span>
        </div>
      )}
      {done && (
        <p className="ag-contract__done" role="status">
          <Icon name="check" size={16} /> {t(`agent.contracts.done_${done}`)}
        </p>
      )}

      <div className="ag-contract__actions">
        {!confirming &&
          buttons.map((b) => (
            <button
              key={b}
              type="button"
              className={`btn btn--sm ${b === 'sign' || b === 'agree_end' ? 'btn--gold' : 'btn--ghost'}`}
              disabled={act.isPending}
              onClick={() => run(b)}
            >
              {act.isPending && act.variables?.action === BUTTON_ACTION[b] && <span className="ag-btn-spinner" aria-hidden="true" />}
              {t(`agent.contracts.btn_${b}`)}
            </button>
          ))}
        {(contract.status === 'active' || contract.status === 'terminated') && (
          <button type="button" className="btn btn--ghost btn--sm" aria-pressed={selected} onClick={onSettlements} aria-controls="ag-ct-settlements">
            <Icon name="receipt" size={16} />
            {t('agent.contracts.btn_settlements')}
          </button>
        )}
      </div>
    </article>
  );
};

/** The contracts of one side (held or given), 20 a page. */
const ContractList = ({ kind, role, selected, onSelect, off = false }: { kind: ContractKind; role: ContractRole; selected: string | null; onSelect: (id: string) => void; off?: boolean }) => {
  const { t } = useTranslation('auth');
  const [page, setPage] = useState(1);
  const list = useContracts(kind, role, page);
  if (list.isPending) return <AgLoading rows={3} />;
  if (list.isError) return <AgError error={list.error} onRetry={() => void list.refetch()} />;
  if (list.data.items.length === 0)
    // A kind the site no longer runs promises no offer to come and no form below.
    return <AgEmpty icon="idCard" title={t(`agent.contracts.none_${role}`)} text={off ? t('agent.contracts.none_kind_off') : t(`agent.contracts.none_${role}_text`, { kind: t(`agent.contractKind.${kind}`) })} />;
  return (
    <div className="ag-contracts" aria-busy={list.isFetching}>
      {list.data.items.map((c) => (
        <ContractCard key={c.id} contract={c} selected={selected === c.id} onSettlements={() => onSelect(c.id)} />
      ))}
      <Pager page={page} pageSize={LIST_PAGE_SIZE} total={list.data.total} onChange={setPage} label={t('agent.contracts.pages')} disabled={list.isFetching} />
    </div>
  );
};

/** The periods settled under the chosen contract. */
const Settlements = ({ contractId }: { contractId: string }) => {
  const { t } = useTranslation('auth');
  const zone = useTimeZone();
  const symbol = useCurrencySymbol();
  const [page, setPage] = useState(1);
  const list = useSettlements(contractId, page);
  const row = (s: ContractSettlement) => (
    <tr key={s.id}>
      <td data-label={t('agent.contracts.col_period')} className="num">
        {formatDateTime(s.periodStart, zone)} – {formatDateTime(s.periodEnd, zone)}
      </td>
      <td data-label={t('agent.contracts.col_basis')} className="ag-num">
        <Money amount={s.basis} symbol={symbol} />
      </td>
      <td data-label={t('agent.contracts.col_active')} className="ag-num num">
        {s.active}
      </td>
      <td data-label={t('agent.contracts.col_rate')} className="ag-num num">
        {s.rate ? `${s.rate}%` : '—'}
      </td>
      <td data-label={t('agent.contracts.col_amount')} className="ag-num">
        <Money amount={s.amount} symbol={symbol} />
      </td>
      <td data-label={t('agent.contracts.col_status')}>
        <span className={`ag-badge ag-badge--${SETTLEMENT_TONE[s.status]}`}>{t(`agent.contracts.settled_${s.status}`)}</span>
      </td>
    </tr>
  );
  return (
    <DataTable
      list={list}
      caption={t('agent.contracts.settlements_of', { id: contractId })}
      cardsBelow={SETTLEMENTS_TABLE_PX}
      head={
        <>
          <th scope="col">{t('agent.contracts.col_period')}</th>
          <th scope="col" className="ag-num">
            {t('agent.contracts.col_basis')}
          </th>
          <th scope="col" className="ag-num">
            {t('agent.contracts.col_active')}
          </th>
          <th scope="col" className="ag-num">
            {t('agent.contracts.col_rate')}
          </th>
          <th scope="col" className="ag-num">
            {t('agent.contracts.col_amount')}
          </th>
          <th scope="col">{t('agent.contracts.col_status')}</th>
        </>
      }
      row={row}
      empty={<AgEmpty icon="receipt" title={t('agent.contracts.no_settlements')} text={t('agent.contracts.no_settlements_text')} />}
      page={page}
      onPage={setPage}
      pagesLabel={t('agent.contracts.settlement_pages')}
    />
  );
};

const TIER_COLUMNS = ['threshold', 'minActive', 'rate', 'lossRate'] as const;

/** The offer form: to a direct downline agent, 1–10 tiers, checked with the contracts' schema first. */
const OfferForm = ({ kind }: { kind: ContractKind }) => {
  const { t } = useTranslation('auth');
  const uid = useId();
  const offer = useOfferContract();
  const [draft, setDraft] = useState<OfferDraft>(emptyOffer);
  const [tried, setTried] = useState(false);
  const [server, setServer] = useState<{ place: 'toUsername' | 'form'; message: string } | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const errors = tried ? offerErrors(kind, draft) : {};
  const columns = TIER_COLUMNS.filter((c) => c !== 'lossRate' || hasLossRate(kind));
  const problem = (key: OfferErrorKey) => {
    const p = errors[key];
    return p ? t(`agent.contracts.problem_${p}`, { max: CONTRACT_MAX_TIERS }) : undefined;
  };
  const userError = problem('toUsername') ?? (server?.place === 'toUsername' ? server.message : undefined);
  const setTier = (i: number, column: keyof TierDraft, value: string) => {
    setServer(null);
    setDraft((d) => ({ ...d, tiers: d.tiers.map((tier, j) => (j === i ? { ...tier, [column]: value } : tier)) }));
  };
  const columnLabel = (c: (typeof TIER_COLUMNS)[number]) =>
    c === 'threshold' ? t(`agent.contracts.threshold_${kind}`) : c === 'minActive' ? t('agent.contracts.min_active') : c === 'rate' ? t(hasLossRate(kind) ? 'agent.contracts.rate_win' : 'agent.contracts.rate') : t('agent.contracts.rate_loss');

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setTried(true);
    setSent(null);
    setServer(null);
    if (Object.keys(offerErrors(kind, draft)).length > 0) {
      // The first field in trouble gets the keyboard.
      requestAnimationFrame(() => (e.target as HTMLFormElement).querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    const body = toOfferBody(kind, draft);
    offer.mutate(body, {
      onSuccess: () => {
        setSent(body.toUsername);
        setDraft(emptyOffer());
        setTried(false);
      },
      onError: (err) => setServer({ place: isApiError(err) ? offerErrorPlace(err.code) : 'form', message: errorText(err, t('agent.common.load_failed')) }),
    });
  };

  return (
    <form className="ag-offer" onSubmit={submit} noValidate aria-labelledby="ag-ct-offer-title">
      {sent && (
        <p className="ag-contract__done" role="status">
          <Icon name="check" size={16} /> {t('agent.contracts.offer_sent', { name: sent })}
        </p>
      )}
      <div className="ag-offer__top">
        <div className={`ag-field${userError ? ' ag-field--invalid' : ''}`}>
          <label className="ag-field__label" htmlFor={`${uid}-user`}>
            {t('agent.contracts.to_username')}
          </label>
          <div className="ag-field__box">
            <span className="ag-field__icon" aria-hidden="true">
              <Icon name="user" size={18} />
            </span>
            <input
              id={`${uid}-user`}
              className="ag-field__input"
              value={draft.toUsername}
              maxLength={64}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              aria-invalid={userError ? true : undefined}
              aria-describedby={userError ? `${uid}-user-error` : `${uid}-user-hint`}
              onChange={(e) => {
                setServer(null);
                setDraft((d) => ({ ...d, toUsername: e.target.value }));
              }}
            />
          </div>
          {userError ? (
            <p id={`${uid}-user-error`} className="ag-field__error" role="alert">
              <Icon name="alert" size={14} />
              {userError}
            </p>
          ) : (
            <p id={`${uid}-user-hint`} className="ag-field__hint">
              {t('agent.contracts.to_username_hint')}
            </p>
          )}
        </div>
        {hasPeriod(kind) && (
          <AgSelect label={t('agent.contracts.period')} value={draft.period} onChange={(e) => setDraft((d) => ({ ...d, period: e.target.value as OfferDraft['period'] }))}>
            {CONTRACT_PERIODS.map((p) => (
              <option key={p} value={p}>
                {t(`agent.contracts.period_${p}`)}
              </option>
            ))}
          </AgSelect>
        )}
      </div>

      <fieldset className="ag-offer__tiers">
        <legend className="ag-field__label">{t('agent.contracts.tiers_legend', { max: CONTRACT_MAX_TIERS })}</legend>
        {draft.tiers.map((tier, i) => (
          <div key={i} className="ag-offer__tier" role="group" aria-labelledby={`${uid}-t${i}`}>
            <span id={`${uid}-t${i}`} className="ag-offer__tier-name">
              {t('agent.contracts.tier_n', { n: i + 1 })}
            </span>
            {columns.map((c) => {
              const id = `${uid}-t${i}-${c}`;
              const err = problem(`tiers.${i}.${c}`);
              return (
                <div key={c} className={`ag-field ag-offer__cell${err ? ' ag-field--invalid' : ''}`}>
                  <label className="ag-field__label" htmlFor={id}>
                    {columnLabel(c)}
                  </label>
                  <div className="ag-field__box">
                    <input
                      id={id}
                      className="ag-field__input num"
                      inputMode={c === 'minActive' ? 'numeric' : 'decimal'}
                      autoComplete="off"
                      value={tier[c]}
                      placeholder={c === 'threshold' ? '1000.00' : c === 'minActive' ? '0' : '1.5'}
                      aria-invalid={err ? true : undefined}
                      aria-describedby={err ? `${id}-error` : undefined}
                      onChange={(e) => setTier(i, c, e.target.value)}
                    />
                    {(c === 'rate' || c === 'lossRate') && (
                      <span className="ag-offer__unit" aria-hidden="true">
                        %
                      </span>
                    )}
                  </div>
                  {err && (
                    <p id={`${id}-error`} className="ag-field__error">
                      {err}
                    </p>
                  )}
                </div>
              );
            })}
            <button
              type="button"
              className="btn btn--ghost btn--sm ag-offer__remove"
              disabled={!canRemoveTier(draft)}
              aria-label={t('agent.contracts.remove_tier', { n: i + 1 })}
              onClick={() => setDraft((d) => ({ ...d, tiers: d.tiers.filter((_, j) => j !== i) }))}
            >
              <Icon name="trash" size={16} />
            </button>
          </div>
        ))}
        {errors.tiers && (
          <p className="ag-field__error" role="alert">
            {problem('tiers')}
          </p>
        )}
        <button type="button" className="btn btn--ghost btn--sm" disabled={!canAddTier(draft)} onClick={() => setDraft((d) => ({ ...d, tiers: [...d.tiers, { ...EMPTY_TIER }] }))}>
          <Icon name="plus" size={16} />
          {t('agent.contracts.add_tier')}
        </button>
        <p className="ag-field__hint">{t('agent.contracts.tiers_hint')}</p>
      </fieldset>

      {server?.place === 'form' && (
        <div className="ag-form-error" role="alert">
          <Icon name="alert" size={18} />
          <span>{server.message}</span>
        </div>
      )}
      <div className="ag-open__actions">
        <button type="submit" className="btn btn--gold" disabled={offer.isPending}>
          {offer.isPending && <span className="ag-btn-spinner" aria-hidden="true" />}
          {t('agent.contracts.offer_submit')}
        </button>
        <p className="ag-open__note">{t('agent.contracts.offer_note')}</p>
      </div>
    </form>
  );
};

/**
 * contractDividend, contractDailySalary, contractHourSalary, contractRealtimeSalary: the contracts of
 * one kind the agent holds (from their upline or the site) and gave their direct downline agents, with
 * what each allows, an offer form, and the periods settled under the chosen contract.
 */
export const ContractPage = ({ kind }: { kind: ContractKind }) => {
  const { t } = useTranslation('auth');
  const zone = useTimeZone();
  const [selected, setSelected] = useState<string | null>(null);
  const select = (id: string) => {
    setSelected((s) => (s === id ? null : id));
    requestAnimationFrame(() => document.getElementById('ag-ct-settlements')?.scrollIntoView({ block: 'nearest' }));
  };
  const kindName = t(`agent.contractKind.${kind}`);
  // A kind the site has switched off: what is signed runs on and shows here; nothing new is offered.
  const off = kindRuns(useConsolidatedContracts(true).data, kind) === false;
  return (
    <>
      {off && (
        <p className="ag-note ag-note--warn" role="status">
          <Icon name="info" size={16} />
          {t('agent.contracts.kind_off', { kind: kindName })}
        </p>
      )}
      <AgPanel id="ag-ct-received" title={t('agent.contracts.received_title', { kind: kindName })} icon="idCard" aside={<span className="ag-count num">{gmtLabel(zone)}</span>}>
        <p className="ag-note">
          <Icon name="info" size={16} />
          {t(`agent.contracts.about_${kind}`)}
        </p>
        <ContractList kind={kind} role="received" selected={selected} onSelect={select} off={off} />
      </AgPanel>
      <AgPanel id="ag-ct-given" title={t('agent.contracts.given_title', { kind: kindName })} icon="users">
        <ContractList kind={kind} role="given" selected={selected} onSelect={select} off={off} />
      </AgPanel>
      <AgPanel id="ag-ct-settlements" title={t('agent.contracts.settlements_title')} icon="receipt" aside={selected ? <span className="ag-count num">#{selected}</span> : undefined}>
        {selected ? <Settlements key={selected} contractId={selected} /> : <AgEmpty icon="receipt" title={t('agent.contracts.pick_contract')} text={t('agent.contracts.pick_contract_text')} />}
      </AgPanel>
      {!off && (
        <AgPanel id="ag-ct-offer" title={t('agent.contracts.offer_title', { kind: kindName })} icon="send">
          <OfferForm kind={kind} />
        </AgPanel>
      )}
    </>
  );
};
