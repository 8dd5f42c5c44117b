// The activity log: a read-only list and one entry's page (the server offers no create, edit or delete),
// loaded on demand.
import HistoryIcon from '@mui/icons-material/History';
import type { ResourceScreens } from '../generated/screens.ts';
import { ActivityListOnDemand, ActivityShowOnDemand } from './OnDemand.tsx';

export const activityScreens: ResourceScreens = {
  list: ActivityListOnDemand,
  show: ActivityShowOnDemand,
  icon: HistoryIcon,
  recordRepresentation: 'action',
};
