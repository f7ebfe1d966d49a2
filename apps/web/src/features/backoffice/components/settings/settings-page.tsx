import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { OPS_CONFIG_SECTION_NAMES, type OpsConfigSection } from '@apsara/contracts';
import { TabStrip } from '../common/tab-strip';
import { useOpsConfig } from '../../api/config';
import { PageHead } from '../common/bits';
import { BoError, BoLoading } from '../common/states';
import { useOperator } from '../frame/operator-context';
import { ChatSettings, LotterySettings, MissionsSettings, PointsSettings, RebateSettings, ReferralSettings, VipSettings, WithdrawalSettings } from './section-forms';
import { BlockedCidrsSettings, ContractKindsSettings, DialingCodesSettings, FlagsSettings, LoginCheckSettings, MaintenanceSettings, RegisterSettings, SecuritySettings, SignupBonusSettings, SmsSettings } from './site-forms';

const isSection = (v: string | null): v is OpsConfigSection => (OPS_CONFIG_SECTION_NAMES as readonly string[]).includes(v ?? '');

/**
 * The site's settings (GET /ops/config), a form per section (?section=): invite friends, missions
 * and the leaderboard, VIP ranks, withdrawals, points, the customer service chat, and the site's core
 * settings (maintenance, feature flags, registration, sign-in security, two-factor sign-in, sign-up
 * bonus, SMS codes, blocked address ranges, the agent contract kinds it runs, the countries whose
 * numbers it takes), the manual rebate and the lottery limit. Saving replaces the
 * section whole; the change is audited and takes effect at once.
 */
export const SettingsPage = () => {
  const { t } = useTranslation('ops');
  const { can } = useOperator();
  const [params, setParams] = useSearchParams();
  const raw = params.get('section');
  const section: OpsConfigSection = isSection(raw) ? raw : 'referral';
  const config = useOpsConfig();

  const body = () => {
    if (config.isPending) return <BoLoading rows={5} />;
    if (config.isError) return <BoError error={config.error} onRetry={() => void config.refetch()} />;
    const c = config.data;
    switch (section) {
      case 'referral':
        return <ReferralSettings key="referral" value={c.referral} />;
      case 'missions':
        return <MissionsSettings key="missions" value={c.missions} />;
      case 'vip':
        return <VipSettings key="vip" value={c.vip} />;
      case 'withdrawal':
        return <WithdrawalSettings key="withdrawal" value={c.withdrawal} />;
      case 'points':
        return <PointsSettings key="points" value={c.points} />;
      case 'chat':
        return <ChatSettings key="chat" value={c.chat} />;
      case 'maintenance':
        return <MaintenanceSettings key="maintenance" value={c.maintenance} />;
      case 'flags':
        return <FlagsSettings key="flags" value={c.flags} />;
      case 'register':
        return <RegisterSettings key="register" value={c.register} />;
      case 'security':
        return <SecuritySettings key="security" value={c.security} />;
      case 'loginCheck':
        return <LoginCheckSettings key="loginCheck" value={c.loginCheck} />;
      case 'signupBonus':
        return <SignupBonusSettings key="signupBonus" value={c.signupBonus} />;
      case 'sms':
        return <SmsSettings key="sms" value={c.sms} />;
      case 'blockedCidrs':
        return <BlockedCidrsSettings key="blockedCidrs" value={c.blockedCidrs} />;
      case 'contractKinds':
        return <ContractKindsSettings key="contractKinds" value={c.contractKinds} />;
      case 'dialingCodes':
        return <DialingCodesSettings key="dialingCodes" value={c.dialingCodes} />;
      case 'rebate':
        return <RebateSettings key="rebate" value={c.rebate} vip={c.vip} />;
      case 'lottery':
        return <LotterySettings key="lottery" value={c.lottery} />;
    }
  };

  return (
    <>
      <PageHead title={t('page.settings')} lede={t('settings.lede')} readOnly={!can('config.edit')} />
      <section className="bo-panel bo-panel--flush">
        <div className="bo-panel__bar">
          <TabStrip
            idBase="bo-settings"
            label={t('settings.sections')}
            value={section}
            onChange={(s) => setParams({ section: s }, { replace: true })}
            items={OPS_CONFIG_SECTION_NAMES.map((s) => ({ key: s, label: t(`settings.section.${s}`) }))}
          />
        </div>
        <div role="tabpanel" id={`bo-settings-panel-${section}`} aria-labelledby={`bo-settings-tab-${section}`} className="bo-panel__body bo-settings">
          <p className="bo-settings__intro">{t(`settings.intro.${section}`)}</p>
          {body()}
        </div>
      </section>
    </>
  );
};
