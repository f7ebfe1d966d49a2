import { afterAll, describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { errorMessage } from '@apsara/contracts';
import { i18n } from '../i18n';
import { ApiError, CLIENT_ERROR } from './api';
import { useErrorText } from './use-error-text';

/** A dialog's line: the failure as it reads at this render. */
const Line = ({ error }: { error: unknown }) => {
  const text = useErrorText();
  return <p>{text(error, i18n.t('gameUi.launchFailed'))}</p>;
};
const line = (error: unknown) => renderToStaticMarkup(<Line error={error} />).replace(/^<p>|<\/p>$/g, '');

const start = i18n.language;
afterAll(() => i18n.changeLanguage(start));

describe('a failure already on screen', () => {
  it('follows a language switch: the server\'s answer is said again in the new language', async () => {
    await i18n.changeLanguage('km');
    const refused = new ApiError({ status: 503, code: 'SYSTEM_MAINTENANCE', message: errorMessage('SYSTEM_MAINTENANCE', 'km'), lang: 'km' });
    expect(line(refused)).toBe(errorMessage('SYSTEM_MAINTENANCE', 'km'));
    await i18n.changeLanguage('en');
    expect(line(refused)).toBe(errorMessage('SYSTEM_MAINTENANCE', 'en'));
    await i18n.changeLanguage('cn');
    expect(line(refused)).toBe(errorMessage('SYSTEM_MAINTENANCE', 'cn'));
  });

  it('says the client\'s own failures and the fallback in the language on screen too', async () => {
    const offline = new ApiError({ status: 0, code: CLIENT_ERROR.NETWORK, message: 'written in Khmer before the switch', lang: 'km' });
    await i18n.changeLanguage('en');
    expect(line(offline)).toBe(i18n.t('auth:errors.network_error'));
    expect(line(new Error('boom'))).toBe(i18n.t('gameUi.launchFailed'));
    await i18n.changeLanguage('cn');
    expect(line(new Error('boom'))).toBe(i18n.t('gameUi.launchFailed'));
    expect(line(new Error('boom'))).not.toBe(i18n.getFixedT('en')('gameUi.launchFailed'));
  });
});
