// Cash-up (issue 24): a counter sale needs its seller's open shift. Tests that sell at the counter open one
// for their staff account here (useTestApp does it for its signed-in account); one already open is kept.
import { client, type TestApp } from './test-app.ts';

/** Opens the shift of `token`'s account with `float` SDG, or keeps the one open; answers the shift's id. */
export async function openShift(t: TestApp, token: string, float = 0): Promise<string> {
  const answer = await client(t, token).post('/api/shifts/openShift', { float });
  if (answer.statusCode === 409 && answer.json().code === 'SHIFT_ALREADY_OPEN') return answer.json().shiftId;
  if (answer.statusCode !== 201) throw new Error(`openShift answered ${answer.statusCode}: ${answer.body}`);
  return answer.json()._id;
}
