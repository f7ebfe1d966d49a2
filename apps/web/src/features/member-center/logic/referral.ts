/**
 * The link a friend registers through: this site's register popup with the member's code in it
 * (the popup reads `?ref=`, features/auth). Built from the page's own origin, so each site's members
 * share their own site's address.
 */
export const inviteLink = (code: string, origin: string) => `${origin}/register?ref=${encodeURIComponent(code)}`;

/** A friend's line in the list: rewarded, or still short of the deposits that earn the reward. */
export const friendState = (friend: { qualified: boolean }) => (friend.qualified ? 'qualified' : 'waiting');
