import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PROOF_MAX_IMAGES, toMinor } from '@apsara/contracts';
import { closeModal, Modal, useModal } from '../../../../components/ui/modal';
import { isApiError } from '../../../../lib/api';
import { formatAmount } from '../../../../lib/format';
import { MEMBER_KEYS } from '../../../../lib/member-keys';
import { confirmWithdrawal, uploadImage, type ConfirmReceiptBody, type WithdrawalItem } from '../../api/withdrawal';
import { useProblemText } from '../../../../lib/use-problem-text';
import { useTimeZone } from '../../../../lib/use-time-zone';
import { gmtLabel } from '../../../../lib/date-range';
import { formatDateTime } from '../../../../lib/format-time';
import { remainingAfter } from '../../logic/money';
import { placeServerError } from '../../../../lib/server-errors';
import { AmountField } from '../../../../components/ui/member/fields';
import { FormError } from '../../../../components/ui/member/form-error';
import { ImagePicker } from '../../../../components/ui/member/image-picker';
import { parseAmount, validateAmount, wireAmount } from '../../../../lib/field-rules';

export const CONFIRM_RECEIPT_MODAL = 'withdrawalConfirmReceipt';

type Outcome = ConfirmReceiptBody['outcome'];
const OUTCOMES: readonly Outcome[] = ['received', 'partial', 'not_received'];

/** The partial amount: a valid amount above zero and below the payout. */
export const validateReceived = (raw: string, payout: string) => {
  const problem = validateAmount(raw);
  if (problem) return problem;
  const minor = parseAmount(raw);
  return minor !== null && minor >= toMinor(payout) ? { key: 'errors.received_too_high', values: { payout } } : null;
};

/**
 * Spec §4 Withdrawal confirmation: after payment the member answers received, partially received
 * (with the amount that arrived; the rest is shown) or not received. The last two need proof images,
 * each uploaded first. No answer by the deadline counts as received.
 */
export const ConfirmReceiptModal = ({ symbol, confirmMinutes }: { symbol: string; confirmMinutes: number }) => {
  const { t } = useTranslation('member');
  const { props } = useModal<{ withdrawal?: WithdrawalItem }>(CONFIRM_RECEIPT_MODAL);
  const w = props.withdrawal;
  return (
    <Modal name={CONFIRM_RECEIPT_MODAL} title={t('confirm.title')} size="md" className="mc-modal">
      {w && <ConfirmForm key={w.id} w={w} symbol={symbol} confirmMinutes={confirmMinutes} />}
    </Modal>
  );
};

const ConfirmForm = ({ w, symbol, confirmMinutes }: { w: WithdrawalItem; symbol: string; confirmMinutes: number }) => {
  const { t } = useTranslation('member');
  const text = useProblemText(symbol);
  const zone = useTimeZone();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>('received');
  const [received, setReceived] = useState('');
  const [receivedError, setReceivedError] = useState<string | undefined>();
  const [proofs, setProofs] = useState<File[]>([]);
  const [proofError, setProofError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  // Images already uploaded keep their id: a retry after a failed confirm does not upload them again.
  const uploaded = useRef(new Map<File, string>());
  const needsProof = outcome !== 'received';
  const remaining = outcome === 'partial' ? remainingAfter(w.payout, received) : null;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const amountProblem = outcome === 'partial' ? text(validateReceived(received, w.payout)) : undefined;
    const proofProblem = needsProof && proofs.length === 0 ? text({ key: 'errors.proof_required' }) : undefined;
    setReceivedError(amountProblem);
    setProofError(proofProblem);
    if (amountProblem || proofProblem) return;
    try {
      const proofIds: string[] = [];
      if (needsProof) {
        for (const [i, file] of proofs.entries()) {
          setBusy(t('confirm.uploading', { n: i + 1, total: proofs.length }));
          let id = uploaded.current.get(file);
          if (!id) {
            id = (await uploadImage(file)).id;
            uploaded.current.set(file, id);
          }
          proofIds.push(id);
        }
      }
      setBusy(t('common.submitting'));
      await confirmWithdrawal(w.id, { outcome, proofIds, ...(outcome === 'partial' ? { receivedAmount: wireAmount(received) } : {}) });
      void queryClient.invalidateQueries({ queryKey: MEMBER_KEYS.withdrawals });
      closeModal(CONFIRM_RECEIPT_MODAL);
    } catch (err) {
      if (!isApiError(err)) throw err;
      const placed = placeServerError(err, ['receivedAmount', 'proofs']);
      if (placed.fields.receivedAmount) setReceivedError(placed.fields.receivedAmount);
      if (placed.fields.proofs) {
        setProofError(placed.fields.proofs);
        // The server refused an image id: upload them afresh next time.
        uploaded.current.clear();
      }
      setFormError(placed.form);
      if (err.code === 'WITHDRAWAL_ALREADY_CONFIRMED' || err.code === 'WITHDRAWAL_STATE_INVALID') void queryClient.invalidateQueries({ queryKey: MEMBER_KEYS.withdrawals });
    } finally {
      setBusy(null);
    }
  };

  return (
    <form className="mc-form" onSubmit={(e) => void submit(e)} noValidate aria-busy={busy !== null}>
      <dl className="mc-summary">
        <div>
          <dt>{t('confirm.order')}</dt>
          <dd className="num">#{w.id}</dd>
        </div>
        <div>
          <dt>{t('table.card')}</dt>
          <dd>
            {w.bankName} <span className="num">{w.accountNumberMasked}</span>
          </dd>
        </div>
        <div>
          <dt>{t('withdraw.payout')}</dt>
          <dd className="num mc-summary__strong">{formatAmount(w.payout, { symbol })}</dd>
        </div>
      </dl>

      <div className="mc-callout" id="mc-confirm-deadline">
        <p>
          {w.confirmDeadline
            ? t('confirm.deadline', { time: `${formatDateTime(w.confirmDeadline, zone)} (${gmtLabel(zone)})`, minutes: confirmMinutes })
            : t('confirm.deadline_minutes', { minutes: confirmMinutes })}
        </p>
        <p className="mc-callout__small">{t('confirm.forced_note')}</p>
      </div>

      <fieldset className="mc-choices mc-choices--stack">
        <legend className="mc-field__label">{t('confirm.question')}</legend>
        {OUTCOMES.map((o) => (
          <label key={o} className={`mc-choice${outcome === o ? ' is-checked' : ''}`}>
            <input type="radio" name="outcome" className="mc-choice__input" value={o} checked={outcome === o} onChange={() => setOutcome(o)} disabled={busy !== null} />
            <span className="mc-choice__mark" aria-hidden="true" />
            <span className="mc-choice__body">
              <span className="mc-choice__title">{t(`confirm.outcome_${o}`)}</span>
              <span className="mc-choice__meta">{t(`confirm.outcome_${o}_hint`)}</span>
            </span>
          </label>
        ))}
      </fieldset>

      {outcome === 'partial' && (
        <div className="mc-partial">
          <AmountField
            label={t('confirm.received_amount')}
            symbol={symbol}
            value={received}
            onChange={(e) => {
              setReceived(e.target.value);
              setReceivedError(undefined);
            }}
            error={receivedError}
            hint={t('confirm.received_hint', { payout: formatAmount(w.payout, { symbol }) })}
            disabled={busy !== null}
          />
          <p className="mc-remaining" aria-live="polite">
            {t('confirm.remaining')} <strong className="num">{remaining !== null ? formatAmount(remaining, { symbol }) : '—'}</strong>
          </p>
        </div>
      )}

      {needsProof && (
        <ImagePicker
          label={t('confirm.proofs')}
          files={proofs}
          max={PROOF_MAX_IMAGES}
          error={proofError}
          disabled={busy !== null}
          onChange={(files) => {
            setProofs(files);
            setProofError(undefined);
          }}
        />
      )}

      <FormError message={formError} />
      <div className="mc-modal__actions">
        <button type="button" className="btn btn--ghost" onClick={() => closeModal(CONFIRM_RECEIPT_MODAL)} disabled={busy !== null}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="btn btn--gold" disabled={busy !== null}>
          {busy && <span className="mc-spinner" aria-hidden="true" />}
          {busy ?? t('confirm.submit')}
        </button>
      </div>
    </form>
  );
};
