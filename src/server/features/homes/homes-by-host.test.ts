/** A host's own list of homes (GET /api/homes?email=). */
import { beforeAll, describe, expect, it } from 'vitest';
import { homeListSchema, type CreateHomeInput } from '#shared/schemas/homes';
import { createHomeOk } from '#server/test/homes';
import { signInAs, useTestApp, type SignedIn } from '#server/test/test-app';

const t = useTestApp();

let host: SignedIn;
let otherHost: SignedIn;
let guest: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  host = await signInAs(t.app, 'host');
  otherHost = await signInAs(t.app, 'host');
  guest = await signInAs(t.app, 'guest');
  admin = await signInAs(t.app, 'admin');
});

const createOk = (body: Partial<CreateHomeInput> = {}, who: SignedIn = host) => createHomeOk(t.app, body, who);

describe("GET /api/homes?email= (a host's homes)", () => {
  let mine: string[];
  let theirs: string;
  let lister: SignedIn;
  beforeAll(async () => {
    lister = await signInAs(t.app, 'host');
    const stranger = await signInAs(t.app, 'host');
    mine = [];
    for (let i = 0; i < 3; i++) mine.push(await createOk({ title: `Listed ${i}` }, lister));
    theirs = await createOk({ title: 'Not yours' }, stranger);
  });
  const list = (email: string, who: SignedIn | null, extra = '') =>
    t.app.inject({
      method: 'GET',
      url: `/api/homes?email=${encodeURIComponent(email)}${extra}`,
      headers: who?.headers ?? {},
    });

  it("answers that host's homes only, newest first, to that host (any case of the email)", async () => {
    for (const email of [lister.user.email, lister.user.email.toUpperCase()]) {
      const res = await list(email, lister);
      expect(res.statusCode, res.body).toBe(200);
      const ids = homeListSchema.parse(res.json()).map((h) => h._id);
      expect(ids).toEqual([...mine].reverse());
      expect(ids).not.toContain(theirs);
    }
  });

  it('is paged like the public list, the email kept in the next link', async () => {
    const first = await list(lister.user.email, lister, '&limit=2');
    expect(first.json()).toHaveLength(2);
    const next = /<([^>]+)>;\s*rel="next"/.exec(String(first.headers.link))?.[1];
    expect(next).toContain(`email=${encodeURIComponent(lister.user.email)}`);
    const second = await t.app.inject({ method: 'GET', url: next!, headers: lister.headers });
    expect(second.json().map((h: { _id: string }) => h._id)).toEqual([mine[0]]);
  });

  it("an admin may list any host's homes", async () => {
    const res = await list(lister.user.email, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(3);
  });

  it('another host or a guest 403, anonymous 401', async () => {
    expect((await list(lister.user.email, otherHost)).statusCode).toBe(403);
    expect((await list(lister.user.email, guest)).statusCode).toBe(403);
    expect((await list(lister.user.email, null)).statusCode).toBe(401);
  });

  it('the public list without email still needs no sign-in', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/homes' })).statusCode).toBe(200);
  });
});
