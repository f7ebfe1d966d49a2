import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { POINT_ENTRY_KINDS, type PointConfigValue, type PointEntry, type PointEntryKind } from '@apsara/contracts';
import { SelectField } from '../../../components/ui/member/fields';
import { Panel } from '../../../components/ui/member/panel';
import { RecordTable } from '../../../components/ui/member/record-table';
import { EmptyState } from '../../../components/ui/member/states';
import { gmtLabel } from '../../../lib/date-range';
import { formatAmount, formatWhole } from '../../../lib/format';
import { formatDateTime } from '../../../lib/format-time';
import { useTimeZone } from '../../../lib/use-time-zone';
import { usePointEntries } from '../api/points';
import { entryRemark } from '../logic/remark';
import { LobbyLink } from './lobby-link';

/**
 * Points details (spec §3: time, changed points, balance, remark): every change of the member's
 * points, newest first, 20 a page, earned in green and spent in red, with what it was for.
 */
export const DetailsTab = ({ config }: { config: PointConfigValue }) => {
  const { t } = useTranslation('points');
  const [kind, setKind] = useState<PointEntryKind | undefined>();
  const [page, setPage] = useState(1);
  const list = usePointEntries({ page, kind });
  const zone = useTimeZone();
  const remark = useRemarkText(config.currencySymbol);

  return (
    <Panel
      id="pm-details"
      title={t('details.title')}
      icon="history"
      actions={
        <SelectField
          label={t('details.filter_kind')}
          className="pm-kind-select"
          value={kind ?? ''}
          onChange={(e) => {
            setKind((e.target.value || undefined) as PointEntryKind | undefined);
            setPage(1);
          }}
        >
          <option value="">{t('details.kind_all')}</option>
          {POINT_ENTRY_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`kind.${k}`)}
            </option>
          ))}
        </SelectField>
      }
    >
      <RecordTable
        list={list}
        caption={t('details.title')}
        className="pm-table pm-table--details"
        cardsBelow={560}
        head={
          <>
            <th scope="col">{t('details.col_time', { zone: gmtLabel(zone) })}</th>
            <th scope="col" className="mc-num">
              {t('details.col_change')}
            </th>
            <th scope="col" className="mc-num">
              {t('details.col_balance')}
            </th>
            <th scope="col">{t('details.col_remark')}</th>
          </>
        }
        row={(e: PointEntry) => (
          <tr key={e.id}>
            <td data-label={t('details.col_time_short')} className="num">
              {formatDateTime(e.createdAt, zone)}
            </td>
            <td data-label={t('details.col_change')} className={`mc-num num ${e.change >= 0 ? 'mc-amount--in' : 'mc-amount--out'}`}>
              {e.change > 0 ? '+' : ''}
              {formatWhole(e.change)}
            </td>
            <td data-label={t('details.col_balance')} className="mc-num num">
              {formatWhole(e.balance)}
            </td>
            <td data-label={t('details.col_remark')} className="mc-note-cell">
              {remark(e)}
              {e.note && <span className="mc-sub">{e.note}</span>}
            </td>
          </tr>
        )}
        empty={
          <EmptyState
            icon="gem"
            title={kind ? t('details.none_kind') : t('details.none_title')}
            text={t('details.none_text')}
            compact
            action={<LobbyLink label={t('details.play')} />}
          />
        }
        page={page}
        onPage={setPage}
        pagesLabel={t('details.pages')}
      />
    </Panel>
  );
};

/** A line's remark in words: its kind, the bets or deposits counted, the record number (logic/remark). */
const useRemarkText = (symbol: string) => {
  const { t } = useTranslation('points');
  return (e: PointEntry) => {
    const { key, values } = entryRemark(e);
    return t(key, {
      ...values,
      source: values.source ? t(`kind.${values.source}`) : undefined,
      amount: values.amount ? formatAmount(values.amount, { symbol }) : undefined,
    });
  };
};
