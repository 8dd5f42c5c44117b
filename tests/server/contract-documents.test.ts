// The typed twins of shared/contract/documents.ts (what the front ends read) describe exactly the documents
// the registry derives, at every depth the server fills them to: a field added to the registry fails here
// until its twin has it.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  bookingDocument,
  bookingRecord,
  busDocument,
  companyDocument,
  destinationDocument,
  documentSchema,
  originDocument,
  priceDocument,
  tripDocument,
} from '../../shared/contract/index.ts';
import { getResource } from '../../shared/registry/index.ts';

const json = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'output' });

describe('typed documents', () => {
  it.each([
    ['origins', originDocument, [3, 2, 1, 0]],
    ['destinations', destinationDocument, [3, 2, 1, 0]],
    ['prices', priceDocument, [3, 2, 1, 0]],
    ['companies', companyDocument, [3, 2, 1, 0]],
    ['buses', busDocument, [3, 2, 1]],
    ['trips', tripDocument, [3, 2]],
    ['bookings', bookingDocument, [3]],
    ['bookings', bookingRecord, [0]],
  ] as const)('%s: the twin equals the registry’s document', (name, twin, depths) => {
    for (const depth of depths) {
      expect(json(twin), `${name} at depth ${depth}`).toEqual(json(documentSchema(getResource(name), depth)));
    }
  });

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
    ]);
  });
});
