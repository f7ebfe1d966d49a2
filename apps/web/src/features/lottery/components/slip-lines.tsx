import { useTranslation } from 'react-i18next';
import type { BetLotterySlip } from '@apsara/contracts';
import { formatAmount } from '../../../lib/format';
import { useLotteryTexts } from './texts';

/**
 * A lottery round's slip in a betting record, one line each: the slip and its draw, then every bet with
 * its amount ("Đề 27 · $5.00"), marked when it won. In the reader's language, whatever they bet in.
 */
export const LotterySlipLines = ({ slip, symbol, className }: { slip: BetLotterySlip; symbol: string; className: string }) => {
  const { t } = useTranslation('lottery');
  const texts = useLotteryTexts();
  return (
    <>
      <span className={className}>{t('record.slip', { number: slip.number, drawNo: slip.drawNo })}</span>
      {slip.bets.map((b, i) => (
        <span key={i} className={className}>
          {texts.bet(b)} · {formatAmount(b.amount, { symbol })}
          {b.won ? ` · ${t('record.won')}` : ''}
        </span>
      ))}
    </>
  );
};
