// What each text message costs, measured on the demo's busiest case (Khartoum–Kassala, one seat, 30,000 SDG,
// a 13-digit ticket id, a 10:30 pm bus): the table below is the current cost, so a template that grows past a
// segment fails here and is shortened on purpose or its new cost written down. The Arabic ticket, the message
// every traveller gets, fits one UCS-2 segment (70 characters) when paid.
import { describe, expect, it } from 'vitest';
import { ACCESS_CODE_MINUTES } from '../../shared/access-codes.ts';
import {
  ACCESS_CODE_TEMPLATES,
  MESSAGE_TEMPLATES,
  type MessageFacts,
  type MessageLanguage,
  messageText,
  segmentCount,
} from '../../shared/messages.ts';
import { payToWords } from '../../shared/payment-instructions.ts';

const facts = (lang: MessageLanguage, overrides: Partial<MessageFacts> = {}): MessageFacts => ({
  ticketId: '4820193746152',
  from: lang === 'ar' ? 'الخرطوم' : 'Khartoum',
  to: lang === 'ar' ? 'كسلا' : 'Kassala',
  date: '2026-12-12',
  time: '10:30 pm',
  seats: [12],
  amount: 30_000,
  paid: true,
  deadline: '2026-12-10T12:30:00Z',
  reason: lang === 'ar' ? 'المبلغ غير صحيح' : 'wrong amount',
  why: lang === 'ar' ? 'إغلاق الطريق' : 'road closed',
  ...overrides,
});

type Kind = keyof typeof MESSAGE_TEMPLATES;
const cost = (kind: Kind, lang: MessageLanguage, overrides?: Partial<MessageFacts>) => {
  const text = messageText(kind, lang, facts(lang, overrides));
  return { chars: text.length, segments: segmentCount(text) };
};

describe('what each template costs', () => {
  it('the Arabic ticket of a paid seat is one segment (70 characters); unpaid, with its deadline, two', () => {
    expect(cost('ticket', 'ar')).toEqual({ chars: 70, segments: 1 });
    expect(cost('ticket', 'ar', { paid: false })).toEqual({ chars: 80, segments: 2 });
    const text = messageText('ticket', 'ar', facts('ar'));
    for (const part of ['4820193746152', 'الخرطوم-كسلا', '12/12', '10:30 م', 'مقعد 12', '30,000 ج.س'])
      expect(text).toContain(part);
  });

  it('with the look-up link (Settings: the site address) the ticket id is said once, in the link; Arabic two segments', () => {
    const link = 'rihla.sd/t/4820193746152';
    // Arabic: 70 − the id and its space (14) + a new line and the link (25) = 81, two UCS-2 segments; one would
    // need 11 characters fewer (the currency, the word "seat", a 12-hour time): the operator's choice instead.
    expect(cost('ticket', 'ar', { link })).toEqual({ chars: 81, segments: 2 });
    expect(cost('ticket', 'ar', { link, paid: false })).toEqual({ chars: 91, segments: 2 });
    expect(cost('ticket', 'en', { link })).toEqual({ chars: 97, segments: 1 });
    expect(cost('ticket', 'en', { link, paid: false })).toEqual({ chars: 113, segments: 1 });
    for (const lang of ['ar', 'en'] as const) {
      const lines = messageText('ticket', lang, facts(lang, { link })).split('\n');
      expect(lines, lang).toHaveLength(2);
      expect(lines[1], lang).toBe(link);
      expect(lines[0], lang).not.toContain('4820193746152');
      expect(messageText('ticket', lang, facts(lang)).replace(' 4820193746152', ''), lang).toBe(lines[0]);
    }
    // Only the ticket carries it: every other template costs what it costs without it.
    for (const kind of Object.keys(MESSAGE_TEMPLATES) as Kind[])
      if (kind !== 'ticket')
        for (const lang of ['ar', 'en'] as const)
          expect(messageText(kind, lang, facts(lang, { link })), `${kind} ${lang}`).toBe(
            messageText(kind, lang, facts(lang)),
          );
  });

  it('every English template is one GSM-7 segment; the Arabic ones are measured (tickets and payment news: one)', () => {
    const measured = Object.fromEntries(
      (Object.keys(MESSAGE_TEMPLATES) as Kind[]).map((kind) => [
        kind,
        { en: cost(kind, 'en').segments, ar: cost(kind, 'ar').segments },
      ]),
    );
    expect(measured).toEqual({
      ticket: { en: 1, ar: 1 },
      reminder: { en: 1, ar: 2 },
      hold_expiring: { en: 1, ar: 2 },
      payment_verified: { en: 1, ar: 1 },
      payment_rejected: { en: 1, ar: 2 },
      hold_expired: { en: 1, ar: 2 },
      trip_cancelled: { en: 1, ar: 2 },
      trip_delayed: { en: 1, ar: 2 },
      refund_paid: { en: 1, ar: 1 },
    });
  });
});

describe('where to pay (issue 24: the trip’s company’s account, else the operator’s)', () => {
  const payTo = (lang: MessageLanguage) => payToWords({ bankakAccount: '1234567', wallets: [] }, lang)!;
  const link = 'rihla.sd/t/4820193746152';

  it('an unpaid ticket and the hold warning name the account, at no extra segment', () => {
    expect(cost('ticket', 'en', { paid: false, payTo: payTo('en') })).toEqual({ chars: 120, segments: 1 });
    expect(cost('ticket', 'en', { paid: false, payTo: payTo('en'), link })).toEqual({
      chars: 131,
      segments: 1,
    });
    expect(cost('ticket', 'ar', { paid: false, payTo: payTo('ar') })).toEqual({ chars: 97, segments: 2 });
    expect(cost('ticket', 'ar', { paid: false, payTo: payTo('ar'), link })).toEqual({
      chars: 108,
      segments: 2,
    });
    expect(cost('hold_expiring', 'en', { payTo: payTo('en') })).toEqual({ chars: 116, segments: 1 });
    expect(cost('hold_expiring', 'ar', { payTo: payTo('ar') })).toEqual({ chars: 106, segments: 2 });
    expect(messageText('ticket', 'en', facts('en', { paid: false, payTo: payTo('en') }))).toContain(
      'unpaid, pay to Bankak 1234567 by 14:30',
    );
    expect(messageText('ticket', 'ar', facts('ar', { paid: false, payTo: payTo('ar') }))).toContain(
      'ادفع 30,000 ج.س إلى بنكك 1234567 قبل 14:30',
    );
    expect(messageText('hold_expiring', 'ar', facts('ar', { payTo: payTo('ar') }))).toContain(
      'ادفع إلى بنكك 1234567 وأرسل الإشعار قبل 14:30',
    );
    // A paid ticket has nowhere to pay.
    expect(messageText('ticket', 'en', facts('en', { payTo: payTo('en') }))).toBe(
      messageText('ticket', 'en', facts('en')),
    );
  });

  it('a wallet names itself when there is no Bankak account; nothing set names nothing', () => {
    const wallet = payToWords(
      { bankakAccount: '', wallets: [{ name: 'Zain Cash', number: '0912345678' }] },
      'ar',
    );
    expect(wallet).toBe('Zain Cash 0912345678');
    expect(payToWords({ bankakAccount: ' ', wallets: [] }, 'en')).toBeUndefined();
  });

  it('an account that would cost a segment more is left to the ticket and the look-up', () => {
    // The longest Bankak number (20 digits), and a wallet named in Arabic in an English text (UCS-2).
    const cases: { lang: MessageLanguage; payTo: string }[] = [
      { lang: 'en', payTo: `Bankak ${'9'.repeat(20)}` },
      { lang: 'ar', payTo: `بنكك ${'9'.repeat(20)}` },
      { lang: 'en', payTo: 'فوري 0912345678' },
      { lang: 'ar', payTo: `${'م'.repeat(40)} ${'9'.repeat(20)}` },
    ];
    for (const { lang, payTo: words } of cases)
      for (const kind of Object.keys(MESSAGE_TEMPLATES) as Kind[])
        for (const extra of [{}, { link }, { deadline: null }]) {
          const bare = cost(kind, lang, { paid: false, ...extra });
          const told = cost(kind, lang, { paid: false, ...extra, payTo: words });
          expect(told.segments, `${kind} ${lang} ${words}`).toBe(bare.segments);
        }
    expect(messageText('ticket', 'en', facts('en', { paid: false, payTo: 'فوري 0912345678' }))).toBe(
      messageText('ticket', 'en', facts('en', { paid: false })),
    );
  });
});

describe('the "find my bookings" code', () => {
  it('is one segment in both languages, the code first (a phone shows it in the preview)', () => {
    for (const lang of ['en', 'ar'] as const) {
      const text = ACCESS_CODE_TEMPLATES[lang]('048213', ACCESS_CODE_MINUTES);
      expect(text.startsWith('048213 '), lang).toBe(true);
      expect(segmentCount(text), lang).toBe(1);
    }
  });
});

describe('segmentCount', () => {
  it('GSM-7: 160 septets in one, 153 a part, extension characters count two; else UCS-2: 70, 67 a part', () => {
    expect(segmentCount('a'.repeat(160))).toBe(1);
    expect(segmentCount('a'.repeat(161))).toBe(2);
    expect(segmentCount('a'.repeat(306))).toBe(2);
    expect(segmentCount('a'.repeat(307))).toBe(3);
    expect(segmentCount('€'.repeat(80))).toBe(1);
    expect(segmentCount(`${'€'.repeat(80)}a`)).toBe(2);
    expect(segmentCount('ب'.repeat(70))).toBe(1);
    expect(segmentCount('ب'.repeat(71))).toBe(2);
    expect(segmentCount(`${'a'.repeat(69)}ب`)).toBe(1);
    expect(segmentCount(`${'a'.repeat(133)}ب`)).toBe(2);
    expect(segmentCount(`${'a'.repeat(68)}😀`)).toBe(1);
    expect(segmentCount(`${'a'.repeat(69)}😀`)).toBe(2);
  });
});
