import { describe, expect, it } from 'vitest';
import { POINT_ENTRY_KINDS, POINT_GOODS_KINDS, POINT_ORDER_KINDS, POINT_ORDER_STATUSES } from '@apsara/contracts';
import cn from '../../locales/cn/points.json';
import en from '../../locales/en/points.json';
import km from '../../locales/km/points.json';
import { checkTranslations, flatTexts } from '../../i18n/locale-checks';
import { entryRemark } from './logic/remark';
import { POINT_TABS } from './logic/tabs';

const EN = flatTexts(en);

describe('points namespace in KM, EN and CN', () => {
  checkTranslations({ en: EN, km: flatTexts(km), cn: flatTexts(cn) });

  it('names every tab, redeem state, exchange type, kind of goods and kind of points line', () => {
    for (const tab of POINT_TABS) expect(EN[`tabs.${tab}`], tab).toBeTruthy();
    for (const s of POINT_ORDER_STATUSES) expect(EN[`status.${s}`], s).toBeTruthy();
    for (const k of POINT_ORDER_KINDS) expect(EN[`records.type_${k}`], k).toBeTruthy();
    for (const k of POINT_GOODS_KINDS) expect(EN[`goods.kind_${k}`], k).toBeTruthy();
    for (const k of POINT_ENTRY_KINDS) expect(EN[`kind.${k}`], k).toBeTruthy();
  });

  it('has the words of every remark a points line can get', () => {
    for (const kind of POINT_ENTRY_KINDS) {
      for (const line of [{ kind, basis: null, orderNumber: null }, { kind, basis: '10.00', orderNumber: null }, { kind, basis: null, orderNumber: 'PM1' }, { kind, basis: '10.00', orderNumber: 'PM1' }]) {
        expect(EN[entryRemark(line).key], `${kind} ${JSON.stringify(line)}`).toBeTruthy();
      }
    }
  });

  it('names what stops a quantity, for each reason', () => {
    for (const stop of ['stock', 'limit', 'points', 'cash', 'most']) expect(EN[`redeem.most_${stop}`], stop).toBeTruthy();
  });
});
