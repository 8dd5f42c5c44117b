// Arabic words of the back-office's lists, dialogs, statuses and dashboard chart (rihla.ui), typed from the
// English ones so that a missing or extra key fails the type check.
import type { UiMessages } from './ui.en.ts';

type Tree<T> = { [K in keyof T]: T[K] extends string ? string : Tree<T[K]> };

/** A resource's name with its article, inside a sentence and on a button ("حذف الشركة"). */
const nouns = {
  bookings: 'الحجز',
  trips: 'الرحلة',
  reports: 'التقرير',
  companies: 'الشركة',
  buses: 'البص',
  employees: 'الموظف',
  users: 'المستخدم',
  origins: 'مدينة القيام',
  destinations: 'الوجهة',
  prices: 'السعر',
  positions: 'المسمى الوظيفي',
  lostItems: 'بلاغ المفقودات',
  enquiries: 'الاستفسار',
  activity: 'قيد النشاط',
};

const perResource = (make: (noun: string) => string) =>
  Object.fromEntries(Object.entries(nouns).map(([name, noun]) => [name, make(noun)])) as Record<
    keyof typeof nouns,
    string
  >;

export const uiAr: Tree<UiMessages> = {
  actions: {
    column: 'الإجراءات',
    edit: 'تعديل',
    show: 'فتح',
    delete: 'حذف',
    passengers: 'الركاب والتفاصيل',
    cancel_booking: 'إلغاء الحجز',
    cancel_trip: 'إلغاء الرحلة',
  },
  delete: {
    title: perResource((noun) => `حذف ${noun}؟`),
    yes: perResource((noun) => `حذف ${noun}`),
    keep: perResource((noun) => `الإبقاء على ${noun}`),
  },
  cancel: {
    booking_title: 'إلغاء الحجز %{id}؟',
    booking_facts: 'الراكب: %{passenger}. الرحلة: %{trip}. المقاعد: %{seats}.',
    booking_note: 'تصبح المقاعد متاحة لمسافرين آخرين. لا يمكن التراجع عن الإلغاء.',
    booking_yes: 'إلغاء الحجز',
    booking_keep: 'الإبقاء على الحجز',
    trip_title: 'إلغاء الرحلة %{trip}؟',
    trip_facts: 'البص %{bus}. المقاعد المحجوزة: %{booked} من %{total}.',
    trip_note:
      'لن تقبل الرحلة حجوزات أخرى. تُحرَّر الحجوزات غير المدفوعة؛ ومن دفع يحتفظ بمقعده ويختار رحلة أخرى على الخط نفسه أو استرداد قيمة التذكرة كاملة، ويُبلَّغ بالسبب المكتوب أدناه. لا يمكن التراجع عن الإلغاء.',
    trip_yes: 'إلغاء الرحلة',
    trip_keep: 'الإبقاء على الرحلة',
    booking_done: 'ملغى',
    trip_done: 'ملغاة',
  },
  status: {
    label: 'الحالة',
    cancelled: 'ملغى',
    active: 'سارٍ',
    scheduled: 'مجدولة',
    yes: 'نعم',
    no: 'لا',
  },
  bookings: {
    trip: 'الرحلة',
    passenger_ticket: 'الراكب والتذكرة',
    proof: 'الإشعار',
    proof_yes: 'أُرسل إشعار التحويل',
    proof_no: 'لا يوجد إشعار تحويل',
  },
  trips: {
    route: 'المسار',
    bus: 'البص',
    search_bus: 'رقم البص',
    seats_short: 'مقعدًا محجوزًا',
  },
  time: {
    khartoum: '%{label} (بتوقيت الخرطوم)',
  },
  form: {
    fix: 'يُرجى تصحيح الحقول المحددة.',
    required: 'مطلوب',
  },
  chart: {
    table: 'المقاعد المباعة يوميًا',
    day: 'اليوم',
    sold: 'المقاعد المباعة',
    on_sale: 'المقاعد المعروضة',
    full: 'نسبة الإشغال',
    value: 'بيع %{sold} · %{percent}%',
    legend: 'طول العمود: المقاعد المباعة في ذلك اليوم مقارنةً بأكثر الأيام مبيعًا. النسبة: إشغال ذلك اليوم.',
  },
};
