// Trips: hand-written list (cancel, passengers) and detail (printable passenger list); generated forms.
import RouteIcon from '@mui/icons-material/Route';
import { trips } from '../../shared/registry/index.ts';
import { everyday, generated, type ResourceScreens } from '../generated/screens.ts';

export const tripScreens: ResourceScreens = {
  views: {
    list: async () => (await everyday()).TripList,
    show: async () => (await everyday()).TripShow,
    create: generated.create(trips),
    edit: generated.edit(trips),
  },
  icon: RouteIcon,
  recordRepresentation: 'trip_date',
};
