import { useTranslation } from 'react-i18next';
import type { PointConfigValue, PointEarnSource } from '@apsara/contracts';
import { Icon, type IconName } from '../../../components/ui/icons/icons';
import { Panel } from '../../../components/ui/member/panel';
import { formatAmount, formatWhole } from '../../../lib/format';

const SOURCE_ICONS: Record<PointEarnSource, IconName> = { live: 'cards', lottery: 'lottery', pvp: 'spade', rng: 'slots', sports: 'ball', deposit: 'deposit' };

/**
 * Points rules, from the site's own settings: what each source earns, how cash converts, how a
 * redemption is decided, and that points never expire (spec §3).
 */
export const RulesTab = ({ config }: { config: PointConfigValue }) => {
  const { t } = useTranslation('points');
  const money = (v: string) => formatAmount(v, { symbol: config.currencySymbol });
  const { convert } = config;
  return (
    <div className="pm-rules">
      <Panel id="pm-rules-earn" title={t('rules.earn_title')} icon="trophy" className="pm-rules__earn">
        <ul className="pm-earn">
          {config.earn.map((rule) => (
            <li key={rule.source} className={`pm-earn__item${rule.points > 0 ? '' : ' is-off'}`}>
              <span className={`pm-earn__icon pm-earn__icon--${rule.source}`} aria-hidden="true">
                <Icon name={SOURCE_ICONS[rule.source]} size={20} />
              </span>
              <span className="pm-earn__source">{t(`kind.${rule.source}`)}</span>
              <span className="pm-earn__rule">
                {rule.points > 0
                  ? t(rule.source === 'deposit' ? 'rules.earn_deposit' : 'rules.earn_bets', { amount: money(rule.perAmount), count: rule.points, points: formatWhole(rule.points) })
                  : t('rules.earn_none')}
              </span>
            </li>
          ))}
        </ul>
      </Panel>
      <div className="pm-rules__col">
        <Panel id="pm-rules-convert" title={t('rules.convert_title')} icon="swap">
          {convert.enabled ? (
            <ul className="pm-bullets">
              <li>{t('rules.convert_ratio', { amount: money('1.00'), count: convert.pointsPerUnit, points: formatWhole(convert.pointsPerUnit) })}</li>
              <li>{t('rules.convert_range', { min: money(convert.min), max: money(convert.max) })}</li>
            </ul>
          ) : (
            <p className="pm-note">{t('rules.convert_off')}</p>
          )}
        </Panel>
        <Panel id="pm-rules-redeem" title={t('rules.redeem_title')} icon="gift">
          <ul className="pm-bullets">
            <li>{t('rules.redeem_1')}</li>
            <li>{t('rules.redeem_2')}</li>
            <li>{t('rules.redeem_3')}</li>
            <li>{t('rules.redeem_4')}</li>
          </ul>
        </Panel>
      </div>
      <Panel id="pm-rules-expiry" title={t('rules.expiry_title')} icon="clock" className="pm-rules__expiry">
        <p className="pm-forever">
          <span className="pm-forever__badge" aria-hidden="true">
            ∞
          </span>
          {t('rules.expiry_text')}
        </p>
      </Panel>
    </div>
  );
};
