// The types derived from registry entries (shared/registry/types.ts): a table's columns and a document's
// fields follow each field's kind, requiredness and choices. Checked by tsc (expectTypeOf) and run by vitest.
import { describe, expectTypeOf, it } from 'vitest';
import type { DocumentOf, TableOf } from '../../shared/registry/index.ts';
import type { buses, reports, timetables, users } from '../../shared/registry/resources.ts';

describe('types derived from the registry', () => {
  it('a table has id, one column per stored field and its timestamps', () => {
    expectTypeOf<TableOf<typeof buses>>().toEqualTypeOf<
      { id: string } & {
        bus_number: string;
        bus_owner_companyId: string;
        bus_number_of_seats: number;
        bus_status: 'In Service' | 'Out of Service';
        date_ofLast_oil_service: string;
      } & unknown
    >();
    expectTypeOf<TableOf<typeof reports>>().toHaveProperty('created_at').toEqualTypeOf<string>();
    // Lists are JSON text, flags 0/1; an optional field may be null.
    expectTypeOf<TableOf<typeof timetables>['timetable_days']>().toEqualTypeOf<string>();
    expectTypeOf<TableOf<typeof timetables>['isActive']>().toEqualTypeOf<number | null>();
    expectTypeOf<TableOf<typeof timetables>['timetable_until']>().toEqualTypeOf<string | null>();
  });

  it('a table has no column for computed or write-only fields', () => {
    expectTypeOf<TableOf<typeof users>>().not.toHaveProperty('full_name');
    expectTypeOf<TableOf<typeof users>>().not.toHaveProperty('password');
  });

  it('a document answers its fields as the API gives them, never a write-only one', () => {
    expectTypeOf<DocumentOf<typeof timetables>['timetable_days']>().toEqualTypeOf<number[] | undefined>();
    expectTypeOf<DocumentOf<typeof timetables>['isActive']>().toEqualTypeOf<boolean | null | undefined>();
    // Settings may add boarding times: any text, not only the default choices.
    expectTypeOf<DocumentOf<typeof timetables>['timetable_boarding_time']>().toEqualTypeOf<
      string | undefined
    >();
    expectTypeOf<DocumentOf<typeof users>>().toHaveProperty('full_name');
    expectTypeOf<DocumentOf<typeof users>>().not.toHaveProperty('password');
  });
});
