// The activity screens, loaded on demand (./pages.ts, with their words): the log itself, one entry, and a
// record's history on the pages that show one (nothing while it loads).
import { onDemand } from '../common/onDemand.tsx';

const { screen } = onDemand(
  () => import('./pages.ts'),
  (module) => module.activityMessages,
);

export const ActivityListOnDemand = screen('ActivityList');
export const ActivityShowOnDemand = screen('ActivityShow');
export const RecordHistoryOnDemand = screen('RecordHistoryPanel', null);
