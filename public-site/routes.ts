// The spec's public route table (shared/routes.ts) mapped to pages and their titles. The Record type makes
// a route added to the shared table without a page here a compile error.
import type { AnyComponent } from 'preact';
import { exec } from 'preact-iso/router';
import { PUBLIC_ROUTES, STAFF_SEGMENTS } from '../shared/routes.ts';
import type { PublicMessages } from './lib/i18n.ts';
import CreateBooking from './pages/CreateBooking.tsx';
import Home from './pages/Home.tsx';
import * as lazyPages from './pages/lazy.ts';

type PublicPath = (typeof PUBLIC_ROUTES)[number];
type TitleKey = keyof PublicMessages['titles'];

export const pages: Record<PublicPath, { component: AnyComponent<any>; title: TitleKey }> = {
  '/': { component: Home, title: 'home' },
  '/create-booking': { component: CreateBooking, title: 'createBooking' },
  '/trip-details/:id': { component: lazyPages.TripDetails, title: 'tripDetails' },
  '/cancel-reservation': { component: lazyPages.CancelReservation, title: 'cancelReservation' },
  '/my-tickets': { component: lazyPages.MyTickets, title: 'myTickets' },
  '/information': { component: lazyPages.Information, title: 'information' },
  '/contact-us': { component: lazyPages.ContactUs, title: 'contactUs' },
  '/lost-item-report': { component: lazyPages.LostItemReport, title: 'lostItemReport' },
  '/public-enquiries': { component: lazyPages.PublicEnquiries, title: 'publicEnquiries' },
  '/terms-of-service': { component: lazyPages.TermsOfService, title: 'terms' },
  '/privacy-policy': { component: lazyPages.PrivacyPolicy, title: 'privacy' },
};

export function titleKeyFor(path: string): TitleKey {
  const match = PUBLIC_ROUTES.find((pattern) => exec(path, pattern));
  return match ? pages[match].title : 'notFound';
}

/** Links to the staff back-office (another app) must load the page instead of being routed here. */
export const PUBLIC_SCOPE = new RegExp(`^/(?!(?:${STAFF_SEGMENTS.join('|')})(?:[/?#]|$))`);
