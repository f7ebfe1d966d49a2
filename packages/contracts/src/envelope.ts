import { z } from 'zod';

/** Spec convention: every response is `{success:true, value}` or `{success:false, code, message}`. */
export const ok = <T extends z.ZodTypeAny>(value: T) => z.object({ success: z.literal(true), value });

export const ErrorEnvelope = z.object({
  success: z.literal(false),
  code: z.string(),
  message: z.string(),
  /** Field-level detail for validation errors: which field broke which rule. */
  fields: z.array(z.object({ field: z.string(), rule: z.string(), message: z.string() })).optional(),
  /** Extra facts the client acts on (e.g. captcha required, the caller's IP). */
  data: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

export type Envelope<T> = { success: true; value: T } | ErrorEnvelope;
