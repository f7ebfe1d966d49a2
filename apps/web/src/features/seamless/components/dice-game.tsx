import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { diceMultiplierScaled, diceWinChancePercent, DICE_TARGET_MAX, DICE_TARGET_MIN, formatHundredths, formatMultiplier, type DiceDirection, type DiceRollValue } from '@apsara/contracts';
import { Link } from 'react-router';
import { playKey, rollDice, useAfterPlay, verifyHref } from '../api/inhouse';
import { isFairStake } from '../logic';
import { PlayError } from './play-error';
import { StakeHint } from './stake-hint';
import { useGameMoney } from './use-game-money';
import { SeedsPanel } from './seeds-panel';

export const DiceGame = () => {
  const { t } = useTranslation('games');
  const money = useGameMoney();
  const afterPlay = useAfterPlay();
  const [target, setTarget] = useState(5000);
  const [direction, setDirection] = useState<DiceDirection>('under');
  const [amount, setAmount] = useState('1.00');
  const [result, setResult] = useState<DiceRollValue | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const bet = { target, direction };
  const amountOk = isFairStake(amount);
  const stakeHintId = useId();

  const roll = async () => {
    setBusy(true);
    setError(null);
    try {
      setResult(await rollDice({ amount, target: formatHundredths(target), direction, idempotencyKey: playKey() }));
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
      afterPlay();
    }
  };

  const setFromText = (v: string) => {
    const n = Math.round(Number(v) * 100);
    if (Number.isFinite(n)) setTarget(Math.min(DICE_TARGET_MAX, Math.max(DICE_TARGET_MIN, n)));
  };

  const rollPos = result ? Number(result.roll) : null;

  return (
    <div className="ih-split">
      <section className="ih-game ih-dice" aria-labelledby="ih-dice-title">
        <header className="ih-game__head">
          <h1 id="ih-dice-title">{t('dice.title')}</h1>
          <span className="ih-chip">{t('dice.edge')}</span>
        </header>
        <div className="ih-dice__result" aria-live="polite">
          {result ? (
            <>
              <output className={`ih-dice__roll ${result.win ? 'is-win' : 'is-loss'}`}>{result.roll}</output>
              <p className={result.win ? 'ih-win' : 'ih-loss'}>{result.win ? t('dice.won', { amount: money(result.payout) }) : t('dice.lost')}</p>
              <p className="ih-muted ih-small">
                {t('dice.nonceOf', { nonce: result.nonce })} · <Link to={verifyHref(result, 'dice')}>{t('fair.verifyRound')}</Link>
              </p>
            </>
          ) : (
            <output className="ih-dice__roll">—</output>
          )}
        </div>
        <div className="ih-track" aria-hidden="true">
          <div className={`ih-track__zone ih-track__zone--${direction}`} style={{ ['--t' as string]: `${target / 100}%` }} />
          {rollPos !== null ? <div className="ih-track__marker" style={{ left: `${rollPos}%` }} /> : null}
        </div>
        <label className="ih-field">
          <span>{t('dice.target')}: {formatHundredths(target)}</span>
          <input type="range" min={DICE_TARGET_MIN} max={DICE_TARGET_MAX} step={1} value={target} onChange={(e) => setTarget(Number(e.target.value))} aria-valuetext={formatHundredths(target)} />
        </label>
        <div className="ih-controls">
          <label className="ih-field">
            <span>{t('dice.targetExact')}</span>
            <input type="number" inputMode="decimal" min={1} max={99} step={0.01} value={formatHundredths(target)} onChange={(e) => setFromText(e.target.value)} />
          </label>
          <div className="ih-toggle" role="group" aria-label={t('dice.direction')}>
            <button type="button" aria-pressed={direction === 'under'} onClick={() => setDirection('under')}>{t('dice.under')}</button>
            <button type="button" aria-pressed={direction === 'over'} onClick={() => setDirection('over')}>{t('dice.over')}</button>
          </div>
        </div>
        <dl className="ih-stats">
          <div><dt>{t('dice.chance')}</dt><dd>{diceWinChancePercent(bet)}%</dd></div>
          <div><dt>{t('common.multiplier')}</dt><dd>{formatMultiplier(diceMultiplierScaled(bet))}×</dd></div>
        </dl>
        <div className="ih-controls">
          <label className="ih-field">
            <span>{t('common.amount')}</span>
            <input inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} aria-invalid={!amountOk} aria-describedby={stakeHintId} />
          </label>
          <button type="button" className="ih-primary" onClick={roll} disabled={busy || !amountOk}>{busy ? t('common.wait') : t('dice.roll')}</button>
        </div>
        <StakeHint id={stakeHintId} invalid={!amountOk} />
        <PlayError error={error} />
        {result ? <p className="ih-muted ih-small">{t('common.balance', { amount: money(result.balance) })}</p> : null}
      </section>
      <SeedsPanel />
    </div>
  );
};
