import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { CLIENT_SEED_RE, type FairRotateValue } from '@apsara/contracts';
import { INHOUSE_KEYS, rotateSeeds, useSeeds } from '../api/inhouse';
import { PlayError } from './play-error';
import { backOf } from '../logic';

/** Provably-fair seeds: the committed hashes, the client seed (editable → rotation) and the next nonce. */
export const SeedsPanel = () => {
  // The game page's way back goes along to the verifier.
  const back = backOf(useSearchParams()[0]);
  const { t } = useTranslation('games');
  const seeds = useSeeds();
  const client = useQueryClient();
  const [clientSeed, setClientSeed] = useState('');
  const [revealed, setRevealed] = useState<FairRotateValue['revealed'] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const valid = clientSeed === '' || CLIENT_SEED_RE.test(clientSeed);

  const rotate = async () => {
    setBusy(true);
    setError(null);
    try {
      const r = await rotateSeeds(clientSeed || undefined);
      setRevealed(r.revealed);
      client.setQueryData(INHOUSE_KEYS.seeds, r.seeds);
      void client.invalidateQueries({ queryKey: INHOUSE_KEYS.revealed });
      setClientSeed('');
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="ih-seeds" aria-labelledby="ih-seeds-title">
      <h2 id="ih-seeds-title">{t('fair.title')}</h2>
      {seeds.isLoading ? <p className="ih-muted">{t('common.loading')}</p> : null}
      {seeds.error ? <PlayError error={seeds.error} /> : null}
      {seeds.data ? (
        <dl className="ih-kv">
          <dt>{t('fair.serverSeedHash')}</dt>
          <dd className="ih-mono">{seeds.data.serverSeedHash}</dd>
          <dt>{t('fair.clientSeed')}</dt>
          <dd className="ih-mono">{seeds.data.clientSeed}</dd>
          <dt>{t('fair.nonce')}</dt>
          <dd className="ih-mono">{seeds.data.nonce}</dd>
          <dt>{t('fair.nextHash')}</dt>
          <dd className="ih-mono">{seeds.data.nextServerSeedHash}</dd>
        </dl>
      ) : null}
      <div className="ih-controls">
        <label className="ih-field ih-grow">
          <span>{t('fair.newClientSeed')}</span>
          <input value={clientSeed} onChange={(e) => setClientSeed(e.target.value.trim())} maxLength={64} placeholder={seeds.data?.clientSeed} aria-invalid={!valid} />
        </label>
        <button type="button" onClick={rotate} disabled={busy || !valid}>{t('fair.rotate')}</button>
      </div>
      {!valid ? <p className="ih-error">{t('fair.clientSeedRule')}</p> : null}
      <PlayError error={error} />
      {revealed ? (
        <div className="ih-revealed" aria-live="polite">
          <h3>{t('fair.revealed')}</h3>
          <dl className="ih-kv">
            <dt>{t('fair.serverSeed')}</dt>
            <dd className="ih-mono">{revealed.serverSeed}</dd>
            <dt>{t('fair.serverSeedHash')}</dt>
            <dd className="ih-mono">{revealed.serverSeedHash}</dd>
            <dt>{t('fair.clientSeed')}</dt>
            <dd className="ih-mono">{revealed.clientSeed}</dd>
            <dt>{t('fair.betsMade')}</dt>
            <dd className="ih-mono">{revealed.nonce}</dd>
          </dl>
          <Link to={`/seamless?${new URLSearchParams({ game: 'APSARA:VERIFY', serverSeed: revealed.serverSeed, hash: revealed.serverSeedHash, clientSeed: revealed.clientSeed, ...(back ? { back } : {}) })}`}>{t('fair.verifyLink')}</Link>
        </div>
      ) : null}
    </section>
  );
};
