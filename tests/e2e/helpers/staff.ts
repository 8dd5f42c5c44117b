// What staff see through the API: used to check that what a traveller sent really reached the server.
import { staffToken } from './api.ts';

export async function staffGet<T>(url: string, path: string): Promise<T> {
  const token = await staffToken(url);
  const response = await fetch(`${url}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

export interface StaffBooking {
  _id: string;
  ticketId: string;
  seats: number[];
  passengerInfo: { firstName: string; lastName: string; phone: string };
  isCancelled: boolean;
  bankakScreenshot: string | null;
}

export async function bookingByTicket(url: string, ticketId: string): Promise<StaffBooking> {
  const found = await staffGet<StaffBooking[]>(url, `/api/bookings/getAllBookings?q=${ticketId}`);
  const booking = found.find((b) => b.ticketId === ticketId);
  if (!booking) throw new Error(`no booking with ticket ${ticketId}`);
  return booking;
}

/** The stored payment proof's bytes, as staff download it. */
export async function uploadBytes(url: string, uploadPath: string): Promise<Buffer> {
  const token = await staffToken(url);
  const response = await fetch(`${url}${uploadPath}`, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`${uploadPath} answered ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}
