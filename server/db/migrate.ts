// Runs the migrations in order, once each, at start-up (both databases; Kysely takes a lock while it runs).
import { type Migration, Migrator } from 'kysely';
import type { Db } from './schema.ts';
import * as referenceData from './migrations/2026-11-21-01-reference-data.ts';
import * as staffAuth from './migrations/2026-11-21-02-staff-auth.ts';
import * as bookings from './migrations/2026-11-21-03-bookings.ts';
import * as inbox from './migrations/2026-11-21-04-inbox.ts';
import * as bookingRetries from './migrations/2026-11-21-05-booking-retries.ts';
import * as payments from './migrations/2026-11-23-01-payments.ts';
import * as staffTrust from './migrations/2026-11-23-02-staff-trust.ts';
import * as arabicNames from './migrations/2026-11-23-03-arabic-names.ts';
import * as boarding from './migrations/2026-11-23-04-boarding.ts';
import * as paymentsQueue from './migrations/2026-11-23-05-payments-queue.ts';
import * as unpaidByPhone from './migrations/2026-11-23-06-unpaid-by-phone.ts';
import * as queueByDeparture from './migrations/2026-11-23-07-queue-by-departure.ts';
import * as statementLines from './migrations/2026-11-24-31-statement-lines.ts';
import * as cancelledProofs from './migrations/2026-11-24-32-cancelled-proofs.ts';
import * as cashRefunds from './migrations/2026-11-24-33-cash-refunds.ts';
import * as auditLogSealed from './migrations/2026-11-25-10-audit-log-sealed.ts';
import * as appSettings from './migrations/2026-11-25-11-app-settings.ts';
import * as proofHolds from './migrations/2026-11-25-20-proof-holds.ts';
import * as messages from './migrations/2026-11-25-21-messages.ts';
import * as disruptions from './migrations/2026-11-25-40-disruptions.ts';
import * as messagesFailedAt from './migrations/2026-11-26-50-messages-failed-at.ts';
import * as timetables from './migrations/2026-11-26-60-timetables.ts';
import * as refundRules from './migrations/2026-11-26-62-refund-rules.ts';
import * as accessCodes from './migrations/2026-11-27-70-access-codes.ts';
import * as bookingChanges from './migrations/2026-11-27-70-booking-changes.ts';
import * as splitBookings from './migrations/2026-11-27-71-split-bookings.ts';
import * as routeStops from './migrations/2026-11-27-80-route-stops.ts';
import * as tripTowns from './migrations/2026-11-27-81-trip-towns.ts';
import * as messagesPartialIndexes from './migrations/2026-11-27-90-messages-partial-indexes.ts';
import * as companyStaff from './migrations/2026-11-27-91-company-staff.ts';
import * as moneyEvents from './migrations/2026-11-27-95-money-events.ts';
import * as shifts from './migrations/2026-11-27-96-shifts.ts';
import * as reportRollups from './migrations/2026-11-27-97-report-rollups.ts';
import * as conductorAssignments from './migrations/2026-11-27-98-conductor-assignments.ts';
import * as tripPairs from './migrations/2026-11-27-99-trip-pairs.ts';
import * as passengerIds from './migrations/2026-11-28-100-passenger-ids.ts';
import * as reviewDue from './migrations/2026-11-28-101-review-due.ts';
import * as paidInto from './migrations/2026-11-28-102-paid-into.ts';
import * as counterReferences from './migrations/2026-11-28-103-counter-references.ts';
import * as changeNotASale from './migrations/2026-11-28-104-change-not-a-sale.ts';
import * as pairFares from './migrations/2026-12-01-105-pair-fares.ts';
import * as codeRequests from './migrations/2026-12-02-106-code-requests.ts';
import * as publicFormPhones from './migrations/2026-12-02-107-public-form-phones.ts';
import * as codeRequesters from './migrations/2026-12-03-108-code-requesters.ts';
import * as refundReferenceKeys from './migrations/2026-12-03-109-refund-reference-keys.ts';

const migrations: Record<string, Migration> = {
  '2026-11-21-01-reference-data': referenceData,
  '2026-11-21-02-staff-auth': staffAuth,
  '2026-11-21-03-bookings': bookings,
  '2026-11-21-04-inbox': inbox,
  '2026-11-21-05-booking-retries': bookingRetries,
  '2026-11-23-01-payments': payments,
  '2026-11-23-02-staff-trust': staffTrust,
  '2026-11-23-03-arabic-names': arabicNames,
  '2026-11-23-04-boarding': boarding,
  '2026-11-23-05-payments-queue': paymentsQueue,
  '2026-11-23-06-unpaid-by-phone': unpaidByPhone,
  '2026-11-23-07-queue-by-departure': queueByDeparture,
  '2026-11-24-31-statement-lines': statementLines,
  '2026-11-24-32-cancelled-proofs': cancelledProofs,
  '2026-11-24-33-cash-refunds': cashRefunds,
  '2026-11-25-10-audit-log-sealed': auditLogSealed,
  '2026-11-25-11-app-settings': appSettings,
  '2026-11-25-20-proof-holds': proofHolds,
  '2026-11-25-21-messages': messages,
  '2026-11-25-40-disruptions': disruptions,
  '2026-11-26-50-messages-failed-at': messagesFailedAt,
  '2026-11-26-60-timetables': timetables,
  '2026-11-26-62-refund-rules': refundRules,
  '2026-11-27-70-access-codes': accessCodes,
  '2026-11-27-70-booking-changes': bookingChanges,
  '2026-11-27-71-split-bookings': splitBookings,
  '2026-11-27-80-route-stops': routeStops,
  '2026-11-27-81-trip-towns': tripTowns,
  '2026-11-27-90-messages-partial-indexes': messagesPartialIndexes,
  '2026-11-27-91-company-staff': companyStaff,
  '2026-11-27-95-money-events': moneyEvents,
  '2026-11-27-96-shifts': shifts,
  '2026-11-27-97-report-rollups': reportRollups,
  '2026-11-27-98-conductor-assignments': conductorAssignments,
  '2026-11-27-99-trip-pairs': tripPairs,
  '2026-11-28-100-passenger-ids': passengerIds,
  '2026-11-28-101-review-due': reviewDue,
  '2026-11-28-102-paid-into': paidInto,
  '2026-11-28-103-counter-references': counterReferences,
  '2026-11-28-104-change-not-a-sale': changeNotASale,
  '2026-12-01-105-pair-fares': pairFares,
  '2026-12-02-106-code-requests': codeRequests,
  '2026-12-02-107-public-form-phones': publicFormPhones,
  '2026-12-03-108-code-requesters': codeRequesters,
  '2026-12-03-109-refund-reference-keys': refundReferenceKeys,
};

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
