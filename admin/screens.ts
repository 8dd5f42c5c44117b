// Every resource's screens: hand-written where the generated ones are not enough, generated otherwise.
import { resources, type ResourceDef } from '../shared/registry/index.ts';
import { bookingScreens } from './bookings/index.ts';
import { generatedScreens, type ResourceScreens } from './generated/screens.ts';
import { reportScreens } from './reports/index.ts';
import { tripScreens } from './trips/index.ts';
import { userScreens } from './users/index.ts';

const handWritten: Record<string, ResourceScreens> = {
  bookings: bookingScreens,
  trips: tripScreens,
  reports: reportScreens,
  users: userScreens,
};

export const screensFor = (def: ResourceDef): ResourceScreens =>
  handWritten[def.name] ?? generatedScreens(def);

export const allScreens = resources.map((def) => ({ name: def.name, ...screensFor(def) }));
