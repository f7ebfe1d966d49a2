import {
  COUNTRY_CODES,
  INCOME_SOURCES,
  PROFILE_FIELDS,
  PROFILE_TEXT_FIELDS,
  checkBirthday,
  latestBirthday,
  normalizeProfile,
  validateProfile,
  type Lang,
  type ProfileBody,
  type ProfileField,
  type ProfileInput,
  type ProfileIssue,
  type ProfileValue,
  type RegisterFieldRule,
} from '@apsara/contracts';
import { countryNamer, nameCollator } from '../../../lib/country-names';
import type { FieldProblem } from '../../../lib/field-rules';

/*
 * The profile form (docs/profile.md): what the member types, checked by the contract's own rules
 * (the server runs the same), and the body the form sends. Locked fields are never sent.
 */

export type ProfileForm = Record<ProfileField, string>;

export const formFromProfile = (v: ProfileValue): ProfileForm => ({
  fullname: v.fullname ?? '',
  birthday: v.birthday ?? '',
  permanentAddress: v.permanentAddress ?? '',
  currentAddress: v.currentAddress ?? '',
  placeOfBirth: v.placeOfBirth ?? '',
  nationality: v.nationality ?? '',
  occupation: v.occupation ?? '',
  sourceOfIncome: v.sourceOfIncome ?? '',
});

/** The whole form, trimmed; the full name and birthday only while they are still open. */
export const bodyFromForm = (form: ProfileForm, current: Pick<ProfileValue, 'fullnameLocked' | 'birthdayLocked'>): ProfileBody => {
  const d = normalizeProfile(form);
  const body: ProfileBody = {
    permanentAddress: d.permanentAddress,
    currentAddress: d.currentAddress,
    placeOfBirth: d.placeOfBirth,
    nationality: d.nationality,
    occupation: d.occupation,
    sourceOfIncome: d.sourceOfIncome,
  };
  if (!current.fullnameLocked && d.fullname !== '') body.fullname = d.fullname;
  if (!current.birthdayLocked && d.birthday !== '') body.birthday = d.birthday;
  return body;
};

export type ProfileRules = { today: string; minAge: number; nameRule: RegisterFieldRule };

const problemOf = (issue: ProfileIssue | undefined): FieldProblem | null =>
  issue ? { key: `profile.errors.${issue.rule}`, values: Object.fromEntries(Object.entries(issue.values ?? {}).map(([k, v]) => [k, String(v)])) } : null;

/** One field's problem as an error key of the member namespace (or null): the same rules as the server. */
export const profileFieldProblem = (field: ProfileField, form: ProfileForm, rules: ProfileRules): FieldProblem | null =>
  problemOf(validateProfile(normalizeProfile(form), rules).find((i) => i.field === field));

/** The birthday alone (the date box checks as the member picks). */
export const birthdayProblem = (value: string, rules: Pick<ProfileRules, 'today' | 'minAge'>): FieldProblem | null =>
  problemOf(checkBirthday(value.trim(), rules.today, rules.minAge) ?? undefined);

/** The date picker's range: from 1 January 1900 to the last birthday old enough today. */
export const birthdayRange = (today: string, minAge: number) => ({ min: '1900-01-01', max: latestBirthday(today, minAge) });

/** Every country, named in the reader's language (Intl.DisplayNames), in that language's order; the code where a name is missing. */
export const countryOptions = (lang: Lang): { code: string; name: string }[] => {
  const name = countryNamer(lang);
  const collator = nameCollator(lang);
  return COUNTRY_CODES.map((code) => ({ code, name: name(code) })).sort((a, b) => collator.compare(a.name, b.name));
};

export const INCOME_OPTIONS = INCOME_SOURCES;
export const TEXT_FIELDS = PROFILE_TEXT_FIELDS;

/**
 * How many of the eight fields hold something (the page's "n of 8 filled" badge): of what the form
 * holds as the member types, or of what the server kept. Blanks and spaces alone do not count.
 */
export const filledCount = (v: ProfileInput) => PROFILE_FIELDS.filter((f) => (v[f] ?? '').trim() !== '').length;
