// The payments desk's own words (shared/i18n/admin/payments.*.ts, loaded with its screens): Arabic has every
// English key with the same placeholders, and is Arabic; every key the screens name exists, whether in these
// files or in en.ts; they add to en.ts without replacing any of its strings.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ar } from '../../shared/i18n/admin/ar.ts';
import { en } from '../../shared/i18n/admin/en.ts';
import { paymentsAr } from '../../shared/i18n/admin/payments.ar.ts';
import { paymentsEn } from '../../shared/i18n/admin/payments.en.ts';
import { PAYMENT_METHODS, PAYMENT_STATUSES, REJECTION_REASONS } from '../../shared/payments.ts';
import { STATEMENT_GROUPS } from '../../admin/payments/paymentsApi.ts';
import { ERROR_CODES } from '../../shared/contract/errors.ts';
import { ADMIN, leaves, placeholders, sources, type Tree } from './helpers/messageTree.ts';

const enPart = leaves(paymentsEn as unknown as Tree);
const arPart = leaves(paymentsAr as unknown as Tree);
const enAll = new Map([...leaves(en as unknown as Tree), ...enPart]);
const arAll = new Map([...leaves(ar as unknown as Tree), ...arPart]);

describe('payments desk messages', () => {
  it('Arabic has exactly the English keys, with the same placeholders', () => {
    expect([...arPart.keys()].sort()).toEqual([...enPart.keys()].sort());
    for (const [key, english] of enPart)
      expect(placeholders(arPart.get(key)!), key).toEqual(placeholders(english));
  });

  it('are Arabic', () => {
    const same = [...arPart].filter(([key, text]) => text === enPart.get(key)).map(([key]) => key);
    expect(same).toEqual([]);
  });

  it('add keys to en.ts and ar.ts without replacing any', () => {
    const base = leaves(en as unknown as Tree);
    for (const key of enPart.keys()) expect(base.has(key), key).toBe(false);
  });

  it('name every key the screens use, in both languages', () => {
    const used = new Set<string>();
    for (const file of sources(ADMIN)) {
      const code = fs.readFileSync(file, 'utf8');
      for (const match of code.matchAll(
        /['"`](rihla\.(?:payments|counter|menu|errors\.codes)\.[\w.]+)['"`]/g,
      ))
        used.add(match[1]);
      // t('…') and translate(`rihla.payments.import.${…}`) helpers: their fixed parts are checked below.
    }
    const dynamic = [
      ...PAYMENT_STATUSES.map((s) => `rihla.payments.status.${s}`),
      ...PAYMENT_METHODS.map((s) => `rihla.payments.method.${s}`),
      ...REJECTION_REASONS.map((s) => `rihla.payments.reason.${s}`),
      ...['review', 'import', 'counter'].map((s) => `rihla.payments.via.${s}`),
      ...STATEMENT_GROUPS.flatMap((g) =>
        ['groups', 'will', 'help'].map((k) => `rihla.payments.import.${k}.${g}`),
      ),
    ];
    expect(used.size).toBeGreaterThan(20);
    for (const key of [...used, ...dynamic]) {
      expect(enAll.get(key), key).toBeTruthy();
      expect(arAll.get(key), key).toBeTruthy();
    }
  });

  it('give Arabic words to the error codes staff meet', () => {
    const codes = leaves((en as unknown as { rihla: { errors: { codes: Tree } } }).rihla.errors.codes);
    for (const code of [
      'DUPLICATE_PROOF',
      'ALREADY_DECIDED',
      'BOOKING_CANCELLED',
      'NO_REFUND_DUE',
      'REFUND_ALREADY_PAID',
      'SEATS_SOLD_BEYOND',
      'UNPAID_LIMIT_phone',
      'UNPAID_LIMIT_trip',
      'SEATS_TAKEN',
      'PRICE_CHANGED',
      'TRIP_UNAVAILABLE',
      'REFUND_AWAITS_CONFIRMATION',
      'REFUND_AMOUNT_CHANGED',
      'NO_CASH_REFUND',
      'BOOKING_LIVE',
      'NOTE_REQUIRED',
    ]) {
      expect(codes.has(code), code).toBe(true);
      expect(ERROR_CODES as readonly string[]).toContain(code.replace(/_(phone|trip)$/, ''));
    }
  });
});
