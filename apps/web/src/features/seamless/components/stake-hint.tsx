import { useTranslation } from 'react-i18next';
import { FAIR_MAX_STAKE, FAIR_MIN_STAKE } from '@apsara/contracts';
import { useGameMoney } from './use-game-money';

/** The stake limits of Dice and Mines under the stake field; shown as an error while the stake is out of them. */
export const StakeHint = ({ id, invalid }: { id: string; invalid: boolean }) => {
  const { t } = useTranslation('games');
  const money = useGameMoney();
  const text = t('common.stakeRange', { min: money(FAIR_MIN_STAKE), max: money(FAIR_MAX_STAKE) });
  return (
    <p id={id} className={invalid ? 'ih-error ih-small' : 'ih-muted ih-small'} role={invalid ? 'alert' : undefined}>
      {text}
    </p>
  );
};
