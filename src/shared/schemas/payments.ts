import { z } from 'zod';
import { dayNumber } from '../stay';
import { priceBreakdownSchema } from './bookings';
import { amountSchema, isoDate } from './common';
import { singleLineText } from './text';

/** Far above any total a card payment may be (the server answers 409 price_changed for those). */
const SHOWN_TOTAL_MAX = 1_000_000_000;

/** A card holder's or payer's name: one line of plain text, possibly empty. */
const payerName = singleLineText({
  max: 200,
  tooLong: 'The name can be at most 200 characters',
  notOneLine: 'The name must be a single line of plain text',
});

/** POST /api/payment-intent: places a 15-minute hold on the dates and creates the card payment. */
export const paymentIntentRequestSchema = z
  .object({
    homeId: z.string().min(1).max(100),
    checkIn: isoDate,
    checkOut: isoDate,
    guests: z.number().int().min(1).max(50),
    price: amountSchema({ label: 'price', min: 0.01, max: SHOWN_TOTAL_MAX })
      .optional()
      .describe('The total (dollars) the guest was shown; a different server total answers 409 price_changed'),
  })
  .strict()
  .superRefine((b, ctx) => {
    if ((dayNumber(b.checkIn) ?? 0) >= (dayNumber(b.checkOut) ?? 0)) {
      ctx.addIssue({ code: 'custom', path: ['checkOut'], message: 'checkOut must be after checkIn' });
    }
  })
  .meta({ id: 'PaymentIntentRequest' });
export type PaymentIntentRequest = z.infer<typeof paymentIntentRequestSchema>;

export const paymentIntentResponseSchema = z
  .object({
    clientSecret: z.string(),
    bookingId: z.string(),
    paymentIntentId: z.string(),
    amount: z.number().describe('Total to pay, in dollars'),
    nights: z.number().int(),
    breakdown: priceBreakdownSchema.describe('What `amount` is made of, fixed with the hold'),
    holdExpiresAt: z.string().describe('ISO instant; the dates are held until then'),
    provider: z.enum(['sandbox', 'stripe']),
  })
  .meta({ id: 'PaymentIntent' });
export type PaymentIntentResponse = z.infer<typeof paymentIntentResponseSchema>;

/** GET /api/payments/config: which card form the client shows. */
export const paymentsConfigSchema = z
  .discriminatedUnion('provider', [
    z.object({ provider: z.literal('sandbox') }),
    z.object({ provider: z.literal('stripe'), publishableKey: z.string() }),
  ])
  .meta({ id: 'PaymentsConfig' });
export type PaymentsConfig = z.infer<typeof paymentsConfigSchema>;

/** POST /api/payments/sandbox/confirm: the sandbox's confirmCardPayment. */
export const sandboxConfirmRequestSchema = z
  .object({
    clientSecret: z.string().min(1).max(200),
    card: z
      .object({
        number: z.string().max(40).describe('Spaces and dashes are ignored'),
        expMonth: z.number().int().min(0).max(99),
        expYear: z.number().int().min(0).max(9999).describe('Two or four digits'),
        cvc: z.string().max(10),
        name: payerName.optional(),
      })
      .strict(),
    billing: z
      .object({
        name: payerName,
        email: z.string().max(254),
      })
      .strict(),
  })
  .strict()
  .meta({ id: 'SandboxConfirmRequest' });
export type SandboxConfirmRequest = z.infer<typeof sandboxConfirmRequestSchema>;

export const sandboxConfirmResponseSchema = z
  .object({
    paymentIntent: z.object({
      id: z.string(),
      status: z
        .enum(['requires_payment_method', 'processing', 'requires_capture', 'succeeded', 'canceled'])
        .describe('requires_capture: authorised, not charged (a booking request until the host accepts)'),
    }),
  })
  .meta({ id: 'SandboxConfirmResponse' });
export type SandboxConfirmResponse = z.infer<typeof sandboxConfirmResponseSchema>;
