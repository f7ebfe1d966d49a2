import { describe, expect, it } from 'vitest';
import { HELP_ACTION_KINDS, HELP_ICONS } from '@apsara/contracts';
import cn from '../../locales/cn/ops.json';
import en from '../../locales/en/ops.json';
import km from '../../locales/km/ops.json';
import { flatTexts, type Tree } from '../../i18n/locale-checks';

const texts = { en: flatTexts(en as Tree), km: flatTexts(km as Tree), cn: flatTexts(cn as Tree) };

describe('help center back-office texts', () => {
  it('names every icon, button and audit entry in KM, EN and CN', () => {
    const keys = [
      ...HELP_ICONS.map((i) => `helpCenterAdmin.icons.${i}`),
      ...HELP_ACTION_KINDS.map((a) => `helpCenterAdmin.buttons.${a}`),
      ...['create', 'update', 'move', 'delete'].map((a) => `audit.actions.help_topic.${a}`),
      'audit.prefix.help_topic',
      'audit.target_type.help_topic',
      'audit.target_name.help_topic',
      'helpCenterAdmin.page.helpCenter',
      'helpCenterAdmin.action.helpTopic.edit',
    ];
    for (const lang of ['en', 'km', 'cn'] as const) for (const key of keys) expect(texts[lang][key], `${lang} ${key}`).toBeTruthy();
  });
});
