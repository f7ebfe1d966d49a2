import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIST_PAGE_SIZE, type FairRevealedItem } from '@apsara/contracts';
import { useDateFormat } from '../../../lib/use-date-format';
import { useTimeZone } from '../../../lib/use-time-zone';
import { useRevealedSeeds } from '../api/inhouse';
import { PlayError } from './play-error';

const shortHash = (hash: string) => `${hash.slice(0, 10)}…${hash.slice(-6)}`;

/**
 * The member's retired seed pairs that were bet with, newest first (the verifier's "your revealed
 * seeds"). "Use" puts a pair into the verifier's form; the member then picks the round's nonce.
 */
export const RevealedSeeds = ({ onUse }: { onUse: (pair: FairRevealedItem) => void }) => {
  const { t } = useTranslation('games');
  const [page, setPage] = useState(1);
  const list = useRevealedSeeds({ page }, true);
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / LIST_PAGE_SIZE));
  const dates = useDateFormat();
  const zone = useTimeZone();
  const when = (iso: string) => dates.dayTime(iso, zone);

  return (
    <section className="ih-past" aria-labelledby="ih-past-title">
      <h2 id="ih-past-title">{t('verify.pastTitle')}</h2>
      {list.isLoading ? <p className="ih-muted">{t('common.loading')}</p> : null}
      {list.error ? <PlayError error={list.error} /> : null}
      {list.data && list.data.total === 0 ? <p className="ih-muted">{t('verify.pastEmpty')}</p> : null}
      {list.data && list.data.items.length > 0 ? (
        <ol className="ih-past__list">
          {list.data.items.map((pair) => (
            <li key={pair.serverSeedHash} className="ih-past__item">
              <dl className="ih-past__facts">
                <div>
                  <dt>{t('verify.revealedAt')}</dt>
                  <dd>{when(pair.revealedAt)}</dd>
                </div>
                <div>
                  <dt>{t('fair.clientSeed')}</dt>
                  <dd className="ih-mono">{pair.clientSeed}</dd>
                </div>
                <div>
                  <dt>{t('verify.bets')}</dt>
                  <dd className="ih-mono">{pair.nonce}</dd>
                </div>
                <div>
                  <dt>{t('fair.serverSeedHash')}</dt>
                  <dd className="ih-mono" title={pair.serverSeedHash}>{shortHash(pair.serverSeedHash)}</dd>
                </div>
              </dl>
              <button type="button" onClick={() => onUse(pair)} aria-label={t('verify.useLabel', { hash: shortHash(pair.serverSeedHash) })}>
                {t('verify.use')}
              </button>
            </li>
          ))}
        </ol>
      ) : null}
      {pages > 1 ? (
        <div className="ih-past__pager">
          <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>{t('verify.newer')}</button>
          <span>{t('verify.pageOf', { page, pages })}</span>
          <button type="button" disabled={page >= pages} onClick={() => setPage(page + 1)}>{t('verify.older')}</button>
        </div>
      ) : null}
    </section>
  );
};
