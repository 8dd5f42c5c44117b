// Bookings: made by travellers on the public site; staff list, view (with payment proof), cancel and delete.
import BookOnlineIcon from '@mui/icons-material/BookOnline';
import { everyday, type ResourceScreens } from '../generated/screens.ts';

export const bookingScreens: ResourceScreens = {
  views: {
    list: async () => (await everyday()).BookingList,
    show: async () => (await everyday()).BookingShow,
  },
  icon: BookOnlineIcon,
  recordRepresentation: 'ticketId',
};
