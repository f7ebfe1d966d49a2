/**
 * The payment page an online deposit sends the member to. Only http(s) addresses are followed: a
 * javascript: or data: URL from a compromised provider must never run in the portal's origin.
 */
export const safePayUrl = (payUrl: string, base: string): string | null => {
  try {
    const url = new URL(payUrl, base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
};
