/**
 * Query keys of everything messages show. The live stream (live.ts) refetches the whole
 * `messages` family on any event: the list, the open thread and the header's unread total.
 * Kept free of zod, so the header (on every page) loads no validation code.
 */
export const messageKeys = {
  all: ['messages'] as const,
  list: ['messages', 'list'] as const,
  unread: ['messages', 'unread'] as const,
  thread: (id: string) => ['messages', 'thread', id] as const,
};
