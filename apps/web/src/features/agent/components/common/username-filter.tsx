import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../../components/ui/icons/icons';
import { usernameProblem } from '../../logic/team-filters';

type Props = {
  /** The username the list is about now ('' for the whole team). */
  applied: string;
  onApply: (username: string) => void;
  /** The server's word about it (not in the team), shown under the field. */
  serverError: string | null;
};

/**
 * Whom a team list is about: one username, or everyone. Checked with the sign-in alphabet before it
 * is asked for; the server's "not in your team" shows in the same place.
 */
export const UsernameFilter = ({ applied, onApply, serverError }: Props) => {
  const { t } = useTranslation('auth');
  const id = useId();
  const inputId = `ag-user${id}`;
  const errorId = `${inputId}-error`;
  const [draft, setDraft] = useState(applied);
  const [localError, setLocalError] = useState<string | null>(null);
  // A row's link (?username=) or "show everyone" changes the filter from outside: the box follows.
  useEffect(() => {
    setDraft(applied);
    setLocalError(null);
  }, [applied]);
  const error = localError ?? serverError;
  return (
    <form
      className="ag-userfilter"
      role="search"
      aria-label={t('agent.filter.label')}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (usernameProblem(draft)) {
          setLocalError(t('agent.filter.invalid'));
          return;
        }
        setLocalError(null);
        onApply(draft.trim());
      }}
    >
      <div className={`ag-field ag-userfilter__field${error ? ' ag-field--invalid' : ''}`}>
        <label className="ag-field__label" htmlFor={inputId}>
          {t('agent.filter.username')}
        </label>
        <div className="ag-userfilter__row">
          <div className="ag-field__box">
            <span className="ag-field__icon" aria-hidden="true">
              <Icon name="user" size={18} />
            </span>
            <input
              id={inputId}
              className="ag-field__input"
              value={draft}
              maxLength={64}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              placeholder={t('agent.filter.placeholder')}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(e) => {
                setDraft(e.target.value);
                setLocalError(null);
              }}
            />
          </div>
          <div className="ag-userfilter__actions">
            <button type="submit" className="btn btn--gold btn--sm">
              {t('agent.filter.apply')}
            </button>
            {applied && (
              <button type="button" className="btn btn--ghost btn--sm" onClick={() => onApply('')}>
                {t('agent.filter.everyone')}
              </button>
            )}
          </div>
        </div>
        {error && (
          <p id={errorId} className="ag-field__error" role="alert">
            <Icon name="alert" size={14} />
            {error}
          </p>
        )}
      </div>
    </form>
  );
};
