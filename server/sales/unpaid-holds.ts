// The limits on unpaid holds, checked in a sale's own transaction: the live unpaid bookings of its phone, its
// client address and its device, the seats its address holds unpaid on the trip, and the seats held unpaid on
// the trip. One unpaid sale at a time per phone,
// address, device and trip (advisory locks on PostgreSQL; SQLite writes one at a time), so two sales cannot
// both pass a limit on any node. A full trip share refuses a hold without a proof, never a traveller who pays:
// the oldest holds without a proof on that trip give way (expired, their seats freed), and a sale whose proof
// holds is made even when proofs alone fill the share (a proof holds only until its review deadline, and its
// sender is limited like everyone).
import { type ExpressionBuilder, sql } from 'kysely';
import { UNPAID_STATUSES, UNPROVEN_STATUSES } from '../../shared/payments.ts';
import { lockName } from '../db/locks.ts';
import type { Db, Tables } from '../db/schema.ts';
import type { PaymentsConfig } from '../config.ts';

/** The limits an unpaid sale is held to, from the payments' settings. */
export const holdLimitsOf = (payments: PaymentsConfig, proofHolds: boolean): HoldLimits => ({
  perPhone: payments.maxUnpaidPerPhone,
  perAddress: payments.maxUnpaidPerAddress,
  perAddressOnTrip: payments.maxUnpaidSeatsPerAddressPerTrip,
  perDevice: payments.maxUnpaidPerDevice,
  share: payments.maxUnpaidShare,
  proofHolds,
});

export interface HoldLimits {
  perPhone: number;
  perAddress: number;
  /** Seats one address may hold unpaid on the trip. */
  perAddressOnTrip: number;
  perDevice: number;
  /** Share of the trip's seats unpaid holds may occupy. */
  share: number;
  /** The sale comes with a proof that holds: the trip's share does not refuse it. */
  proofHolds: boolean;
}

/** Who asks for the hold: the phone, and when known the client address and the public site's device id. */
export interface HoldSource {
  phone: string;
  address: string | null;
  device: string | null;
}

export type HoldScope = 'phone' | 'address' | 'device' | 'trip';
export type LimitRefusal = { unpaidLimit: HoldScope; limit: number };

interface Sale {
  tripId: string;
  seats: number[];
  /** Legs each seat holds, and legs of the trip: holds count seat-legs (a trip without stops has one leg). */
  legs: number;
  tripLegs: number;
  capacity: number;
  source: HoldSource;
  limits: HoldLimits;
  now: Date;
  /**
   * An unpaid booking moving to this trip (a change of day): it is one of its phone's, address's and device's
   * live holds already, so only the trip's limits count (the address's seats on it, the trip's unpaid share).
   */
  moving?: boolean;
}

/** The lock of a trip's unpaid holds: every unpaid sale or move onto the trip takes it, last. */
export const tripHoldsLock = (tripId: string) => `trip:${tripId}`;

/** Serialises the unpaid sales of one phone, address, device and trip (always in this order: no deadlock). */
export function lockHoldSources(trx: Db, tripId: string, source: HoldSource) {
  return lockName(
    trx,
    `phone:${source.phone}`,
    ...(source.address ? [`address:${source.address}`] : []),
    ...(source.device ? [`device:${source.device}`] : []),
    tripHoldsLock(tripId),
  );
}

/**
 * Unpaid and not cancelled, written as literals: SQLite uses a partial index (bookings_unpaid_phone, _address,
 * _device) only when the query's terms match its WHERE, which a bound parameter never does.
 */
const UNPAID = sql<boolean>`${sql.raw(
  `"bookings"."isCancelled" = 0 and "bookings"."paymentStatus" in (${UNPAID_STATUSES.map((s) => `'${s}'`).join(', ')})`,
)}`;

/** Unpaid bookings whose hold has not lapsed. */
const live = (query: any, now: string) =>
  query
    .where(UNPAID)
    .where((eb: any) =>
      eb.or([eb('bookings.paymentDeadline', 'is', null), eb('bookings.paymentDeadline', '>', now)]),
    );

/**
 * The live unpaid bookings of the phone, address and device (each counted no further than its limit: an
 * agent's phone may hold many), and the unpaid seats held on the trip, all and the address's, in one statement.
 */
async function countHolds(trx: Db, sale: Sale) {
  const now = sale.now.toISOString();
  const { source, limits } = sale;
  const upTo = (column: string, value: string | null, limit: number, eb: any) =>
    value === null
      ? eb.val(0).as(column)
      : eb
          .selectFrom(
            live(
              trx
                .selectFrom('bookings')
                .select('bookings.id')
                .where(column as any, '=', value),
              now,
            )
              .limit(limit)
              .as('held'),
          )
          .select((inner: any) => inner.fn.countAll().as('count'))
          .as(column);
  const tripSeats = () =>
    trx
      .selectFrom('booking_seats')
      .innerJoin('bookings', 'bookings.id', 'booking_seats.bookingId')
      .select((inner: any) => inner.fn.countAll().as('count'))
      .where('booking_seats.tripId', '=', sale.tripId);
  const counts = await trx
    .selectNoFrom((eb) => [
      upTo('phone', source.phone, limits.perPhone, eb),
      upTo('clientAddress', source.address, limits.perAddress, eb),
      upTo('deviceId', source.device, limits.perDevice, eb),
      live(tripSeats(), now).as('tripSeats'),
      source.address === null
        ? eb.val(0).as('addressTripSeats')
        : live(tripSeats().where('bookings.clientAddress', '=', source.address), now).as('addressTripSeats'),
    ])
    .executeTakeFirst();
  const n = (value: unknown) => Number(value ?? 0);
  return {
    phone: n(counts?.phone),
    address: n(counts?.clientAddress),
    device: n(counts?.deviceId),
    tripSeats: n(counts?.tripSeats),
    addressTripSeats: n(counts?.addressTripSeats),
  };
}

/**
 * Holds without a proof waiting for staff: none sent, rejected, or one whose review time ran out (the sweep
 * returns it to awaiting_proof; until it runs, its review deadline says so).
 */
const unproven = (at: string) => (eb: ExpressionBuilder<Tables, 'bookings'>) =>
  eb.or([
    eb('paymentStatus', 'in', [...UNPROVEN_STATUSES]),
    eb.and([eb('paymentStatus', '=', 'proof_submitted'), eb('reviewDeadline', '<=', at)]),
  ]);

const seatLegsOf = (row: { seats: string; boardingStop?: number | null; alightingStop?: number | null }) =>
  (JSON.parse(row.seats) as number[]).length *
  (Number(row.alightingStop ?? 1) - Number(row.boardingStop ?? 0));

/**
 * Frees at least `seats` seat-legs of the trip's unpaid share by expiring its oldest live holds without a proof, as far
 * as there are; answers the seats freed. Each is expired only if it still waits for a proof when its row is
 * written (a proof or a verification that got there first keeps it).
 */
async function makeRoom(trx: Db, tripId: string, seats: number, now: Date): Promise<number> {
  const at = now.toISOString();
  const candidates = await trx
    .selectFrom('bookings')
    .select(['id', 'seats', 'boardingStop', 'alightingStop'])
    .where('tripId', '=', tripId)
    .where('isCancelled', '=', 0)
    .where(unproven(at))
    .where('paymentDeadline', '>', at)
    .orderBy('bookingDate')
    .orderBy('id')
    .execute();
  const chosen: string[] = [];
  let planned = 0;
  for (const candidate of candidates) {
    if (planned >= seats) break;
    chosen.push(candidate.id);
    planned += seatLegsOf(candidate);
  }
  if (!chosen.length) return 0;
  const gaveWay = await trx
    .updateTable('bookings')
    .set({ paymentStatus: 'expired', isCancelled: 1, paymentDeadline: at })
    .where('id', 'in', chosen)
    .where('isCancelled', '=', 0)
    .where(unproven(at))
    .returning(['id', 'seats', 'boardingStop', 'alightingStop'])
    .execute();
  if (!gaveWay.length) return 0;
  await trx
    .deleteFrom('booking_seats')
    .where('tripId', '=', tripId)
    .where(
      'bookingId',
      'in',
      gaveWay.map((row) => row.id),
    )
    .execute();
  return gaveWay.reduce((sum, row) => sum + seatLegsOf(row), 0);
}

/** Checks a sale against the limits (call under lockHoldSources); answers the refusal, if any. */
export async function checkHoldLimits(trx: Db, sale: Sale): Promise<LimitRefusal | undefined> {
  const { limits } = sale;
  const held = await countHolds(trx, sale);
  if (!sale.moving && held.phone >= limits.perPhone) return { unpaidLimit: 'phone', limit: limits.perPhone };
  if (!sale.moving && sale.source.address && held.address >= limits.perAddress)
    return { unpaidLimit: 'address', limit: limits.perAddress };
  // Seat-legs: a seat held over the whole trip counts each leg, one held over one leg counts once.
  const asked = sale.seats.length * sale.legs;
  if (sale.source.address && held.addressTripSeats + asked > limits.perAddressOnTrip * sale.tripLegs)
    return { unpaidLimit: 'address', limit: limits.perAddressOnTrip };
  if (!sale.moving && sale.source.device && held.device >= limits.perDevice)
    return { unpaidLimit: 'device', limit: limits.perDevice };
  const share = Math.floor(sale.capacity * limits.share);
  const over = held.tripSeats + asked - share * sale.tripLegs;
  if (over <= 0) return undefined;
  if (!limits.proofHolds) return { unpaidLimit: 'trip', limit: share };
  await makeRoom(trx, sale.tripId, over, sale.now);
  return undefined;
}
