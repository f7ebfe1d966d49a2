/** A reset link's token as the server makes it: 32 random bytes, base64url (43 characters). */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The token of /resetPassword?token=…, or null when the link is missing it or it cannot be one. */
export const resetTokenFromSearch = (search: string): string | null => {
  const token = new URLSearchParams(search).get('token')?.trim() ?? '';
  return TOKEN.test(token) ? token : null;
};

/** What the reset popup does after the server refused: a dead link asks for a new one, anything else stays on the form. */
export const resetFailureAction = (code: string): 'requestNewLink' | 'stay' => (code === 'RESET_LINK_INVALID' ? 'requestNewLink' : 'stay');
