import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { contentLanguage } from '../i18n/languages';
import { CLIENT_ERROR, isApiError } from './api';
import { errorTextIn } from './server-errors';

/** The client's own failures (no server answer): their texts, by key. */
const CLIENT_KEYS: Record<string, string> = {
  [CLIENT_ERROR.NETWORK]: 'auth:errors.network_error',
  [CLIENT_ERROR.BAD_RESPONSE]: 'auth:errors.bad_response',
};

/**
 * What a failed call says, in the language on screen: call it at render (not when the call fails)
 * and keep the error itself, so a message already shown follows a language switch. `fallback` when
 * the failure is not a call's, or says nothing.
 */
export const useErrorText = () => {
  const { t, i18n } = useTranslation();
  const lang = contentLanguage(i18n.language ?? 'en');
  return useCallback(
    (error: unknown, fallback: string) => {
      if (!isApiError(error)) return fallback;
      const clientKey = CLIENT_KEYS[error.code];
      if (clientKey) return t(clientKey);
      return errorTextIn(error, lang) || fallback;
    },
    [t, lang],
  );
};
