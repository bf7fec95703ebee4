/** The authorisation matrix's vocabulary (ADR 0009): a request per route and the status each actor gets. */
import type { InjectOptions } from 'fastify';
import type { Actor } from './test-app';

export const ACTORS: Actor[] = ['anonymous', 'guest', 'requested', 'host', 'otherHost', 'admin'];
export type Expect = Record<Actor, number>;
export type Request = InjectOptions & { method: NonNullable<InjectOptions['method']>; url: string };

export interface Case {
  name: string;
  /** Builds the request; called once per actor, so it may create a fresh target. */
  request: () => Promise<Request> | Request;
  expect: Expect;
}

export const all = (status: number): Expect => ({
  anonymous: status,
  guest: status,
  requested: status,
  host: status,
  otherHost: status,
  admin: status,
});
export const signedIn = (status: number): Expect => ({ ...all(status), anonymous: 401 });
export const only = (allowed: Partial<Expect>, others = 403): Expect => ({ ...signedIn(others), ...allowed });
