// The public search in one SQL statement per search (issue 23): the trips that pass the origin before the
// destination, with their bus, its company, their cities and price, the stretch's stops and fare, the names of
// the towns their intermediate stops name (once a search), and the seats taken on that stretch's legs as an
// aggregate. The stretches a trip with stops sells are indexed rows with their fares (trip_pairs); its stops are
// a JSON list on its row. Both databases answer the same rows, which tripOfRow turns into the documents the
// references would have been filled with one by one.
import { CompiledQuery, type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/schema.ts';
import { isPostgres } from '../../db/locks.ts';
import { type ArrayRows, planOnceOnPostgres } from '../../db/database.ts';
import { buses, companies, destinations, origins, prices, trips } from '../../../shared/registry/index.ts';
import { type ArrayRow, columnFields, type Document, documentReader, type Row } from '../crud/row-mapper.ts';
import { addDays, BUS_OUT_OF_SERVICE } from '../../../shared/rules.ts';
import { type TownNames, withTownNames } from '../boarding/trip-stops.ts';

/** Each table the answer shows, by its alias in the statement. */
const SHOWN = { t: trips, b: buses, c: companies, o: origins, d: destinations, p: prices } as const;
type Alias = keyof typeof SHOWN;
/**
 * The columns read of each: all of the trip's and its cities' and price's; of its bus and company only what a
 * traveller's answer shows (trips.repository.ts publicTrip): a company's accounts and commission, a bus's
 * service dates are never read for a search (a row of 40 columns cost a quarter of the statement's time).
 */
const PUBLIC_COLUMNS: Partial<Record<Alias, readonly string[]>> = {
  b: ['bus_number', 'bus_owner_companyId', 'bus_number_of_seats', 'bus_status'],
  c: ['company_name', 'company_name_ar', 'company_phone'],
};
const columnsOf = (alias: Alias) => ['id', ...(PUBLIC_COLUMNS[alias] ?? columnFields(SHOWN[alias]))];

/** What each dialect says its own way: the towns' names, the seats taken, the rows each trip refers to. */
interface DialectSql {
  towns: RawBuilder<unknown>;
  bookedSeats: RawBuilder<unknown>;
  references: RawBuilder<unknown>;
}

// In each, `x` is the trip with its stretch (boarding, alighting). The towns' names, as a JSON object's text of
// id → [name, Arabic name], come on the rows of trips with stops: computed once a search (a subquery of no row's
// values), not once a trip (naming each trip's stops in the statement was a fifth of PostgreSQL's time), and read
// once by tripOfRow's caller. Sending them on the first row only (a window function) cost SQLite a quarter more.
const SQLITE: DialectSql = {
  towns: sql`case when x.with_stops = 1 then
    (select json_group_object(n.id, json_array(n.origin_city, n.origin_city_ar)) from origins n) end`,
  bookedSeats: sql`(select json_group_array(distinct bs.seat order by bs.seat) from booking_seats bs
    where bs."tripId" = x.id and bs.leg >= x.boarding and bs.leg < x.alighting)`,
  references: sql`left join buses b on b.id = x."busId"
    left join companies c on c.id = b."bus_owner_companyId"
    left join origins o on o.id = x."trip_originId"
    left join destinations d on d.id = x."trip_destinationId"
    left join prices p on p.id = x."trip_ticket_priceId"`,
};

// PostgreSQL: the seats as an array's text ({3,7,7}: a seat held on two legs comes twice, in the key's order;
// tripOfRow makes them distinct), which costs less than an aggregate's sort; each reference looked up by its
// key for each row (a lateral subquery kept apart by offset 0), rather than a hash of each small table built
// for every search (together with the towns once, PostgreSQL's CPU a search 410 -> 265 us, measured on a year).
const POSTGRES: DialectSql = {
  towns: sql`case when x.with_stops = 1 then
    (select json_object_agg(n.id, json_build_array(n.origin_city, n.origin_city_ar)) from origins n)::text end`,
  bookedSeats: sql`array(select bs.seat from booking_seats bs
    where bs."tripId" = x.id and bs.leg >= x.boarding and bs.leg < x.alighting)::text`,
  references: sql`left join lateral (select * from buses b where b.id = x."busId" offset 0) b on true
    left join lateral (select * from companies c where c.id = b."bus_owner_companyId" offset 0) c on true
    left join lateral (select * from origins o where o.id = x."trip_originId" offset 0) o on true
    left join lateral (select * from destinations d where d.id = x."trip_destinationId" offset 0) d on true
    left join lateral (select * from prices p where p.id = x."trip_ticket_priceId" offset 0) p on true`,
};

/**
 * A trip's columns that name another table's row the statement reads anyway: read from that row's id, not sent
 * twice (tripOfRow puts the row's document in their place).
 */
const SAME_AS: Record<string, string> = {
  t__busId: 'b__id',
  t__trip_originId: 'o__id',
  t__trip_destinationId: 'd__id',
  t__trip_ticket_priceId: 'p__id',
  b__bus_owner_companyId: 'c__id',
};

/** Every shown table's columns the statement sends, as `<alias>, <column>`, in its order. */
const SHOWN_COLUMNS = (Object.keys(SHOWN) as Alias[]).flatMap((alias) =>
  columnsOf(alias)
    .filter((name) => !(`${alias}__${name}` in SAME_AS))
    .map((name) => [alias, name] as const),
);
/** The statement's columns in order: the shown tables' as `<alias>__<column>`, then the stretch's figures. */
const COLUMNS = [
  ...SHOWN_COLUMNS.map(([alias, name]) => `${alias}__${name}`),
  'towns',
  'boarding',
  'alighting',
  'with_stops',
  'fare',
  'booked',
];
const INDEX = new Map(COLUMNS.map((name, index) => [name, index]));
const indexOf = (column: string) => {
  const index = INDEX.get(SAME_AS[column] ?? column);
  if (index === undefined) throw new Error(`the search statement has no column ${column}`);
  return index;
};
const [TOWNS, BOARDING, ALIGHTING, WITH_STOPS, FARE, BOOKED] = [
  'towns',
  'boarding',
  'alighting',
  'with_stops',
  'fare',
  'booked',
].map(indexOf);

/** One row of the statement, as an array: COLUMNS in order. */
export type SearchRow = ArrayRow;

/** A row's stretch: its stop indexes, whether the trip has stops, and the pair's fare (null: not listed). */
export function stretchOfRow(row: SearchRow) {
  return {
    boarding: Number(row[BOARDING]),
    alighting: Number(row[ALIGHTING]),
    withStops: Number(row[WITH_STOPS]) === 1,
    fare: row[FARE] === null ? null : Number(row[FARE]),
  };
}

/**
 * Where a search reads: a database, and when the reader has a connection of its own (a worker's, openReader),
 * its rows as arrays, which skip building an object of 30 named columns per row (a sixth of the statement's time
 * on SQLite, measured on a year). Without `arrays` the rows come through Kysely as objects, their values in the
 * statement's order.
 */
export interface SearchSource {
  db: Db;
  arrays?: ArrayRows;
}

/** Where each value goes in the statement: compiled once with these in their places. */
const PLACE = {
  origin: '\u0000origin',
  destination: '\u0000destination',
  date: '\u0000date',
  twoDaysBefore: '\u0000twoDaysBefore',
} as const;
type Values = Record<keyof typeof PLACE, string>;

/** The statement of each dialect, compiled once: its text and where each value goes. */
const compiled = new Map<boolean, { text: string; values: (values: Values) => unknown[] }>();

/**
 * The statement's text never changes, only its values: it is compiled by Kysely once per dialect and run as
 * text (compiling its 40 columns and joins again cost 8 % of a search's CPU, measured on a year).
 */
function statementOf(db: Db) {
  const postgres = isPostgres(db);
  let statement = compiled.get(postgres);
  if (!statement) {
    const { sql: text, parameters } = buildStatement(postgres).compile(db);
    const byPlace = new Map<unknown, keyof Values>(
      Object.entries(PLACE).map(([name, place]) => [place, name as keyof Values]),
    );
    statement = {
      text,
      values: (values) =>
        parameters.map((parameter) => {
          const name = byPlace.get(parameter);
          return name ? values[name] : parameter;
        }),
    };
    compiled.set(postgres, statement);
    if (postgres) planOnceOnPostgres(text);
  }
  return statement;
}

/**
 * The trips not cancelled, their bus not out of service, that leave the origin before the destination: those
 * without stops of exactly these ends on this date, those with stops of the two days before too (a stop is at
 * most two days after departure). Which of them leave the boarding stop on the date is the caller's to say.
 */
export async function searchRows(
  { db, arrays }: SearchSource,
  origin: string,
  destination: string,
  date: string,
): Promise<SearchRow[]> {
  const { text, values } = statementOf(db);
  const asked = values({ origin, destination, date, twoDaysBefore: addDays(date, -2) });
  if (arrays) return arrays(text, asked);
  const { rows } = await db.executeQuery<Row>(CompiledQuery.raw(text, asked));
  return rows.map((row) => Object.values(row));
}

function buildStatement(postgres: boolean) {
  const dialect = postgres ? POSTGRES : SQLITE;
  const { origin, destination, date, twoDaysBefore } = PLACE;
  // The trip's own columns are read from x, the trip with its stretch.
  const shown = SHOWN_COLUMNS.map(
    ([alias, name]) =>
      sql`${sql.ref(`${alias === 't' ? 'x' : alias}.${name}`)} as ${sql.id(`${alias}__${name}`)}`,
  );
  // Trips without stops by their ends (trips_search); trips with stops by the stretch they sell (trip_pairs,
  // which the database keeps: migration 2026-11-27-99): one index range, the trip rows read last.
  // The values asked come from a one-row table, not as parameters compared with indexed columns: SQLite built
  // with STAT4 (better-sqlite3 is) recompiles a statement on every new value of such a parameter once ANALYZE
  // has run, which for this statement cost two thirds of its time (measured on a year after ANALYZE).
  return sql<Row>`
    with asked as materialized (
      select ${origin} as origin, ${destination} as destination, ${date} as day, ${twoDaysBefore} as since
    )
    select ${sql.join(shown)}, ${dialect.towns} as towns,
      x.boarding, x.alighting, x.with_stops, x.fare, ${dialect.bookedSeats} as booked
    from (
      select t.*, 0 as boarding, 1 as alighting, 0 as with_stops, null as fare
      from asked cross join trips t
      where t."trip_originId" = asked.origin and t."trip_destinationId" = asked.destination
        and t.trip_date = asked.day and t.trip_stops = '[]' and t."isCancelled" = 0
      union all
      select t.*, pair.boarding, pair.alighting, 1, pair.fare
      from asked cross join trip_pairs pair
      join trips t on t.id = pair."tripId"
      where pair.origin = asked.origin and pair.destination = asked.destination
        and pair.trip_date >= asked.since and pair.trip_date <= asked.day and t."isCancelled" = 0
    ) x
    ${dialect.references}
    where b.bus_status is null or b.bus_status <> ${BUS_OUT_OF_SERVICE}
  `;
}

/** Each shown table's reader of the statement's `<alias>__<column>` columns, worked out once. */
const readers = Object.fromEntries(
  (Object.keys(SHOWN) as Alias[]).map((alias) => [
    alias,
    documentReader(SHOWN[alias], `${alias}__`, columnsOf(alias), indexOf),
  ]),
) as Record<Alias, (row: SearchRow) => Document>;
const ID = Object.fromEntries(
  (Object.keys(SHOWN) as Alias[]).map((alias) => [alias, indexOf(`${alias}__id`)]),
);

/** The towns' names a search's rows carry (each row of a trip with stops the same), read once. */
export function townsOfRows(rows: readonly SearchRow[]): TownNames {
  const towns = rows.find((row) => row[TOWNS] !== null && row[TOWNS] !== undefined)?.[TOWNS];
  if (towns === undefined) return () => undefined;
  const byId = JSON.parse(String(towns)) as Record<string, [string, string | null]>;
  return (id) => (Object.hasOwn(byId, id) ? byId[id] : undefined);
}

/**
 * A row's trip as its document with references filled (bus → company, cities, price) and its stops named from
 * the search's `towns` (townsOfRows), as populate.ts would.
 */
export function tripOfRow(row: SearchRow, towns: TownNames): Document {
  const documentOf = (alias: Alias) => {
    const id = row[ID[alias]];
    return id === null || id === undefined ? null : readers[alias](row);
  };
  const trip = documentOf('t')!;
  const bus = documentOf('b');
  if (bus) bus.bus_owner_companyId = documentOf('c');
  trip.busId = bus;
  trip.trip_originId = documentOf('o');
  trip.trip_destinationId = documentOf('d');
  trip.trip_ticket_priceId = documentOf('p');
  const stops = trip.trip_stops as Parameters<typeof withTownNames>[0] | undefined;
  if (stops?.length) trip.trip_stops = withTownNames(stops, towns);
  trip.bookedSeats = seatsOf(row[BOOKED]);
  return trip;
}

/** The seats taken, once each in order, from their text: SQLite's JSON array, PostgreSQL's array ({3,7,7}). */
function seatsOf(booked: unknown): number[] {
  const text = String(booked);
  const seats = !text.startsWith('{')
    ? (JSON.parse(text) as number[])
    : text === '{}'
      ? []
      : text.slice(1, -1).split(',').map(Number);
  if (seats.length < 2) return seats;
  seats.sort((a, b) => a - b);
  return seats.filter((seat, i) => i === 0 || seat !== seats[i - 1]);
}
