/**
 * Security deposits (issue 27): what a guest, a host and an admin see of a booking's deposit, a
 * host's damage claim and an admin's decision. Money in dollars on the wire, cents inside.
 */
import { z } from 'zod';
import { amountSchema, isoDate } from './common';
import { SECURITY_DEPOSIT_MAX } from './pricing';
import { plainText } from './text';

/**
 * pending: to be authorised on the saved card nearer the stay (Stripe, ADR 0051); held: authorised on the card;
 * claimed: the host filed a damage claim, an admin decides; released / captured: over; failed: the card could not
 * hold it, no deposit is held.
 */
export const DEPOSIT_STATUSES = ['pending', 'held', 'claimed', 'released', 'captured', 'failed'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

export const DAMAGE_REASON_MAX = 2000;

export const depositSchema = z
  .object({
    bookingId: z.string(),
    amount: z.number().describe('Held on the card, in dollars'),
    status: z.enum(DEPOSIT_STATUSES),
    releaseAt: z.string().describe('Released automatically then unless the host files a damage claim before'),
    claim: z
      .object({
        amount: z.number().describe('Claimed by the host, in dollars'),
        reason: z.string(),
        filedAt: z.string(),
      })
      .nullable(),
    capturedAmount: z.number().nullable().describe('Charged after an admin decided a claim, in dollars'),
    decidedAt: z.string().nullable(),
    releasedAt: z.string().nullable(),
  })
  .meta({ id: 'SecurityDeposit' });
export type Deposit = z.infer<typeof depositSchema>;

export const depositListSchema = z.object({ deposits: z.array(depositSchema) }).meta({ id: 'SecurityDeposits' });

export const depositsQuerySchema = z
  .object({
    as: z
      .enum(['guest', 'host'])
      .default('guest')
      .describe("guest: the deposits of the caller's bookings; host: of the bookings at the caller's homes"),
  })
  .strict();

/** POST /api/host/reservations/:id/damage-claim */
export const damageClaimRequestSchema = z
  .object({
    amount: amountSchema({ label: 'The claimed amount', min: 0.01, max: SECURITY_DEPOSIT_MAX }),
    reason: plainText({
      required: 'Say what was damaged: the guest and the admin read it',
      max: DAMAGE_REASON_MAX,
      tooLong: `At most ${DAMAGE_REASON_MAX} characters`,
      notPlain: 'The reason must be plain text: no control characters, separators or direction controls',
    }),
  })
  .strict()
  .meta({ id: 'DamageClaimRequest' });
export type DamageClaimRequest = z.infer<typeof damageClaimRequestSchema>;

/** One claim as the admin sees it: the deposit and the stay it belongs to. */
const damageClaimSchema = depositSchema
  .extend({
    homeTitle: z.string(),
    checkIn: isoDate,
    checkOut: isoDate,
    guestEmail: z.string(),
    hostEmail: z.string(),
  })
  .meta({ id: 'DamageClaim' });
export type DamageClaim = z.infer<typeof damageClaimSchema>;

export const damageClaimListSchema = z.object({ claims: z.array(damageClaimSchema) }).meta({ id: 'DamageClaims' });

/** POST /api/admin/damage-claims/:bookingId/decide: capture up to the claim, or release. */
export const damageDecisionSchema = z
  .union([
    z
      .object({ capture: amountSchema({ label: 'The amount to capture', min: 0.01, max: SECURITY_DEPOSIT_MAX }) })
      .strict(),
    z.object({ release: z.literal(true) }).strict(),
  ])
  .meta({ id: 'DamageDecision' });
export type DamageDecision = z.infer<typeof damageDecisionSchema>;

export const bookingIdParam = z.object({ bookingId: z.string().min(1).max(100) }).strict();
