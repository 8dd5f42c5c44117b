// Arabic words of the activity log and of a record's history (see activity.en.ts), typed from the English.
import type { ActivityMessages } from './activity.en.ts';
import type { MessageTree } from './ar.ts';

export const activityAr: MessageTree<ActivityMessages> = {
  rihla: {
    activity: {
      actions: {
        create: 'أنشأ',
        update: 'عدّل',
        delete: 'حذف',
        cancel_trip: 'ألغى الرحلة',
        cancel_booking: 'ألغى الحجز',
        verify_payment: 'أكّد الدفع',
        reject_payment: 'رفض إثبات الدفع',
        counter_sale: 'باع في الشباك',
        refund_paid: 'سجّل دفع الاسترداد',
        import_statement: 'استورد كشف حساب بنكي',
        role_change: 'غيّر الدور',
        password_change: 'غيّر كلمة مروره',
        update_passengers: 'عدّل المسافرين',
        sync_scans: 'أرسل عمليات مسح الصعود',
        sign_in: 'سجّل الدخول',
        sign_in_failed: 'فشل في تسجيل الدخول',
        sign_out: 'سجّل الخروج',
      },
      kinds: { payments: 'المدفوعات' },
      filters: {
        user: 'الموظف (البريد الإلكتروني)',
        action: 'الإجراء',
        resource: 'نوع السجل',
        from: 'من',
        to: 'إلى',
        record: 'معرّف السجل',
      },
      columns: {
        at: 'الوقت (بتوقيت الخرطوم)',
        who: 'الموظف',
        what: 'الإجراء',
        record: 'السجل',
        changes: 'التغييرات',
      },
      diff: {
        field: 'الحقل',
        before: 'قبل',
        after: 'بعد',
        empty: 'فارغ',
        yes: 'نعم',
        no: 'لا',
        travellers: 'المسافرون',
      },
      no_changes: 'لم يتغيّر أي حقل: لا شيء للمقارنة.',
      nobody: 'موظف غير معروف',
      staff: 'أحد الموظفين',
      from_address: 'من العنوان',
      only_user: 'عرض نشاط هذا الشخص فقط',
      empty: 'لا شيء يطابق عوامل التصفية هذه.',
      load_error: 'تعذّر تحميل سجل النشاط.',
      history: {
        title: 'سجل التغييرات',
        intro: 'من فعل ماذا بهذا السجل، الأحدث أولًا (بتوقيت الخرطوم).',
        empty: 'لم يُسجَّل شيء لهذا السجل بعد.',
        error: 'تعذّر تحميل سجل التغييرات.',
        all: 'عرض القيود كلها (%{count}) في سجل النشاط',
      },
    },
  },
};
