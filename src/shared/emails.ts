/** Email addresses are compared without case and surrounding spaces (Better Auth stores them lower-cased). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Whether two email addresses name the same account. */
export function sameEmail(a: string, b: string): boolean {
  return normalizeEmail(a) === normalizeEmail(b);
}

/** How a deleted account shows wherever its name did (reviews, messages, bookings; ADR 0061). */
export const DELETED_USER_NAME = 'Deleted user';
/** The domain of deleted accounts' placeholder addresses: `.invalid` can never receive mail (RFC 2606). */
const DELETED_EMAIL_DOMAIN = 'deleted.invalid';

/** A deleted account's unique, undeliverable address, so its real address can sign up again. */
export function deletedUserEmail(userId: string): string {
  return `deleted-${userId}@${DELETED_EMAIL_DOMAIN}`;
}

export function isDeletedUserEmail(email: string): boolean {
  return normalizeEmail(email).endsWith(`@${DELETED_EMAIL_DOMAIN}`);
}
