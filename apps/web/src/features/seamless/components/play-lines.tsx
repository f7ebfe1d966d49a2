import { useTranslation } from 'react-i18next';
import type { BetInhousePlay } from '@apsara/contracts';

/** Suns that pay or start free spins; fewer are not worth a word. */
const SUNS_WORTH_SAYING = 3;

/** A settled in-house round's play as the words of its line, in the reader's language. */
export const playWords = (play: BetInhousePlay, t: (key: string, vars?: Record<string, unknown>) => string): string => {
  switch (play.game) {
    case 'DICE':
      return t('record.dice', { direction: t(`record.${play.direction}`), target: play.target, roll: play.roll });
    case 'MINES':
      return t(`record.mines_${play.outcome}`, { mines: play.mines, safe: play.safe });
    case 'SLOT':
      return [
        play.lineWins > 0 ? t('record.slot_lines', { count: play.lineWins }) : t('record.slot_no_lines'),
        play.scatterCount >= SUNS_WORTH_SAYING ? t('record.slot_suns', { count: play.scatterCount }) : null,
        play.freeSpins > 0 ? t('record.slot_free', { count: play.freeSpins }) : null,
      ]
        .filter(Boolean)
        .join(' · ');
  }
};

/**
 * What was played in a round of the site's own Slot, Dice or Mines ("Roll under 50.00 · rolled 37.21"),
 * for the betting record and the agent's team bets.
 */
export const PlayLine = ({ play, className }: { play: BetInhousePlay; className?: string }) => {
  const { t } = useTranslation('games');
  return <span className={className}>{playWords(play, t)}</span>;
};
