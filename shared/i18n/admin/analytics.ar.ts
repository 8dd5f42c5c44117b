// Arabic words of the Figures screen (admin/analytics): how full the buses were over a period, per route and
// per trip, and the files to download.
import type { analyticsEn } from './analytics.en.ts';

export const analyticsAr: typeof analyticsEn = {
  title: 'الإحصاءات',
  intro: 'المقاعد تُحسب لكل مرحلة: في خط له محطات، المقعد المباع من ود مدني إلى كسلا يملأ مرحلتين من أربع.',
  from: 'من',
  to: 'إلى',
  company: 'الشركة',
  every_company: 'كل الشركات',
  last_7: 'آخر 7 أيام',
  next_7: 'الأيام السبعة القادمة',
  this_month: 'هذا الشهر',
  download_csv: 'تنزيل CSV',
  download_xlsx: 'تنزيل Excel',
  download_failed: 'تعذّر تجهيز الملف. حاول مرة أخرى.',
  occupancy: 'نسبة الإشغال',
  trips: 'الرحلات',
  seats_sold: 'المقاعد المباعة',
  seats_sold_of: '%{sold} من %{offered}',
  no_shows: 'لم يحضروا',
  by_route: 'حسب الخط، الأكثر امتلاءً أولاً',
  by_trip: 'حسب الرحلة',
  route: 'الخط',
  date: 'التاريخ',
  bus: 'البص',
  legs: 'المباع لكل مرحلة',
  leg: '%{from} – %{to}: %{sold}',
  more_trips: 'أول %{shown} رحلة من %{count}: الملف المنزَّل فيه كل الرحلات.',
  nothing: 'لا توجد رحلات في هذه الفترة.',
  failed: 'تعذّرت قراءة الأرقام. حاول مرة أخرى.',
};
