// Shapes of the public API answers this site reads (see the API contract; documents carry `_id`).

export interface OriginCity {
  _id: string;
  origin_city: string;
}

export interface DestinationCity {
  _id: string;
  destination_city: string;
}

export interface Trip {
  _id: string;
  busId: {
    _id: string;
    bus_number: string;
    bus_number_of_seats: number;
    bus_owner_companyId: { _id: string; company_name: string; company_phone?: string };
  };
  trip_originId: OriginCity;
  trip_destinationId: DestinationCity;
  trip_date: string;
  trip_boarding_time: string;
  trip_ticket_priceId: { _id: string; price: number };
  bookedSeats: number[];
  isCancelled: boolean;
}

export interface PassengerInfo {
  firstName: string;
  lastName: string;
  phone: string;
  email?: string;
}

export interface Booking {
  _id: string;
  ticketId: string;
  seats: number[];
  passengerInfo: PassengerInfo;
  totalTicketPrice: number[];
  isCancelled: boolean;
  bookingDate: string;
}

/** A booking found by ticket id and phone, with its trip flattened. */
export interface BookingMatch extends Booking {
  trip?: {
    _id: string;
    trip_date: string;
    trip_boarding_time: string;
    origin_city: string;
    destination_city: string;
    company_name: string;
    bus_number: string;
  };
}

export interface PublicSettings {
  operator: { phone: string; email: string; address: string };
}
