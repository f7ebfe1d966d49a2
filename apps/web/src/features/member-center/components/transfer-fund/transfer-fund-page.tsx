import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toMinor } from '@apsara/contracts';
import { Icon } from '../../../../components/ui/icons/icons';
import { isApiError } from '../../../../lib/api';
import { formatAmount } from '../../../../lib/format';
import { useInvalidateMoney } from '../../../../lib/member-keys';
import { transferWallet, useConsolidatedFunds, useWalletSync, type ConsolidatedFunds } from '../../api/wallet';
import { useKeyKeeper } from '../../../../lib/use-key-keeper';
import { useRule } from '../../../../lib/use-problem-text';
import { sendWithKey } from '../../../../lib/idempotency';
import { spendable } from '../../logic/money';
import { isTrialError, placeServerError } from '../../../../lib/server-errors';
import { MAIN, movedSide, pickSide, swap, type Pair } from '../../logic/wallet-pair';
import { AmountField, SelectField } from '../../../../components/ui/member/fields';
import { FormActions, FormError, FormSuccess } from '../../../../components/ui/member/form-error';
import { Panel } from '../../../../components/ui/member/panel';
import { EmptyState, ErrorState, LoadingState, TrialBlocked } from '../../../../components/ui/member/states';
import { validateAmount, wireAmount } from '../../../../lib/field-rules';

/** transferFund: every wallet's balance, a transfer between main and one game wallet, and "recover all". */
export const TransferFundPage = () => {
  const { t } = useTranslation('member');
  const funds = useConsolidatedFunds();
  // The ledger's balances show at once; the providers' answers replace them when they arrive.
  const sync = useWalletSync();
  const [trial, setTrial] = useState(false);
  // Each panel's last answer stands only until the other panel moves money.
  const [recovers, setRecovers] = useState(0);
  const [transfers, setTransfers] = useState(0);

  if (trial || isTrialError(funds.error)) return <TrialBlocked />;
  if (funds.isPending)
    return (
      <Panel title={t('transfer.wallets_title')} icon="wallet">
        <LoadingState rows={3} />
      </Panel>
    );
  if (funds.isError)
    return (
      <Panel title={t('transfer.wallets_title')} icon="wallet">
        <ErrorState error={funds.error} onRetry={() => void funds.refetch()} />
      </Panel>
    );

  return (
    <div className="mc-stack">
      <Wallets
        funds={funds.data}
        onTrial={() => setTrial(true)}
        refreshing={funds.isFetching || sync.isFetching}
        // Asks the providers again; if that is refused (too many in a minute), the ledger's balances at least.
        onRefresh={() =>
          void sync.refetch().then((r) => {
            if (r.isError) void funds.refetch();
          })
        }
        // A transfer in flight while the providers were asked is not a provider that cannot be reached:
        // its answer brings the wallet up to date. Only the lasting reasons are worth a note.
        unsynced={(sync.data?.unsynced ?? []).filter((u) => u.reason !== 'TRANSFER_PENDING')}
        syncedAt={sync.dataUpdatedAt}
        syncError={sync.isError && isApiError(sync.error) && !sync.isFetching ? sync.error.message : null}
        onRecovered={() => setRecovers((n) => n + 1)}
        transfers={transfers}
        recovers={recovers}
      />
      {funds.data.wallets.length < 2 ? (
        <Panel title={t('transfer.form_title')} icon="transfer">
          <EmptyState icon="wallet" title={t('transfer.no_games')} text={t('transfer.no_games_text')} compact />
        </Panel>
      ) : (
        <TransferForm funds={funds.data} onTrial={() => setTrial(true)} onTransferred={() => setTransfers((n) => n + 1)} recovers={recovers} />
      )}
    </div>
  );
};

const Wallets = ({
  funds,
  onTrial,
  refreshing,
  onRefresh,
  onRecovered,
  transfers,
  unsynced,
  syncedAt,
  syncError,
  recovers,
}: {
  funds: ConsolidatedFunds;
  onTrial: () => void;
  refreshing: boolean;
  onRefresh: () => void;
  onRecovered: () => void;
  transfers: number;
  unsynced: { code: string; reason: string }[];
  /** When the providers last answered (0: not yet). */
  syncedAt: number;
  /** Why the last ask of the providers failed (too many in a minute …), in the member's language. */
  syncError: string | null;
  recovers: number;
}) => {
  const { t } = useTranslation('member');
  const invalidate = useInvalidateMoney();
  const keys = useKeyKeeper('rec');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  // Wallets a recover-all left alone (vendor down, a transfer unsettled …): their money is still there.
  const [skipped, setSkipped] = useState<{ code: string; reason: string }[]>([]);
  // Money moved since the providers were last asked: what they said then is history. The count of
  // movements is noted with each answer (adjusted while rendering, React's pattern for derived state).
  const moves = transfers + recovers;
  const [mark, setMark] = useState({ syncedAt, moves });
  if (mark.syncedAt !== syncedAt) setMark({ syncedAt, moves });
  const movedSince = moves !== mark.moves;
  // A transfer made in the form since: this panel's last answer is history.
  useEffect(() => {
    setMessage(null);
    setSkipped([]);
  }, [transfers]);
  const symbol = funds.currencySymbol;
  const nameOf = (code: string) => funds.wallets.find((w) => w.code === code)?.name ?? code;
  const inGames = funds.wallets.some((w) => w.code !== MAIN && toMinor(w.balance) > 0n);

  const recoverAll = async () => {
    setBusy(true);
    setMessage(null);
    setSkipped([]);
    try {
      const result = await sendWithKey(keys, { recoverAll: true }, (idempotencyKey) => transferWallet({ recoverAll: true, idempotencyKey }));
      onRecovered();
      const left = result.skipped ?? [];
      // Pending: a game provider has not confirmed its part yet; the server says so in the member's language.
      const text =
        result.status === 'pending' && result.message
          ? result.message
          : result.moved.length
            ? t('transfer.recovered', { count: result.moved.length })
            : left.length
              ? t('transfer.nothing_recovered')
              : t('transfer.nothing_to_recover');
      setMessage({ ok: result.moved.length > 0 || left.length === 0, text });
      setSkipped(left);
      void invalidate();
    } catch (e) {
      if (!isApiError(e)) throw e;
      if (isTrialError(e)) return onTrial();
      setMessage({ ok: false, text: e.message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel
      id="mc-wallets"
      title={t('transfer.wallets_title')}
      icon="wallet"
      actions={
        <>
          <button type="button" className="btn btn--quiet btn--sm" onClick={onRefresh} disabled={refreshing} aria-label={t('common.refresh')}>
            <Icon name="refresh" size={16} className={refreshing ? 'mc-spin' : undefined} />
          </button>
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => void recoverAll()} disabled={busy || !inGames} aria-busy={busy}>
            {busy ? <span className="mc-spinner" aria-hidden="true" /> : <Icon name="deposit" size={16} />}
            {t('transfer.recover_all')}
          </button>
        </>
      }
    >
      <div className="mc-total">
        <span className="mc-total__label">{t('transfer.total')}</span>
        <strong className="mc-total__value num">{formatAmount(funds.total, { symbol })}</strong>
      </div>
      <ul className="mc-wallets">
        {funds.wallets.map((w) => (
          <li key={w.code} className={`mc-wallet${w.code === MAIN ? ' mc-wallet--main' : ''}`}>
            <span className="mc-wallet__name">{w.code === MAIN ? t('transfer.main_wallet') : w.name}</span>
            {w.code !== MAIN && <span className="mc-wallet__code">{w.code}</span>}
            <strong className="mc-wallet__balance num">{formatAmount(w.balance, { symbol })}</strong>
            {toMinor(w.held) > 0n && <span className="mc-wallet__held num">{t('transfer.held', { amount: formatAmount(w.held, { symbol }) })}</span>}
          </li>
        ))}
      </ul>
      {syncError && <p className="mc-note mc-note--warn" role="status">{syncError}</p>}
      {unsynced.length > 0 && !movedSince && (
        <p className="mc-note mc-note--warn" role="status">
          {t('transfer.unsynced', { wallets: unsynced.map((u) => nameOf(u.code)).join(', ') })}
        </p>
      )}
      {message && (message.ok ? <FormSuccess message={message.text} /> : <FormError message={message.text} />)}
      {skipped.length > 0 && (
        <div className="mc-form-error mc-skipped" role="alert">
          <Icon name="alert" size={18} />
          <div>
            <p>{t('transfer.skipped_title')}</p>
            <ul>
              {skipped.map((s) => (
                <li key={s.code}>{t('transfer.skipped_item', { wallet: nameOf(s.code), reason: t(`transfer.skip_reasons.${s.reason}`, { defaultValue: t('transfer.skip_reasons.other') }) })}</li>
              ))}
            </ul>
          </div>
        </div>
      )}
    </Panel>
  );
};

type Values = { amount: string };

const TransferForm = ({ funds, onTrial, onTransferred, recovers }: { funds: ConsolidatedFunds; onTrial: () => void; onTransferred: () => void; recovers: number }) => {
  const { t } = useTranslation('member');
  const rule = useRule(funds.currencySymbol);
  const keys = useKeyKeeper('wt');
  const invalidate = useInvalidateMoney();
  const games = funds.wallets.filter((w) => w.code !== MAIN);
  const [pair, setPair] = useState<Pair>({ from: MAIN, to: games[0].code });
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // A recover-all since: the last transfer's answer no longer describes the wallets.
  useEffect(() => setDone(null), [recovers]);
  const { register, handleSubmit, formState, setError, setValue, reset, trigger, getValues } = useForm<Values>({ defaultValues: { amount: '' } });
  const { errors, isSubmitting } = formState;
  const symbol = funds.currencySymbol;
  const source = funds.wallets.find((w) => w.code === pair.from);
  const available = source ? spendable(source) : '0.00';
  const nameOf = (code: string) => (code === MAIN ? t('transfer.main_wallet') : (funds.wallets.find((w) => w.code === code)?.name ?? code));

  // Which side the form moved by itself (picking a game wallet on one side when the other held one
  // too): said beside the pair, so the change is not a surprise.
  const [moved, setMoved] = useState<'from' | 'to' | null>(null);
  const change = (next: Pair) => {
    setPair(next);
    setDone(null);
    setMoved(null);
  };
  const pick = (side: 'from' | 'to', code: string) => {
    const next = pickSide(pair, side, code, games[0].code);
    change(next);
    setMoved(movedSide(pair, side, code, next));
  };

  // The limit moves with the source wallet: re-check an amount already typed against the new one.
  useEffect(() => {
    if (getValues('amount')) void trigger('amount');
  }, [pair.from, available, getValues, trigger]);

  // A new try, valid or not, replaces the last one's message: an old "sent" never stands beside a new error.
  const clearMessages = () => {
    setFormError(null);
    setDone(null);
  };
  const onSubmit = handleSubmit(async (values) => {
    clearMessages();
    const fields = { from: pair.from, to: pair.to, amount: wireAmount(values.amount) };
    try {
      const result = await sendWithKey(keys, fields, (idempotencyKey) => transferWallet({ ...fields, idempotencyKey }));
      reset({ amount: '' });
      onTransferred();
      setDone(result.status === 'pending' && result.message ? result.message : t('transfer.done', { amount: formatAmount(fields.amount, { symbol }), from: nameOf(fields.from), to: nameOf(fields.to) }));
      void invalidate();
    } catch (e) {
      if (!isApiError(e)) throw e;
      if (isTrialError(e)) return onTrial();
      const placed = placeServerError(e, ['amount']);
      if (placed.fields.amount) setError('amount', { type: 'server', message: placed.fields.amount });
      setFormError(placed.form);
    }
  }, clearMessages);

  const options = funds.wallets.map((w) => (
    <option key={w.code} value={w.code}>
      {nameOf(w.code)} · {formatAmount(w.balance, { symbol })}
    </option>
  ));

  return (
    <Panel id="mc-transfer" title={t('transfer.form_title')} icon="transfer" description={t('transfer.rule')}>
      <form className="mc-form" onSubmit={onSubmit} noValidate aria-busy={isSubmitting}>
        <div className="mc-pair">
          <SelectField label={t('transfer.from')} icon="wallet" value={pair.from} onChange={(e) => pick('from', e.target.value)} disabled={isSubmitting}>
            {options}
          </SelectField>
          <button type="button" className="mc-pair__swap" onClick={() => change(swap(pair))} aria-label={t('transfer.swap')} title={t('transfer.swap')} disabled={isSubmitting}>
            <Icon name="swap" size={20} />
          </button>
          <SelectField label={t('transfer.to')} icon="wallet" value={pair.to} onChange={(e) => pick('to', e.target.value)} disabled={isSubmitting}>
            {options}
          </SelectField>
        </div>
        {moved ? (
          <p className="mc-note mc-note--info" role="status">
            {t('transfer.side_moved', { side: t(moved === 'from' ? 'transfer.from' : 'transfer.to'), wallet: nameOf(pair[moved]) })}
          </p>
        ) : null}
        <AmountField
          label={t('transfer.amount')}
          symbol={symbol}
          error={errors.amount?.message}
          hint={t('transfer.available', { amount: formatAmount(available, { symbol }) })}
          onAll={() => setValue('amount', available, { shouldValidate: true })}
          {...register('amount', { validate: rule((v: string) => validateAmount(v, { available })) })}
        />
        <FormActions error={formError} success={done} busy={isSubmitting} block label={isSubmitting ? t('common.submitting') : t('transfer.submit')} />
      </form>
    </Panel>
  );
};
