// The routes that stop at a town: every row of a resource with a `stops` field (trips, timetables) whose stops
// name it. One search serves whoever needs them: a town still used as a stop cannot be deleted
// (crud.repository.ts referencesTo), and renaming it renames its partner in the other list (route-rules.ts).
import { sql } from 'kysely';
import { resources } from '../../../shared/registry/index.ts';
import type { TripStop } from '../../../shared/segments.ts';
import { likeContaining } from '../../db/like.ts';
import type { Db } from '../../db/schema.ts';
import { anyTable } from './generic-db.ts';

/** Each route stopping at `townId` (an origins or destinations id): its resource's name and its stops. */
export async function routesStoppingAt(db: Db, townId: string) {
  const found: { resource: string; stops: TripStop[] }[] = [];
  for (const def of resources)
    for (const [name, field] of Object.entries(def.fields)) {
      if (field.kind !== 'stops') continue;
      // The id, quoted, anywhere in the stops' JSON: ids are unique, so only a stop's originId or destinationId.
      const rows = (await anyTable(db)
        .selectFrom(def.table)
        .select(sql.ref(name).as('stops'))
        .where(sql<boolean>`${sql.ref(name)} like ${likeContaining(JSON.stringify(townId))} escape '\\'`)
        .execute()) as { stops: string | null }[];
      for (const row of rows)
        found.push({ resource: def.name, stops: JSON.parse(row.stops ?? '[]') as TripStop[] });
    }
  return found;
}
