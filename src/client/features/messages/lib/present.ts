/** How conversations read on screen. */
import type { Conversation, Message, Person } from '#shared/schemas/messages';
import { formatDayRange } from '#shared/dates';

/** The person the viewer talks to (for an admin reading a dispute: the host, with the guest named beside). */
export function otherPerson(c: Conversation): Person {
  return c.viewer === 'host' ? c.guest : c.host;
}

/** "Inquiry" or "Booking", with the dates when there are some. */
export function aboutLine(c: Conversation): string {
  const kind = c.kind === 'booking' ? 'Booking' : 'Inquiry';
  return c.checkIn && c.checkOut ? `${kind}, ${formatDayRange(c.checkIn, c.checkOut)}` : kind;
}

const timeFormatter = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

export const messageTime = (iso: string) => timeFormatter.format(new Date(iso));

/** Who wrote a message, as the viewer reads it. */
export function authorOf(message: Message, c: Conversation): string {
  if (c.viewer !== 'admin' && message.from === c.viewer) return 'You';
  return (message.from === 'host' ? c.host : c.guest).name;
}

export function unreadText(unread: number): string {
  return unread === 1 ? '1 unread' : `${unread} unread`;
}
