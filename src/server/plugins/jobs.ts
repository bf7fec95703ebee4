import type { FastifyPluginAsync } from 'fastify';
import type { AppContext, JobSettings } from '../app-context';
import { runExclusively } from '../jobs/job-queue';
import { startDocumentRetention } from '../features/account-data/document-retention';
import { startBookingSweeper } from '../features/bookings/bookings-sweeper';
import { startCalendarSync } from '../features/calendar-sync/calendar-sync-job';
import { startDepositRelease } from '../features/deposits/deposits-release';
import { startPayouts } from '../features/payouts/payouts-job';
import { startMessageMailer } from '../features/messages/messages-mailer';
import { startReviewsPublisher } from '../features/reviews/reviews-publisher';
import { startUploadsSweeper } from '../features/uploads/uploads-sweeper';

/**
 * The background jobs: started once the server listens, stopped (each finishing its pass) when it
 * closes. Each pass holds its job's lease in the `jobs` table (ADR 0046): with several processes one
 * of them runs it at a time, the others skip.
 */
export function jobs(ctx: AppContext, settings: JobSettings): FastifyPluginAsync {
  const { intervals, onPass } = settings;
  return async (app) => {
    const { db, clock, mail, storage, payments, publicUrl, messageBus, calendarFetch } = ctx;
    const log = app.log;
    const started: { stop(): Promise<void> }[] = [];
    app.addHook('onListen', (done) => {
      // Expires holds past their time and confirms paid holds whose browser never called back.
      started.push(
        startBookingSweeper(
          { db, clock, payments, mail, log, publicUrl, messageBus },
          {
            intervalMs: intervals.bookingSweepMs,
            exclusive: runExclusively(db, 'bookings-sweep'),
            onPass: (outcome) => onPass?.('bookings', outcome),
          },
        ),
      );
      // Removes uploads nothing refers to once they are a day old.
      started.push(
        startUploadsSweeper(
          { db, storage, clock, log },
          {
            intervalMs: intervals.uploadSweepMs,
            exclusive: runExclusively(db, 'uploads-sweep'),
            onPass: (outcome) => onPass?.('uploads', outcome),
          },
        ),
      );
      // Deletes host-request documents HOST_DOCUMENT_RETENTION_DAYS after the request was decided (issue 30).
      const retentionDays = settings.hostDocumentRetentionDays;
      started.push(
        startDocumentRetention(
          { db, storage, clock, log, retentionDays },
          {
            intervalMs: intervals.uploadSweepMs,
            exclusive: runExclusively(db, 'host-document-retention'),
            onPass: (outcome) => onPass?.('host_documents', outcome),
          },
        ),
      );
      // Fetches imported iCal calendars.
      started.push(
        startCalendarSync(
          { db, clock, fetchPolicy: calendarFetch ?? { allowPrivate: false }, log },
          {
            intervalMs: intervals.calendarSyncMs,
            exclusive: runExclusively(db, 'calendar-sync'),
            onPass: (outcome) => onPass?.('calendar', outcome),
          },
        ),
      );
      // Mails the recipient of a message unread for MESSAGE_MAIL_DELAY_MS (once per conversation an hour).
      started.push(
        startMessageMailer(
          { db, clock, mail, log, publicUrl },
          {
            intervalMs: intervals.messageMailMs,
            delayMs: settings.messageMailDelayMs,
            exclusive: runExclusively(db, 'message-mail'),
            onPass: (outcome) => onPass?.('message_mail', outcome),
          },
        ),
      );
      // Publishes reviews whose 14-day window closed (reads never wait for it; card ratings do).
      started.push(
        startReviewsPublisher(
          { db, clock, log },
          {
            intervalMs: intervals.reviewPublishMs,
            exclusive: runExclusively(db, 'reviews-publish'),
            onPass: (outcome) => onPass?.('reviews', outcome),
          },
        ),
      );
      // Authorises pending security deposits as they come due (ADR 0051) and lets go of those no damage
      // claim stopped, DEPOSIT_RELEASE_DAYS after check-out; mails both sides of each.
      started.push(
        startDepositRelease(
          { db, clock, payments, mail, publicUrl, log, ...(ctx.deposits ? { deposits: ctx.deposits } : {}) },
          {
            intervalMs: intervals.depositReleaseMs,
            exclusive: runExclusively(db, 'deposit-release'),
            onPass: (outcome) => onPass?.('deposits', outcome),
          },
        ),
      );
      // Makes stays' shares payable after check-in and pays hosts' available balances (issue 28).
      if (intervals.payoutMs) {
        started.push(
          startPayouts(
            { ...ctx, log },
            {
              intervalMs: intervals.payoutMs,
              exclusive: runExclusively(db, 'payouts'),
              onPass: (outcome) => onPass?.('payouts', outcome),
            },
          ),
        );
      }
      done();
    });
    app.addHook('onClose', async () => {
      for (const job of started) await job.stop();
    });
  };
}
