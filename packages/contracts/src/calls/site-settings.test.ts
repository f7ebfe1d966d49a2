import { describe, expect, it } from 'vitest';
import { PATTERN_IDS, PATTERNS } from '../validation/patterns.js';
import { BlockedCidrsConfig, DEFAULT_DIALING_COUNTRIES, DialingCodesConfig, FlagsConfig, MaintenanceConfig, parseCidr, patternProblem, RegisterConfig, SecurityConfig, signUpConflicts, SmsConfig, StoredBlockedCidrs, StoredDialingCodes, StoredMaintenance, StoredRegister, StoredSecurity } from './site-settings.js';

const issuesOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) => (r.error?.issues ?? []).map((i) => i.path.map(String).join('.'));

describe('maintenance', () => {
  it('reads what may already be stored, whatever a new value is checked for', () => {
    expect(StoredMaintenance.parse({ active: true, message: '', until: 'after lunch' })).toEqual({ active: true, message: '', until: 'after lunch' });
    expect(StoredRegister.parse({ fields: { qqNum: { minLength: 9, maxLength: 3, patternId: 'OLD' } } }).fields.qqNum).toEqual({ minLength: 9, maxLength: 3, patternId: 'OLD' });
    expect(StoredSecurity.parse({ captchaAfterFailures: 9, lockAfterFailures: 2 }).lockAfterFailures).toBe(2);
    expect(StoredBlockedCidrs.parse(['junk'])).toEqual(['junk']);
  });
  it('reads a message stored as one text, as before it could be translated, and one per language', () => {
    expect(MaintenanceConfig.parse({ active: true, message: 'Upgrading', until: null })).toEqual({ active: true, message: 'Upgrading', until: null });
    expect(MaintenanceConfig.parse({ active: true, message: { en: 'Up', km: 'ឡើង' } }).message).toEqual({ en: 'Up', km: 'ឡើង' });
    expect(MaintenanceConfig.parse(undefined)).toEqual({ active: false, message: null, until: null });
  });
  it('wants English in a translated message and an ISO date-time for the end', () => {
    expect(issuesOf(MaintenanceConfig.safeParse({ active: true, message: { cn: '维护' } }))).toContain('message');
    expect(issuesOf(MaintenanceConfig.safeParse({ active: true, until: '31/12/2026' }))).toEqual(['until']);
    expect(MaintenanceConfig.safeParse({ active: true, until: '2026-12-31T18:00:00+07:00' }).success).toBe(true);
  });
});

describe('registration rules', () => {
  it('refuses a regex that does not compile or can backtrack catastrophically, and accepts the usual ones', () => {
    for (const bad of ['^(a+)+$', '(a*)*', '^(\\w|\\d)*$', '(x+){2,}', '(a)\\1', '((ab)+c)*']) expect(patternProblem(bad), bad).toBe('catastrophic');
    for (const bad of ['^[a-z', '(', '\\p{Nope}']) expect(patternProblem(bad), bad).toBe('invalid');
    // The catalogue's own sources, written out as a merchant's regex, stay allowed.
    for (const id of PATTERN_IDS) expect(patternProblem(PATTERNS[id].source), id).toBeNull();
    for (const ok of ['^[0-9]+$', '^[a-z0-9._-]{3,20}$', '^(?:\\+?855)?[0-9]{8,9}$', '^(ab){2}$', '^[(+*)]+$', '^\\(a+\\)+$']) expect(patternProblem(ok), ok).toBeNull();
  });
  it('names the field that fixes a rule: min above max, required but hidden, a bad regex', () => {
    const r = RegisterConfig.safeParse({ fields: { qqNum: { minLength: 9, maxLength: 3 }, wechat: { enabled: false, required: true }, email: { acceptedPattern: '^(a+)+$' } } });
    expect(issuesOf(r).sort()).toEqual(['fields.email.acceptedPattern', 'fields.qqNum.maxLength', 'fields.wechat.required']);
    // A partial override is checked against the catalogue default it overlays (qqNum: 5–12).
    expect(issuesOf(RegisterConfig.safeParse({ fields: { qqNum: { minLength: 13 } } }))).toEqual(['fields.qqNum.maxLength']);
    expect(RegisterConfig.safeParse({ fields: { line: { acceptedPattern: '*' } } }).success).toBe(true);
  });
});

describe('security', () => {
  it('refuses a lock before the captcha', () => {
    expect(issuesOf(SecurityConfig.safeParse({ captchaAfterFailures: 6, lockAfterFailures: 5 }))).toEqual(['lockAfterFailures']);
    expect(SecurityConfig.safeParse({ captchaAfterFailures: 5, lockAfterFailures: 5 }).success).toBe(true);
    expect(SmsConfig.safeParse({ expiredMinutes: 31 }).success).toBe(false);
  });
});

describe('blocked ranges', () => {
  it('parses IPv4 and IPv6 ranges to their network, and says why a range is refused', () => {
    expect(parseCidr('203.0.113.0/24')).toEqual({ kind: 'ipv4', network: '203.0.113.0', prefix: 24 });
    expect(parseCidr(' 2001:0DB8::/32 ')).toEqual({ kind: 'ipv6', network: '2001:db8::', prefix: 32 });
    expect(parseCidr('10.0.0.1/32')).toMatchObject({ prefix: 32 });
    expect(parseCidr('0.0.0.0/0')).toBe('everything');
    expect(parseCidr('::/0')).toBe('everything');
    expect(parseCidr('10.0.0.1/8')).toBe('host_bits');
    expect(parseCidr('::ffff:10.0.0.0/104')).toBe('mapped');
    for (const bad of ['10/8', '10.0.0.0', '10.0.0.0/33', '2001:db8::/129', '0x7f.0.0.1/32', 'fe80::1%eth0/64', '10.0.0.0/08', '']) expect(parseCidr(bad), bad).toBe('format');
  });
  it('refuses duplicates after normalising', () => {
    expect(issuesOf(BlockedCidrsConfig.safeParse(['2001:db8::/32', '2001:0db8:0::/32']))).toEqual(['1']);
    expect(BlockedCidrsConfig.safeParse(['10.0.0.0/8', '10.0.0.0/16']).success).toBe(true);
  });
});

describe('sign-up conflicts', () => {
  it('flags SMS verification with the username tab unless the mobile number is shown and required', () => {
    const flags = FlagsConfig.parse({ USERNAMEREG3: true, REGMOBVERF3: true });
    expect(signUpConflicts(flags, RegisterConfig.parse({}))).toEqual({ flags: ['REGMOBVERF3'], register: ['fields.mobileNum.required'] });
    expect(signUpConflicts(flags, RegisterConfig.parse({ fields: { mobileNum: { required: true } } }))).toEqual({ flags: [], register: [] });
    expect(signUpConflicts(FlagsConfig.parse({ MOBILENUMREG3: true, REGMOBVERF3: true }), RegisterConfig.parse({}))).toEqual({ flags: [], register: [] });
    expect(signUpConflicts(FlagsConfig.parse({}), RegisterConfig.parse({}))).toEqual({ flags: [], register: [] });
  });
});

describe('country dialing codes', () => {
  it('a site without a list takes the defaults, Cambodia first; a stored list is read as it is', () => {
    expect(StoredDialingCodes.parse(undefined)).toEqual({ countries: DEFAULT_DIALING_COUNTRIES });
    expect(StoredDialingCodes.parse(undefined).countries[0]).toBe('KH');
    expect(StoredDialingCodes.parse({ countries: ['TH', 'old'] })).toEqual({ countries: ['TH', 'old'] });
  });
  it('a new list holds one to sixty two-letter codes in capitals, each once', () => {
    expect(DialingCodesConfig.safeParse({ countries: ['TH', 'KH'] }).success).toBe(true);
    expect(issuesOf(DialingCodesConfig.safeParse({ countries: [] }))).toEqual(['countries']);
    expect(issuesOf(DialingCodesConfig.safeParse({ countries: ['TH', 'TH'] }))).toEqual(['countries']);
    expect(issuesOf(DialingCodesConfig.safeParse({ countries: ['TH', 'th', 'THA'] }))).toEqual(['countries.1', 'countries.2']);
    expect(issuesOf(DialingCodesConfig.safeParse({ countries: ['TH'], extra: 1 }))).toEqual(['']);
  });
});
