// الكلمات العربية لمحطات الرحلة وأسعارها: المفاتيح نفسها في stops.en.ts (يفرضها فحص الأنواع).
// Arabic words of a trip's stops and fares: the same keys as stops.en.ts (the type check holds them).
import type { StopsMessages } from './stops.en.ts';

export const stopsAr: StopsMessages = {
  add: 'أضف محطة',
  none: 'لا محطات: يسير البص من مدينة القيام إلى الوجهة مباشرة.',
  town: 'المدينة',
  town_help: 'لا تكون محطةً إلا مدينةٌ في القائمتين (مدن القيام والوجهات).',
  minutes: 'الدقائق بعد القيام',
  at: 'الساعة %{time}',
  next_day: '%{time} (اليوم التالي)',
  up: 'انقل إلى أعلى',
  down: 'انقل إلى أسفل',
  remove: 'احذف هذه المحطة',
  fares_intro:
    'سعر كل زوج من المحطات. السعر الفارغ غير معروض للبيع؛ ومن مدينة القيام إلى الوجهة سعر الرحلة نفسه.',
  trip_price: 'سعر الرحلة',
  fares_need_stops: 'أضف محطات لتبيع التذاكر بينها.',
  pair: '%{from} ← %{to}',
  route_separator: ' ← ',
  both_lists: 'أضف إلى القائمتين (مدن القيام والوجهات)',
  both_lists_help: 'المدينة التي يقف فيها البص يجب أن تكون في القائمتين.',
  twin_created: 'أُضيفت إلى القائمة الأخرى أيضاً.',
  twin_failed: 'حُفظت، لكن لم تُضف إلى القائمة الأخرى: %{error}',
  not_for_sale: 'لا سعر محدد بين هاتين المحطتين: لا تُباع تذاكرهما.',
  legs: 'المحطات',
  board_at: 'يركب من',
  alight_at: 'ينزل في',
  boards: 'يركبون',
  alights: 'ينزلون',
};
