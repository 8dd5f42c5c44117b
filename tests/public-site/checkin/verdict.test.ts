// The verdict at the bus door, offline: every verdict the server gives, by the same rules, from the downloaded
// package, the trip's public key and this phone's own scans — a tampered code, a code signed by another key,
// a ticket of another trip and a duplicate among them.
import { beforeAll, describe, expect, it } from 'vitest';
import { verifySignature } from '../../../public-site/checkin/lib/signature.ts';
import type { ScanRecord } from '../../../public-site/checkin/lib/types.ts';
import { cleanTicketId, firstBoarding, judge } from '../../../public-site/checkin/lib/verdict.ts';
import {
  claimOf,
  makeKeys,
  OTHER_TRIP_ID,
  sign,
  ticket,
  tripPackage,
  TRIP_ID,
  type Keys,
} from './fixtures.ts';

let keys: Keys;
beforeAll(async () => {
  keys = await makeKeys();
});

const scan = (
  ticketId: string,
  verdict: 'valid' | 'unpaid',
  scannedAt: string,
  deviceId = 'phone-A',
): ScanRecord => ({
  id: `${deviceId}|${scannedAt}`,
  tripId: TRIP_ID,
  ticketId,
  scannedAt,
  deviceId,
  local: { verdict, reason: 'firstBoarding', ticketId },
});

async function verdictOf(
  input: { qr?: string; ticketId?: string },
  tickets = [ticket()],
  scans: ScanRecord[] = [],
) {
  return judge(input, { pkg: tripPackage(keys, tickets), scans, verify: verifySignature });
}

describe('the verdict at the door (offline)', () => {
  it('boards a paid ticket of this trip, by its code or its number, with seats and travellers', async () => {
    const paid = ticket({ seats: [4, 5] });
    const byCode = await verdictOf({ qr: await sign(keys, claimOf(paid)) }, [paid]);
    expect(byCode).toMatchObject({ verdict: 'valid', ticketId: paid.ticketId, ticket: { seats: [4, 5] } });
    expect((await verdictOf({ ticketId: paid.ticketId }, [paid])).verdict).toBe('valid');
  });

  it('says amber for each unpaid state, and why', async () => {
    for (const status of ['awaiting_proof', 'proof_submitted', 'rejected'] as const) {
      const unpaid = ticket({ paymentStatus: status });
      const found = await verdictOf({ qr: await sign(keys, claimOf(unpaid)) }, [unpaid]);
      expect(found).toMatchObject({ verdict: 'unpaid', reason: status });
    }
  });

  it('says cancelled for a cancelled booking and for an expired hold', async () => {
    const cancelled = ticket({ isCancelled: true, paymentStatus: 'verified' });
    const expired = ticket({ isCancelled: true, paymentStatus: 'expired' });
    expect(await verdictOf({ ticketId: cancelled.ticketId }, [cancelled])).toMatchObject({
      verdict: 'cancelled',
      reason: 'cancelled',
    });
    expect(await verdictOf({ qr: await sign(keys, claimOf(expired)) }, [expired])).toMatchObject({
      verdict: 'cancelled',
      reason: 'expired',
    });
  });

  it('says wrong trip for a genuine code of another trip, and for a number found in another downloaded trip', async () => {
    const elsewhere = ticket();
    const code = await sign(keys, claimOf(elsewhere, OTHER_TRIP_ID));
    expect(await verdictOf({ qr: code }, [])).toMatchObject({
      verdict: 'wrong_trip',
      otherTripId: OTHER_TRIP_ID,
    });
    // A booking moved to this trip after its ticket was printed: the code still names the other trip.
    expect((await verdictOf({ qr: code }, [elsewhere])).verdict).toBe('wrong_trip');
    const typed = await judge(
      { ticketId: elsewhere.ticketId },
      {
        pkg: tripPackage(keys, [ticket()]),
        scans: [],
        verify: verifySignature,
        tripOf: (id) => (id === elsewhere.ticketId ? OTHER_TRIP_ID : undefined),
      },
    );
    expect(typed).toMatchObject({ verdict: 'wrong_trip', otherTripId: OTHER_TRIP_ID });
  });

  it('catches a tampered code: another seat, another ticket id, a changed signature', async () => {
    const paid = ticket({ seats: [4] });
    const code = await sign(keys, claimOf(paid));
    const parts = code.split('.');
    const otherSeat = [...parts.slice(0, 3), '5', parts[4]].join('.');
    const otherTicket = [parts[0], String(Number(parts[1]) + 1), ...parts.slice(2)].join('.');
    const flipped = parts[4][10] === 'A' ? 'B' : 'A';
    const otherSignature = [...parts.slice(0, 4), parts[4].slice(0, 10) + flipped + parts[4].slice(11)].join(
      '.',
    );
    for (const forged of [otherSeat, otherTicket, otherSignature])
      expect(await verdictOf({ qr: forged }, [paid, ticket({ seats: [5] })])).toMatchObject({
        verdict: 'forged',
        reason: 'badSignature',
      });
  });

  it('refuses a code signed by another key, and anything that is not a ticket code', async () => {
    const paid = ticket();
    const stranger = await makeKeys();
    expect(await verdictOf({ qr: await sign(stranger, claimOf(paid)) }, [paid])).toMatchObject({
      verdict: 'forged',
      reason: 'badSignature',
    });
    for (const text of ['https://example.com', '', `R1.${paid.ticketId}.${TRIP_ID}.1`, 'R1.1.2.3.4'])
      expect(await verdictOf({ qr: text }, [paid])).toMatchObject({ verdict: 'forged', reason: 'badCode' });
  });

  it('says forged for a typed number the trip does not have; amber for a genuine code missing from the list', async () => {
    expect(await verdictOf({ ticketId: '9999999999999' })).toMatchObject({
      verdict: 'forged',
      reason: 'unknownTicket',
      ticketId: '9999999999999',
    });
    const soldLater = ticket();
    expect(await verdictOf({ qr: await sign(keys, claimOf(soldLater)) }, [])).toMatchObject({
      verdict: 'unpaid',
      reason: 'notOnList',
    });
  });

  it('says already boarded for a duplicate: on this phone, or in the package, the earliest first', async () => {
    const paid = ticket();
    const mine = scan(paid.ticketId, 'valid', '2026-11-24T06:40:00.000Z');
    const duplicate = await verdictOf({ ticketId: paid.ticketId }, [paid], [mine]);
    expect(duplicate).toMatchObject({
      verdict: 'already_boarded',
      firstScan: { scannedAt: mine.scannedAt, deviceId: 'phone-A' },
    });
    const boardedElsewhere = ticket({
      boardings: [{ scannedAt: '2026-11-24T06:30:00.000Z', deviceId: 'phone-B' }],
    });
    const found = await verdictOf(
      { qr: await sign(keys, claimOf(boardedElsewhere)) },
      [boardedElsewhere],
      [scan(boardedElsewhere.ticketId, 'valid', '2026-11-24T06:45:00.000Z')],
    );
    expect(found).toMatchObject({ verdict: 'already_boarded', firstScan: { deviceId: 'phone-B' } });
    // An unpaid scan boarded nothing.
    expect(
      (await verdictOf({ ticketId: paid.ticketId }, [paid], [scan(paid.ticketId, 'unpaid', mine.scannedAt)]))
        .verdict,
    ).toBe('valid');
    expect(firstBoarding(paid, [])).toBeUndefined();
  });

  it('reads typed numbers with Arabic digits and spaces', () => {
    expect(cleanTicketId('١٢٣٤ ٥٦٧٨ ٩٠١٢٣')).toBe('1234567890123');
    expect(cleanTicketId('12345')).toBeUndefined();
  });
});
