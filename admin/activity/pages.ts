// The activity log's screens, behind one import(): loaded the first time the log or a record's history is
// shown, with the words only they use (shared/i18n/admin/activity.*.ts).
import { activityEn } from '../../shared/i18n/admin/activity.en.ts';
import type { MessagesLoader } from '../i18n/i18nProvider.ts';

export { default as ActivityList } from './ActivityList.tsx';
export { default as ActivityShow } from './ActivityShow.tsx';
export { default as RecordHistoryPanel } from './RecordHistoryPanel.tsx';

/** These screens' words (the Arabic ones loaded only for Arabic). */
export const activityMessages: MessagesLoader = (locale) =>
  locale === 'ar' ? import('../../shared/i18n/admin/activity.ar.ts').then((m) => m.activityAr) : activityEn;
