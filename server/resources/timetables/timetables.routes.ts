// The timetable calls written by hand: create and update put the timetable's trips on sale at once and answer
// what happened to its trips. The list, one and delete are the registry's generic calls (deleting a timetable
// stops new trips; those made stay, as trips made by hand).
import { registryScope } from '../crud/crud.routes.ts';
import { assertRoute } from '../trips/route-rules.ts';
import { routeOf } from '../trips/segments.ts';
import type { TripFare, TripStop } from '../../../shared/segments.ts';
import { assertOfferedChoices } from '../settings/boarding-times.ts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { timetableContract } from '../../../shared/contract/index.ts';
import { createSchema, timetables, updateSchema } from '../../../shared/registry/index.ts';
import { khartoumToday } from '../../../shared/rules.ts';
import { datesOnSale } from '../../../shared/timetables.ts';
import { notFound } from '../../http/errors.ts';
import { typed } from '../../http/validation.ts';
import {
  createDocument,
  findDocument,
  findShallowDocument,
  updateDocument,
} from '../crud/crud.repository.ts';
import { busBusy, busyTrips } from '../trips/bus-conflicts.ts';
import { applyTimetableEdit, calendarOf, generateTrips } from './timetables.service.ts';
import type { Db, TimetablesTable } from '../../db/schema.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });
const before = (db: Db, id: string) => findShallowDocument(db, timetables, id);
const write = { access: 'trips.write' } as const;
/** What saving did to the trips is in the answer, not in the timetable: the log keeps its counts. */
const notRecord = ['generation'];

export async function timetableRoutes(instance: FastifyInstance) {
  const app = typed(instance);
  const { db, config } = app;
  const tags = ['timetables'];
  const horizon = config.salesHorizonDays;

  /** 409 when the timetable's bus already has another trip at its time on a date it would put on sale. */
  async function assertBusFree(row: TimetablesTable) {
    if (!row.isActive) return;
    const dates = datesOnSale(calendarOf(row), khartoumToday(app.clock.now()), horizon);
    const [other] = await busyTrips(db, row.busId, row.timetable_boarding_time, dates, {
      timetableId: row.id,
    });
    if (other) throw busBusy(other);
  }
  const read = (id: string) =>
    db.selectFrom('timetables').selectAll().where('id', '=', id).executeTakeFirst();

  app.post(
    '/createTimetable',
    {
      schema: {
        tags,
        body: createSchema(timetables),
        response: timetableContract.createTimetable.responses,
      },
      config: {
        ...write,
        scope: registryScope(timetables, 'create'),
        audit: { action: 'create', resource: 'timetables', notRecord },
      },
    },
    async (request, reply) => {
      const body = { isActive: true, timetable_dates_off: [], ...request.body };
      await assertOfferedChoices(db, config, timetables, body);
      const candidate = { id: '', ...rowOf(body) } as TimetablesTable;
      await assertBusFree(candidate);
      await assertRoute(db, {
        originId: candidate.timetable_originId,
        destinationId: candidate.timetable_destinationId,
        ...routeOf(candidate),
      });
      const document = await createDocument(db, timetables, body, {}, app.clock.now());
      const created = await generateTrips(db, app.clock.now(), horizon, document._id);
      request.auditChanges = { trips_created: [null, created] };
      reply.status(201);
      return { ...document, generation: { created, updated: 0, removed: 0, kept: [] } };
    },
  );

  app.patch(
    '/updateTimetable/:id',
    {
      schema: {
        tags,
        params: idParams,
        body: updateSchema(timetables),
        response: timetableContract.updateTimetable.responses,
      },
      config: {
        ...write,
        scope: registryScope(timetables, 'update'),
        audit: { action: 'update', resource: 'timetables', before, notRecord },
      },
    },
    async (request) => {
      const { id } = request.params;
      const current = await read(id);
      if (!current) throw notFound('No timetable has this _id.');
      const body = request.body;
      await assertOfferedChoices(db, config, timetables, body);
      await assertBusFree({ ...current, ...rowOf(body) } as TimetablesTable);
      const route = routeOf(current);
      await assertRoute(db, {
        originId: (body.timetable_originId as string | undefined) ?? current.timetable_originId,
        destinationId:
          (body.timetable_destinationId as string | undefined) ?? current.timetable_destinationId,
        stops: (body.trip_stops as TripStop[] | undefined) ?? route.stops,
        fares: (body.trip_fares as TripFare[] | undefined) ?? route.fares,
      });
      await updateDocument(db, timetables, id, body, app.clock.now());
      const edit = await applyTimetableEdit(db, id, app.clock.now());
      const created = await generateTrips(db, app.clock.now(), horizon, id);
      const document = (await findDocument(db, timetables, id))!;
      request.auditChanges = {
        trips_created: [null, created],
        trips_changed: [null, edit.updated + edit.removed],
        trips_kept: [null, edit.kept.length],
      };
      return { ...document, generation: { created, ...edit } };
    },
  );
}

/** A validated body as the table's row (lists as JSON text, the flag as 0/1). */
function rowOf(body: Record<string, unknown>): Partial<TimetablesTable> {
  const row: Record<string, unknown> = { ...body };
  if (Array.isArray(body.timetable_days)) row.timetable_days = JSON.stringify(body.timetable_days);
  if (Array.isArray(body.timetable_dates_off))
    row.timetable_dates_off = JSON.stringify(body.timetable_dates_off);
  if ('isActive' in body) row.isActive = body.isActive ? 1 : 0;
  for (const list of ['trip_stops', 'trip_fares'])
    if (Array.isArray(body[list])) row[list] = JSON.stringify(body[list]);
  return row as Partial<TimetablesTable>;
}
