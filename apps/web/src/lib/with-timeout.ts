/** Thrown when a section's code does not arrive in time (spec §8 "Section load failure"). */
export class SectionLoadError extends Error {
  readonly timedOut: boolean;
  constructor(message: string, options: { cause?: unknown; timedOut?: boolean } = {}) {
    super(message, { cause: options.cause });
    this.name = 'SectionLoadError';
    this.timedOut = options.timedOut ?? false;
  }
}

/**
 * Races a load against a deadline. A rejection becomes a SectionLoadError carrying the cause, and so
 * does the deadline; the timer is cleared either way so nothing fires after the race is decided.
 */
export const withTimeout = <T>(load: () => Promise<T>, ms: number, label = 'section'): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new SectionLoadError(`${label} took longer than ${ms} ms to load`, { timedOut: true })),
      ms,
    );
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (cause: unknown) => {
        clearTimeout(timer);
        reject(new SectionLoadError(`${label} failed to load`, { cause }));
      },
    );
  });
