// What each field kind of the registry looks like in an answer (registry/schemas.ts is the input side:
// the same kinds as the server accepts them, with the specification's messages).
import { z } from 'zod';
import { BOARDING_TIME_PATTERN, EMAIL_PATTERN, PHONE_PATTERN, TICKET_ID_PATTERN } from '../rules.ts';
import type { FieldDef } from '../registry/types.ts';

export const documentId = z.string().min(1);
export const phone = z.string().regex(PHONE_PATTERN);
export const email = z.string().regex(EMAIL_PATTERN);
export const ticketId = z.string().regex(TICKET_ID_PATTERN);
export const seatList = z.array(z.number().int().positive());
export const passengerInfo = z.object({
  firstName: z.string(),
  lastName: z.string(),
  phone,
  email: email.optional(),
});
/** A file's bytes, for binary request parts and answers (a PDF ticket, a payment proof). */
export const binary = z.string().meta({ format: 'binary' });
/** The images a payment proof may be (recognised by their bytes, server/sales/image-check.ts). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic'] as const;

/**
 * An intermediate stop as answers carry it (shared/segments.ts): its town's names in both languages (the origins
 * row's) beside the ids a client sends.
 */
export const tripStop = z.object({
  originId: documentId,
  destinationId: documentId,
  minutes: z.number().int().positive().describe('Minutes after the trip leaves its origin.'),
  city: z.string().optional().describe('The town in English (answers only).'),
  city_ar: z.string().nullable().optional().describe('The town in Arabic (answers only).'),
});
/** A fare between two stops: 0 = the trip's origin, n + 1 = its destination. */
export const tripFare = z.object({
  from: z.number().int().min(0),
  to: z.number().int().positive(),
  price: z.number().positive(),
});

/** The answer schema of a field that is not a reference (references depend on how deep they are filled). */
export function valueSchema(field: FieldDef): z.ZodType {
  switch (field.kind) {
    case 'text':
    case 'longtext':
    case 'password':
      return z.string();
    case 'email':
      return email;
    case 'phone':
      return phone;
    case 'integer':
      return z
        .number()
        .int()
        .min(field.min ?? 0)
        .max(field.max ?? Number.MAX_SAFE_INTEGER);
    case 'money':
      return z.number().positive();
    case 'date':
      return z.iso.date();
    case 'choice':
      // Boarding times: the spec's two and those an admin added in Settings.
      if (field.moreChoices === 'boardingTimes') return z.string().regex(BOARDING_TIME_PATTERN);
      return z.enum(field.choices as [string, ...string[]]);
    case 'reference':
      return documentId;
    case 'boolean':
      return z.boolean();
    case 'timestamp':
      return z.iso.datetime();
    case 'seats':
      return seatList;
    case 'passenger':
      return passengerInfo;
    case 'priceList':
      return z.array(z.number()).min(1);
    case 'image':
      return z.string().startsWith('/api/uploads/');
    case 'weekdays':
      return z.array(z.number().int().min(0).max(6));
    case 'dateList':
      return z.array(z.iso.date());
    case 'stops':
      return z.array(tripStop);
    case 'fares':
      return z.array(tripFare);
  }
}

/** The public site's id of the browser, kept there: one device holds only so many unpaid bookings. */
export const deviceId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/)
  .optional()
  .describe(
    'An opaque id the client chose once and keeps: a device holds at most MAX_UNPAID_BOOKINGS_PER_DEVICE unpaid bookings, and its rejected proofs count against it.',
  );
