// What the conductor app keeps and exchanges: the API contract's types (erased at build, so no zod reaches the
// bundle) and the app's own records in IndexedDB.
import type { z } from 'zod';
import type { DoorReason, Verdict } from '../../../shared/boarding.ts';
import type { checkinPackage, scanVerdicts } from '../../../shared/contract/boarding.ts';

export type CheckinPackage = z.infer<typeof checkinPackage>;
export type PackageTicket = CheckinPackage['tickets'][number];
export type PackageTraveller = PackageTicket['travellers'][number];
export type ServerVerdict = z.infer<typeof scanVerdicts>['verdicts'][number];
export type { Verdict };

export interface FirstScan {
  scannedAt: string;
  deviceId: string;
}

/** A trip kept on the phone for offline checking. */
export interface StoredTrip {
  package: CheckinPackage;
  /** When this phone received it (ISO). */
  downloadedAt: string;
}

/** Why a verdict was reached, for the words under it (the door's rule, shared/boarding.ts). */
export type Reason = DoorReason;

/** The phone's verdict on one check. */
export interface LocalVerdict {
  verdict: Verdict;
  reason: Reason;
  ticketId: string | null;
  /** The trip a signed code names, when it is not this one. */
  otherTripId?: string;
  /** For wrong_stop: where the ticket boards and gets off (stop indexes). */
  boardingStop?: number;
  alightingStop?: number;
  ticket?: PackageTicket;
  firstScan?: FirstScan;
}

/** A check made on this phone, queued until the server has it. */
export interface ScanRecord {
  /** Local key: the scan's device and time (the server keeps a scan once by ticket, device and time). */
  id: string;
  tripId: string;
  qr?: string;
  ticketId?: string;
  /** The stop the bus was at (trips with stops). */
  stop?: number;
  scannedAt: string;
  deviceId: string;
  local: Pick<LocalVerdict, 'verdict' | 'reason' | 'ticketId' | 'firstScan'>;
  /** Set once the server answered for it. */
  server?: ServerVerdict;
  /**
   * Set when the server will never take it: its trip is no longer this conductor's (NOT_YOUR_TRIP), or leaves
   * after tomorrow (NOT_DOOR_TRIP). Kept on the phone, shown, and no longer sent.
   */
  refused?: ScanRefusal;
  syncedAt?: string;
}

/** Why the server takes none of a trip's scans. */
export type ScanRefusal = 'NOT_DOOR_TRIP' | 'NOT_YOUR_TRIP';

/** A traveller's ID given at the door, queued until the server has it. */
export interface IdEdit {
  id: string;
  tripId: string;
  bookingId: string;
  ticketId: string;
  seat: number;
  fullName: string;
  idType: string;
  idNumber: string;
  createdAt: string;
  /** 'pending' until sent; 'refused' with the server's message when it will never be accepted. */
  state: 'pending' | 'sent' | 'refused';
  problem?: string;
}

export interface RememberedUser {
  _id: string;
  full_name: string;
  email?: string;
  role?: string;
}

/** A trip as getAllTrips answers it (populated). */
export type TripDocument = z.infer<typeof import('../../../shared/contract/documents.ts').tripDocument>;
