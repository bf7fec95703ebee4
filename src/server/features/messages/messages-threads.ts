/**
 * Where conversations begin (ADR 0017): an inquiry about a home (one per home and guest,
 * reused by every later inquiry), and a booking's own conversation (one per booking, made by
 * its first message or by the guest's checkout note when the booking is confirmed).
 */
import { and, eq, sql } from 'drizzle-orm';
import { MESSAGE_MAX_LENGTH } from '#shared/schemas/messages';
import { DomainError, conflict, forbidden, notFound } from '#server/domain-errors';
import type { Db } from '#server/db/client';
import { conversations, messages, users, type BookingRow } from '#server/db/schema';
import { findBooking } from '../bookings/bookings-model';
import { assertNotBlocked } from '../moderation/blocks-service';
import { findHome } from '../homes/homes-service';
import { announce, type Caller, type MessageDeps } from './messages-model';
import { postMessage } from './messages-service';

/** POST /api/home/{id}/inquiries: a signed-in guest asks the home's host; answers the (reused) conversation. */
export async function sendInquiry(
  deps: MessageDeps,
  caller: Caller,
  homeId: string,
  input: { text: string; checkIn?: string; checkOut?: string },
) {
  const home = await findHome(deps.db, homeId);
  // An unlisted home (moderation) takes no new inquiries: 404, as its page.
  if (!home || home.unlistedAt) throw notFound('No home with this id');
  if (home.hostId === caller.id)
    throw new DomainError('forbidden', 'own_home', 'This is your own home: guests contact you here');
  if (!home.hostId) throw conflict('The host of this home can no longer be contacted', 'host_unavailable');
  // Before the conversation is made: a blocked guest leaves no empty inquiry behind.
  await assertNotBlocked(deps.db, caller.id, home.hostId);
  const dates = input.checkIn && input.checkOut ? { checkIn: input.checkIn, checkOut: input.checkOut } : {};
  const [conversation] = await deps.db
    .insert(conversations)
    .values({
      kind: 'inquiry',
      homeId: home.id,
      guestId: caller.id,
      hostId: home.hostId,
      title: home.title,
      image: home.images[0] ?? '',
      ...dates,
      createdAt: deps.clock.now(),
    })
    .onConflictDoUpdate({
      target: [conversations.homeId, conversations.guestId],
      targetWhere: sql`${conversations.kind} = 'inquiry'`,
      // The latest dates asked about, and the home's current title and picture.
      set: { title: home.title, image: home.images[0] ?? '', ...dates },
    })
    .returning();
  await postMessage(deps, conversation!, caller.id, input.text);
  return { conversationId: conversation!.id };
}

/** The host's user id of a booking: its home's host, or the account with the booking's host email. */
async function hostIdOf(db: Db, booking: BookingRow): Promise<string | null> {
  if (booking.homeId) {
    const home = await findHome(db, booking.homeId);
    if (home?.hostId) return home.hostId;
  }
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${booking.hostEmail})`)
    .limit(1);
  return user?.id ?? null;
}

/** The booking's conversation, made when missing (concurrent calls get the same one). */
async function ensureBookingConversation(db: Db, booking: BookingRow, hostId: string, now: Date) {
  await db
    .insert(conversations)
    .values({
      kind: 'booking',
      homeId: booking.homeId,
      bookingId: booking.id,
      guestId: booking.guestId!,
      hostId,
      title: booking.title,
      image: booking.image,
      checkIn: booking.checkIn,
      checkOut: booking.checkOut,
      createdAt: now,
      lastMessageAt: now,
    })
    .onConflictDoNothing({ target: conversations.bookingId });
  const [row] = await db.select().from(conversations).where(eq(conversations.bookingId, booking.id)).limit(1);
  return row!;
}

/**
 * POST /api/bookings/{id}/messages: the booking's guest or host writes in its conversation (made
 * when missing). A booking never confirmed (an unpaid or lapsed hold) has none: 409 not_confirmed.
 * Anyone else gets 404, as for an unknown id; an admin 403 (admins never write).
 */
export async function sendBookingMessage(deps: MessageDeps, caller: Caller, bookingId: string, text: string) {
  const booking = await findBooking(deps.db, bookingId);
  if (!booking) throw notFound('No booking with this id');
  const hostId = await hostIdOf(deps.db, booking);
  const isGuest = booking.guestId === caller.id;
  const isHost = hostId === caller.id;
  if (!isGuest && !isHost) {
    if (caller.role === 'admin') throw forbidden('Admins can read conversations but not write in them');
    throw notFound('No booking with this id');
  }
  if (!booking.confirmedAt) {
    throw conflict('Messages open once the booking is confirmed', 'not_confirmed');
  }
  if (!hostId || !booking.guestId || hostId === booking.guestId) {
    throw conflict('The other party of this booking can no longer be contacted', 'party_unavailable');
  }
  const conversation = await ensureBookingConversation(deps.db, booking, hostId, deps.clock.now());
  return { conversationId: conversation.id, message: await postMessage(deps, conversation, caller.id, text) };
}

/**
 * The guest's checkout note becomes the first message of the booking's conversation, once,
 * when the booking is confirmed or requested (or when the note arrives after that). The host
 * read it in the confirmation mail, so it never triggers the unread-message mail.
 * Failures are logged: they never undo the booking.
 */
export async function postBookingNote(deps: MessageDeps, booking: BookingRow): Promise<void> {
  const note = booking.message.trim();
  // A request's note reaches the host with the request (ADR 0050), before any confirmation.
  if (!note || !booking.guestId || !(booking.confirmedAt || booking.requestedAt)) return;
  try {
    const hostId = await hostIdOf(deps.db, booking);
    if (!hostId || hostId === booking.guestId) return;
    const conversation = await ensureBookingConversation(deps.db, booking, hostId, deps.clock.now());
    // The claim (note_posted false -> true) and the message commit together: posted once, even when
    // the browser's confirmation and a webhook's arrive at the same time.
    const posted = await deps.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(conversations)
        .set({ notePosted: true })
        .where(and(eq(conversations.id, conversation.id), eq(conversations.notePosted, false)))
        .returning({ id: conversations.id });
      if (!claimed) return false;
      const now = deps.clock.now();
      const [message] = await tx
        .insert(messages)
        .values({
          conversationId: conversation.id,
          senderId: booking.guestId,
          body: [...note].slice(0, MESSAGE_MAX_LENGTH).join(''),
          createdAt: now,
        })
        .returning({ id: messages.id });
      await tx
        .update(conversations)
        .set({ lastMessageAt: now, hostMailedUpTo: sql`greatest(${conversations.hostMailedUpTo}, ${message!.id})` })
        .where(eq(conversations.id, conversation.id));
      return true;
    });
    if (posted) {
      const userIds = [conversation.guestId, conversation.hostId];
      await announce(deps, { type: 'message', conversationId: conversation.id, userIds });
    }
  } catch (err) {
    deps.log?.error({ err, bookingId: booking.id }, 'could not post the booking note as a message');
  }
}
