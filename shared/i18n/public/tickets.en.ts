// English texts of the My tickets page (tickets kept on this phone, and "find my bookings" by a texted code),
// loaded with that page only. Placeholders in braces are filled in by the page; never HTML.
import type { Widen } from './types.ts';

export const tickets = {
  intro:
    'Tickets booked or looked up on this phone are kept here. They open without a connection: show the QR code to the conductor at the bus door.',
  offline: 'No connection: these are the tickets as last checked ({when}).',
  refreshing: 'Checking for news of your tickets…',
  refreshed: 'Checked {when}.',
  never: 'not yet',
  empty: 'No tickets are kept on this phone yet.',
  emptyHint: 'Book a trip, look one up on the Cancel a reservation page, or find your bookings below.',
  route: '{from} to {to}',
  when: '{date} at {time}',
  seats: 'Seat {seats}',
  ticketId: 'Ticket {id}',
  show: 'Show QR code',
  hide: 'Hide QR code',
  qrLabel: 'QR code of ticket {id}, to scan at the bus door',
  notBoardable: 'This ticket is not valid for boarding.',
  unpaidWarning: 'Not paid yet: the conductor will refuse this ticket until the payment is confirmed.',
  tripCancelled: 'Trip cancelled',
  forget: 'Forget this ticket',
  forgetQuestion: 'Remove ticket {id} from this phone? The booking itself stays; you can look it up again.',
  forgetYes: 'Yes, forget it',
  forgetNo: 'Keep it',
  forgotten: 'Ticket {id} was removed from this phone.',
  find: {
    title: 'Find my bookings',
    intro:
      'Enter the phone number you booked with: we text it a {digits}-digit code, and show every booking made with it.',
    phone: 'Phone number',
    phoneHint: 'Phone number must be 10 digits',
    send: 'Text me a code',
    sending: 'Sending…',
    sent: 'If this phone has bookings, a code is on its way. It works once, for {minutes} minutes: type the code of the latest text message.',
    code: 'Code from the text message',
    codeHint: 'The {digits} digits of the text message.',
    show: 'Show my bookings',
    checking: 'Checking the code…',
    wrongCode: 'This code is not right. {left} tries left for this code.',
    lastTry: 'This code is not right, and that was its last try. Ask for a new code.',
    expired: 'This code can no longer be used: it has expired or was used already. Ask for a new code.',
    codeLimit: 'This phone was sent {count} codes in the last hour. Try again in {minutes} minutes.',
    phoneCodeLimit:
      'So many codes were asked for this phone in the last hour that no more are sent now. Try again in {minutes} minutes.',
    failed: 'Something went wrong. Please check your connection and try again.',
    noneFound: 'No bookings were made with this phone.',
    found: '{count} booking(s) found.',
    save: 'Keep them on this phone',
    saved: 'Kept on this phone: they now show under My tickets above.',
    again: 'Use another phone number',
  },
  install: 'Add Rihla to your home screen to open your tickets like an app.',
  installButton: 'Add to home screen',
};

export type TicketsMessages = Widen<typeof tickets>;
