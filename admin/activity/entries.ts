// Reading an activity row (the registry's `activity` resource, written by server/audit/audit.ts): the page of
// the record it names, and its diff ({field: [before, after]}, JSON text) as rows.
import { activity, getResource, registry } from '../../shared/registry/index.ts';
import { recordPath } from '../generated/screenConfig.ts';
import { declaredScreens } from '../screens.ts';

/** What the server records (its routes' `audit` declarations, sign-ins and sign-outs). */
export const ACTIVITY_ACTIONS = [
  'create',
  'update',
  'delete',
  'cancel_trip',
  'cancel_booking',
  'cancel_seats',
  'verify_payment',
  'pay_in_cash',
  'reject_payment',
  'counter_sale',
  'refund_paid',
  'import_statement',
  'role_change',
  'password_change',
  'update_passengers',
  'sync_scans',
  'assign_conductor',
  'unassign_conductor',
  'sign_in',
  'sign_in_failed',
  'sign_out',
  'update_settings',
  'resend_message',
  'broadcast',
  'disrupt',
  'delay_trip',
  'move_booking',
  'request_refund',
  'auto_refund',
] as const;

/**
 * Record kinds the log names that are no registry resource: the payments a statement import touches (its
 * summary's fields), and the Settings travellers see (its fields' words are the Settings form's).
 */
const OTHER_KINDS: Record<string, { name: string; fields?: string }> = {
  payments: { name: 'rihla.activity.kinds.payments', fields: 'rihla.activity.statement' },
  settings: { name: 'rihla.activity.kinds.settings', fields: 'rihla.settings.operator' },
  messages: { name: 'rihla.activity.kinds.messages', fields: 'rihla.activity.message' },
};

/** Record kinds of the log: the registry's resources, and the others above. */
export const ACTIVITY_KINDS = [
  ...Object.keys(registry).filter((name) => name !== activity.name),
  ...Object.keys(OTHER_KINDS),
];

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A record kind's name in the page's language, one or several (`count`). */
export function kindName(translate: Translate, kind: string, count = 1): string {
  const other = OTHER_KINDS[kind];
  return other ? translate(other.name) : translate(`resources.${kind}.name`, { smart_count: count, _: kind });
}

/** A field's label as the record kind's screens say it. */
export function fieldName(translate: Translate, kind: string, field: string): string {
  const prefix = OTHER_KINDS[kind]?.fields ?? `resources.${kind}.fields`;
  // What an entry records beyond the record's own fields (a disruption's reason, a timetable's trips).
  return translate(`${prefix}.${field}`, { _: translate(`rihla.activity.changes.${field}`, { _: field }) });
}

export interface ActivityRow {
  id: string;
  at: string;
  userId?: string | null;
  userLabel?: string | null;
  action: string;
  resource?: string | null;
  recordId?: string | null;
  diff?: string | null;
  ip?: string | null;
}

/**
 * The page a record of `resource` opens on (its detail page where it has one, else its edit page), and the
 * action a role needs to open it; none for a deleted one.
 */
export function recordPage(
  resource: string | null | undefined,
  id: string | null | undefined,
): { path: string; action: 'show' | 'edit' } | undefined {
  if (!resource || !id || !(resource in registry) || resource === activity.name) return undefined;
  const { views } = declaredScreens(getResource(resource));
  const action = views.show ? 'show' : views.edit ? 'edit' : undefined;
  return action && { path: recordPath(resource, action, encodeURIComponent(id)), action };
}

export interface DiffRow {
  field: string;
  before: unknown;
  after: unknown;
}

/** The changes of a row, field by field; nothing when it has none or they cannot be read. */
export function diffRows(diff: string | null | undefined): DiffRow[] {
  if (!diff) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(diff);
  } catch {
    return [];
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return [];
  return Object.entries(parsed as Record<string, unknown>)
    .filter(
      (entry): entry is [string, [unknown, unknown]] => Array.isArray(entry[1]) && entry[1].length === 2,
    )
    .map(([field, [before, after]]) => ({ field, before, after }));
}
