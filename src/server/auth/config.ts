import type { AppConfig } from '../app-context';
import type { Env } from '../env';

/** Used only when AUTH_SECRET is unset, which env.ts allows only outside production on a loopback HOST. */
const DEVELOPMENT_SECRET = 'stayhub-development-secret-do-not-use-in-production';

/** The app's run-time settings from the checked environment. */
export function appConfigFromEnv(env: Env): AppConfig {
  const production = env.NODE_ENV === 'production';
  const publicUrl = new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).origin;
  // Outside production the same server is also reached as 127.0.0.1/localhost and through the Vite dev server.
  const extraTrustedOrigins = production
    ? []
    : [
        `http://localhost:${env.PORT}`,
        `http://127.0.0.1:${env.PORT}`,
        'http://localhost:5173',
        'http://127.0.0.1:5173',
      ].filter((o) => o !== publicUrl);
  return {
    publicUrl,
    extraTrustedOrigins,
    production,
    authSecret: env.AUTH_SECRET ?? DEVELOPMENT_SECRET,
    adminEmails: env.ADMIN_EMAILS,
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            issuerUrl: env.GOOGLE_ISSUER_URL.replace(/\/+$/, ''),
          }
        : null,
    mailFrom: env.MAIL_FROM,
  };
}

/** Every origin allowed to send state-changing requests. */
export function trustedOrigins(config: AppConfig): string[] {
  return [config.publicUrl, ...config.extraTrustedOrigins];
}
