// Boarding times an admin adds in Settings (issue 21: buses in Sudan also leave at dawn): refused on a trip or
// a timetable until an admin adds them, accepted at once after (the settings' cache is emptied on the write),
// kept sorted and each once with the spec's 9:00 am and 7:00 pm always offered; only admins add them.
import { describe, expect, it } from 'vitest';
import { arOwn } from '../../shared/i18n/admin/ar.ts';
import { enOwn } from '../../shared/i18n/admin/en.ts';
import { SETTINGS_MESSAGES } from '../../shared/settings.ts';
import { createOk, makeTrip } from './helpers/fixtures.ts';
import { client, dialects, staffToken } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

describe.each(dialects)('boarding times from Settings (%s)', (dialect) => {
  const t = useTestApp(dialect);
  const settings = async () => {
    const { _id, ...current } = (await t.staff.get('/api/settings/getSettings')).json();
    return current as Record<string, unknown>;
  };
  const setTimes = async (boarding_times: unknown, token = t.token) =>
    client(t, token).patch('/api/settings/updateSettings', { ...(await settings()), boarding_times });

  it('a dawn trip and timetable are refused until an admin adds the time, accepted after', async () => {
    const { bus, origin, destination, price } = await makeTrip(t, t.token, { date: '2027-03-01' });
    const trip = {
      busId: bus._id,
      trip_originId: origin._id,
      trip_destinationId: destination._id,
      trip_date: '2027-03-02',
      trip_boarding_time: '5:30 am',
      trip_ticket_priceId: price._id,
    };
    const timetable = {
      timetable_originId: origin._id,
      timetable_destinationId: destination._id,
      busId: bus._id,
      timetable_boarding_time: '5:30 am',
      timetable_ticket_priceId: price._id,
      timetable_days: [1],
      timetable_from: '2027-04-01',
    };
    expect((await client(t).get('/api/settings')).json().boardingTimes).toEqual(['9:00 am', '7:00 pm']);
    const refused = await t.staff.post('/api/trips/createTrip', trip);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errors.trip_boarding_time).toBe('Must be one of: 9:00 am, 7:00 pm.');
    expect((await t.staff.post('/api/timetables/createTimetable', timetable)).statusCode).toBe(400);
    // A delay to that time is refused too, and changes nothing.
    const delay = (tripId: string) => ({
      tripIds: [tripId],
      action: 'delay',
      newBoardingTime: '5:30 am',
      reason_en: 'Road works',
      reason_ar: 'أعمال في الطريق',
      dryRun: true,
    });
    const early = await makeTrip(t, t.token, { date: '2027-03-03' });
    const refusedDelay = await t.staff.post('/api/trips/disrupt', delay(early.trip._id));
    expect(refusedDelay.statusCode, refusedDelay.body).toBe(400);
    expect(refusedDelay.json().errors.newBoardingTime).toBe('Must be one of: 9:00 am, 7:00 pm.');

    // Unsorted, twice, with a spec time and Arabic digits: kept sorted, once, the spec's two left out.
    const saved = await setTimes(['13:15', '٠٥:٣٠', '05:30', '09:00']);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().boarding_times).toEqual(['05:30', '13:15']);
    expect((await client(t).get('/api/settings')).json().boardingTimes).toEqual([
      '5:30 am',
      '9:00 am',
      '1:15 pm',
      '7:00 pm',
    ]);
    const allowedDelay = await t.staff.post('/api/trips/disrupt', delay(early.trip._id));
    expect(allowedDelay.statusCode, allowedDelay.body).toBe(200);
    const made = await createOk(t, t.token, '/api/trips/createTrip', trip);
    expect(made.trip_boarding_time).toBe('5:30 am');
    const moved = await t.staff.patch(`/api/trips/updateTrip/${made._id}`, { trip_boarding_time: '1:15 pm' });
    expect(moved.statusCode, moved.body).toBe(200);
    const created = await t.staff.post('/api/timetables/createTimetable', timetable);
    expect(created.statusCode, created.body).toBe(201);
    // The spec's times always stay; a save that does not name the times leaves them as they are.
    expect(
      (await t.staff.patch(`/api/trips/updateTrip/${made._id}`, { trip_boarding_time: '7:00 pm' }))
        .statusCode,
    ).toBe(200);
    const { boarding_times: _, ...rest } = await settings();
    expect((await t.staff.patch('/api/settings/updateSettings', rest)).json().boarding_times).toEqual([
      '05:30',
      '13:15',
    ]);

    // Removed again: refused again at once.
    expect((await setTimes([])).statusCode).toBe(200);
    const again = await t.staff.patch(`/api/trips/updateTrip/${made._id}`, { trip_boarding_time: '5:30 am' });
    expect(again.statusCode).toBe(400);
  });

  it('bad times answer 400 in words the back-office has in English and Arabic', async () => {
    for (const bad of [['5:30'], ['25:00'], ['dawn'], [530], '05:30', Array(11).fill('04:00')]) {
      const answer = await setTimes(bad);
      expect(answer.statusCode, JSON.stringify(bad)).toBe(400);
      const message = Object.entries(answer.json().errors ?? {}).find(([key]) =>
        key.startsWith('boarding_times'),
      )?.[1];
      expect([SETTINGS_MESSAGES.boardingTime, SETTINGS_MESSAGES.boardingTimes]).toContain(message);
    }
    expect(enOwn.rihla.validation.settings.boardingTime).toBe(SETTINGS_MESSAGES.boardingTime);
    expect(arOwn.rihla.validation.settings.boardingTime).toMatch(/[\u0600-\u06ff]/);
    expect(arOwn.rihla.validation.settings.boardingTimes).toMatch(/[\u0600-\u06ff]/);
    // A trip's time in another form than the spec's is refused by the schema.
    const { bus, origin, destination, price } = await makeTrip(t, t.token);
    const wrong = await t.staff.post('/api/trips/createTrip', {
      busId: bus._id,
      trip_originId: origin._id,
      trip_destinationId: destination._id,
      trip_date: '2027-03-02',
      trip_boarding_time: '05:30',
      trip_ticket_priceId: price._id,
    });
    expect(wrong.statusCode).toBe(400);
  });

  it('only admins add boarding times', async () => {
    for (const role of ['manager', 'cashier', 'conductor'] as const) {
      const token = await staffToken(t, { email: `${role}-bt@rihla.test`, password: 'secret123' }, role);
      expect((await setTimes(['05:30'], token)).statusCode).toBe(403);
    }
    expect((await client(t).get('/api/settings')).json().boardingTimes).toEqual(['9:00 am', '7:00 pm']);
  });
});
