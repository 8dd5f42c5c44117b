// The glossary guard: every Arabic string of the product (public site, information and legal pages, conductor
// app, back-office, PDF ticket, page shells) uses the Sudanese words of ../shared/ARABIC-TERMS.md. A word from
// its "avoid" column fails here, naming the message that holds it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ar as publicAr } from '../../shared/i18n/public/ar.ts';
import { content as publicContentAr } from '../../shared/i18n/public/content.ar.ts';
import { checkinAr } from '../../shared/i18n/checkin/ar.ts';
import { ar as adminAr } from '../../shared/i18n/admin/ar.ts';
import { paymentsAr } from '../../shared/i18n/admin/payments.ar.ts';
import { activityAr } from '../../shared/i18n/admin/activity.ar.ts';
import * as ticketLabels from '../../server/tickets/labels.ts';

/** Every string in a message tree, with the path that leads to it. */
function strings(tree: unknown, path: string, out: [string, string][] = []): [string, string][] {
  if (typeof tree === 'string') out.push([path, tree]);
  else if (Array.isArray(tree)) tree.forEach((item, i) => strings(item, `${path}[${i}]`, out));
  else if (tree && typeof tree === 'object')
    for (const [key, value] of Object.entries(tree)) strings(value, `${path}.${key}`, out);
  return out;
}

/** The Arabic side of the ticket's bilingual labels ({ en, ar }). */
const ticketArabic = strings(ticketLabels, 'ticket').filter(([path]) => path.endsWith('.ar'));

const pageShells = ['public-site/index.html', 'public-site/checkin/index.html'].map(
  (file): [string, string] => [file, readFileSync(file, 'utf8')],
);

const all: [string, string][] = [
  ...strings(publicAr, 'public'),
  ...strings(publicContentAr, 'content'),
  ...strings(checkinAr, 'checkin'),
  ...strings(adminAr, 'admin'),
  ...strings(paymentsAr, 'payments'),
  ...strings(activityAr, 'activity'),
  ...ticketArabic,
  ...pageShells,
];

/** The terms and privacy pages: standard Arabic, where «إثبات الدفع» may stay. */
const legal = (path: string) => /^content\.(terms|privacy)\./.test(path);

// [what to avoid, the word to use]
const avoid: [RegExp, string][] = [
  [/حافل/, 'بص / البص / بصات (حافلة is a minibus in Sudan)'],
  [/(^|[^\p{L}])باص/u, 'بص'],
  [/[أا]توبيس/, 'بص'],
  [/محص[ّ]?ل/, 'المساعد (مساعد البص)'],
  [/كمس[ا]?ري|الكمسنجي/, 'المساعد (مساعد البص)'],
  [/مشرف ال/, 'مساعد البص'],
  [/الجوال|جوالك/, 'رقم الموبايل'],
  [/رقم الهاتف|هاتف المشغ/, 'رقم الموبايل'],
  [/الرقم القومي|الهوية الوطنية|بطاقة الهوية|رقم الهوية/, 'الرقم الوطني / البطاقة القومية / إثبات الشخصية'],
  [/موعد المغادرة|موعد الصعود|موعد الانطلاق|وقت الإقلاع/, 'زمن القيام'],
  [/محطة الحافلات|محطة الوصول|الكراج/, 'الميناء البري'],
  [/لقطة شاشة|لقطات شاشة|لقطة الشاشة/, 'صورة الإشعار'],
  [/قائمة الركاب/, 'كشف الركاب'],
  [/شباك التذاكر|في الشباك|كاونتر/, 'مكتب الحجز / بيع المكتب'],
  [/المشغّل|المشغل|الناقل/, 'الشركة'],
  [/كانون|شباط/, 'يناير، فبراير…'],
  [/ج\.س\./, 'ج.س (no final dot)'],
  [/(^|[^\p{L}])[وبل]?حلفا(?! الجديدة)/u, 'وادي حلفا (a bare حلفا also names حلفا الجديدة)'],
];

describe('Arabic words (ARABIC-TERMS.md)', () => {
  it('reads every Arabic message module', () => {
    expect(all.length).toBeGreaterThan(1000);
    expect(ticketArabic.length).toBeGreaterThan(10);
  });

  it.each(avoid)('no message says %s', (pattern, use) => {
    const found = all
      .filter(([, text]) => pattern.test(text.replace(/وادي حلفا/g, '')))
      .map(([path, text]) => `${path}: ${text}`);
    expect(found, `use ${use}`).toEqual([]);
  });

  it('keeps «إثبات الدفع» for the terms and privacy pages; elsewhere the proof is إشعار بنكك / إشعار التحويل', () => {
    const found = all
      .filter(([path, text]) => !legal(path) && /إثبات(ات)? ?(ال)?دفع|الإثبات|إثباتك|إثباتًا/.test(text))
      .map(([path, text]) => `${path}: ${text}`);
    expect(found).toEqual([]);
  });

  it('names the bus البص on the public site and the ticket, and the conductor مساعد البص', () => {
    expect(publicAr.trip.bus).toBe('رقم البص');
    expect(ticketLabels.TICKET_LABELS.busNumber.ar).toBe('رقم البص');
    expect(ticketLabels.TICKET_LABELS.boardingTime.ar).toBe('زمن القيام');
    expect(adminAr.rihla.choices.conductor).toBe('مساعد البص');
    expect(publicContentAr.terms.intro).toContain('«البص»');
  });
});
