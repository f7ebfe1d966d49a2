import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PointBalanceValue, PointConfigValue } from '@apsara/contracts';
import { Icon, type IconName } from '../../../components/ui/icons/icons';
import { Tabs, tabPanelProps } from '../../../components/ui/tabs/tabs';
import { useKeyKeeper } from '../../../lib/use-key-keeper';
import { usePointTab } from '../hooks/use-point-tab';
import { tabsFor, type PointTab } from '../logic/tabs';
import { ConvertTab } from './convert-tab';
import { DetailsTab } from './details-tab';
import { GoodsTab } from './goods-tab';
import { PointsHero } from './points-hero';
import { RecordsTab } from './records-tab';
import { RulesTab } from './rules-tab';

const TAB_ICONS: Record<PointTab, IconName> = { goods: 'gift', convert: 'swap', records: 'receipt', details: 'history', rules: 'info' };

/**
 * The open points mall: the member's points, then one tab at a time. The idempotency keys of its two
 * money calls live as long as the page, not a tab: a redemption or conversion sent again after no
 * answer reuses its key even if the member looked at another tab in between.
 */
export const PointMallBody = ({ config, balance }: { config: PointConfigValue; balance: UseQueryResult<PointBalanceValue> }) => {
  const { t } = useTranslation('points');
  const redeemKeys = useKeyKeeper('pmr');
  const convertKeys = useKeyKeeper('pmc');
  const offered = tabsFor(config.convert.enabled);
  const { tab, open, params } = usePointTab(offered);
  const items = offered.map((key) => ({ key, label: t(`tabs.${key}`), icon: <Icon name={TAB_ICONS[key]} size={18} /> }));

  return (
    <div className="pm-body">
      <PointsHero config={config} balance={balance} onOpen={open} />
      <div className="pm-tabs-row">
        <Tabs className="pm-tabs" idBase="pm" items={items} value={tab} onChange={(key) => open(key)} label={t('tabs.label')} />
      </div>
      {/* Focusable, so Tab goes from the tab to its panel even when the panel has no control (the rules). */}
      <div {...tabPanelProps('pm', tab)} aria-labelledby={`pm-tab-${tab}`} className="pm-tabpanel" tabIndex={0}>
        {tab === 'goods' && <GoodsTab balance={balance.data} config={config} onOpen={open} keys={redeemKeys} />}
        {tab === 'convert' && <ConvertTab balance={balance} config={config} keys={convertKeys} />}
        {tab === 'records' && <RecordsTab status={params.get('status')} onOpen={open} symbol={config.currencySymbol} />}
        {tab === 'details' && <DetailsTab config={config} />}
        {tab === 'rules' && <RulesTab config={config} />}
      </div>
    </div>
  );
};
