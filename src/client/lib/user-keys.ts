/** Query keys of the users API (kept apart from lib/users.ts so guards can use them without loading zod). */
export const userKeys = {
  all: ['users'] as const,
  list: () => ['users', 'list'] as const,
  detail: (email: string) => ['users', 'detail', email.toLowerCase()] as const,
};
