// The operator's settings as the database holds them: one JSON value under the key `operator`. Read through the
// app's read cache, which any write to app_settings empties on every node (server/db/changes.ts).
import { readCacheOf } from '../../cache/read-cache.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/schema.ts';
import { cleanSiteAddress, isSiteAddress, type OperatorSettings } from '../../../shared/settings.ts';
import type { Wallet } from '../../../shared/payment-instructions.ts';
import { boardingTimesWith } from '../../../shared/rules.ts';
import { DEFAULT_REFUND_RULES, type RefundRules } from '../../../shared/refund-rules.ts';

export const OPERATOR_SETTINGS_KEY = 'operator';
const KEY = OPERATOR_SETTINGS_KEY;

/** What text messages need of the stored operator settings: the site's address and the operator's account. */
export function messageSettingsOf(stored: string | null | undefined): MessageSettings {
  let parsed: Partial<OperatorSettings> = {};
  try {
    parsed = stored ? (JSON.parse(stored) as Partial<OperatorSettings>) : {};
  } catch {
    // Unreadable: no link and no account named, as with nothing stored.
  }
  return {
    siteAddress: typeof parsed.site_address === 'string' ? parsed.site_address : '',
    payment: {
      bankakAccount: typeof parsed.payment_bankak_account === 'string' ? parsed.payment_bankak_account : '',
      accountName: typeof parsed.payment_account_name === 'string' ? parsed.payment_account_name : '',
      wallets: Array.isArray(parsed.payment_wallets) ? parsed.payment_wallets : [],
    },
  };
}

export interface MessageSettings {
  siteAddress: string;
  /** The operator's account, where the travellers of a company without its own pay. */
  payment: { bankakAccount: string; accountName: string; wallets: Wallet[] };
}

const DEPENDS = { tables: ['app_settings'] };

/** The first values: what OPERATOR_* and PAYMENT_* say (empty where unset). */
export function settingsFromConfig(config: Config): OperatorSettings {
  const { operator } = config;
  const { instructions } = config.payments;
  return {
    operator_phone: operator.phone,
    operator_email: operator.email,
    operator_address: operator.address,
    payment_bankak_account: instructions.bankakAccount,
    payment_account_name: instructions.accountName,
    payment_wallets: instructions.wallets,
    boarding_times: [],
    site_address: isSiteAddress(config.siteAddress) ? cleanSiteAddress(config.siteAddress) : '',
  };
}

/**
 * Writes the environment's values when the database has none yet (first start, or an upgrade from a version
 * that kept them only in the environment); later changes are the admins'. Several nodes starting at once
 * write it once.
 */
export async function seedSettings(db: Db, config: Config, now: Date) {
  await db
    .insertInto('app_settings')
    .values({
      key: KEY,
      value: JSON.stringify(settingsFromConfig(config)),
      updated_at: now.toISOString(),
      updated_by: null,
    })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

async function load(db: Db, fallback: OperatorSettings): Promise<OperatorSettings> {
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', KEY).executeTakeFirst();
  if (!row) return fallback;
  // Stored by this code; read leniently so that a value written by an older version never stops the site.
  return { ...fallback, ...(JSON.parse(row.value) as Partial<OperatorSettings>) };
}

export async function readSettings(db: Db, config: Config): Promise<OperatorSettings> {
  const fallback = settingsFromConfig(config);
  const cache = readCacheOf(db);
  if (!cache) return load(db, fallback);
  return (await cache.remember('settings|operator', () => load(db, fallback), DEPENDS))!;
}

/** Every boarding time offered now (the spec's two and an admin's), earliest first: what trips may use. */
export async function readBoardingTimes(db: Db, config: Config): Promise<string[]> {
  return boardingTimesWith((await readSettings(db, config)).boarding_times);
}

export async function writeSettings(db: Db, settings: OperatorSettings, staffId: string, now: Date) {
  const value = JSON.stringify(settings);
  await db
    .insertInto('app_settings')
    .values({ key: KEY, value, updated_at: now.toISOString(), updated_by: staffId })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({ value, updated_at: now.toISOString(), updated_by: staffId }),
    )
    .execute();
}

const REFUNDS_KEY = 'refunds';

async function loadRefundRules(db: Db): Promise<RefundRules> {
  const row = await db
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', REFUNDS_KEY)
    .executeTakeFirst();
  return row
    ? { ...DEFAULT_REFUND_RULES, ...(JSON.parse(row.value) as Partial<RefundRules>) }
    : DEFAULT_REFUND_RULES;
}

/** The refund rules in force: the admins' (Settings), or the defaults until they set them. */
export async function readRefundRules(db: Db): Promise<RefundRules> {
  const cache = readCacheOf(db);
  if (!cache) return loadRefundRules(db);
  return (await cache.remember('settings|refunds', () => loadRefundRules(db), DEPENDS))!;
}

export async function writeRefundRules(db: Db, rules: RefundRules, staffId: string, now: Date) {
  const value = JSON.stringify(rules);
  await db
    .insertInto('app_settings')
    .values({ key: REFUNDS_KEY, value, updated_at: now.toISOString(), updated_by: staffId })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({ value, updated_at: now.toISOString(), updated_by: staffId }),
    )
    .execute();
}

/**
 * What ticket messages need of Settings (the site's address for the link, the operator's account), through the
 * read cache: a sale reads it for free.
 */
export async function readMessageSettings(db: Db): Promise<MessageSettings> {
  const load = async () =>
    messageSettingsOf(
      (
        await db
          .selectFrom('app_settings')
          .select('value')
          .where('key', '=', OPERATOR_SETTINGS_KEY)
          .executeTakeFirst()
      )?.value,
    );
  const cache = readCacheOf(db);
  if (!cache) return load();
  return (await cache.remember('settings|messages', load, DEPENDS))!;
}
