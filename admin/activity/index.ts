// The activity log: a read-only list and one entry's page (the server offers no create, edit or delete),
// in a chunk of their own that brings their words (./OnDemand.tsx).
import HistoryIcon from '@mui/icons-material/History';
import type { ResourceScreens } from '../generated/screens.ts';
import { ActivityListOnDemand, ActivityShowOnDemand } from './OnDemand.tsx';

export const activityScreens: ResourceScreens = {
  views: {
    list: async () => ActivityListOnDemand,
    show: async () => ActivityShowOnDemand,
  },
  icon: HistoryIcon,
  recordRepresentation: 'action',
};
