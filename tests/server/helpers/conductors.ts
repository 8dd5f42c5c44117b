// Conductors open the door of the trips assigned to them (issue 24). Tests that send a conductor to a trip's
// door assign them here first, as a manager would.
import { client, type TestApp } from './test-app.ts';

/** The staff account's id behind an access token. */
export async function accountId(t: TestApp, token: string): Promise<string> {
  const me = await client(t, token).get('/api/auth/user');
  if (me.statusCode !== 200) throw new Error(`/api/auth/user answered ${me.statusCode}: ${me.body}`);
  return me.json()._id;
}

/** Assigns `conductor` (a token) to a trip, or to a company's trips of a day, with `admin`'s token. */
export async function assignConductor(
  t: TestApp,
  admin: string,
  conductor: string,
  to: { tripId: string } | { companyId: string; date: string },
): Promise<string> {
  const answer = await client(t, admin).post('/api/conductors/assign', {
    userId: await accountId(t, conductor),
    ...to,
  });
  if (answer.statusCode !== 201 && answer.statusCode !== 200)
    throw new Error(`assign answered ${answer.statusCode}: ${answer.body}`);
  return answer.json()._id;
}
