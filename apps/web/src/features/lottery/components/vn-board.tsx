import { vnPrizes } from '@apsara/contracts';
import { useLotteryTexts } from './texts';

/**
 * A Vietnam lottery result as its prize board: the eight tiers top to bottom, the special prize first,
 * each number with its last two digits in bold (what Lô and Xiên 2 bets are on).
 */
export const VnBoard = ({ digits, caption }: { digits: readonly number[]; caption: string }) => {
  const { t } = useLotteryTexts();
  return (
    <table className="lt-vn-board">
      <caption className="visually-hidden">{caption}</caption>
      <thead className="visually-hidden">
        <tr>
          <th scope="col">{t('vn.tier_col')}</th>
          <th scope="col">{t('vn.numbers_col')}</th>
        </tr>
      </thead>
      <tbody>
        {vnPrizes(digits).map(({ tier, numbers }) => (
          <tr key={tier} className={`lt-vn-board__tier lt-vn-board__tier--${tier}`}>
            <th scope="row">{t(`vn.tier.${tier}`)}</th>
            <td>
              <ul className="lt-vn-board__numbers">
                {numbers.map((n, i) => (
                  <li key={i} className="num">
                    {n.slice(0, -2)}
                    <strong>{n.slice(-2)}</strong>
                  </li>
                ))}
              </ul>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
};
