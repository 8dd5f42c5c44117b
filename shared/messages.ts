// Text messages (SMS) to travellers: what the outbox sends (server/messages), in the traveller's language.
// Pure data and functions: the kinds and states of a message, phones in international form, how many SMS
// segments a text costs, and the templates, written to fit one segment where they can (Arabic costs 70
// characters a segment, Latin 160). Latin digits throughout, as tickets print them (../ARABIC-TERMS).
import { normalizeDigits } from './rules.ts';

export const MESSAGE_KINDS = [
  'ticket',
  'reminder',
  'hold_expiring',
  'payment_verified',
  'payment_rejected',
  'hold_expired',
  'trip_cancelled',
  'trip_delayed',
  'refund_paid',
  'broadcast',
  'access_code',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

//   queued ──claim──▶ sending ──gateway 2xx──▶ sent ──report──▶ delivered
//      ▲                 │
//      └── retry later ◀─┘ (429, 5xx, no answer; until the last try: failed)
export const MESSAGE_STATUSES = ['queued', 'sending', 'sent', 'delivered', 'failed', 'cancelled'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const MESSAGE_LANGUAGES = ['ar', 'en'] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];

/** Minutes to wait after each failed try; after the last, the message has failed (a day in all). */
export const RETRY_MINUTES = [1, 5, 30, 120, 360, 960] as const;
export const MAX_TRIES = RETRY_MINUTES.length + 1;

/** Minutes before an unpaid hold lapses that its traveller is reminded (once). */
export const HOLD_WARNING_MINUTES = 10;
/** Khartoum's hour on the evening before departure when travellers are reminded (those who booked before it). */
export const REMINDER_HOUR = 18;
/** Kinds a traveller may turn off (a word in the look-up); tickets and payment news always go. */
export const OPTIONAL_KINDS: readonly MessageKind[] = ['reminder', 'broadcast'];

/** Messages a phone may be sent in an hour; more wait for the next hour (a loop cannot spend the credit). */
export const MESSAGES_PER_PHONE_PER_HOUR = 10;
/**
 * How long the ticket text of a booking made online and not yet paid waits before it leaves: the traveller is
 * still on the page that shows the ticket, and a booking cancelled meanwhile costs no text. So an address that
 * books to stranger after stranger and cancels costs at most its live unpaid holds every few minutes.
 */
export const UNPAID_TICKET_TEXT_DELAY_MINUTES = 3;

/** A Sudanese phone in international form (+249 and nine digits), from what people type; undefined if not one. */
export function internationalPhone(value: string): string | undefined {
  const digits = normalizeDigits(value).replace(/[\s\-().]/g, '');
  const national = /^(?:\+249|00249|249|0)?([19]\d{8})$/.exec(digits);
  return national ? `+249${national[1]}` : undefined;
}

// GSM 03.38's basic set, and its extension (each of those costs two); sets, as every message is counted.
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const GSM_EXTENDED = new Set('^{}\\[~]|€');

/** How many SMS segments a text costs: GSM-7 160 (153 a part when split), else UCS-2 70 (67 a part). */
export function segmentCount(text: string): number {
  let septets = 0;
  let gsm = true;
  for (const char of text) {
    if (GSM_BASIC.has(char)) septets += 1;
    else if (GSM_EXTENDED.has(char)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (gsm) return septets <= 160 ? 1 : Math.ceil(septets / 153);
  // UCS-2 counts UTF-16 code units (an emoji is two).
  const units = text.length;
  return units <= 70 ? 1 : Math.ceil(units / 67);
}

/** What a template says of a booking (the server fills it from the booking and its trip). */
export interface MessageFacts {
  ticketId: string;
  /** Cities in the message's language. */
  from: string;
  to: string;
  /** The trip's day, YYYY-MM-DD, and its boarding time as the trip names it ("9:00 am"). */
  date: string;
  time: string;
  seats: readonly number[];
  amount: number;
  paid: boolean;
  /** An unpaid hold's deadline (ISO), when there is one. */
  deadline?: string | null;
  /** Why a proof was refused (the payments desk's reason, in the message's language). */
  reason?: string;
  /** Why the operator cancelled or delayed the trip (in the message's language). */
  why?: string;
  /** A cancelled trip's traveller who chooses: another trip of the route free of charge, or a full refund. */
  chooses?: boolean;
  /**
   * Where an unpaid booking pays, in a few words ("Bankak 1234567"): its trip's company's account, else the
   * operator's (shared/payment-instructions.ts payToWords). Said only where it costs no extra segment.
   */
  payTo?: string;
  /** The look-up with this ticket filled in ("rihla.sd/t/4820193746152"), when the operator set the address. */
  link?: string;
}

const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const AR_MONTHS = [
  'يناير',
  'فبراير',
  'مارس',
  'أبريل',
  'مايو',
  'يونيو',
  'يوليو',
  'أغسطس',
  'سبتمبر',
  'أكتوبر',
  'نوفمبر',
  'ديسمبر',
];

/** "12 Dec" / "12 ديسمبر": short, Latin digits, no year (the trip is weeks away at most). */
export function messageDay(date: string, lang: MessageLanguage): string {
  const [, month, day] = date.split('-').map(Number);
  return `${day} ${(lang === 'ar' ? AR_MONTHS : EN_MONTHS)[month - 1] ?? ''}`;
}

/** "12/12": the compact day, day first (../ARABIC-TERMS), for a message that must fit one segment. */
export function messageShortDay(date: string): string {
  const [, month, day] = date.split('-').map(Number);
  return `${day}/${month}`;
}

/** "9:00 am" as the trip names it; "9:00 ص" / "7:00 م" in Arabic. */
export function messageTime(time: string, lang: MessageLanguage): string {
  if (lang === 'en') return time;
  return time.replace(/\s*am$/i, ' ص').replace(/\s*pm$/i, ' م');
}

/** A deadline (ISO) as Khartoum's clock, "14:30" (UTC+2 all year). */
export function messageClock(iso: string): string {
  const khartoum = new Date(Date.parse(iso) + 120 * 60_000);
  return `${String(khartoum.getUTCHours()).padStart(2, '0')}:${String(khartoum.getUTCMinutes()).padStart(2, '0')}`;
}

const THOUSANDS = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const money = (amount: number) => THOUSANDS.format(Math.round(amount));
const seatList = (seats: readonly number[]) => [...seats].sort((a, b) => a - b).join(',');

type Template = (facts: MessageFacts) => string;

/** The look-up link on a line of its own (phones make it a link; in Arabic it does not reorder the words). */
const linkLine = (f: MessageFacts) => (f.link ? `\n${f.link}` : '');
/** The ticket id after a word, unless the link ends the text: its last 13 digits are the id, said once. */
const idUnlessLinked = (f: MessageFacts) => (f.link ? '' : ` ${f.ticketId}`);

/**
 * The templates. Each starts with the ticket number and the trip (what a traveller needs at the land port with
 * no data), then what happened and what to do next.
 */
export const MESSAGE_TEMPLATES: Record<
  Exclude<MessageKind, 'broadcast' | 'access_code'>,
  Record<MessageLanguage, Template>
> = {
  ticket: {
    en: (f) =>
      `Rihla ticket${idUnlessLinked(f)}: ${f.from}-${f.to} ${messageDay(f.date, 'en')} ${f.time}, seat ${seatList(f.seats)}. ${money(f.amount)} SDG ${
        f.paid
          ? 'paid'
          : `unpaid${f.deadline || f.payTo ? ', pay' : ''}${f.payTo ? ` to ${f.payTo}` : ''}${f.deadline ? ` by ${messageClock(f.deadline)}` : ''}`
      }${linkLine(f)}`,
    // One UCS-2 segment (70) for a paid seat on a usual route: day as 12/12, «دفعت» rather than «مدفوعة». With
    // the link two (81 characters with rihla.sd/t/…): 11 more would have to go, the currency and the words.
    ar: (f) =>
      `تذكرة${idUnlessLinked(f)} ${f.from}-${f.to} ${messageShortDay(f.date)} ${messageTime(f.time, 'ar')} مقعد ${seatList(f.seats)} ${
        f.paid
          ? `دفعت ${money(f.amount)} ج.س`
          : `ادفع ${money(f.amount)} ج.س${f.payTo ? ` إلى ${f.payTo}` : ''}${f.deadline ? ` قبل ${messageClock(f.deadline)}` : ''}`
      }${linkLine(f)}`,
  },
  reminder: {
    en: (f) =>
      `Rihla: your bus ${f.from}-${f.to} leaves tomorrow ${messageDay(f.date, 'en')} at ${f.time}. Ticket ${f.ticketId}, seat ${seatList(f.seats)}. Bring your ID`,
    ar: (f) =>
      `رحلة: يتحرك بصك ${f.from}-${f.to} غداً ${messageDay(f.date, 'ar')} ${messageTime(f.time, 'ar')}. التذكرة ${f.ticketId} مقعد ${seatList(f.seats)}. أحضر إثبات الشخصية`,
  },
  hold_expiring: {
    en: (f) =>
      `Rihla: ticket ${f.ticketId} is not paid. ${f.payTo ? `Pay to ${f.payTo} and send the proof` : 'Send the payment proof'} by ${f.deadline ? messageClock(f.deadline) : 'the deadline'} or the seats are released`,
    ar: (f) =>
      `رحلة: التذكرة ${f.ticketId} غير مدفوعة. ${f.payTo ? `ادفع إلى ${f.payTo} وأرسل الإشعار` : 'أرسل إشعار بنكك'} قبل ${f.deadline ? messageClock(f.deadline) : 'انتهاء المهلة'} وإلا تُحرَّر المقاعد`,
  },
  payment_verified: {
    en: (f) =>
      `Rihla: payment for ticket ${f.ticketId} received. ${f.from}-${f.to} ${messageDay(f.date, 'en')} ${f.time}, seat ${seatList(f.seats)}. Have a good trip`,
    ar: (f) =>
      `وصل مبلغ التذكرة ${f.ticketId}. ${f.from}-${f.to} ${messageShortDay(f.date)} ${messageTime(f.time, 'ar')} مقعد ${seatList(f.seats)}`,
  },
  payment_rejected: {
    en: (f) =>
      `Rihla: the payment proof of ticket ${f.ticketId} was not accepted${f.reason ? ` (${f.reason})` : ''}. Send a new one${
        f.deadline ? ` by ${messageClock(f.deadline)}` : ''
      } or the seats are released`,
    ar: (f) =>
      `رحلة: لم يُقبل إشعار التذكرة ${f.ticketId}${f.reason ? ` (${f.reason})` : ''}. أرسل إشعاراً جديداً${
        f.deadline ? ` قبل ${messageClock(f.deadline)}` : ''
      } وإلا تُحرَّر المقاعد`,
  },
  hold_expired: {
    en: (f) =>
      `Rihla: ticket ${f.ticketId} (${f.from}-${f.to} ${messageDay(f.date, 'en')}) was not paid in time; its seats are released`,
    ar: (f) =>
      `رحلة: لم تُدفع التذكرة ${f.ticketId} (${f.from}-${f.to} ${messageDay(f.date, 'ar')}) في الوقت، وحُرِّرت مقاعدها`,
  },
  trip_cancelled: {
    en: (f) =>
      `Rihla: the trip ${f.from}-${f.to} ${messageDay(f.date, 'en')} ${f.time} is cancelled${f.why ? ` (${f.why})` : ''}. Ticket ${f.ticketId}: ${
        f.chooses
          ? 'move free to another day or get a full refund, on the site or at the counter'
          : f.paid
            ? `your ${money(f.amount)} SDG will be refunded`
            : 'nothing to pay'
      }`,
    ar: (f) =>
      `رحلة: أُلغيت رحلة ${f.from}-${f.to} ${messageDay(f.date, 'ar')} ${messageTime(f.time, 'ar')}${f.why ? ` (${f.why})` : ''}. التذكرة ${f.ticketId}: ${
        f.chooses
          ? 'انقل حجزك مجاناً ليوم آخر أو استرد مبلغك كاملاً، من الموقع أو من الشباك'
          : f.paid
            ? `يُرجع لك مبلغ ${money(f.amount)} جنيه`
            : 'لا شيء عليك'
      }`,
  },
  trip_delayed: {
    en: (f) =>
      `Rihla: your bus ${f.from}-${f.to} now leaves ${messageDay(f.date, 'en')} at ${f.time}${f.why ? ` (${f.why})` : ''}. Ticket ${f.ticketId}, seat ${seatList(f.seats)}`,
    ar: (f) =>
      `رحلة: تغيّر موعد بصك ${f.from}-${f.to}: ${messageDay(f.date, 'ar')} ${messageTime(f.time, 'ar')}${f.why ? ` (${f.why})` : ''}. التذكرة ${f.ticketId} مقعد ${seatList(f.seats)}`,
  },
  refund_paid: {
    en: (f) => `Rihla: ${money(f.amount)} SDG for ticket ${f.ticketId} has been refunded to you`,
    ar: (f) => `رحلة: أُرجع لك مبلغ ${money(f.amount)} جنيه عن التذكرة ${f.ticketId}`,
  },
};

/** Why a proof was refused, in a few words (the payments desk's reasons). */
export const REJECTION_WORDS: Record<string, Record<MessageLanguage, string>> = {
  amount_wrong: { en: 'wrong amount', ar: 'المبلغ غير صحيح' },
  proof_unreadable: { en: 'unreadable', ar: 'غير مقروء' },
  payment_not_received: { en: 'money not received', ar: 'لم يصل المبلغ' },
  duplicate_proof: { en: 'already used', ar: 'مستخدم من قبل' },
  other: { en: 'see the look-up', ar: 'راجع صفحة الحجز' },
};

/**
 * The "find my bookings" code (no booking behind it): the code first, so a phone's preview shows it, and who
 * sent it, so a code nobody asked for is recognised.
 */
export const ACCESS_CODE_TEMPLATES: Record<MessageLanguage, (code: string, minutes: number) => string> = {
  en: (code, minutes) =>
    `${code} is your Rihla code to see your bookings. It works once, for ${minutes} minutes. Never share it`,
  // One UCS-2 segment (70): «لمرة واحدة خلال 10 دقائق» rather than «صالح مرة واحدة لمدة …».
  ar: (code, minutes) => `${code} رمز رحلة لعرض حجوزاتك، لمرة واحدة خلال ${minutes} دقائق. لا تعطه لأحد`,
};

/**
 * A template's text for these facts. Where to pay (`payTo`) is said only when it costs no extra segment: an
 * account number long enough, or a wallet's name in another script, to cost one leaves it to the ticket and the
 * look-up.
 */
export function messageText(
  kind: Exclude<MessageKind, 'broadcast' | 'access_code'>,
  lang: MessageLanguage,
  facts: MessageFacts,
): string {
  const template = MESSAGE_TEMPLATES[kind][lang];
  const text = template(facts);
  if (!facts.payTo) return text;
  const without = template({ ...facts, payTo: undefined });
  return text === without || segmentCount(text) <= segmentCount(without) ? text : without;
}

/** The language a booking's messages are written in: Arabic unless the traveller booked in English. */
export const messageLanguage = (value: unknown): MessageLanguage => (value === 'en' ? 'en' : 'ar');
