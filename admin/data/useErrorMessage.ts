// How a failed call is told to staff, in one place. A 4xx answer explains itself: the server's message (in
// Arabic, rebuilt from the answer's structure: its conflict code and details, the resources that still refer
// to a record, or matched to our validation strings). A 5xx or a network failure gets the screen's own
// message in the spec's words ('An error occurred while deleting the bus…').
import { HttpError, useLocale, useTranslate } from 'react-admin';
import { enOwn } from '../../shared/i18n/admin/en.ts';
import { formatMoney, formatNumber, formatSeatList } from '../i18n/format.ts';
import { validationKeyOf } from './serverWords.ts';

const codes = enOwn.rihla.errors.codes;

interface ErrorDetails {
  referencedBy?: Record<string, number>;
  errors?: Record<string, string>;
  code?: string;
  /** UNPAID_LIMIT: whose limit, and how many. */
  scope?: string;
  limit?: number;
  /** SEATS_TAKEN */
  takenSeats?: number[];
  /** PRICE_CHANGED */
  totalTicketPrice?: number;
  /** SEATS_SOLD_BEYOND */
  highestSeat?: number;
  /** SEATS_SOLD_BEYOND: the bus's seats; SEAT_NOT_IN_BOOKING: the seats the booking does not hold. */
  seats?: number | number[];
  /** ALREADY_DECIDED */
  paymentStatus?: string;
  /** TOO_MANY_TRIPS: how many the dates name. */
  trips?: number;
  /** BUS_HAS_BOOKINGS, OTHER_COMPANY_BUS: how many. */
  bookings?: number;
  /** REFUND_AMOUNT_CHANGED: what is owed now. */
  refundDue?: number;
}

/** The message key of a conflict code (one per scope when the code has several). */
const codeKey = (body: ErrorDetails) =>
  body.code === 'UNPAID_LIMIT' ? `UNPAID_LIMIT_${body.scope}` : body.code;

export function useErrorMessage() {
  const translate = useTranslate();
  const locale = useLocale();

  /** The details a code's sentence names, written as staff read them. */
  const codeArgs = (body: ErrorDetails) => ({
    seats: body.takenSeats
      ? formatSeatList(body.takenSeats, locale)
      : Array.isArray(body.seats)
        ? formatSeatList(body.seats, locale)
        : formatNumber(body.seats ?? 0, locale),
    total: formatMoney(body.totalTicketPrice ?? 0, locale, translate),
    amount: formatMoney(body.refundDue ?? 0, locale, translate),
    highestSeat: formatNumber(body.highestSeat ?? 0, locale),
    limit: formatNumber(body.limit ?? 0, locale),
    trips: formatNumber(body.trips ?? 0, locale),
    bookings: formatNumber(body.bookings ?? 0, locale),
    status: translate(`rihla.payments.status.${body.paymentStatus}`, { _: body.paymentStatus ?? '' }),
  });

  return (error: unknown, fallbackKey: string, resource?: string): string => {
    if (!(error instanceof HttpError) || error.status < 400 || error.status >= 500)
      return translate(fallbackKey);
    const body = (error.body ?? {}) as ErrorDetails;
    if (locale === 'en') return error.message;
    const coded = codeKey(body);
    if (coded && coded in codes) return translate(`rihla.errors.codes.${coded}`, codeArgs(body));
    const name = resource ? translate(`resources.${resource}.name`, { smart_count: 1 }) : '';
    if (body.referencedBy) {
      const list = Object.entries(body.referencedBy)
        .map(([other, count]) =>
          translate('rihla.errors.in_use_item', {
            name: translate(`resources.${other}.name`, { smart_count: 2 }),
            count,
          }),
        )
        .join('، ');
      return translate('rihla.errors.in_use', { name, list });
    }
    if (error.status === 409 && body.errors && resource) {
      const field = Object.keys(body.errors)[0];
      return translate('rihla.errors.already_exists', {
        name,
        field: translate(`resources.${resource}.fields.${field}`),
      });
    }
    if (error.status === 403) return translate('rihla.errors.forbidden');
    const key = validationKeyOf(error.message);
    return key ? translate(key) : error.message;
  };
}
