// Every call's name and one-line summary, which the OpenAPI document (/api/docs) gives as its operationId and
// summary. The name is the specification's own for its calls (filterTrips, getAllusers), the registry's for
// the generated ones (getAllBuses, getBus: each names its resource, so the generic calls do not repeat), and
// the contract's key for the project's own calls (checkinTrip, getQueue). A name that would still repeat is
// prefixed with its resource's path segment, for every call that carries it (`/api/checkin/trip/:id`
// named `trip` twice would be `checkinTrip`), so an id never depends on which call was declared first.
import { type Operation, type ResourceDef, resources } from '../registry/index.ts';
import { accessCodeContract } from './access-codes.ts';
import { analyticsContract } from './analytics.ts';
import { boardingContract } from './boarding.ts';
import { bookingContract } from './bookings.ts';
import { changeContract } from './changes.ts';
import { crudContract } from './crud.ts';
import { disruptionContract } from './disruptions.ts';
import { messageContract } from './messages.ts';
import { paymentContract } from './payments.ts';
import type { RouteContract } from './route.ts';
import { shiftContract } from './shifts.ts';
import { conductorContract } from './conductors.ts';
import { timetableContract } from './timetables.ts';
import { authContract, dashboardContract, systemContract, tripContract, uploadContract } from './routes.ts';

export interface ApiOperation extends RouteContract {
  operationId: string;
  summary: string;
}

const HAND_WRITTEN = [
  systemContract,
  authContract,
  tripContract,
  dashboardContract,
  uploadContract,
  bookingContract,
  accessCodeContract,
  changeContract,
  boardingContract,
  paymentContract,
  messageContract,
  disruptionContract,
  timetableContract,
  analyticsContract,
  shiftContract,
  conductorContract,
] as const;

/** Every hand-written call's name (distributed over the groups, so a call without a summary does not compile). */
type NamesOf<Group> = Group extends unknown ? keyof Group : never;
type CallName = NamesOf<(typeof HAND_WRITTEN)[number]>;

/** One line per hand-written call: what it does (who may call it is derived from its route's access). */
const SUMMARIES: Record<CallName, string> = {
  health: 'Check that the server and its database answer',
  settings: "The operator's contact details, where travellers pay and the refund rules in force",
  getSettings: "The operator's contact details and payment accounts as stored, for an admin to edit",
  updateSettings: "Change the operator's contact details and payment accounts",
  getRefundRules: 'The cancellation tiers and change fee in force, for an admin to edit',
  updateRefundRules: 'Change the cancellation tiers and change fee (bookings already sold keep theirs)',
  cancellationQuote:
    'What a traveller gets back if they cancel now, by the rules their booking was sold under',
  login: 'Sign in with e-mail and password: an access token and the refresh cookie',
  refresh: 'A new access token for the refresh cookie, which is rotated',
  logout: "Sign out: end the refresh cookie's session",
  user: 'The signed-in staff member',
  changePassword: "Change one's own password (the current one is needed)",
  register: 'Create a staff account with a role',
  updateUser: 'Update a staff account: its details, e-mail, role or password',
  deleteUser: 'Delete a staff account',
  filterTrips: 'Search the trips of a day from an origin to a destination',
  onSale: 'The routes with seats on sale, for the home page',
  getTrip: 'One trip: the public view, or the whole trip for staff who read trips',
  cancelTrip: 'Cancel a trip: its travellers are told the reason and choose another trip or a refund',
  disrupt: 'Cancel or delay trips, by id or a route over dates, or preview what it would do (dryRun)',
  moveBooking: "A cancelled trip's traveller moves to another trip of the route, free (ticket id and phone)",
  requestRefund: "A cancelled trip's traveller asks for a full refund (ticket id and phone)",
  changeQuote:
    'What changing a booking to another trip of its route costs or gives back now (ticket id and phone)',
  changeBooking: 'Change a booking to another trip of its route (a higher price awaits the difference)',
  passengers: "A trip's passenger list, seat by seat",
  createTimetable: 'Create a timetable: its trips go on sale at once (the answer says how many)',
  updateTimetable:
    'Update a timetable: its future trips without travellers follow; those with travellers are listed',
  dashboardSummary: "The dashboard's figures: seats sold per day and proofs waiting",
  getUpload: 'A payment proof image, as it was sent',
  createBooking: 'Book up to 3 seats on a trip, with a payment proof or without; answers the ticket',
  filterBookings: "Look up a booking by its ticket id and the traveller's phone",
  ticket: "Download a booking's PDF ticket again (ticket id and phone)",
  cancelBooking: 'Cancel a booking: its traveller with the ticket id and phone, or staff',
  cancelSeats:
    'Cancel some seats of a booking, refunded per seat: its traveller (ticket id and phone), or staff',
  requestCode: 'Text a one-time code to a phone, to see every booking made with it',
  myBookings: 'Every booking made with a phone, for the code texted to it',
  deleteBooking: 'Delete a booking',
  checkinTrip: "A trip's boarding package for the conductor app, to check tickets offline",
  scans: "Send the tickets scanned at the bus door; answers each scan's verdict",
  getPassengers: "A booking's travellers, seat by seat, with their IDs",
  updatePassengers: "Complete or correct a booking's travellers and their IDs",
  manifest: "A trip's checkpoint manifest as CSV, XLSX or PDF",
  submitProof: 'Send the payment proof of a booking (ticket id and phone)',
  verifyPayment: "Verify a booking's payment proof",
  payInCash: "Take a booking's price in cash at the desk (into the cashier's open shift)",
  rejectPayment: "Reject a booking's payment proof, with a reason",
  counterSale: 'Sell seats at the counter, paid at once',
  getQueue: 'Payment proofs waiting for staff, the trip leaving first first',
  getPayment: "A payment's review: the booking, its proof and what it shares with others",
  getRefunds: 'Refunds owed, or paid',
  getCancelledProofs: 'Cancelled bookings whose payment proof nobody decided on',
  checkCancelledProof: "Say whether a cancelled booking's money arrived: verify its proof or reject it",
  markRefundPaid: "Record a booking's refund as paid (a cash refund waits for a second person)",
  confirmCashRefund: 'Confirm a cash refund another staff member recorded',
  getAllMessages: 'Text messages, newest first, or the failed ones first',
  getMessage: 'One text message and its delivery',
  resend: 'Send a text message that failed again',
  broadcast: 'Text every passenger of a trip, or preview what it costs',
  delivery: "The SMS gateway's delivery report for a message",
  androidEvents: "SMS Gateway for Android's signed webhook: a message delivered or failed",
  preferences: "A traveller turns the reminder and the trip's news by text off or on (ticket id and phone)",
  occupancy: 'How full the buses were over a period: per route, per trip and per leg, with no-shows',
  sales:
    'What was sold over a period, per day, route, company and payment method, net of refunds (the ledger)',
  settlement: 'Per company for a period: gross sales, refunds, commission and net owed, by payment method',
  importStatement: 'Match a bank statement (CSV) to the payment proofs waiting, or preview it',
  openShift: 'Open one’s shift at the counter with the cash in the drawer (the float)',
  closeShift: 'Close a shift with the cash counted: answers the cash expected and the variance',
  getAllShifts: 'Shifts, open and closed, newest first (a cashier sees their own)',
  getShift: 'One shift with its cash in and out',
  assign: 'Assign a conductor to a trip, or to a company’s trips of a day',
  unassign: 'Take a conductor’s assignment back',
  getAssignments: 'Conductors’ assignments, or those that open one trip',
  getConductors: 'The conductors one may assign',
};

const article = (noun: string) => (/^[aeiou]/i.test(noun) ? `an ${noun}` : `a ${noun}`);

const CRUD_SUMMARIES: Record<Operation, (def: ResourceDef) => string> = {
  list: (def) => `Every ${def.singular}, or a page of them`,
  one: (def) => `One ${def.singular}, by its _id`,
  create: (def) => `Create ${article(def.singular)}`,
  update: (def) => `Update ${article(def.singular)}`,
  remove: (def) => `Delete ${article(def.singular)}`,
};

const capitalise = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** `/api/checkin/trip/:id` → `checkin`. */
const resourceSegment = (path: string) => path.split('/')[2];

/** Each call's operationId: its name, or where the name repeats, its resource's path segment and its name. */
export function operationIds(calls: readonly { name: string; path: string }[]): string[] {
  const uses = new Map<string, number>();
  for (const { name } of calls) uses.set(name, (uses.get(name) ?? 0) + 1);
  return calls.map(({ name, path }) =>
    uses.get(name)! > 1 ? resourceSegment(path) + capitalise(name) : name,
  );
}

/** Every call of the API, generated and hand-written, with its operationId and summary. */
export function apiOperations(): ApiOperation[] {
  const calls = [
    ...resources.flatMap((def) =>
      (Object.entries(crudContract(def)) as [Operation, RouteContract][]).map(([op, contract]) => ({
        name: def.api[op]!,
        summary: CRUD_SUMMARIES[op](def),
        contract,
      })),
    ),
    ...HAND_WRITTEN.flatMap((group) =>
      Object.entries(group).map(([name, contract]: [string, RouteContract]) => ({
        name,
        summary: SUMMARIES[name as CallName],
        contract,
      })),
    ),
  ];
  const ids = operationIds(calls.map(({ name, contract }) => ({ name, path: contract.path })));
  return calls.map(({ summary, contract }, i) => ({ ...contract, operationId: ids[i], summary }));
}
