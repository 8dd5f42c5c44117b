// /api/conductors (issue 24): which conductors open the door of which trips. A manager or an admin (of the
// trip's company, for company staff) assigns a conductor to one trip, or to every trip of one company on one
// day, and takes the assignment back. A conductor's offline package, scans and passenger lists are refused for
// a trip not assigned to them (403 NOT_YOUR_TRIP), and their trip lists show the trips assigned to them.
import { z } from 'zod';
import { isValidDate } from '../rules.ts';
import { errorBody } from './errors.ts';
import { documentId } from './fields.ts';
import { counted, route } from './route.ts';

const DATE_MESSAGE = 'The date must be a real date written YYYY-MM-DD.';
const id = z.string().trim().min(1).max(64);

export const assignConductorBody = z
  .object({
    userId: id.describe('The conductor’s staff account.'),
    tripId: id.optional().describe('One trip; or, instead, companyId and date.'),
    companyId: id.optional().describe('With date: every trip of this company on that day.'),
    date: z.string().trim().refine(isValidDate, { error: DATE_MESSAGE }).optional(),
  })
  .superRefine((body, ctx) => {
    const day = body.companyId !== undefined || body.date !== undefined;
    if (body.tripId !== undefined && day)
      ctx.addIssue({
        code: 'custom',
        path: ['tripId'],
        message: 'Name one trip, or a company and a day: not both.',
      });
    else if (body.tripId === undefined && (body.companyId === undefined || body.date === undefined))
      ctx.addIssue({
        code: 'custom',
        path: [body.companyId === undefined ? 'companyId' : 'date'],
        message: 'Name the trip (tripId), or the company and the day (companyId and date).',
      });
  });
export type AssignConductorBody = z.infer<typeof assignConductorBody>;

export const assignmentDocument = z.object({
  _id: documentId,
  userId: documentId,
  userName: z.string().nullable().describe('The conductor’s full name.'),
  userEmail: z.string().nullable(),
  tripId: documentId.nullable().describe('The trip, for an assignment to one trip.'),
  companyId: documentId.nullable().describe('With date: every trip of this company that day.'),
  date: z.iso.date().nullable(),
  assignedBy: documentId.describe('Who assigned (a staff account).'),
  assignedByName: z.string().nullable(),
  assignedAt: z.string(),
});
export type AssignmentDocument = z.infer<typeof assignmentDocument>;

export const assignmentListQuery = z.object({
  _start: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
  _end: z.coerce.number().int().min(0).max(1_000_000_000).default(100),
  tripId: id.optional().describe('The assignments that open this trip: its own and its company’s day.'),
  userId: id.optional(),
});

export const conductorDocument = z.object({
  _id: documentId,
  full_name: z.string(),
  email: z.string(),
  companyId: documentId.nullable(),
});

const assignConflict = errorBody.extend({ code: z.enum(['NOT_A_CONDUCTOR', 'CONDUCTOR_OTHER_COMPANY']) });

export const conductorContract = {
  assign: route(
    'POST',
    '/api/conductors/assign',
    {
      200: assignmentDocument.describe('Already assigned: the assignment as it was.'),
      201: assignmentDocument,
    },
    [401, 404],
    { 409: assignConflict },
  ),
  unassign: route('DELETE', '/api/conductors/unassign/:id', { 200: assignmentDocument }, [400, 401, 404]),
  getAssignments: route(
    'GET',
    '/api/conductors/getAssignments',
    { 200: counted(z.array(assignmentDocument), 'Assignments, the newest first.') },
    [400, 401],
  ),
  getConductors: route(
    'GET',
    '/api/conductors/getConductors',
    { 200: counted(z.array(conductorDocument), 'The conductors’ accounts one may assign, by name.') },
    [400, 401],
  ),
};
