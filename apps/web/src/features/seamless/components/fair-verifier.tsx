import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  CLIENT_SEED_RE,
  diceRoll,
  floats,
  formatHundredths,
  generateMines,
  MINES_MAX,
  MINES_MIN,
  SERVER_SEED_RE,
  SHA256_HEX_RE,
  sha256Hex,
  type FairRevealedItem,
} from '@apsara/contracts';
import { useLoginState } from '../../../lib/session';
import { useRevealedSeeds, useSeeds } from '../api/inhouse';
import { RevealedSeeds } from './revealed-seeds';

type Outcome = { hash: string; matches: boolean | null; roll?: string; mines?: number[] };
type Inputs = { kind: 'dice' | 'mines'; serverSeed: string; hash: string; clientSeed: string; nonce: string; mines: number };

/**
 * Recomputes a round in the browser from revealed seeds, with WebCrypto and the same contracts code
 * the server deals with; nothing typed here is sent anywhere. For a signed-in member the page also
 * reads the member's own revealed seeds: a round's link ("verify this round") carries its server seed
 * hash, so once rotation has revealed that seed it is filled in and the round checked at once (until
 * then the page says the seed is still in use), and the pairs are listed below the form.
 */
export const FairVerifier = () => {
  const { t } = useTranslation('games');
  const [params] = useSearchParams();
  const { isLogin, isTrial } = useLoginState();
  const [kind, setKind] = useState<'dice' | 'mines'>(params.get('kind') === 'mines' ? 'mines' : 'dice');
  const [serverSeed, setServerSeed] = useState(params.get('serverSeed') ?? '');
  const [hash, setHash] = useState(params.get('hash') ?? '');
  const [clientSeed, setClientSeed] = useState(params.get('clientSeed') ?? '');
  const [nonce, setNonce] = useState(params.get('nonce') ?? '0');
  const [mines, setMines] = useState(() => {
    const m = Number(params.get('mines'));
    return Number.isInteger(m) && m >= MINES_MIN && m <= MINES_MAX ? m : 3;
  });
  const [out, setOut] = useState<Outcome | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [filledFrom, setFilledFrom] = useState<'lookup' | 'list' | null>(null);
  const nonceField = useRef<HTMLInputElement>(null);

  const verify = async (i: Inputs) => {
    setOut(null);
    setProblem(null);
    const seed = i.serverSeed.trim().toLowerCase();
    const n = Number(i.nonce);
    if (!SERVER_SEED_RE.test(seed)) return setProblem(t('verify.badServerSeed'));
    if (!CLIENT_SEED_RE.test(i.clientSeed)) return setProblem(t('fair.clientSeedRule'));
    if (!/^\d{1,15}$/.test(i.nonce) || !Number.isSafeInteger(n)) return setProblem(t('verify.badNonce'));
    try {
      const computed = await sha256Hex(seed);
      const matches = i.hash.trim() ? computed === i.hash.trim().toLowerCase() : null;
      if (i.kind === 'dice') {
        const [f] = await floats(seed, i.clientSeed, n, 1);
        setOut({ hash: computed, matches, roll: formatHundredths(diceRoll(f)) });
      } else {
        setOut({ hash: computed, matches, mines: await generateMines({ serverSeed: seed, clientSeed: i.clientSeed, nonce: n }, i.mines) });
      }
    } catch {
      setProblem(t('verify.noCrypto'));
    }
  };

  // A round's link carries its hash but not its server seed: a member's own revealed pair supplies it.
  const member = isLogin && !isTrial;
  const linkedHash = (params.get('hash') ?? '').trim().toLowerCase();
  const lookUp = member && SHA256_HEX_RE.test(linkedHash) && !params.get('serverSeed');
  const found = useRevealedSeeds({ page: 1, serverSeedHash: linkedHash }, lookUp);
  const seeds = useSeeds(lookUp);
  const foundPair = found.data?.items[0];
  const filled = useRef(false);
  useEffect(() => {
    if (!foundPair || filled.current) return;
    filled.current = true;
    const cs = clientSeed || foundPair.clientSeed;
    setServerSeed(foundPair.serverSeed);
    setClientSeed(cs);
    setFilledFrom('lookup');
    void verify({ kind, serverSeed: foundPair.serverSeed, hash, clientSeed: cs, nonce, mines });
  }, [foundPair]); // once, when the look-up answers: later edits are the member's own
  // Not revealed yet (the seed in use, or the one committed next), or not among the pairs kept (seeds
  // retired before pairs were kept, or a round of someone else's): each says what to do.
  const unrevealed =
    lookUp && found.data?.total === 0 && seeds.data !== undefined
      ? [seeds.data.serverSeedHash, seeds.data.nextServerSeedHash].includes(linkedHash)
        ? 'verify.stillInUse'
        : 'verify.notKept'
      : null;

  const fillFromPair = (pair: FairRevealedItem) => {
    setServerSeed(pair.serverSeed);
    setHash(pair.serverSeedHash);
    setClientSeed(pair.clientSeed);
    setNonce('0');
    setOut(null);
    setProblem(null);
    setFilledFrom('list');
    nonceField.current?.focus();
    nonceField.current?.select();
  };

  const mineSet = new Set(out?.mines ?? []);

  return (
    <section className="ih-game ih-verify" aria-labelledby="ih-verify-title">
      <header className="ih-game__head">
        <h1 id="ih-verify-title">{t('verify.title')}</h1>
      </header>
      <p className="ih-muted">{t('verify.intro')}</p>
      {unrevealed ? (
        <p className="ih-note" role="status">{t(unrevealed)}</p>
      ) : null}
      {filledFrom ? (
        <p className="ih-note" role="status">{t(filledFrom === 'lookup' ? 'verify.filledFromRound' : 'verify.filledFromList')}</p>
      ) : null}
      <div className="ih-toggle" role="group" aria-label={t('verify.game')}>
        <button type="button" aria-pressed={kind === 'dice'} onClick={() => setKind('dice')}>{t('dice.title')}</button>
        <button type="button" aria-pressed={kind === 'mines'} onClick={() => setKind('mines')}>{t('mines.title')}</button>
      </div>
      <form
        className="ih-form"
        onSubmit={(e) => {
          e.preventDefault();
          void verify({ kind, serverSeed, hash, clientSeed, nonce, mines });
        }}
      >
        <label className="ih-field">
          <span>{t('fair.serverSeed')}</span>
          <input className="ih-mono" value={serverSeed} onChange={(e) => setServerSeed(e.target.value)} spellCheck={false} autoComplete="off" />
        </label>
        <label className="ih-field">
          <span>{t('verify.shownHash')}</span>
          <input className="ih-mono" value={hash} onChange={(e) => setHash(e.target.value)} spellCheck={false} autoComplete="off" />
        </label>
        <div className="ih-controls">
          <label className="ih-field ih-grow">
            <span>{t('fair.clientSeed')}</span>
            <input className="ih-mono" value={clientSeed} onChange={(e) => setClientSeed(e.target.value.trim())} spellCheck={false} autoComplete="off" />
          </label>
          <label className="ih-field">
            <span>{t('fair.nonce')}</span>
            <input ref={nonceField} inputMode="numeric" value={nonce} onChange={(e) => setNonce(e.target.value.trim())} />
          </label>
          {kind === 'mines' ? (
            <label className="ih-field">
              <span>{t('mines.count')}</span>
              <select value={mines} onChange={(e) => setMines(Number(e.target.value))}>
                {Array.from({ length: MINES_MAX - MINES_MIN + 1 }, (_, i) => i + MINES_MIN).map((m) => (
                  <option key={m} value={m}>{m}</option>
                ))}
              </select>
            </label>
          ) : null}
        </div>
        <button type="submit" className="ih-primary">{t('verify.run')}</button>
      </form>
      {problem ? <p className="ih-error" role="alert">{problem}</p> : null}
      {out ? (
        <div className="ih-verify__out" aria-live="polite">
          <dl className="ih-kv">
            <dt>{t('verify.computedHash')}</dt>
            <dd className="ih-mono">{out.hash}</dd>
          </dl>
          {out.matches === null ? null : (
            <p className={out.matches ? 'ih-win' : 'ih-loss'}>{out.matches ? t('verify.match') : t('verify.mismatch')}</p>
          )}
          {out.roll ? <p className="ih-verify__roll">{t('verify.roll', { roll: out.roll })}</p> : null}
          {out.mines ? (
            <>
              <p>{t('verify.mines', { cells: out.mines.join(', ') })}</p>
              <div className="ih-board ih-board--small" role="grid" aria-label={t('mines.board')}>
                {[0, 1, 2, 3, 4].map((row) => (
                  <div role="row" className="ih-board__row" key={row}>
                    {[0, 1, 2, 3, 4].map((col) => {
                      const cell = row * 5 + col;
                      const mine = mineSet.has(cell);
                      return (
                        <div role="gridcell" key={col} className={`ih-cell ${mine ? 'ih-cell--mine' : 'ih-cell--safe'}`} aria-label={t('mines.cell', { row: row + 1, col: col + 1, state: t(mine ? 'mines.state.mine' : 'mines.state.safe') })}>
                          <span aria-hidden="true">{mine ? '●' : cell}</span>
                        </div>
                      );
                    })}
                  </div>
                ))}
              </div>
            </>
          ) : null}
        </div>
      ) : null}
      {member ? <RevealedSeeds onUse={fillFromPair} /> : null}
    </section>
  );
};
