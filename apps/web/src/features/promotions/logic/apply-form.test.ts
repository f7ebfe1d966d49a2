import { describe, expect, it } from 'vitest';
import { remarkCounter, remarkLength, validateImages, validateRemark } from './apply-form';

describe('the application form', () => {
  it('counts the remark as the server does: trimmed, an emoji as one character', () => {
    expect(remarkLength('  hello  ')).toBe(5);
    expect(remarkLength('🎉🎉')).toBe(2);
    expect(remarkLength('សួស្តី')).toBe(6);
    expect(remarkCounter('x'.repeat(140))).toEqual({ used: 140, max: 140, over: false });
    expect(remarkCounter('x'.repeat(141))).toEqual({ used: 141, max: 140, over: true });
  });

  it('takes an empty remark, refuses one too long or with < and >', () => {
    expect(validateRemark('')).toBeNull();
    expect(validateRemark(`${'🎉'.repeat(140)}   `)).toBeNull();
    expect(validateRemark('x'.repeat(141))).toEqual({ key: 'promotions:apply.remark_too_long', values: { max: '140' } });
    expect(validateRemark('shared on <b>facebook</b>')).toEqual({ key: 'promotions:apply.remark_angles' });
    expect(validateRemark('line one\nline two')).toBeNull();
    expect(validateRemark('bad\u0007bell')).toEqual({ key: 'promotions:apply.remark_control' });
  });

  it('asks for images as the promotion does', () => {
    expect(validateImages(0, 'required')).toEqual({ key: 'errors.proof_required' });
    expect(validateImages(1, 'required')).toBeNull();
    expect(validateImages(0, 'optional')).toBeNull();
    expect(validateImages(3, 'optional')).toBeNull();
    expect(validateImages(4, 'optional')).toEqual({ key: 'image.problem_count_other', values: { max: '3' } });
    expect(validateImages(0, 'none')).toBeNull();
    expect(validateImages(1, 'none')).toEqual({ key: 'promotions:apply.images_none' });
  });
});
