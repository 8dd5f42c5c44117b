// What an admin may set in the back-office's Settings and travellers then read from /api/settings: the
// operator's contact details and where travellers pay. Stored in the database (every API node reads the same);
// the OPERATOR_* and PAYMENT_* variables are only their first values. Pure data and checks.
import { z } from 'zod';
import {
  boardingTimesWith,
  cleanExtraClocks,
  CLOCK_PATTERN,
  isValidEmail,
  isValidPhone,
  MAX_EXTRA_BOARDING_TIMES,
  normalizeDigits,
  normalizePhone,
} from './rules.ts';

export const MAX_WALLETS = 6;
export const MAX_REFUND_TIERS = 6;

/** The server's sentences (the back-office shows them in Arabic too: rihla.validation.settings). */
export const SETTINGS_MESSAGES = {
  phone: 'The contact phone must be 10 digits, e.g. 0912345678.',
  email: 'Please enter a valid email address.',
  address: 'The address must be at most 200 characters.',
  bankakAccount: 'The Bankak account number must be 4 to 20 digits.',
  accountName: 'The account name must be at most 80 characters.',
  walletName: 'Each wallet needs a name of at most 40 characters.',
  walletNumber: 'Each wallet number must be 4 to 20 digits.',
  wallets: `At most ${MAX_WALLETS} wallets.`,
  text: 'Please use plain text, without control characters.',
  boardingTime: 'Each boarding time is a 24-hour time, e.g. 05:30.',
  boardingTimes: `At most ${MAX_EXTRA_BOARDING_TIMES} added boarding times.`,
  siteAddress:
    'The web address must look like rihla.sd or https://tickets.example.com (at most 60 characters).',
} as const;

/** Letters people type on one line: no control characters (tabs, new lines, bidi overrides). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const plain = (max: number, tooLong: string) =>
  z
    .string({ error: SETTINGS_MESSAGES.text })
    .trim()
    .max(max, { error: tooLong })
    .refine((text) => !CONTROL.test(text), { error: SETTINGS_MESSAGES.text });

/** Text that may be left blank; when given, it must pass `valid` and is stored as `clean` makes it. */
const blankOr = (message: string, valid: (text: string) => boolean, clean: (text: string) => string) =>
  z
    .string({ error: message })
    .trim()
    .refine((text) => text === '' || valid(text), { error: message })
    .transform((text) => (text === '' ? '' : clean(text)));

/** An account or wallet number as shown to travellers: Latin digits, spaces and dashes left out. */
const digitsOnly = (text: string) => normalizeDigits(text).replace(/[\s-]/g, '');
export const isAccountNumber = (text: string) => /^\d{4,20}$/.test(digitsOnly(text));

export const walletSchema = z.object({
  name: plain(40, SETTINGS_MESSAGES.walletName).refine((name) => name.length > 0, {
    error: SETTINGS_MESSAGES.walletName,
  }),
  number: z
    .string({ error: SETTINGS_MESSAGES.walletNumber })
    .refine(isAccountNumber, { error: SETTINGS_MESSAGES.walletNumber })
    .transform(digitsOnly),
});

/**
 * The public site's address as a text message prints it: "rihla.sd", "tickets.example.com/sd" (https is
 * what phones assume, so "https://" and a last "/" are left out; "http://" is kept, it must be said).
 */
export function cleanSiteAddress(text: string): string {
  return text
    .trim()
    .replace(/^https:\/\//i, '')
    .replace(/\/+$/, '')
    .replace(
      /^(http:\/\/)?([^/]+)/i,
      (_all, scheme: string | undefined, host: string) =>
        `${scheme?.toLowerCase() ?? ''}${host.toLowerCase()}`,
    );
}
const SITE_ADDRESS =
  /^(http:\/\/)?([a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(:\d{2,5})?(\/[a-z0-9._~-]+)*$/i;
export const isSiteAddress = (text: string) =>
  cleanSiteAddress(text).length <= 60 && SITE_ADDRESS.test(cleanSiteAddress(text));

/** The link a ticket's text message carries: the look-up with the ticket id filled in (the server redirects). */
export const ticketLink = (siteAddress: string, ticketId: string) =>
  siteAddress ? `${siteAddress}/t/${ticketId}` : undefined;

/** What the Settings form sends (every field; blank means "not published"). */
export const operatorSettingsSchema = z.object({
  operator_phone: blankOr(SETTINGS_MESSAGES.phone, isValidPhone, normalizePhone),
  operator_email: blankOr(
    SETTINGS_MESSAGES.email,
    (text) => text.length <= 254 && isValidEmail(text),
    (text) => text,
  ),
  operator_address: plain(200, SETTINGS_MESSAGES.address),
  payment_bankak_account: blankOr(SETTINGS_MESSAGES.bankakAccount, isAccountNumber, digitsOnly),
  payment_account_name: plain(80, SETTINGS_MESSAGES.accountName),
  payment_wallets: z.array(walletSchema).max(MAX_WALLETS, { error: SETTINGS_MESSAGES.wallets }),
  /**
   * Boarding times added to the spec's 9:00 am and 7:00 pm (buses also leave at dawn), as 24-hour clocks;
   * kept sorted, each once, the spec's two left out (they are always offered). Not given: left as they are.
   */
  boarding_times: z
    .array(
      z
        .string({ error: SETTINGS_MESSAGES.boardingTime })
        .transform((text) => normalizeDigits(text).trim())
        .refine((text) => CLOCK_PATTERN.test(text), { error: SETTINGS_MESSAGES.boardingTime }),
      { error: SETTINGS_MESSAGES.boardingTime },
    )
    .max(MAX_EXTRA_BOARDING_TIMES, { error: SETTINGS_MESSAGES.boardingTimes })
    .transform(cleanExtraClocks)
    .optional(),
  /**
   * The public site's address, for the look-up link in ticket messages (blank: none, and the Arabic ticket
   * stays one text). Not given: left as it is.
   */
  site_address: blankOr(SETTINGS_MESSAGES.siteAddress, isSiteAddress, cleanSiteAddress).optional(),
});

export type OperatorSettings = Omit<
  z.output<typeof operatorSettingsSchema>,
  'boarding_times' | 'site_address'
> & {
  boarding_times: string[];
  site_address: string;
};

/** Settings as travellers read them (GET /api/settings), less what the server adds (the hold's minutes). */
export function publicView(settings: OperatorSettings) {
  return {
    operator: {
      phone: settings.operator_phone,
      email: settings.operator_email,
      address: settings.operator_address,
    },
    payment: {
      bankakAccount: settings.payment_bankak_account,
      accountName: settings.payment_account_name,
      wallets: settings.payment_wallets,
    },
    /** Every boarding time offered, the spec's two included, earliest first ("5:30 am"). */
    boardingTimes: boardingTimesWith(settings.boarding_times),
  };
}

/** Which of the details travellers rely on are not set (start-up warns about them). */
export function missingDetails(settings: OperatorSettings): string[] {
  const missing: string[] = [];
  if (!settings.operator_phone && !settings.operator_email) missing.push('contact phone or e-mail');
  if (!settings.payment_bankak_account && !settings.payment_wallets.length)
    missing.push('payment account (Bankak or a wallet)');
  return missing;
}

/** The refund rules' sentences (the back-office shows them in Arabic too: rihla.validation.settings). */
export const REFUND_RULES_MESSAGES = {
  tiers: `Give 1 to ${MAX_REFUND_TIERS} tiers, the last one at 0 hours (up to departure).`,
  hours: 'Hours before departure must be whole numbers from 0 to 720, each tier fewer than the one before.',
  percent: 'A share kept must be a whole number from 0 to 100.',
  order: 'A later cancellation may not keep a smaller share than an earlier one.',
  changeFee: 'The change fee must be a whole number of SDG from 0 to 1,000,000.',
} as const;

const percent = z
  .number({ error: REFUND_RULES_MESSAGES.percent })
  .int({ error: REFUND_RULES_MESSAGES.percent })
  .min(0, { error: REFUND_RULES_MESSAGES.percent })
  .max(100, { error: REFUND_RULES_MESSAGES.percent });

/** What the Refund rules form sends: tiers latest-first, as shared/refund-rules.ts reads them. */
export const refundRulesSchema = z
  .object({
    tiers: z
      .array(
        z.object({
          hoursBefore: z
            .number({ error: REFUND_RULES_MESSAGES.hours })
            .int({ error: REFUND_RULES_MESSAGES.hours })
            .min(0, { error: REFUND_RULES_MESSAGES.hours })
            .max(720, { error: REFUND_RULES_MESSAGES.hours }),
          keptPercent: percent,
        }),
        { error: REFUND_RULES_MESSAGES.tiers },
      )
      .min(1, { error: REFUND_RULES_MESSAGES.tiers })
      .max(MAX_REFUND_TIERS, { error: REFUND_RULES_MESSAGES.tiers }),
    afterDepartureKeptPercent: percent,
    changeFee: z
      .number({ error: REFUND_RULES_MESSAGES.changeFee })
      .int({ error: REFUND_RULES_MESSAGES.changeFee })
      .min(0, { error: REFUND_RULES_MESSAGES.changeFee })
      .max(1_000_000, { error: REFUND_RULES_MESSAGES.changeFee }),
  })
  .superRefine(({ tiers, afterDepartureKeptPercent }, ctx) => {
    if (tiers.at(-1)?.hoursBefore !== 0)
      ctx.addIssue({ code: 'custom', path: ['tiers'], message: REFUND_RULES_MESSAGES.tiers });
    tiers.forEach((tier, i) => {
      const earlier = tiers[i - 1];
      if (!earlier) return;
      if (tier.hoursBefore >= earlier.hoursBefore)
        ctx.addIssue({
          code: 'custom',
          path: ['tiers', i, 'hoursBefore'],
          message: REFUND_RULES_MESSAGES.hours,
        });
      if (tier.keptPercent < earlier.keptPercent)
        ctx.addIssue({
          code: 'custom',
          path: ['tiers', i, 'keptPercent'],
          message: REFUND_RULES_MESSAGES.order,
        });
    });
    const last = tiers.at(-1);
    if (last && afterDepartureKeptPercent < last.keptPercent)
      ctx.addIssue({
        code: 'custom',
        path: ['afterDepartureKeptPercent'],
        message: REFUND_RULES_MESSAGES.order,
      });
  });
