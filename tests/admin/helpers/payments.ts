// Bookings, reviews and a fake payments API for the payments desk's component tests: a queue the decisions
// change as the server would, and every call recorded.
import type { Booking, Flags, PaymentReview } from '../../../admin/payments/paymentsApi.ts';
import { type Call, fakeFetch, signedIn } from './fakeFetch.ts';

const trip = {
  _id: 't1',
  busId: {
    _id: 'bus1',
    bus_number: 'KH-1201',
    bus_owner_companyId: {
      _id: 'c1',
      company_name: 'Nile Express',
      company_phone: '0912345678',
      company_email: 'a@nile.sd',
      company_tin: '1',
    },
    bus_number_of_seats: 12,
    bus_status: 'In Service',
    date_ofLast_oil_service: '2026-11-01',
  },
  trip_originId: { _id: 'o1', origin_city: 'Khartoum' },
  trip_destinationId: { _id: 'd1', destination_city: 'Kassala' },
  trip_date: '2026-12-01',
  trip_boarding_time: '9:00 am',
  trip_ticket_priceId: { _id: 'p1', price: 45000 },
  bookedSeats: [1, 2, 3],
  isCancelled: false,
} as unknown as NonNullable<Booking['tripId']>;

export const NO_FLAGS: Flags = {
  duplicateReference: [],
  duplicateImage: [],
  duplicateReferenceElsewhere: 0,
  duplicateImageElsewhere: 0,
  bookingsFromPhone: 1,
};

export function booking(id: string, overrides: Partial<Booking> = {}): Booking {
  const n = id.replace(/\D/g, '') || '1';
  return {
    _id: id,
    tripId: trip,
    ticketId: `100000000000${n}`.slice(-13),
    seats: [Number(n)],
    passengerInfo: { firstName: `Traveller${n}`, lastName: 'Osman', phone: `091200000${n}`.slice(0, 10) },
    totalTicketPrice: [45000],
    bookingDate: '2026-11-20T08:00:00.000Z',
    isCancelled: false,
    bankakScreenshot: `/api/uploads/proof-${id}.png`,
    paymentStatus: 'proof_submitted',
    paymentReference: `TRX${n}00${n}`,
    paymentMethod: 'bankak',
    paymentDeadline: null,
    reviewDeadline: null,
    verifiedBy: null,
    verifiedAt: null,
    verifiedVia: null,
    overrideNote: null,
    rejectionReason: null,
    rejectionNote: null,
    soldBy: null,
    refundDue: null,
    refundPaidAt: null,
    refundPaidBy: null,
    refundReference: null,
    ...overrides,
  } as Booking;
}

// Bytes, not a Blob: jsdom's Blob is not the one fetch's Response takes.
const png = () =>
  new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { headers: { 'Content-Type': 'image/png' } });

/**
 * The payments API over a queue of bookings. `flags` per booking id; `verifyAnswer` may answer a verify
 * differently (a 409, say) before the fake server's own behaviour.
 */
export function paymentsServer(
  queue: Booking[],
  options: {
    flags?: Record<string, Flags>;
    verifyAnswer?: (call: Call) => { status: number; body: unknown } | undefined;
    /** Cancelled bookings whose proof nobody decided on (getCancelledProofs, checkCancelledProof). */
    cancelled?: Booking[];
  } = {},
) {
  const waiting = [...queue];
  const cancelled = [...(options.cancelled ?? [])];
  const all = new Map([...queue, ...cancelled].map((b) => [b._id, b]));
  const review = (id: string): PaymentReview => ({
    booking: all.get(id)!,
    flags: options.flags?.[id] ?? NO_FLAGS,
    proofs: [
      {
        name: `proof-${id}.png`,
        mime: 'image/png',
        size: 4,
        created_at: '2026-11-20T08:01:00.000Z',
        url: `/api/uploads/proof-${id}.png`,
      },
    ],
  });
  const decide = (id: string, changes: Partial<Booking>) => {
    all.set(id, { ...all.get(id)!, ...changes });
    waiting.splice(
      waiting.findIndex((b) => b._id === id),
      1,
    );
    return { body: all.get(id) };
  };
  const routes: Parameters<typeof fakeFetch>[0] = {
    'POST /api/auth/login': () => signedIn('token-1'),
    'GET /api/payments/getQueue': (call) => {
      const start = Number(call.query.get('_start') ?? 0);
      const end = Number(call.query.get('_end') ?? 25);
      return { body: waiting.slice(start, end), headers: { 'X-Total-Count': String(waiting.length) } };
    },
  };
  routes['GET /api/payments/getCancelledProofs'] = () => ({
    body: cancelled,
    headers: { 'X-Total-Count': String(cancelled.length) },
  });
  for (const b of cancelled) {
    routes[`GET /api/payments/getPayment/${b._id}`] = () => ({ body: review(b._id) });
    routes[`GET /api/uploads/proof-${b._id}.png`] = png;
    routes[`PATCH /api/payments/checkCancelledProof/${b._id}`] = (call) => {
      cancelled.splice(cancelled.indexOf(b), 1);
      const arrived = (call.body as { moneyArrived: boolean }).moneyArrived;
      all.set(b._id, {
        ...b,
        ...(arrived
          ? { paymentStatus: 'verified', refundDue: b.totalTicketPrice[0] }
          : { paymentStatus: 'rejected', rejectionReason: 'payment_not_received' }),
      });
      return { body: all.get(b._id) };
    };
  }
  for (const b of queue) {
    routes[`GET /api/payments/getPayment/${b._id}`] = () => ({ body: review(b._id) });
    routes[`GET /api/uploads/proof-${b._id}.png`] = png;
    routes[`PATCH /api/bookings/verifyPayment/${b._id}`] = (call) =>
      options.verifyAnswer?.(call) ?? decide(b._id, { paymentStatus: 'verified', verifiedVia: 'review' });
    routes[`PATCH /api/bookings/rejectPayment/${b._id}`] = (call) =>
      decide(b._id, {
        paymentStatus: 'rejected',
        rejectionReason: (call.body as { reason: Booking['rejectionReason'] }).reason,
      });
  }
  const fake = fakeFetch(routes);
  return { ...fake, waiting, decisions: () => fake.calls.filter((c) => c.method === 'PATCH') };
}
