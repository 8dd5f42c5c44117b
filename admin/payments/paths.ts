// The payments' pages. They live under /bookings/, a staff segment the server already serves the
// back-office for (shared/routes.ts STAFF_SEGMENTS), so a reload or a shared link works.
export const PAYMENTS_PATH = '/bookings/payments';
export const IMPORT_PATH = `${PAYMENTS_PATH}/import`;
export const REFUNDS_PATH = `${PAYMENTS_PATH}/refunds`;
export const MESSAGES_PATH = `${PAYMENTS_PATH}/messages`;
export const reviewPath = (id: string) => `${PAYMENTS_PATH}/${encodeURIComponent(id)}`;
export const counterSalePath = (tripId: string) => `/trips/${encodeURIComponent(tripId)}/sell`;
