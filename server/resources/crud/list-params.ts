// Paging, sorting and filtering parameters of list calls, in react-admin's simple-REST style:
// _start, _end, _sort, _order, q, id (repeatable), <field>=value, <field>_gte / <field>_lte.
import { z } from 'zod';
import type { ResourceDef } from '../../../shared/registry/index.ts';
import { badRequest } from '../../http/errors.ts';
import { columnFields } from './row-mapper.ts';

export interface ListParams {
  start?: number;
  end?: number;
  sort: string;
  order: 'ASC' | 'DESC';
  q?: string;
  ids?: string[];
  equals: Record<string, string>;
  ranges: { field: string; op: '>=' | '<='; value: string }[];
  /** Company staff's company: the list answers its documents alone (server/auth/company-scope.ts). */
  companyId?: string;
  /** A conductor's id: a list of trips answers the trips assigned to them alone (issue 24). */
  assignedTo?: string;
}

const index = z.coerce.number().int().min(0).max(1_000_000_000);

export const listQuerySchema = z
  .object({
    _start: index.optional(),
    _end: index.optional(),
    _sort: z.string().max(64).optional(),
    _order: z.enum(['ASC', 'DESC', 'asc', 'desc']).optional(),
    q: z.string().max(200).optional(),
    id: z.union([z.string().max(64), z.array(z.string().max(64)).max(1000)]).optional(),
  })
  .catchall(z.union([z.string().max(200), z.array(z.string().max(200))]));

const RANGE_KINDS = new Set(['date', 'timestamp', 'integer', 'money']);
const FILTER_KINDS = new Set([
  'reference',
  'choice',
  'boolean',
  'date',
  'text',
  'email',
  'phone',
  'integer',
  'money',
]);

// Numbers a filter may compare with: PostgreSQL refuses (and would answer 500 for) 'abc', '1.5' or a value
// out of range for an integer column, so they are refused here as the client's mistake.
const NUMBER_FILTERS: Record<string, { pattern: RegExp; message: string }> = {
  integer: { pattern: /^-?\d{1,9}$/, message: 'must be a whole number' },
  money: { pattern: /^-?\d{1,15}(\.\d{1,6})?$/, message: 'must be a number' },
};

function checkFilterValue(def: ResourceDef, field: string, value: string) {
  const rule = NUMBER_FILTERS[def.fields[field].kind];
  if (rule && !rule.pattern.test(value)) throw badRequest(`The ${field} filter ${rule.message}.`);
}

export function parseListParams(def: ResourceDef, query: Record<string, unknown>): ListParams {
  const { _start, _end, _sort, _order, q, id, ...rest } = query as z.infer<typeof listQuerySchema>;
  const columns = new Set(columnFields(def));
  const sort = _sort === '_id' || _sort === 'id' ? 'id' : (_sort ?? def.defaultSort.field);
  if (sort !== 'id' && !columns.has(sort)) throw badRequest(`Cannot sort by ${sort}.`);
  const params: ListParams = {
    start: _start,
    end: _end,
    sort,
    order: (_order?.toUpperCase() as 'ASC' | 'DESC') ?? (_sort ? 'ASC' : def.defaultSort.order),
    q: q?.trim() || undefined,
    ids: id === undefined ? undefined : Array.isArray(id) ? id : [id],
    equals: {},
    ranges: [],
  };
  for (const [key, raw] of Object.entries(rest)) {
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (value === undefined) continue;
    const range = /^(.+)_(gte|lte)$/.exec(key);
    if (range && columns.has(range[1]) && RANGE_KINDS.has(def.fields[range[1]].kind)) {
      checkFilterValue(def, range[1], value);
      params.ranges.push({ field: range[1], op: range[2] === 'gte' ? '>=' : '<=', value });
    } else if (columns.has(key) && FILTER_KINDS.has(def.fields[key].kind)) {
      checkFilterValue(def, key, value);
      params.equals[key] = value;
    }
    // Unknown parameters are ignored, as react-admin may send its own.
  }
  return params;
}
