import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, DEFAULT_REGISTER_RULES, ageOn, isCalendarDay, latestBirthday, type ProfileValue } from '@apsara/contracts';
import { birthdayProblem, birthdayRange, bodyFromForm, countryOptions, filledCount, formFromProfile, profileFieldProblem, type ProfileForm } from './profile';

const rules = { today: '2026-03-15', minAge: 18, nameRule: { ...DEFAULT_REGISTER_RULES.payeeName, enabled: true, required: true } };
const blank: ProfileForm = { fullname: '', birthday: '', permanentAddress: '', currentAddress: '', placeOfBirth: '', nationality: '', occupation: '', sourceOfIncome: '' };
const value: ProfileValue = {
  fullname: null, fullnameLocked: false, birthday: null, birthdayLocked: false, permanentAddress: null, currentAddress: null, placeOfBirth: null,
  nationality: null, occupation: null, sourceOfIncome: null, minAge: 18, today: '2026-03-15', updatedAt: null,
};

describe('age and calendar rules', () => {
  it('counts whole years, a birthday today included', () => {
    expect(ageOn('2008-03-15', '2026-03-15')).toBe(18);
    expect(ageOn('2008-03-16', '2026-03-15')).toBe(17);
    expect(ageOn('2008-12-31', '2026-01-01')).toBe(17);
    // Born on 29 February: a year older on 1 March of a common year.
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
  });

  it('knows real days only', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(isCalendarDay('2023-02-29')).toBe(false);
    expect(isCalendarDay('1900-02-29')).toBe(false);
    expect(isCalendarDay('2000-02-29')).toBe(true);
    expect(isCalendarDay('2020-04-31')).toBe(false);
    expect(isCalendarDay('2020-4-3')).toBe(false);
  });

  it('offers birthdays up to the last one old enough today', () => {
    expect(latestBirthday('2026-03-15', 18)).toBe('2008-03-15');
    expect(latestBirthday('2028-02-29', 21)).toBe('2007-02-28');
    expect(birthdayRange('2026-03-15', 21)).toEqual({ min: '1900-01-01', max: '2005-03-15' });
  });
});

describe('profile form checks', () => {
  it('says what is wrong with a birthday, with the site minimum', () => {
    expect(birthdayProblem('', rules)).toBeNull();
    expect(birthdayProblem('2008-03-15', rules)).toBeNull();
    expect(birthdayProblem('2008-03-16', rules)).toEqual({ key: 'profile.errors.minAge', values: { age: '18' } });
    expect(birthdayProblem('2008-03-15', { ...rules, minAge: 21 })).toEqual({ key: 'profile.errors.minAge', values: { age: '21' } });
    expect(birthdayProblem('2026-03-16', rules)?.key).toBe('profile.errors.future');
    expect(birthdayProblem('1990-02-30', rules)?.key).toBe('profile.errors.date');
    expect(birthdayProblem('1899-12-31', rules)).toEqual({ key: 'profile.errors.tooOld', values: { year: '1900' } });
  });

  it('checks each field as the server does', () => {
    expect(profileFieldProblem('fullname', { ...blank, fullname: 'Sok Dara' }, rules)).toBeNull();
    expect(profileFieldProblem('fullname', { ...blank, fullname: 'Dara 7' }, rules)).toEqual({ key: 'profile.errors.pattern', values: { min: '2', max: '50' } });
    expect(profileFieldProblem('fullname', { ...blank, fullname: 'សុខ ដារា' }, rules)).toBeNull();
    expect(profileFieldProblem('occupation', { ...blank, occupation: 'x'.repeat(80) }, rules)).toBeNull();
    expect(profileFieldProblem('occupation', { ...blank, occupation: 'x'.repeat(81) }, rules)).toEqual({ key: 'profile.errors.tooLong', values: { max: '80' } });
    expect(profileFieldProblem('nationality', { ...blank, nationality: 'kh' }, rules)).toBeNull();
    expect(profileFieldProblem('nationality', { ...blank, nationality: 'XX' }, rules)?.key).toBe('profile.errors.oneOf');
    expect(profileFieldProblem('sourceOfIncome', { ...blank, sourceOfIncome: 'gambling' }, rules)?.key).toBe('profile.errors.oneOf');
    // One field's problem is not another's.
    expect(profileFieldProblem('occupation', { ...blank, nationality: 'XX' }, rules)).toBeNull();
  });

  it('sends the whole form trimmed, and never a locked field', () => {
    const form = { ...blank, fullname: '  Sok   Dara ', birthday: '1990-01-02', nationality: 'kh', occupation: ' Chef ' };
    expect(bodyFromForm(form, value)).toEqual({
      fullname: 'Sok Dara', birthday: '1990-01-02', permanentAddress: '', currentAddress: '', placeOfBirth: '', nationality: 'KH', occupation: 'Chef', sourceOfIncome: '',
    });
    const locked = bodyFromForm(form, { fullnameLocked: true, birthdayLocked: true });
    expect(locked).not.toHaveProperty('fullname');
    expect(locked).not.toHaveProperty('birthday');
    // Empty open fields are left out rather than sent blank.
    expect(bodyFromForm(blank, value)).not.toHaveProperty('fullname');
  });

  it('fills the form from the saved profile and counts what is filled', () => {
    const saved = { ...value, fullname: 'Sok Dara', fullnameLocked: true, nationality: 'KH', sourceOfIncome: 'salary' as const };
    expect(formFromProfile(saved)).toEqual({ ...blank, fullname: 'Sok Dara', nationality: 'KH', sourceOfIncome: 'salary' });
    expect(filledCount(saved)).toBe(3);
    expect(filledCount(value)).toBe(0);
  });

  it('counts what the form holds as the member types, blanks and spaces not counted', () => {
    expect(filledCount(blank)).toBe(0);
    expect(filledCount({ ...blank, fullname: 'S' })).toBe(1);
    expect(filledCount({ ...blank, fullname: 'Sok Dara', birthday: '1990-04-17', occupation: '   ' })).toBe(2);
    // What the form has not reported yet counts as empty.
    expect(filledCount({ fullname: 'Sok Dara' })).toBe(1);
    const full: ProfileForm = { fullname: 'Sok Dara', birthday: '1990-04-17', permanentAddress: 'a', currentAddress: 'b', placeOfBirth: 'c', nationality: 'KH', occupation: 'd', sourceOfIncome: 'salary' };
    expect(filledCount(full)).toBe(8);
  });
});

describe('countries', () => {
  it('lists every ISO 3166-1 alpha-2 code once, named in the reader\'s language', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    const en = countryOptions('en');
    expect(en).toHaveLength(249);
    expect(en.find((c) => c.code === 'KH')?.name).toBe('Cambodia');
    expect(countryOptions('cn').find((c) => c.code === 'KH')?.name).toBe('柬埔寨');
    expect(countryOptions('km').find((c) => c.code === 'KH')?.name).toBe('កម្ពុជា');
    // Sorted by name in that language.
    expect(en[0].name.localeCompare(en[1].name, 'en')).toBeLessThanOrEqual(0);
  });
});
