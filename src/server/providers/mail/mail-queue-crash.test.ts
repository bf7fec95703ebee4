/**
 * A mail accepted for sending survives a crash (ADR 0046): the real app (src/server/main.ts) accepts
 * a sign-up's verification mail while its SMTP server is unreachable, is killed with SIGKILL, and
 * started again on the same database with a working SMTP server, which then receives the mail once.
 * PGlite (a data directory kept between the two runs) in the `api` project, PostgreSQL in `api-postgres`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { freePort, startAppProcess, type AppProcess } from '#server/test/app-process';
import { withDatabase } from '#server/test/global-setup';

const received: { to: string[]; raw: string }[] = [];
const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString() });
      callback();
    });
  },
});

const dataDir = mkdtempSync(join(tmpdir(), 'stayhub-crash-'));
const env: Record<string, string> = {
  AUTH_SECRET: 'mail-crash-test-secret-0123456789-abcdefgh',
  SEED_DEMO_DATA: 'false',
};
let admin: pg.Client | undefined;
let dbName = '';
const apps: AppProcess[] = [];
// A fresh embedded database runs every migration at the first start: slow on a loaded machine.
const startTimeoutMs = 280_000;

beforeAll(async () => {
  if (inject('dbMode') === 'postgres') {
    const { adminUrl, template, prefix } = inject('postgresTemplate');
    dbName = `${prefix}_crash_${randomBytes(4).toString('hex')}`;
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database "${dbName}" template "${template}"`);
    env.DATABASE_URL = withDatabase(adminUrl, dbName);
  }
});
afterAll(async () => {
  for (const app of apps) await app.kill();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  if (admin) {
    await admin.query(`drop database if exists "${dbName}" with (force)`);
    await admin.end();
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the mail queue across a crash', () => {
  it('sends a mail accepted before kill -9 once the app runs again', async () => {
    // No SMTP server listens on this port: every send fails and the mail waits in the table.
    const nowhere = `smtp://127.0.0.1:${await freePort()}`;
    const first = await startAppProcess({ ...env, SMTP_URL: nowhere }, { dataDir, startTimeoutMs });
    apps.push(first);
    const email = `crash-${randomBytes(3).toString('hex')}@example.test`;
    const signUp = await fetch(`${first.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: first.url },
      body: JSON.stringify({ name: 'Crash Test', email, password: 'a-long-password-123' }),
    });
    expect(signUp.status, await signUp.text()).toBe(200);
    // The first try failed (so the mail was accepted and is waiting for a retry); then the crash.
    await expect.poll(() => first.output(), { timeout: 30_000 }).toContain('mail send failed; retrying');
    await first.kill();

    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    const working = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
    const second = await startAppProcess({ ...env, SMTP_URL: working }, { dataDir, startTimeoutMs });
    apps.push(second);
    await expect.poll(() => received.filter((m) => m.to.includes(email)).length, { timeout: 60_000 }).toBe(1);
    expect(received.find((m) => m.to.includes(email))!.raw).toContain('/api/auth/verify-email?token=');
    // Sent once: a later poll of the queue does not send it again.
    await new Promise((r) => setTimeout(r, 2_000));
    expect(received.filter((m) => m.to.includes(email))).toHaveLength(1);
    await second.stop();
  }, 900_000);
});
