// Server documents as the API answers them (references populated), for the component tests' fake APIs.

/** A trip Khartoum → Kassala on 1 Dec 2026 at 9:00 am, its cities named in both languages. */
export const tripDoc = (id: string, { plate = 'KH-1201', isCancelled = false } = {}) => ({
  _id: id,
  busId: { _id: `b-${id}`, bus_number: plate, bus_owner_companyId: 'c1', bus_number_of_seats: 40 },
  trip_originId: { _id: 'o1', origin_city: 'Khartoum', origin_city_ar: 'الخرطوم' },
  trip_destinationId: { _id: 'd1', destination_city: 'Kassala', destination_city_ar: 'كسلا' },
  trip_date: '2026-12-01',
  trip_boarding_time: '9:00 am',
  trip_ticket_priceId: { _id: 'p1', price: 45000 },
  bookedSeats: [],
  isCancelled,
});
