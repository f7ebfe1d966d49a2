import { useTranslation } from 'react-i18next';
import { useVipUpgrades } from '../../api/missions';
import { Money, PageHead, StatusBadge, Time, ZoneNote } from '../common/bits';
import { BoEmpty } from '../common/states';
import { BoTable } from '../common/table';

/** Ranks members reached (GET /ops/vip/upgrades, newest first, 200 at most), with the upgrade bonus and when it was paid. */
export const VipPage = () => {
  const { t } = useTranslation('ops');
  const upgrades = useVipUpgrades();
  return (
    <>
      <PageHead title={t('page.vip')} lede={t('vip.lede')} />
      <section className="bo-panel bo-panel--flush">
        <BoTable
          list={upgrades}
          caption={t('vip.caption')}
          head={
            <>
              <th scope="col">{t('col.member')}</th>
              <th scope="col">{t('vip.rank')}</th>
              <th scope="col" className="mc-num">
                {t('vip.bonus')}
              </th>
              <th scope="col">{t('vip.reached')}</th>
              <th scope="col">{t('vip.paid')}</th>
            </>
          }
          row={(u) => (
            <tr key={`${u.memberId}-${u.level}`}>
              <td data-label={t('col.member')}>
                <strong>{u.username}</strong>
                <span className="mc-sub">ID {u.memberId}</span>
              </td>
              <td data-label={t('vip.rank')}>
                <span className="bo-rank">{u.label}</span>
              </td>
              <td data-label={t('vip.bonus')} className="mc-num">
                <Money amount={u.bonus} className="bo-amount" />
              </td>
              <td data-label={t('vip.reached')}>
                <Time iso={u.reachedAt} />
              </td>
              <td data-label={t('vip.paid')}>{u.paidAt ? <Time iso={u.paidAt} /> : <StatusBadge status="pending" label={t('vip.unpaid')} />}</td>
            </tr>
          )}
          empty={<BoEmpty icon="crown" title={t('vip.none')} text={t('vip.none_text')} />}
          cardsBelow={640}
        />
        <ZoneNote />
      </section>
    </>
  );
};
