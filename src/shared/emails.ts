/** Email addresses are compared without case and surrounding spaces (Better Auth stores them lower-cased). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Whether two email addresses name the same account. */
export function sameEmail(a: string, b: string): boolean {
  return normalizeEmail(a) === normalizeEmail(b);
}
