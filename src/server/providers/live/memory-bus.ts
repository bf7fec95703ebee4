/**
 * The message bus of one process: live events reach the streams open on this process only.
 * Enough for the embedded database (PGlite is one process by construction); with several
 * processes main.ts uses PostgreSQL LISTEN/NOTIFY (postgres-bus.ts) or Redis (redis-bus.ts).
 */
import type { LiveEvent, MessageBus } from '#server/app-context';

/** The listeners of one process, shared by every bus kind; a throwing listener never stops the others. */
export function listenerSet() {
  const listeners = new Set<(event: LiveEvent) => void>();
  return {
    add(listener: (event: LiveEvent) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    emit(event: LiveEvent) {
      for (const listener of [...listeners]) {
        try {
          listener(event);
        } catch {
          // one stream's failure (a closed socket) is that stream's own business
        }
      }
    },
  };
}

/** A received payload as a LiveEvent, or null when it is not one (never trust the wire). */
export function parseLiveEvent(raw: string): LiveEvent | null {
  try {
    const value = JSON.parse(raw) as { type?: unknown; conversationId?: unknown; userIds?: unknown };
    const userIds = value.userIds;
    if (!Array.isArray(userIds) || !userIds.every((id): id is string => typeof id === 'string')) return null;
    if (value.type === 'end') return { type: 'end', userIds };
    if ((value.type === 'message' || value.type === 'read') && typeof value.conversationId === 'string') {
      return { type: value.type, conversationId: value.conversationId, userIds };
    }
  } catch {
    // not JSON
  }
  return null;
}

export function memoryMessageBus(): MessageBus {
  const listeners = listenerSet();
  return {
    async publish(event) {
      listeners.emit(event);
    },
    subscribe: (listener) => listeners.add(listener),
  };
}
