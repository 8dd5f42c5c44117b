// The screens every role that may opens all day, behind one import() (admin/screens.ts): the bookings and the
// trips, their lists and pages. Not part of the first page after sign-in; fetched as soon as it has shown.
export { BookingList } from './bookings/BookingList.tsx';
export { BookingShow } from './bookings/BookingShow.tsx';
export { TripList } from './trips/TripList.tsx';
export { TripShow } from './trips/TripShow.tsx';
