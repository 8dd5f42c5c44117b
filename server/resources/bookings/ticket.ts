// The ticket PDF of a booking, from the booking and its populated trip.
import {
  type CompanyAccount,
  type PaymentInstructions,
  paymentInstructionsFor,
} from '../../../shared/payment-instructions.ts';
import type { Document } from '../crud/row-mapper.ts';
import type { TicketData } from '../../tickets/ticket-pdf.ts';
import { CURRENCY } from '../../../shared/rules.ts';
import type { TicketSigner } from '../../tickets/signing.ts';
import type { RefundRules } from '../../../shared/refund-rules.ts';
import type { PassengerInfo } from './booking-mapper.ts';
import type { TripDetails } from '../../../shared/contract/documents.ts';
import { stopTime } from '../../../shared/stop-times.ts';
import type { NamedStop } from '../boarding/trip-stops.ts';

/**
 * On a trip with stops (issue 23), the traveller's own: the towns they board and get off at, and the time at
 * their boarding stop; nothing for a booking of the trip's ends.
 */
export function ticketLegs(
  booking: Document,
  trip: TripDetails,
  stops: readonly NamedStop[],
): Partial<TicketData> {
  const last = stops.length + 1;
  const boarding = Number(booking.boardingStop ?? 0);
  const alighting = Number(booking.alightingStop ?? last);
  if (!stops.length || (boarding === 0 && alighting === last)) return {};
  const town = (index: number) =>
    index === 0
      ? { city: trip.trip_originId?.origin_city ?? '', ar: trip.trip_originId?.origin_city_ar ?? undefined }
      : index === last
        ? {
            city: trip.trip_destinationId?.destination_city ?? '',
            ar: trip.trip_destinationId?.destination_city_ar ?? undefined,
          }
        : { city: stops[index - 1]?.city ?? '', ar: stops[index - 1]?.city_ar ?? undefined };
  const from = town(boarding);
  const to = town(alighting);
  return {
    originCity: from.city,
    originCityAr: from.ar,
    destinationCity: to.city,
    destinationCityAr: to.ar,
    stopBoardingTime: stopTime(trip.trip_boarding_time, boarding ? (stops[boarding - 1]?.minutes ?? 0) : 0)
      .time,
  };
}

/** Where an unpaid ticket's traveller pays, when the trip's company has its own account (issue 24). */
function companyPayTo(trip: TripDetails): { payTo?: PaymentInstructions } {
  const company = trip.busId?.bus_owner_companyId as CompanyAccount | undefined;
  const pay = paymentInstructionsFor(company, { bankakAccount: '', accountName: '', wallets: [] });
  return pay.source === 'company' ? { payTo: pay } : {};
}

export function ticketData(
  booking: Document,
  trip: TripDetails,
  signer: TicketSigner,
  stops: readonly NamedStop[] = [],
): TicketData {
  const passenger = booking.passengerInfo as PassengerInfo;
  const seats = booking.seats as number[];
  return {
    ticketId: String(booking.ticketId),
    passengerName: `${passenger.firstName} ${passenger.lastName}`,
    companyName: trip.busId?.bus_owner_companyId?.company_name ?? '',
    busNumber: trip.busId?.bus_number ?? '',
    tripDate: trip.trip_date,
    boardingTime: trip.trip_boarding_time,
    originCity: trip.trip_originId?.origin_city ?? '',
    destinationCity: trip.trip_destinationId?.destination_city ?? '',
    originCityAr: trip.trip_originId?.origin_city_ar ?? undefined,
    destinationCityAr: trip.trip_destinationId?.destination_city_ar ?? undefined,
    companyNameAr: trip.busId?.bus_owner_companyId?.company_name_ar ?? undefined,
    seats,
    passengerCount: seats.length,
    total: (booking.totalTicketPrice as number[])[0],
    currency: CURRENCY,
    bookingDate: String(booking.bookingDate),
    paid: booking.paymentStatus === 'verified',
    refundRules: (booking.refundRules as RefundRules | null | undefined) ?? null,
    ...companyPayTo(trip),
    code: signer.code({ ticketId: String(booking.ticketId), tripId: String(trip._id), seats }),
    ...ticketLegs(booking, trip, stops),
  };
}

/** The signed code of a booking's ticket, as its QR carries it; null for a cancelled booking or one without a trip. */
export function signedTicketCode(booking: { tripId: string | null }, signer: TicketSigner): string | null {
  const { ticketId, seats, isCancelled } = booking as Record<string, unknown>;
  if (isCancelled || !booking.tripId) return null;
  return signer.code({ ticketId: String(ticketId), tripId: booking.tripId, seats: seats as number[] });
}

/** A traveller's look-up answers, each with its ticket's signed code (to keep on the phone, and show offline). */
export const withTicketCodes = <T extends Parameters<typeof signedTicketCode>[0]>(
  matches: T[],
  signer: TicketSigner,
) => matches.map((match) => ({ ...match, ticketCode: signedTicketCode(match, signer) }));
