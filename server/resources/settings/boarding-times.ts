// A trip's or a timetable's boarding time must be one offered now: the spec's two or one an admin added in
// Settings. The registry's schema only checks its form ("5:30 am"); this checks the list, read per request
// through the settings' read cache (emptied on every node when an admin saves Settings).
import type { Config } from '../../config.ts';
import type { Db } from '../../db/schema.ts';
import { fieldMessages, type ResourceDef } from '../../../shared/registry/index.ts';
import { badRequest } from '../../http/errors.ts';
import { readBoardingTimes } from './settings.repository.ts';

export async function assertOfferedChoices(
  db: Db,
  config: Config,
  def: ResourceDef,
  body: Record<string, unknown>,
) {
  const fields = Object.entries(def.fields).filter(([name, field]) => field.moreChoices && name in body);
  if (!fields.length) return;
  const times = await readBoardingTimes(db, config);
  for (const [name] of fields) assertOffered(times, name, body[name]);
}

/** A boarding time outside the list offered now answers 400 naming the field. */
function assertOffered(times: string[], field: string, value: unknown) {
  if (typeof value === 'string' && !times.includes(value)) {
    const message = fieldMessages.choice(times);
    throw badRequest(message, { [field]: message });
  }
}

/** One boarding time sent outside a registry field (a delay's new time): one offered now, or 400. */
export async function assertOfferedTime(db: Db, config: Config, field: string, value: string | undefined) {
  if (value !== undefined) assertOffered(await readBoardingTimes(db, config), field, value);
}
