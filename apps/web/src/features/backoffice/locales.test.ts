import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ANNOUNCEMENT_AUDIENCES, ANNOUNCEMENT_KINDS, ANNOUNCEMENT_PHASES, BANNER_ARTS, BANNER_GROUPS, DEPOSIT_STATUSES, FEEDBACK_TYPES, LINKAGE_TYPES, POPUP_EXECUTIONS, MEMBER_STATUSES, MISSION_METRICS, MISSION_PERIODS, OPERATOR_ROLES, OPS_CONFIG_SECTION_NAMES, OPS_MEMBER_KINDS, PAYMENT_CHANNEL_TYPES, POINT_EARN_SOURCES, WITHDRAWAL_CONFIRMATIONS } from '@apsara/contracts';
import cn from '../../locales/cn/ops.json';
import en from '../../locales/en/ops.json';
import km from '../../locales/km/ops.json';
import { checkTranslations, flatTexts, type Tree } from '../../i18n/locale-checks';
import { ANNOUNCEMENT_TABS, KIND_FIELDS, TEXT_FIELDS, TEXT_LANGS } from './logic/announcements';
import { BO_MENU, BO_PAGES, boPageTitleKey } from './logic/pages';
import { QUEUES, QUEUE_TABS } from './logic/queues';
import { OPS_ACTIONS, actionTextKey } from './logic/roles';

const EN = flatTexts(en as Tree);
const has = (key: string) => Boolean(EN[key] ?? (EN[`${key}_one`] && EN[`${key}_other`]));

describe('back-office texts in KM, EN and CN', () => {
  checkTranslations({ en: EN, km: flatTexts(km as Tree), cn: flatTexts(cn as Tree) });

  it('names every page, menu group, role and action', () => {
    for (const page of [...BO_PAGES, 'login'] as const) expect(has(boPageTitleKey(page)), page).toBe(true);
    for (const group of BO_MENU) expect(has(`menu.${group.key}`), group.key).toBe(true);
    for (const role of OPERATOR_ROLES) {
      expect(has(`role.${role}`), role).toBe(true);
      expect(has(`dashboard.rights_${role}`), role).toBe(true);
    }
    for (const action of OPS_ACTIONS) expect(has(actionTextKey(action)), action).toBe(true);
  });

  it('names every status tab of every queue, and every state a row can show', () => {
    for (const queue of QUEUES) {
      for (const tab of QUEUE_TABS[queue]) expect(has(`status.${queue}.${tab}`), `${queue} ${tab}`).toBe(true);
      expect(has(`queue.empty_waiting_text.${queue}`), queue).toBe(true);
    }
    for (const s of DEPOSIT_STATUSES) expect(has(`status.deposits.${s}`), s).toBe(true);
    for (const c of WITHDRAWAL_CONFIRMATIONS) expect(has(`confirmation.${c}`), c).toBe(true);
    for (const c of PAYMENT_CHANNEL_TYPES) expect(has(`channel.${c}`), c).toBe(true);
    for (const s of MEMBER_STATUSES) expect(has(`memberStatus.${s}`), s).toBe(true);
    for (const k of OPS_MEMBER_KINDS) expect(has(`kind.${k}`), k).toBe(true);
    for (const name of Object.keys(FEEDBACK_TYPES)) expect(has(`feedback.type_${name}`), name).toBe(true);
  });

  it('names every settings section, point source, mission period and metric', () => {
    for (const s of OPS_CONFIG_SECTION_NAMES) {
      expect(has(`settings.section.${s}`), s).toBe(true);
      expect(has(`settings.intro.${s}`), s).toBe(true);
    }
    for (const s of POINT_EARN_SOURCES) expect(has(`settings.points.source_${s}`), s).toBe(true);
    for (const p of MISSION_PERIODS) expect(has(`period.${p}`), p).toBe(true);
    for (const m of MISSION_METRICS) expect(has(`metric.${m}`), m).toBe(true);
  });

  it('names every kind of announcement and everything its form offers', () => {
    for (const tab of ANNOUNCEMENT_TABS) expect(has(`announcements.tab.${tab}`), tab).toBe(true);
    for (const k of ANNOUNCEMENT_KINDS) {
      for (const key of ['kind', 'kind_hint', 'preview.where']) expect(has(`announcements.${key}.${k}`), `${key} ${k}`).toBe(true);
      const f = KIND_FIELDS[k];
      if (f.group || f.image || f.execution || f.link) expect(has(`announcements.group_look_hint.${k}`), k).toBe(true);
    }
    for (const g of BANNER_GROUPS) expect(has(`announcements.group.${g}`), g).toBe(true);
    for (const a of BANNER_ARTS) expect(has(`announcements.art.${a}`), a).toBe(true);
    for (const x of POPUP_EXECUTIONS) expect(has(`announcements.execution.${x}`), x).toBe(true);
    for (const a of [...ANNOUNCEMENT_AUDIENCES, 'agents']) expect(has(`announcements.audience.${a}`), a).toBe(true);
    for (const p of ANNOUNCEMENT_PHASES) expect(has(`announcements.phase.${p}`), p).toBe(true);
    for (const l of LINKAGE_TYPES) {
      expect(has(`announcements.link.${l}`), l).toBe(true);
      expect(has(`announcements.link.hint_${l}`), l).toBe(true);
    }
    for (const l of TEXT_LANGS) expect(has(`announcements.lang.${l}`), l).toBe(true);
    for (const f of TEXT_FIELDS) expect(has(`announcements.field.${f}`), f).toBe(true);
  });

  it('words every rule the announcement form can break', () => {
    // Every rule checkForm can name, by breaking each field in turn (see logic/announcements.test.ts).
    const rules = ['title_required', 'content_required', 'en_required', 'too_long', 'group_required', 'picture_required', 'image_format', 'url_required', 'url_internal', 'url_external', 'execution_required', 'start_required', 'datetime_invalid', 'end_order', 'sort', 'audience_agent', 'invalid'];
    for (const rule of rules) expect(has(`announcements.rule.${rule}`), rule).toBe(true);
  });

  it('has every plain key the screens ask for', () => {
    // Keys written out in full in the components: t('a.b') with the ops namespace.
    const dir = new URL('.', import.meta.url).pathname;
    const files = (d: string): string[] =>
      readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(d, e.name)) : /\.tsx?$/.test(e.name) && !e.name.endsWith('.test.ts') ? [join(d, e.name)] : []));
    const used = new Set<string>();
    for (const file of files(dir)) {
      for (const m of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([a-z][\w.]*)'/g)) used.add(m[1]);
    }
    expect(used.size).toBeGreaterThan(100);
    for (const key of used) expect(has(key), key).toBe(true);
  });
});
