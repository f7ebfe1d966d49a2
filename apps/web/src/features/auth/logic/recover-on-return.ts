/**
 * A vendor's page sends the player back with `recover=<vendor>` when the launch moved their money into
 * that vendor's wallet (auto-transfer). The marker, when it is a vendor code, or null.
 */
export const recoverParam = (params: URLSearchParams): string | null => {
  const value = params.get('recover');
  return value && /^[A-Z0-9]{2,12}$/.test(value) ? value : null;
};

/** The same search without the marker, so a reload or Back never sweeps twice. */
export const withoutRecover = (params: URLSearchParams): URLSearchParams => {
  const next = new URLSearchParams(params);
  next.delete('recover');
  return next;
};
