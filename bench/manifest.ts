// The checkpoint manifest of a full 50-seat trip: bytes on the wire (gzip, as a browser asks) per format,
// and the time to make the XLSX and the PDF (a real app on SQLite in a temporary DATA_DIR, through inject).
import zlib from 'node:zlib';
import { createTestApp, staffToken } from '../tests/server/helpers/test-app.ts';
import { openShift } from '../tests/server/helpers/shifts.ts';
import { makeTrip } from '../tests/server/helpers/fixtures.ts';
import { percentile } from './lib/server.ts';

const t = await createTestApp('sqlite');
try {
  const token = await staffToken(t);
  await openShift(t, token);
  const auth = { authorization: `Bearer ${token}` };
  const { trip } = await makeTrip(t, token, { seats: 50 });
  const names = ['محمد عثمان', 'Fatima Hassan', 'آمنة علي', 'Khalid Ibrahim', 'هدى يوسف'];
  for (let first = 1; first <= 50; first += 3) {
    const seats = [first, first + 1, first + 2].filter((seat) => seat <= 50);
    const sold = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/counterSale',
      headers: auth,
      payload: {
        tripId: trip._id,
        seats,
        passengerInfo: { firstName: 'Amna', lastName: 'Osman', phone: '0912345678' },
        paymentMethod: 'cash',
      },
    });
    const booking = sold.json().booking;
    await t.app.inject({
      method: 'PATCH',
      url: `/api/bookings/updatePassengers/${booking._id}`,
      headers: auth,
      payload: {
        passengers: seats.map((seat) => ({
          seat,
          fullName: names[seat % names.length],
          idType: 'national_number',
          idNumber: `1${String(seat).padStart(10, '0')}`,
        })),
      },
    });
  }
  for (const format of ['csv', 'xlsx', 'pdf'] as const) {
    const times: number[] = [];
    let size = 0;
    let gzipped = 0;
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      const response = await t.app.inject({
        url: `/api/trips/manifest/${trip._id}?format=${format}`,
        headers: auth,
      });
      times.push(performance.now() - t0);
      size = response.rawPayload.length;
      gzipped = zlib.gzipSync(response.rawPayload).length;
    }
    times.sort((a, b) => a - b);
    console.log(
      `manifest of a 50-seat trip as ${format}: ${(size / 1024).toFixed(1)} KB, ${(gzipped / 1024).toFixed(1)} KB gzipped; made in p50 ${percentile(times, 50).toFixed(0)} ms, max ${times[times.length - 1].toFixed(0)} ms`,
    );
  }
} finally {
  await t.close();
}
