import { PROMOTION_MAX_IMAGES, PROMOTION_REMARK_MAX, type PromotionTerms } from '@apsara/contracts';
import type { FieldProblem } from '../../../lib/field-rules';

/*
 * The application form's own checks (spec §5 "Activity application"): a remark of at most 140
 * characters and at most 3 png/jpg images, each under 5 MB (the image picker checks each file). The
 * server counts the remark's characters after trimming, an emoji as one, and refuses < and >.
 */

/** The remark's length as the server counts it: Unicode code points, after trimming. */
export const remarkLength = (remark: string) => [...remark.trim()].length;

/** What the counter reads and whether it is over the limit. */
export const remarkCounter = (remark: string) => {
  const used = remarkLength(remark);
  return { used, max: PROMOTION_REMARK_MAX, over: used > PROMOTION_REMARK_MAX };
};

// C0 controls and DEL but tab and line breaks: nothing a person types, refused by the server.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** The remark: optional, at most 140 characters, without < or > (or control characters). */
export const validateRemark = (remark: string): FieldProblem | null => {
  if (remarkLength(remark) > PROMOTION_REMARK_MAX) return { key: 'promotions:apply.remark_too_long', values: { max: String(PROMOTION_REMARK_MAX) } };
  if (/[<>]/.test(remark)) return { key: 'promotions:apply.remark_angles' };
  if (CONTROL.test(remark)) return { key: 'promotions:apply.remark_control' };
  return null;
};

/** The images: as many as the promotion asks (at least one when required, none when it takes none), at most 3. */
export const validateImages = (count: number, proof: PromotionTerms['proof']): FieldProblem | null => {
  if (proof === 'required' && count === 0) return { key: 'errors.proof_required' };
  if (proof === 'none' && count > 0) return { key: 'promotions:apply.images_none' };
  if (count > PROMOTION_MAX_IMAGES) return { key: 'image.problem_count_other', values: { max: String(PROMOTION_MAX_IMAGES) } };
  return null;
};
