// Shapes of the public API answers this site reads, from the API contract (shared/contract). Types only:
// `import type` is erased at build time, so no zod enters the bundle.
import type { z } from 'zod';
import type {
  bookingMatch,
  cancellationQuote,
  changeAnswer,
  changeQuoteAnswer,
  codeSent,
  destinationDocument,
  originDocument,
  passengerInfo,
  publicSettings,
  publicTripDocument,
  routesOnSaleAnswer,
  seatsCancelled,
  travellerBookingRecord,
} from '../../shared/contract/index.ts';

export type OriginCity = z.infer<typeof originDocument>;
export type DestinationCity = z.infer<typeof destinationDocument>;
/** A trip as travellers get it (filterTrips, getTrip): whether its bus is out of service, not the bus's state. */
export type Trip = z.infer<typeof publicTripDocument>;
/** A route with a trip on sale now, by its cities' names. */
export type RouteOnSale = z.infer<typeof routesOnSaleAnswer>[number];
export type PassengerInfo = z.infer<typeof passengerInfo>;
/** A booking found by ticket id and phone, with what the traveller needs of its trip beside it. */
export type BookingMatch = z.infer<typeof bookingMatch>;
export type CancellationQuote = z.infer<typeof cancellationQuote>;
/** A "find my bookings" code on its way: until when it is good, and the request's token to send back with it. */
export type CodeSent = z.infer<typeof codeSent>;
/** Some seats of a booking cancelled: which, and what is refunded for them. */
export type SeatsCancelled = z.infer<typeof seatsCancelled>;
export type PublicSettings = z.infer<typeof publicSettings>;
/** A booking as its traveller gets it from createBooking (its trip as an _id), with its payment. */
export type TravellerBooking = z.infer<typeof travellerBookingRecord>;
/** What changing a booking to another trip costs or gives back (changeQuote), and the change's answer. */
export type ChangeQuote = z.infer<typeof changeQuoteAnswer>;
export type ChangeAnswer = z.infer<typeof changeAnswer>;
