// Trips: hand-written list (cancel, passengers) and detail (printable passenger list); generated forms.
import RouteIcon from '@mui/icons-material/Route';
import { trips } from '../../shared/registry/index.ts';
import { generatedCreate } from '../generated/GeneratedCreate.tsx';
import { generatedEdit } from '../generated/GeneratedEdit.tsx';
import type { ResourceScreens } from '../generated/screens.ts';
import { TripList } from './TripList.tsx';
import { TripShow } from './TripShow.tsx';

export const tripScreens: ResourceScreens = {
  list: TripList,
  show: TripShow,
  create: generatedCreate(trips),
  edit: generatedEdit(trips),
  icon: RouteIcon,
  recordRepresentation: 'trip_date',
};
