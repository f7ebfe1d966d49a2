import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../../lib/api';

/** A failed play: the server's message (already in the player's language), or a generic one. */
export const PlayError = ({ error }: { error: unknown }) => {
  const { t } = useTranslation('games');
  if (!error) return null;
  const code = isApiError(error) ? error.code : 'UNKNOWN';
  const text = isApiError(error) ? error.message : t('errors.generic');
  return (
    <p className="ih-error" role="alert" data-code={code}>
      {text}
      {code === 'INSUFFICIENT_FUNDS' ? <> · <Link to="/member/depositv2">{t('errors.deposit')}</Link></> : null}
    </p>
  );
};
