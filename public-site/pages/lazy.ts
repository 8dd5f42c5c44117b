// Pages loaded on demand: only Home and CreateBooking are in the first download.
import { lazyPage } from '../lib/lazy-page.ts';

export const TripDetails = lazyPage<{ id: string }>(() => import('./TripDetails.tsx'));
export const CancelReservation = lazyPage(() => import('./CancelReservation.tsx'));
export const MyTickets = lazyPage(() => import('./MyTickets.tsx'));
export const Information = lazyPage(() => import('./Information.tsx'));
export const ContactUs = lazyPage(() => import('./ContactUs.tsx'));
export const LostItemReport = lazyPage(() => import('./LostItemReport.tsx'));
export const PublicEnquiries = lazyPage(() => import('./PublicEnquiries.tsx'));
export const TermsOfService = lazyPage(() => import('./TermsOfService.tsx'));
export const PrivacyPolicy = lazyPage(() => import('./PrivacyPolicy.tsx'));
