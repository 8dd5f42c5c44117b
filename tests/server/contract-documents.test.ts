// shared/contract/documents.ts derives each document twice from the registry entry: its zod schema at run time
// and its type (DocumentAt) from the entry's `as const` fields. These checks hold the two to the same rules:
// write-only fields left out, a field null until set unless required, computed, a flag, a timestamp or set on
// every row, references filled as deep as asked (null where their document may be deleted), and the values a
// row carries beyond the registry. The type checks run with tsc.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import {
  bookingDocument,
  bookingRecord,
  type BookingDocument,
  type BookingRecord,
  companyDocument,
  documentSchema,
  type DocumentAt,
  originDocument,
  tripDocument,
  type TripDocument,
} from '../../shared/contract/index.ts';
import { getResource, type reports, type users } from '../../shared/registry/index.ts';

interface Properties {
  properties: Record<string, Properties>;
}

const nullable = (schema: { safeParse: (value: unknown) => { success: boolean } }) =>
  schema.safeParse(null).success;

describe('typed documents', () => {
  it('a document never carries a write-only field', () => {
    expect(Object.keys(documentSchema(getResource('users')).shape)).toEqual([
      '_id',
      'username',
      'first_name',
      'last_name',
      'phone_number',
      'email',
      'full_name',
      'role',
      'companyId',
    ]);
    expectTypeOf<keyof DocumentAt<typeof users>>().toEqualTypeOf<
      | '_id'
      | 'username'
      | 'first_name'
      | 'last_name'
      | 'phone_number'
      | 'email'
      | 'full_name'
      | 'role'
      | 'companyId'
    >();
  });

  it('is null until set, except what every row has', () => {
    expect(nullable(originDocument.shape.origin_city)).toBe(false);
    expect(nullable(originDocument.shape.origin_city_ar)).toBe(true);
    expect(nullable(bookingDocument.shape.ticketId)).toBe(false);
    expect(nullable(bookingDocument.shape.isCancelled)).toBe(false);
    expect(nullable(bookingDocument.shape.verifiedAt)).toBe(true);
    expect(nullable(tripDocument.shape.bookedSeats)).toBe(false);
    expect(nullable(documentSchema(getResource('reports')).shape.created_at)).toBe(false);
    expectTypeOf<DocumentAt<typeof reports>['created_at']>().toEqualTypeOf<string>();
    expectTypeOf<BookingDocument['ticketId']>().toEqualTypeOf<string>();
    expectTypeOf<BookingDocument['isCancelled']>().toEqualTypeOf<boolean>();
    expectTypeOf<BookingDocument['verifiedAt']>().toEqualTypeOf<string | null>();
    expectTypeOf<BookingDocument['refundMethod']>().toEqualTypeOf<'transfer' | 'cash' | null>();
    expectTypeOf<TripDocument['bookedSeats']>().toEqualTypeOf<number[]>();
  });

  it('fills references as deep as asked; a trip may be gone from its booking', () => {
    expect(bookingRecord.shape.tripId.safeParse('abc').success).toBe(true);
    expect(nullable(bookingDocument.shape.tripId)).toBe(true);
    expect(nullable(tripDocument.shape.busId)).toBe(false);
    const trip = z.toJSONSchema(tripDocument, { io: 'output' }) as Properties;
    const company = trip.properties.busId.properties.bus_owner_companyId.properties;
    expect(Object.keys(company)).toEqual(Object.keys(companyDocument.shape));
    expectTypeOf<BookingRecord['tripId']>().toEqualTypeOf<string>();
    expectTypeOf<BookingDocument['tripId']>().toEqualTypeOf<DocumentAt<
      typeof import('../../shared/registry/index.ts').trips,
      2
    > | null>();
    expectTypeOf<TripDocument['busId']['bus_owner_companyId']['company_name_ar']>().toEqualTypeOf<
      string | null
    >();
  });

  it('carries what a booking keeps beyond the registry', () => {
    expect(Object.keys(bookingRecord.shape)).toEqual(expect.arrayContaining(['refundRules', 'splitFrom']));
    expect(nullable(bookingRecord.shape.splitFrom)).toBe(true);
    expectTypeOf<BookingRecord['splitFrom']>().toEqualTypeOf<string | null>();
    expectTypeOf<NonNullable<BookingRecord['refundRules']>['changeFee']>().toEqualTypeOf<number>();
  });
});
