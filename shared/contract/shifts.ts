// /api/shifts: cash-up (issue 24). A staff member who sells at the counter opens a shift with a float (the
// cash in the drawer), and closes it with the cash counted; the answer says the cash expected (the float, plus
// counter sales paid in cash, minus refunds handed over in cash, in that shift) and the variance.
import { z } from 'zod';
import { errorBody } from './errors.ts';
import { documentId } from './fields.ts';
import { counted, route } from './route.ts';

/** The most a drawer is taken to hold (SDG): a larger figure is a typing mistake. */
export const MAX_DRAWER = 100_000_000;

const amount = (what: string) =>
  z
    .number({ error: `The ${what} must be an amount in SDG.` })
    .min(0, { error: `The ${what} cannot be negative.` })
    .max(MAX_DRAWER, { error: `The ${what} is too large.` });

export const openShiftBody = z.object({
  float: amount('float').describe('The cash in the drawer as the shift starts, in SDG.'),
});
export const closeShiftBody = z.object({
  counted: amount('cash counted').describe('The cash counted in the drawer at the end, in SDG.'),
});

const money = z.number();
export const shiftDocument = z.object({
  _id: documentId,
  userId: documentId.describe('Who worked the shift.'),
  userName: z.string().nullable(),
  userEmail: z.string().nullable(),
  companyId: documentId.nullable(),
  status: z.enum(['open', 'closed']),
  float: money,
  cashIn: money
    .nullable()
    .describe('Counter sales paid in cash in this shift (null: an open shift, to its cashier).'),
  cashOut: money
    .nullable()
    .describe('Refunds handed over in cash in this shift (null: an open shift, to its cashier).'),
  movements: z.number().int().min(0),
  expected: money
    .nullable()
    .describe(
      'float + cashIn − cashOut; for a closed shift, as stored when it closed. A blind count: null for an open ' +
        'shift unless the reader manages shifts.',
    ),
  counted: money.nullable(),
  variance: money.nullable().describe('counted − expected: negative when cash is missing.'),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  closedBy: documentId.nullable(),
});
export type ShiftDocument = z.infer<typeof shiftDocument>;

const shiftConflict = errorBody.extend({
  code: z.enum(['SHIFT_ALREADY_OPEN', 'SHIFT_CLOSED']),
  shiftId: documentId.optional(),
});

export const shiftListQuery = z.object({
  _start: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
  _end: z.coerce.number().int().min(0).max(1_000_000_000).default(25),
  status: z.enum(['open', 'closed'], { error: 'The status filter is open or closed.' }).optional(),
  userId: z.string().min(1).max(64).optional(),
});

export const shiftContract = {
  openShift: {
    ...route('POST', '/api/shifts/openShift', { 201: shiftDocument }, [401], { 409: shiftConflict }),
    form: openShiftBody,
  },
  closeShift: {
    ...route('PATCH', '/api/shifts/closeShift/:id', { 200: shiftDocument }, [401, 404], {
      409: shiftConflict,
    }),
    form: closeShiftBody,
  },
  getAllShifts: route(
    'GET',
    '/api/shifts/getAllShifts',
    { 200: counted(z.array(shiftDocument), 'Shifts, newest first (a cashier sees their own).') },
    [400, 401],
  ),
  getShift: route('GET', '/api/shifts/getShift/:id', { 200: shiftDocument }, [400, 401, 404]),
};
