// The screens opened now and then, behind one import() (admin/screens.ts), loaded the first time one is
// opened: the forms (trips, reference data, reports, staff accounts), the lists and pages of companies, buses,
// employees, reference data, reports, staff accounts and travellers' messages, settings, the Disruptions
// and Figures screens and one's own password.
export { AnalyticsPage } from './analytics/AnalyticsPage.tsx';
export { ShiftsPage } from './shifts/ShiftsPage.tsx';
export { ChangePasswordPage } from './auth/ChangePasswordPage.tsx';
export { DisruptionsPage } from './disruptions/DisruptionsPage.tsx';
export { generatedCreate } from './generated/GeneratedCreate.tsx';
export { generatedEdit } from './generated/GeneratedEdit.tsx';
export { generatedList } from './generated/GeneratedList.tsx';
export { generatedShow } from './generated/GeneratedShow.tsx';
export { ReportList } from './reports/ReportList.tsx';
export { ReportShow } from './reports/ReportShow.tsx';
export { SettingsPage } from './settings/SettingsPage.tsx';
export { UserEdit } from './users/UserEdit.tsx';
export { UserList } from './users/UserList.tsx';
