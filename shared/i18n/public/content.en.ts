// English texts of the information pages and the two public forms. They are loaded with those pages only,
// so travellers who just book never download them. Operator contact details are not here: the server
// gives them (GET /api/settings) from its configuration.
import type { Widen } from './types.ts';
import { lostItemColours, lostItemTypes } from '../lost-items.en.ts';

export const content = {
  contactDetails: {
    title: 'Contact details',
    phone: 'Phone',
    email: 'E-mail',
    address: 'Mailing address',
  },
  information: {
    title: 'Information for travellers',
    intro: 'Everything you need to know before you travel with us.',
    sections: [
      {
        title: 'Ticket offices',
        paragraphs: [
          'You can book and cancel online at any time. If you prefer to ask a question in person, our ticket offices are open Monday to Friday, 5:00 am to 11:30 pm.',
          'Please have your ticket ID and the phone number used for the booking ready: they are how we find your reservation.',
        ],
      },
      {
        title: 'Luggage, prams and animals',
        paragraphs: [
          'Label your luggage with your name and phone number. The luggage allowance is set by the bus company operating your trip: ask at the ticket office before you travel with more than one suitcase.',
          'Folded prams and wheelchairs travel in the luggage hold. Tell the conductor when you board so that they are loaded with care and handed back to you first.',
          'Assistance dogs are welcome on board. Other animals may travel only in a closed carrier, with the agreement of the bus company operating the trip.',
        ],
      },
      {
        title: 'Lost and found',
        paragraphs: [
          'Items found on our buses are kept at the arrival station. If you have lost something on a trip, fill in the lost item report with as many details as you can: the date, the bus number and the boarding time help us most.',
        ],
        links: [{ href: '/lost-item-report', label: 'Report a lost item' }],
      },
      {
        title: 'Accessibility',
        paragraphs: [
          'If you need help to board, or a seat near the door, book your seat in the first rows and tell the conductor when you arrive. Our staff will help you board and leave the bus.',
          'This website can be used with a keyboard and a screen reader, and in Arabic or English.',
        ],
      },
      {
        title: 'Forms',
        paragraphs: [
          'Use our forms to tell us about a lost item or to send us a question, a suggestion or a complaint. We answer by phone.',
        ],
        links: [
          { href: '/lost-item-report', label: 'Lost item report' },
          { href: '/public-enquiries', label: 'Public enquiries form' },
        ],
      },
    ],
  },
  contact: {
    title: 'Contact us',
    intro: 'We are here to help with your bookings, your trips and anything you left behind.',
    formsTitle: 'Write to us',
    generalForm: 'General enquiries form',
    lostItemsForm: 'Lost items form',
    customerService: {
      title: 'Customer service',
      /** Said only when the operator publishes a phone, an e-mail or an address (OPERATOR_*). */
      text: 'For questions about a booking, a payment or a cancellation, call or write to our customer service team.',
      noDetails:
        'For questions about a booking, a payment or a cancellation, write to us with the public enquiries form: we answer by phone.',
    },
    enquiries: {
      title: 'Public enquiries',
      text: 'For suggestions, complaints and any other question, use the public enquiries form: we answer by phone.',
    },
    hoursTitle: 'Opening hours',
    hours: 'Monday to Friday, 5:00 am to 11:30 pm',
    online: 'Booking, cancelling and downloading your ticket again are available online at any time.',
  },
  terms: {
    title: 'Terms of service',
    revised: 'Last revised: 07/02/2025',
    intro:
      'These terms apply to every booking made on this website. By booking a ticket you accept them; please read them before you pay.',
    sections: [
      {
        title: 'Bookings and tickets',
        paragraphs: [
          'One booking holds at most 3 seats on one trip. Each booking receives a ticket ID of 13 digits, shown on your ticket.',
          'Check your name, phone number, trip and seats before you confirm: the ticket is issued for those details. Show your ticket (on your phone or printed) when you board.',
        ],
      },
      {
        title: 'Prices and payment',
        paragraphs: [
          'Prices are shown in Sudanese pounds (SDG) for each seat. Prices may change without notice; the total shown when you confirm your booking is the one that applies to it.',
          'You pay by bank transfer or mobile money and upload a screenshot of the payment with your booking. A booking may be cancelled if the payment cannot be verified.',
        ],
      },
      {
        title: 'Cancellations and refunds',
        paragraphs: [
          'You can cancel a booking before departure on the cancel-reservation page with your ticket ID and phone number. Cancellation fees may apply.',
          'Refunds are made to the original payment method. How long a refund takes varies by payment provider.',
        ],
      },
      {
        title: 'Liability',
        paragraphs: [
          'Our liability for any booking is limited to the ticket amount paid. Please arrive at the station before the boarding time: a bus cannot wait for late passengers.',
        ],
      },
      {
        title: 'Governing law',
        paragraphs: ['These terms are governed by the laws of Sudan.'],
      },
    ],
  },
  privacy: {
    title: 'Privacy policy',
    revised: 'Last revised: 09/02/2025',
    intro: 'This policy explains what we collect when you use this website, why, and what you can ask of us.',
    sections: [
      {
        title: 'What we collect',
        paragraphs: [
          'When you book: your first and last name, your phone number, your e-mail address if you give it, your trip and seats, and the payment screenshot you upload.',
          'When you fill in a form: the details you write in it.',
        ],
      },
      {
        title: 'Why we use it',
        paragraphs: [
          'To issue and check your ticket, to verify your payment, to contact you about your trip, and to answer your enquiries and lost item reports. We do not use your details for advertising and we do not sell them.',
        ],
      },
      {
        title: 'Who can see it',
        paragraphs: [
          'Our staff, and the bus company operating your trip for the passenger list. Payment screenshots are visible to our staff only.',
        ],
      },
      {
        title: 'What stays on your device',
        paragraphs: [
          'This website remembers your language choice on your device. It uses no advertising or tracking cookies.',
        ],
      },
      {
        title: 'Children',
        paragraphs: [
          'This website is not intended for children under 18. A parent or guardian should book for a child.',
        ],
      },
      {
        title: 'Your choices',
        paragraphs: ['You may ask to see, correct or delete the details we hold about you.'],
      },
    ],
    /** How to ask: with the operator's details when it publishes any (OPERATOR_*), else the enquiries form. */
    ask: {
      withDetails: 'To do so, contact us with the details below.',
      withoutDetails: 'To do so, write to us with this form:',
      form: 'Public enquiries form',
    },
  },
  lostItem: {
    title: 'Report a lost item',
    intro:
      'Tell us what you lost and on which trip. Fields marked as required must be filled in; the more details you give, the better our chances of finding it.',
    sections: {
      personal: 'Personal information',
      subject: 'Message subject',
      details: 'Details of loss',
    },
    fields: {
      first_name: 'First name',
      last_name: 'Last name',
      phone: 'Phone number',
      email: 'E-mail',
      message_subject: 'Subject',
      date_of_loss: 'Date of loss',
      item_type: 'Item type',
      colour: 'Colour',
      brand: 'Brand',
      bus_number: 'Bus number',
      line_description: 'Line (for example Khartoum to Kassala)',
      boarding_time: 'Boarding time',
      description: 'Additional description',
    },
    types: lostItemTypes,
    colours: lostItemColours,
    sent: 'Thank you. Your report has been sent: we will call you if your item is found.',
  },
  enquiry: {
    title: 'Public enquiries',
    intro: 'Send us your question, suggestion or complaint. We answer by phone.',
    fields: {
      first_name: 'First name',
      last_name: 'Last name',
      phone: 'Phone number',
      message: 'Message',
    },
    sent: 'Thank you. Your message has been sent: we will call you back.',
  },
};

export type PublicContent = Widen<typeof content>;
