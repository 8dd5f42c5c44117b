// Reports: hand-written list and view (the spec's /reports/{id}); generated forms. A created report stays
// on the form with the success banner; edits live at /edit-report/{id}.
import DescriptionIcon from '@mui/icons-material/Description';
import { reports } from '../../shared/registry/index.ts';
import { generatedCreate } from '../generated/GeneratedCreate.tsx';
import { generatedEdit } from '../generated/GeneratedEdit.tsx';
import type { ResourceScreens } from '../generated/screens.ts';
import { ReportList } from './ReportList.tsx';
import { ReportShow } from './ReportShow.tsx';

export const reportScreens: ResourceScreens = {
  list: ReportList,
  show: ReportShow,
  create: generatedCreate(reports),
  edit: generatedEdit(reports),
  icon: DescriptionIcon,
  recordRepresentation: 'report_title',
};
