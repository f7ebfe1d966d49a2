import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal, closeModal, openModal } from '../../../../components/ui/modal';
import { AmountField, TextAreaField } from '../../../../components/ui/member/fields';
import { bonusProblem, noteProblem, type NoteRule } from '../../logic/queues';
import { BoProblem } from './states';
import { useSiteMoney } from './bits';

export type DecisionTone = 'approve' | 'reject' | 'neutral';

/** What the dialog shows and asks before it runs a decision. */
export type DecisionRequest = {
  title: string;
  confirmLabel: string;
  tone: DecisionTone;
  /** What is being decided, as label / value lines (member, amount, reference …). */
  facts: { label: string; value: ReactNode }[];
  /** A line on what happens (money moves, the member is told). */
  consequence?: string;
  /** `audit`: the note is a reason for the audit log, not words to the member (its "required" text says so). */
  note?: { rule: NoteRule; max: number; min?: number; label: string; hint?: string; audit?: boolean };
  amount?: { label: string; max: string | null; hint?: string };
  run: (input: { note: string; amount: string }) => Promise<unknown>;
  onDone?: (result: unknown) => void;
};

/** Each request starts a fresh form (its note and errors are not carried to the next row's). */
const serials = new WeakMap<DecisionRequest, number>();
let lastSerial = 0;
const serialOf = (request: DecisionRequest) => {
  let n = serials.get(request);
  if (n === undefined) {
    lastSerial += 1;
    n = lastSerial;
    serials.set(request, n);
  }
  return n;
};

/**
 * One confirmation dialog for every decision of the back office: what is decided, the note or amount
 * it needs (checked as the server checks them), and the confirm button, disabled while the call is in
 * flight. A refusal stays in the dialog with the server's code and message; success closes it.
 */
export const DecisionDialog = ({ name, request, onClose }: { name: string; request: DecisionRequest | null; onClose: () => void }) => {
  useEffect(() => {
    if (request) openModal(name);
    else closeModal(name);
  }, [name, request]);
  useEffect(() => () => closeModal(name), [name]);
  if (!request) return null;
  return (
    <Modal name={name} title={request.title} size="sm" onClose={onClose} className="bo-dialog">
      <DecisionBody key={serialOf(request)} request={request} onClose={onClose} />
    </Modal>
  );
};

const DecisionBody = ({ request, onClose }: { request: DecisionRequest; onClose: () => void }) => {
  const { t } = useTranslation('ops');
  const site = useSiteMoney();
  const ids = useId();
  const [note, setNote] = useState('');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<{ note?: string; amount?: string }>({});
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    const next: { note?: string; amount?: string } = {};
    if (request.note) {
      const problem = noteProblem(note, request.note.rule, request.note.max, request.note.min);
      if (problem) next.note = t(problem === 'required' && request.note.audit ? 'decision.note_required_audit' : `decision.note_${problem}`, { max: request.note.max, min: request.note.min ?? 1 });
    }
    if (request.amount) {
      const problem = bonusProblem(amount, request.amount.max);
      if (problem) next.amount = t(`decision.amount_${problem}`, { max: request.amount.max ?? '' });
    }
    setErrors(next);
    if (next.note || next.amount) return;
    setPending(true);
    setFailure(null);
    try {
      const result = await request.run({ note: note.trim(), amount: amount.trim() });
      request.onDone?.(result);
      onClose();
    } catch (err) {
      setFailure(err);
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="bo-decision" onSubmit={submit} noValidate aria-busy={pending}>
      <dl className="bo-facts">
        {request.facts.map((f) => (
          <div key={f.label} className="bo-facts__row">
            <dt>{f.label}</dt>
            <dd>{f.value}</dd>
          </div>
        ))}
      </dl>
      {request.consequence && <p className={`bo-decision__consequence bo-decision__consequence--${request.tone}`}>{request.consequence}</p>}
      {request.amount && (
        <AmountField
          id={`${ids}-amount`}
          label={request.amount.label}
          symbol={site.symbol}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={errors.amount}
          hint={request.amount.hint}
          data-autofocus
        />
      )}
      {request.note && (
        <TextAreaField
          id={`${ids}-note`}
          label={request.note.rule === 'optional' ? t('decision.optional', { label: request.note.label }) : request.note.label}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          error={errors.note}
          hint={request.note.hint ?? t('decision.note_count', { count: [...note.trim()].length, max: request.note.max })}
          rows={3}
          {...(request.amount ? {} : { 'data-autofocus': true })}
        />
      )}
      <BoProblem error={failure} />
      <div className="bo-decision__actions">
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          {t('common.cancel')}
        </button>
        <button type="submit" className={`btn ${request.tone === 'reject' ? 'bo-btn--danger' : 'btn--gold'}`} disabled={pending}>
          {pending && <span className="mc-spinner" aria-hidden="true" />}
          {request.confirmLabel}
        </button>
      </div>
    </form>
  );
};
