import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../../../components/ui/icons/icons';
import { SelectField } from '../../../../components/ui/member/fields';
import { Panel } from '../../../../components/ui/member/panel';
import { TableWrap } from '../../../../components/ui/member/table-wrap';

const COLUMNS = ['time', 'promotion', 'bonus_type', 'amount', 'turnover', 'status'] as const;

/**
 * bonusDetails: no promotion has paid a bonus yet, so the record is empty. The filters and columns
 * are those the page will have, shown disabled, with the way to the promotions.
 */
export const BonusDetailsPage = () => {
  const { t } = useTranslation('member');
  return (
    <Panel id="mc-bonus" title={t('bonus.title')} icon="gift">
      <div className="mc-toolbar" aria-disabled="true">
        <SelectField label={t('bonus.type')} className="mc-toolbar__type" disabled value="">
          <option value="">{t('bonus.all_types')}</option>
        </SelectField>
        <SelectField label={t('bonus.status')} className="mc-toolbar__type" disabled value="">
          <option value="">{t('common.all')}</option>
        </SelectField>
      </div>
      <TableWrap>
        <table className="mc-table mc-table--empty">
          <caption className="visually-hidden">{t('bonus.title')}</caption>
          <thead>
            <tr>
              {COLUMNS.map((c) => (
                <th key={c} scope="col" className={c === 'amount' || c === 'turnover' ? 'mc-num' : undefined}>
                  {t(`bonus.col_${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              <td colSpan={COLUMNS.length}>
                <div className="mc-empty mc-empty--compact">
                  <span className="mc-empty__icon" aria-hidden="true">
                    <Icon name="gift" size={24} />
                  </span>
                  <p className="mc-empty__title">{t('bonus.none')}</p>
                  <p className="mc-empty__text">{t('bonus.none_text')}</p>
                  <div className="mc-empty__action">
                    <Link to="/promotions" className="btn btn--gold btn--sm">
                      {t('bonus.to_promotions')}
                    </Link>
                  </div>
                </div>
              </td>
            </tr>
          </tbody>
        </table>
      </TableWrap>
    </Panel>
  );
};
