// The counter sale's form: its values, the problems staff see beside each field (the passenger's rules are
// the server's and the public site's, shared/passenger.ts), and the body the server takes.
import { MAX_SEATS_PER_BOOKING } from '../../shared/rules.ts';
import { type PaymentMethod } from '../../shared/payments.ts';
import { NAME_MAX_LENGTH, passengerProblems } from '../../shared/passenger.ts';
import type { CounterSaleInput } from '../payments/paymentsApi.ts';

export interface SaleForm {
  seats: number[];
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  method: PaymentMethod;
  reference: string;
  /** The traveller's language for text messages (the ticket, payment news). */
  language: 'ar' | 'en';
}

export const emptySale = (): SaleForm => ({
  seats: [],
  firstName: '',
  lastName: '',
  phone: '',
  email: '',
  method: 'cash',
  reference: '',
  language: 'ar',
});

/** A translation key and its arguments. */
export type Problem = [string, Record<string, unknown>?];

const PASSENGER_WORDS: Record<string, Problem> = {
  missing: ['ra.validation.required'],
  tooLong: ['rihla.validation.fields.too_long', { max: NAME_MAX_LENGTH }],
  phone: ['rihla.validation.fields.phone'],
  email: ['rihla.validation.fields.email'],
};

export function saleProblems(form: SaleForm): Partial<Record<keyof SaleForm, Problem>> {
  const problems: Partial<Record<keyof SaleForm, Problem>> = {};
  if (form.seats.length === 0) problems.seats = ['rihla.counter.choose_seat'];
  if (form.seats.length > MAX_SEATS_PER_BOOKING)
    problems.seats = ['rihla.counter.too_many', { max: MAX_SEATS_PER_BOOKING }];
  const passenger = passengerProblems(form);
  for (const key of ['firstName', 'lastName', 'phone', 'email'] as const) {
    const problem = passenger[key];
    if (problem) problems[key] = PASSENGER_WORDS[problem];
  }
  const reference = form.reference.trim();
  if (reference && reference.length < 3) problems.reference = ['rihla.validation.payments.reference'];
  // Money that is not cash is found on the bank statement by its transaction number (the server's rule too).
  if (!reference && form.method !== 'cash') problems.reference = ['rihla.errors.codes.REFERENCE_REQUIRED'];
  return problems;
}

export function saleBody(form: SaleForm, tripId: string, price: number, key: string): CounterSaleInput {
  const reference = form.reference.trim();
  const email = form.email.trim();
  return {
    tripId,
    seats: [...form.seats].sort((a, b) => a - b),
    passengerInfo: {
      firstName: form.firstName.trim(),
      lastName: form.lastName.trim(),
      phone: form.phone.trim(),
      ...(email ? { email } : {}),
    },
    paymentMethod: form.method,
    ...(reference ? { paymentReference: reference } : {}),
    totalTicketPrice: price * form.seats.length,
    idempotencyKey: key,
    language: form.language,
  };
}
