import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../../components/ui/icons/icons';
import { SelectField, TextField } from '../../../../components/ui/member/fields';
import { useOpsOperators } from '../../api/operators';
import { AUDIT_ACTION_PREFIXES, AUDIT_TARGET_TYPES, auditFilterProblems, auditSearchOf, isAuditFiltered, normalAuditFilter, EMPTY_AUDIT_FILTER, type AuditField, type AuditFilter } from '../../logic/audit';
import { Switch } from '../settings/settings-kit';
import { useOperator } from '../frame/operator-context';

/**
 * The audit log's filters: an action (typed, or one of the common starts offered as you type), what
 * it was done to (type and id), who did it, and whether operators' sign-ins show. Applied with the
 * button, into the page's address, so a reload or a shared link shows the same entries.
 */
export const AuditFilters = ({ value, onApply }: { value: AuditFilter; onApply: (filter: AuditFilter) => void }) => {
  const { t } = useTranslation('ops');
  const { can } = useOperator();
  const operators = useOpsOperators(can('operator.manage'));
  const [draft, setDraft] = useState(value);
  const [errors, setErrors] = useState<Partial<Record<AuditField, true>>>({});
  const applied = JSON.stringify(auditSearchOf(value));
  // The address changed (back, a link, "only this target"): the form shows what is applied.
  useEffect(() => {
    setDraft(value);
    setErrors({});
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [applied]);

  const edit = (patch: Partial<AuditFilter>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch)) delete next[k as AuditField];
      return next;
    });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problems = auditFilterProblems(draft);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    onApply(normalAuditFilter(draft));
  };

  const known = operators.data?.items ?? [];
  const unknownOperator = draft.operatorId && !known.some((o) => o.id === draft.operatorId);

  return (
    <form className="bo-audit-filters" role="search" aria-label={t('audit.filter.label')} onSubmit={submit} noValidate>
      <div className="bo-audit-filters__fields">
        <TextField
          id="bo-audit-action"
          label={t('audit.filter.action')}
          hint={t('audit.filter.action_hint')}
          list="bo-audit-action-starts"
          placeholder="deposit.online"
          autoComplete="off"
          spellCheck={false}
          maxLength={120}
          value={draft.action}
          error={errors.action ? t('audit.filter.action_rule') : undefined}
          onChange={(e) => edit({ action: e.target.value })}
        />
        <datalist id="bo-audit-action-starts">
          {AUDIT_ACTION_PREFIXES.map((p) => (
            <option key={p} value={p}>
              {t(`audit.prefix.${p}`)}
            </option>
          ))}
        </datalist>
        <TextField
          id="bo-audit-target-type"
          label={t('audit.filter.targetType')}
          list="bo-audit-target-types"
          placeholder="member"
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
          value={draft.targetType}
          error={errors.targetType ? t('audit.filter.targetType_rule') : undefined}
          onChange={(e) => edit({ targetType: e.target.value })}
        />
        <datalist id="bo-audit-target-types">
          {AUDIT_TARGET_TYPES.map((p) => (
            <option key={p} value={p}>
              {t(`audit.target_type.${p}`)}
            </option>
          ))}
        </datalist>
        <TextField
          id="bo-audit-target-id"
          label={t('audit.filter.targetId')}
          placeholder="1024"
          autoComplete="off"
          spellCheck={false}
          maxLength={64}
          value={draft.targetId}
          error={errors.targetId ? t('audit.filter.targetId_rule') : undefined}
          onChange={(e) => edit({ targetId: e.target.value })}
        />
        {can('operator.manage') && (
          <SelectField id="bo-audit-operator" label={t('audit.filter.operator')} value={draft.operatorId} error={errors.operatorId ? t('audit.filter.operator_rule') : undefined} onChange={(e) => edit({ operatorId: e.target.value })}>
            <option value="">{t('audit.filter.any_operator')}</option>
            {known.map((o) => (
              <option key={o.id} value={o.id}>
                {o.me ? t('audit.filter.operator_me', { name: o.username }) : o.username}
              </option>
            ))}
            {unknownOperator && <option value={draft.operatorId}>#{draft.operatorId}</option>}
          </SelectField>
        )}
      </div>
      <div className="bo-audit-filters__foot">
        <Switch label={t('audit.filter.hide_sign_ins')} hint={t('audit.filter.hide_sign_ins_hint')} checked={draft.hideSignIns} onChange={(e) => edit({ hideSignIns: e.target.checked })} />
        <div className="bo-audit-filters__actions">
          <button type="button" className="btn btn--ghost btn--sm" disabled={!isAuditFiltered(value) && !isAuditFiltered(draft)} onClick={() => onApply(EMPTY_AUDIT_FILTER)}>
            {t('audit.filter.clear')}
          </button>
          <button type="submit" className="btn btn--gold btn--sm">
            <Icon name="history" size={14} />
            {t('audit.filter.apply')}
          </button>
        </div>
      </div>
    </form>
  );
};
