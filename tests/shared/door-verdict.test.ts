// The door's one rule (shared/boarding.ts), case by case; tests/server/door-verdict.test.ts feeds the same
// cases to the real server and to the conductor app's judge.
import { describe, expect, it } from 'vitest';
import { type DoorFacts, doorVerdict, ticketFingerprint } from '../../shared/boarding.ts';

const door = 'trip-a';
const paid = { tripId: door, isCancelled: false, tripCancelled: false, paymentStatus: 'verified' };
const verdictOf = (facts: Partial<DoorFacts>) =>
  doorVerdict({ doorTripId: door, complete: true, typed: '1234567890123', booking: paid, ...facts });

describe('the door verdict', () => {
  it('boards a paid ticket once, then says already boarded', () => {
    expect(verdictOf({})).toMatchObject({ verdict: 'valid', reason: 'firstBoarding' });
    expect(verdictOf({ boarded: true })).toMatchObject({ verdict: 'already_boarded' });
  });

  it('refuses a paid ticket of a cancelled trip even while the booking is live (a list downloaded before)', () => {
    expect(verdictOf({ booking: { ...paid, tripCancelled: true } })).toMatchObject({ verdict: 'cancelled' });
    expect(verdictOf({ booking: { ...paid, isCancelled: true, paymentStatus: 'expired' } })).toMatchObject({
      verdict: 'cancelled',
      reason: 'expired',
    });
  });

  it('says wrong trip for a code signed for another trip, and for a booking sold on another trip', () => {
    expect(verdictOf({ code: { tripId: 'trip-b', ticketId: '1' } })).toMatchObject({
      verdict: 'wrong_trip',
      otherTripId: 'trip-b',
    });
    expect(verdictOf({ booking: { ...paid, tripId: 'trip-b' } })).toMatchObject({ verdict: 'wrong_trip' });
  });

  it('calls unreadable, unsigned and unknown tickets forged; a genuine code missing from a download is for staff', () => {
    expect(verdictOf({ code: 'badCode' }).verdict).toBe('forged');
    expect(verdictOf({ code: 'badSignature' }).verdict).toBe('forged');
    expect(verdictOf({ booking: undefined }).verdict).toBe('forged');
    expect(verdictOf({ typed: null, booking: undefined }).verdict).toBe('forged');
    const genuine = { code: { tripId: door, ticketId: '1234567890123' }, booking: undefined };
    expect(verdictOf({ ...genuine, complete: false })).toMatchObject({
      verdict: 'unpaid',
      reason: 'notOnList',
    });
    expect(verdictOf(genuine).verdict).toBe('forged');
  });

  it('leaves an unpaid ticket to staff, saying why', () => {
    for (const status of ['awaiting_proof', 'proof_submitted', 'rejected'])
      expect(verdictOf({ booking: { ...paid, paymentStatus: status } })).toMatchObject({
        verdict: 'unpaid',
        reason: status,
      });
  });

  it('judges the stop on a trip with stops: boards at its own, says where otherwise (issue 23)', () => {
    // Khartoum 0 → Madani 1 → Gedaref 2 → Kassala 3 → Port Sudan 4; the ticket rides Madani → Kassala.
    const legs = { ...paid, boardingStop: 1, alightingStop: 3 };
    const at = (stop: number, boarded = false) => verdictOf({ booking: legs, stop, boarded });
    expect(at(1)).toMatchObject({ verdict: 'valid', reason: 'firstBoarding' });
    expect(at(0)).toMatchObject({ verdict: 'wrong_stop', reason: 'boardsLater', boardingStop: 1 });
    expect(at(2)).toMatchObject({ verdict: 'wrong_stop', reason: 'boardedEarlier', alightingStop: 3 });
    expect(at(2, true)).toMatchObject({ verdict: 'already_boarded' });
    expect(at(3)).toMatchObject({ verdict: 'wrong_stop', reason: 'pastAlighting' });
    expect(at(4, true)).toMatchObject({ verdict: 'wrong_stop', reason: 'pastAlighting' });
    // A cancelled ticket is cancelled wherever it is shown; without a stop, or legs, nothing is judged.
    expect(verdictOf({ booking: { ...legs, isCancelled: true }, stop: 0 }).verdict).toBe('cancelled');
    expect(verdictOf({ booking: legs }).verdict).toBe('valid');
    expect(verdictOf({ stop: 3 }).verdict).toBe('valid');
  });
});

describe('the fingerprint of another company’s ticket in a conductor’s package', () => {
  it('is the first 32 bits of the ticket id’s SHA-256, the same wherever it is computed', async () => {
    // node -e "crypto.createHash('sha256').update('1234567890123').digest('hex').slice(0, 8)"
    expect(await ticketFingerprint('1234567890123')).toBe('bca2b41a');
    expect(await ticketFingerprint('1234567890124')).toMatch(/^[0-9a-f]{8}$/);
    expect(await ticketFingerprint('1234567890124')).not.toBe('bca2b41a');
  });
});
