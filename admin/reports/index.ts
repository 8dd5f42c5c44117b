// Reports: hand-written list and view (the spec's /reports/{id}); generated forms. A created report stays
// on the form with the success banner; edits live at /edit-report/{id}.
import DescriptionIcon from '@mui/icons-material/Description';
import { reports } from '../../shared/registry/index.ts';
import { generated, office, type ResourceScreens } from '../generated/screens.ts';

export const reportScreens: ResourceScreens = {
  views: {
    list: async () => (await office()).ReportList,
    show: async () => (await office()).ReportShow,
    create: generated.create(reports),
    edit: generated.edit(reports),
  },
  icon: DescriptionIcon,
  recordRepresentation: 'report_title',
};
