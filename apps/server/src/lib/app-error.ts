import { type ErrorCode, errorStatus } from '@apsara/contracts';

export type FieldIssue = { field: string; rule: string; message: string };

/** A failure the caller can act on: a catalogue code, message arguments and optional detail. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly args: readonly (string | number)[] = [],
    readonly extra: { fields?: FieldIssue[]; data?: Record<string, unknown>; status?: number } = {},
  ) {
    super(code);
    this.name = 'AppError';
    this.status = extra.status ?? errorStatus(code);
  }
}
