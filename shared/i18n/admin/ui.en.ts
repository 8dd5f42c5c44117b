// English words of the back-office's lists, dialogs, statuses and dashboard chart (rihla.ui): row actions
// named for tooltips and screen readers, confirmations that say what they act on and whose buttons say what
// they do, and record statuses in words.

/** A resource's name inside a sentence and on a button ("Delete company", "Keep company"). */
const nouns = {
  bookings: 'booking',
  trips: 'trip',
  reports: 'report',
  companies: 'company',
  buses: 'bus',
  employees: 'employee',
  users: 'user',
  origins: 'origin city',
  destinations: 'destination city',
  prices: 'price',
  positions: 'employee position',
  lostItems: 'lost-item report',
  enquiries: 'enquiry',
  activity: 'activity entry',
};

const perResource = (make: (noun: string) => string) =>
  Object.fromEntries(Object.entries(nouns).map(([name, noun]) => [name, make(noun)])) as Record<
    keyof typeof nouns,
    string
  >;

export const uiEn = {
  actions: {
    column: 'Actions',
    edit: 'Edit',
    show: 'Open',
    delete: 'Delete',
    passengers: 'Passengers and details',
    cancel_booking: 'Cancel booking',
    cancel_trip: 'Cancel trip',
  },
  delete: {
    title: perResource((noun) => `Delete this ${noun}?`),
    yes: perResource((noun) => `Delete ${noun}`),
    keep: perResource((noun) => `Keep ${noun}`),
  },
  cancel: {
    booking_title: 'Cancel booking %{id}?',
    booking_facts: 'Passenger: %{passenger}. Trip: %{trip}. Seats: %{seats}.',
    booking_note: 'The seats become free for other travellers. A cancellation cannot be undone.',
    booking_yes: 'Cancel booking',
    booking_keep: 'Keep booking',
    trip_title: 'Cancel the trip %{trip}?',
    trip_facts: 'Bus %{bus}. %{booked} of %{total} seats booked.',
    trip_note:
      'The trip takes no more bookings. Unpaid holds are released; travellers who paid keep their seats and choose another trip of the route or a full refund, told the reason below. A cancellation cannot be undone.',
    trip_yes: 'Cancel trip',
    trip_keep: 'Keep trip',
    /** The Cancel button of a record already cancelled (disabled), as the spec labels it. */
    booking_done: 'Cancelled',
    trip_done: 'Cancelled',
  },
  status: {
    label: 'Status',
    cancelled: 'Cancelled',
    active: 'Active',
    scheduled: 'Scheduled',
    yes: 'Yes',
    no: 'No',
  },
  bookings: {
    trip: 'Trip',
    passenger_ticket: 'Passenger and ticket',
    proof: 'Proof',
    proof_yes: 'Payment proof sent',
    proof_no: 'No payment proof',
  },
  trips: {
    route: 'Route',
    bus: 'Bus',
    search_bus: 'Bus number',
    seats_short: 'seats booked',
  },
  time: {
    /** A time's label, once per column or page: every time staff see is Khartoum's. */
    khartoum: '%{label} (Khartoum time)',
  },
  form: {
    fix: 'Please correct the marked fields.',
    required: 'Required',
  },
  chart: {
    table: 'Seats sold per day',
    day: 'Day',
    sold: 'Seats sold',
    on_sale: 'Seats on sale',
    full: 'Full',
    value: '%{sold} sold · %{percent}%',
    legend: 'Bar length: seats sold that day, against the busiest day. Percentage: how full the day is.',
  },
};

export type UiMessages = typeof uiEn;
