// Contracts of the calls written by hand on the server (the generated ones are in crud.ts, the bookings' in
// bookings.ts, the payments' in payments.ts), keyed by the name each route module uses.
import { z } from 'zod';
import {
  dashboardSummary,
  healthAnswer,
  messageAnswer,
  passengerList,
  routesOnSaleAnswer,
  publicSettings,
  sessionAnswer,
  staffRefundRules,
  staffSettings,
  tripSearchAnswer,
  userDocument,
} from './answers.ts';
import { publicTripDocument, tripDocument } from './documents.ts';
import { binary, IMAGE_TYPES } from './fields.ts';
import { route } from './route.ts';

/** Where a trip's traveller pays (shared/payment-instructions.ts). */
const paymentInstructions = z.object({
  bankakAccount: z.string(),
  accountName: z.string(),
  wallets: z.array(z.object({ name: z.string(), number: z.string() })),
  source: z.enum(['company', 'operator']),
});

export const systemContract = {
  health: route('GET', '/api/health', { 200: healthAnswer }, []),
  settings: route('GET', '/api/settings', { 200: publicSettings }, []),
  getSettings: route('GET', '/api/settings/getSettings', { 200: staffSettings }, [401]),
  updateSettings: route('PATCH', '/api/settings/updateSettings', { 200: staffSettings }, [401]),
  getRefundRules: route('GET', '/api/settings/getRefundRules', { 200: staffRefundRules }, [401]),
  updateRefundRules: route('PATCH', '/api/settings/updateRefundRules', { 200: staffRefundRules }, [401]),
};

export const authContract = {
  login: route('POST', '/api/auth/login', { 200: sessionAnswer }, [401, 429]),
  refresh: route('POST', '/api/auth/refresh', { 200: sessionAnswer }, [401]),
  logout: route('POST', '/api/auth/logout', { 200: messageAnswer }, [403]),
  user: route('GET', '/api/auth/user', { 200: userDocument }, [401]),
  changePassword: route('PATCH', '/api/auth/changePassword', { 200: userDocument }, [401]),
  register: route('POST', '/api/auth/register', { 201: userDocument }, [401, 409]),
  updateUser: route('PATCH', '/api/auth/updateUser/:id', { 200: userDocument }, [401, 404, 409]),
  deleteUser: route(
    'DELETE',
    '/api/auth/deleteUser/:id',
    { 200: userDocument.describe('The deleted user.') },
    [400, 401, 404, 409],
  ),
};

export const tripContract = {
  filterTrips: route('GET', '/api/trips/filterTrips', { 200: tripSearchAnswer }, [400]),
  onSale: route('GET', '/api/trips/onSale', { 200: routesOnSaleAnswer }, []),
  getTrip: route(
    'GET',
    '/api/trips/getTrip/:id',
    {
      200: z
        .union([
          publicTripDocument.extend({ paymentInstructions }),
          tripDocument.extend({ paymentInstructions }),
        ])
        .describe(
          'The public view; the whole trip for staff who read trips. `paymentInstructions`: where its traveller pays (the company’s account, else the operator’s).',
        ),
    },
    [400, 404],
  ),
  cancelTrip: route('PATCH', '/api/trips/cancelTrip/:id', { 200: tripDocument }, [401, 404, 409]),
  passengers: route('GET', '/api/trips/passengers/:id', { 200: passengerList }, [400, 401, 404]),
};

export const dashboardContract = {
  dashboardSummary: route('GET', '/api/dashboard/summary', { 200: dashboardSummary }, [401]),
};

export const uploadContract = {
  getUpload: route(
    'GET',
    '/api/uploads/:name',
    {
      200: {
        description: 'A payment proof, as stored.',
        content: Object.fromEntries(IMAGE_TYPES.map((type) => [type, { schema: binary }])),
      },
    },
    [400, 401, 404],
  ),
};
