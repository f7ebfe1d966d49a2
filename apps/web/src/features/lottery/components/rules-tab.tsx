import { LOTTERY_CLOSE_SECONDS, lotteryKindsOf, lotteryPayout, type LotteryFamily, type LotteryGamesValue } from '@apsara/contracts';
import { Panel } from '../../../components/ui/member/panel';
import { useLocalize } from '../../../i18n/use-localize';
import { returnPercent } from '../logic/result';
import { oddsTable, oddsText, payoutMinor } from '../logic/slip';

/** The stake of the worked example, in minor units (10.00). */
const EXAMPLE_STAKE = 1000n;
import { useLotteryTexts } from './texts';

/**
 * The rules: each kind of bet, what wins it, what it pays and what it returns on average (98 %); the
 * schedule and the close before each draw; the slip's limits; and how anyone can check a draw.
 */
export const RulesTab = ({ games, family = '5d' }: { games: LotteryGamesValue; family?: LotteryFamily }) => {
  const { t, interval, money } = useLotteryTexts(games.currencySymbol);
  const localize = useLocalize();
  const odds = oddsTable(games.betKinds);
  const kinds = lotteryKindsOf(family);
  const returns = [...new Set(kinds.map((k) => returnPercent(odds[k], k)))];
  return (
    <div className="lt-rules">
      <Panel id="lt-rules" title={t('rules.title')} icon="info" description={family === 'vn' ? t('rules.intro_vn') : t('rules.intro')}>
        <div className="lt-table-scroll">
          <table className="lt-rules__table">
            <caption className="visually-hidden">{t('rules.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('rules.col_kind')}</th>
                <th scope="col">{t('rules.col_wins')}</th>
                <th scope="col" className="mc-num">
                  {t('rules.col_pays')}
                </th>
                <th scope="col" className="mc-num">
                  {t('rules.col_return')}
                </th>
              </tr>
            </thead>
            <tbody>
              {kinds.map((k) => (
                <tr key={k}>
                  <th scope="row">{t(`kind.${k}`)}</th>
                  <td>{t(`rules.wins_${k}`)}</td>
                  <td className="mc-num num">{oddsText(odds[k])}</td>
                  <td className="mc-num num">{t('rules.percent', { value: returnPercent(odds[k], k) })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <ul className="lt-rules__points">
          {returns.length === 1 ? <li>{t('rules.return', { value: returns[0] })}</li> : <li>{t('rules.returns', { values: kinds.map((k) => `${t(`kind.${k}`)} ${t('rules.percent', { value: returnPercent(odds[k], k) })}`).join(' · ') })}</li>}
          {games.items.filter((g) => g.family === family).map((g) => (
            <li key={g.code}>{t('rules.schedule', { name: localize(g.name), interval: interval(g.intervalSeconds) })}</li>
          ))}
          <li>{t('rules.close', { seconds: LOTTERY_CLOSE_SECONDS })}</li>
          <li>{t('rules.slip', { max: games.maxBets, min: money(games.minBet), maxBet: money(games.maxBet) })}</li>
          <li>{t('rules.pay')}</li>
          {family === 'vn' ? (
            <li>{t('rules.example_vn', { pays: oddsText(lotteryPayout(EXAMPLE_STAKE, Number(odds.lo2), 3)) })}</li>
          ) : (
            <li>{t('rules.example', { stake: oddsText(EXAMPLE_STAKE), pays: oddsText(payoutMinor(EXAMPLE_STAKE, odds.digit)) })}</li>
          )}
        </ul>
      </Panel>
      <Panel id="lt-fair" title={t('rules.fair_title')} icon="shield">
        <ol className="lt-rules__steps">
          {(['1', '2', '3', '4'] as const).map((n) => (
            <li key={n}>{n === '3' && family === 'vn' ? t('rules.fair_3_vn') : t(`rules.fair_${n}`)}</li>
          ))}
        </ol>
      </Panel>
    </div>
  );
};
