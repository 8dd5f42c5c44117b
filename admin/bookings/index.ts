// Bookings: made by travellers on the public site; staff list, view (with payment proof), cancel and delete.
import BookOnlineIcon from '@mui/icons-material/BookOnline';
import type { ResourceScreens } from '../generated/screens.ts';
import { BookingList } from './BookingList.tsx';
import { BookingShow } from './BookingShow.tsx';

export const bookingScreens: ResourceScreens = {
  list: BookingList,
  show: BookingShow,
  icon: BookOnlineIcon,
  recordRepresentation: 'ticketId',
};
