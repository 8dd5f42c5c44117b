// Configuration comes from the environment only; README lists every variable.
import os from 'node:os';
import path from 'node:path';
import { PAYMENT_DEFAULTS } from '../shared/payments.ts';
import { UNPAID_TICKET_TEXT_DELAY_MINUTES } from '../shared/messages.ts';
import { DEFAULT_SALES_HORIZON_DAYS } from '../shared/timetables.ts';
import { parseTrustProxy, type TrustProxy } from './http/proxies.ts';
import type { GatewayConfig } from './messages/gateways.ts';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** A postgres:// URL switches to PostgreSQL; otherwise SQLite in dataDir. */
  databaseUrl?: string;
  jwtSecret?: string;
  adminEmail?: string;
  adminPassword?: string;
  demoData: boolean;
  /** Reverse proxies whose X-Forwarded-* headers are believed (server/http/proxies.ts). */
  trustProxy: TrustProxy;
  /** Origins allowed to call the API from a browser, besides the product's own. */
  corsOrigins: string[];
  /** Sets the Secure flag on cookies (on by default behind HTTPS). */
  secureCookies: boolean;
  logLevel: string;
  /** Longest life of a cached public trip search answer (ms; writes invalidate it sooner); 0 turns it off. */
  searchCacheMs: number;
  /**
   * SQLite: how often, at most, a cached read asks the file whether another process wrote (PRAGMA data_version,
   * ~12 µs); such a write is noticed within this many ms (another PostgreSQL node's, when NOTIFY arrives).
   */
  outsideWritesCheckMs: number;
  /** Worker threads rendering ticket PDFs; 0 renders on the main thread. */
  ticketWorkers: number;
  /** Worker threads that answer searches (filterTrips), each with a reading connection; 0: the main thread. */
  searchWorkers: number;
  loginRateLimit: { perIp: number; perEmail: number; perAccount: number; windowMs: number };
  lookupRateLimit: { perIp: number; windowMs: number };
  /** "Find my bookings" calls (codes asked for and typed) per IP in an hour, on top of each phone's own limits. */
  accessCodeRateLimit: { perIp: number; windowMs: number };
  /** Bookings per IP: generous, because many travellers share one mobile-carrier address. */
  bookingRateLimit: { perIp: number; windowMs: number };
  /** Scans one conductor's account may sync in the window (counted in the database, on every node). */
  scanRateLimit: { perUser: number; windowMs: number };
  /**
   * Travellers' forms (lost-item reports and enquiries together) stored from every address in any rolling hour,
   * and from one phone number in any 24 hours (server/resources/crud/public-forms.ts); staff are not limited.
   */
  publicForms: { perHour: number; perPhonePerDay: number };
  operator: { phone: string; email: string; address: string };
  payments: PaymentsConfig;
  /** Days after a trip that its travellers' ID numbers are kept (then erased). */
  idRetentionDays: number;
  /** How many days ahead each active timetable's trips are on sale (today counts as the first). */
  salesHorizonDays: number;
  /** Minutes after departure that travellers not boarded are marked no-shows and the trip's list locks. */
  noShowAfterMinutes: number;
  /** /api/docs (a map of every staff call) for everyone instead of staff only. */
  publicApiDocs: boolean;
  /** PUBLIC_URL: the public site's address, the first value of Settings' site address (ticket messages' link). */
  siteAddress: string;
  /** Time a client has to send a whole request, and the longest a connection may stay silent (ms). */
  requestTimeoutMs: number;
  /** Connections open at once; more are refused. */
  maxConnections: number;
  /** Connections one client address may hold at once (trusted proxies excepted); more are refused. */
  maxConnectionsPerIp: number;
  /** Text messages to travellers (server/messages). */
  sms: GatewayConfig & { senderSeconds: number; leaseSeconds: number };
}

export interface PaymentsConfig {
  /** Minutes an unpaid hold lasts (from booking, or from a rejection); never later than departure. */
  proofMinutes: number;
  maxUnpaidPerPhone: number;
  /** Live unpaid bookings one client address, and one device (the public site's id), may hold at once. */
  maxUnpaidPerAddress: number;
  maxUnpaidPerDevice: number;
  /** Seats one client address may hold unpaid on one trip. */
  maxUnpaidSeatsPerAddressPerTrip: number;
  /**
   * Share of a trip's seats unpaid holds may occupy (0–1). A booking that comes with its proof is not refused
   * by it: the oldest holds without a proof give way.
   */
  maxUnpaidShare: number;
  /** Minutes a proof under review holds before its hold winds down (one proof window more, then it lapses). */
  reviewMinutes: number;
  /** Minutes the ticket text of an unpaid online booking waits before it leaves (cancelled meanwhile: none). */
  unpaidTicketTextDelayMinutes: number;
  /** Rejected proofs in a day after which a phone's or device's, or an address's, proofs no longer hold. */
  rejectionsPerPhone: number;
  rejectionsPerAddress: number;
  /** Bytes of payment proofs one address may send per hour. */
  proofBytesPerIpPerHour: number;
  /** Payment-proof bytes stored per hour from all addresses together. */
  proofBytesPerHour: number;
  /** How often each node expires lapsed holds (a sale frees a lapsed seat at once either way). */
  sweepSeconds: number;
  /** Where travellers pay, shown on the public site and the ticket: from configuration, never hard-coded. */
  instructions: { bankakAccount: string; accountName: string; wallets: { name: string; number: string }[] };
}

const flag = (value: string | undefined) => value === '1' || value === 'true';
const decimal = (value: string | undefined, fallback: number) =>
  value && /^\d+(\.\d+)?$/.test(value) ? Number(value) : fallback;
const int = (value: string | undefined, fallback: number) =>
  value && /^\d+$/.test(value) ? Number(value) : fallback;
/** A limit that cannot be turned off: 0 is not a value. */
const positive = (value: string | undefined, fallback: number) => int(value, fallback) || fallback;

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//.test(url);
}

/** Share of MAX_CONNECTIONS one address may hold unless MAX_CONNECTIONS_PER_IP says otherwise. */
const CONNECTION_SHARE_PER_IP = 0.05;

/** Ticket workers unless set: one fewer than the cores, 1 to 4. */
const workersBeside = Math.max(1, Math.min(4, os.availableParallelism() - 1));
/**
 * Search workers unless set. SQLite: one a core, 1 to 4 (a worker runs the statement itself; on 2 cores two of
 * them answered 20–25 % more cold searches than one, the main thread, the workers and the load sharing the
 * cores). PostgreSQL: one fewer than the cores, 0 to 4 (the database's own processes run the statement and need
 * the cores too: on 2 cores one worker answered 1,673–1,860 cold searches a second, two 1,334–1,818, none
 * 1,014–1,303; on a core of its own, PostgreSQL on another, a worker only adds handing each answer across
 * threads), measured on a year of trips.
 */
const searchWorkersOn = (postgres: boolean) =>
  postgres
    ? Math.max(0, Math.min(4, os.availableParallelism() - 1))
    : Math.max(1, Math.min(4, os.availableParallelism()));

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const maxConnections = positive(env.MAX_CONNECTIONS, 1000);
  return {
    port: int(env.PORT, 3000),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: isPostgresUrl(env.DATABASE_URL) ? env.DATABASE_URL : undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    demoData: flag(env.DEMO_DATA),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    corsOrigins: (env.CORS_ORIGINS || '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    secureCookies: flag(env.SECURE_COOKIES),
    logLevel: env.LOG_LEVEL || 'info',
    searchCacheMs: int(env.SEARCH_CACHE_MS, 60_000),
    outsideWritesCheckMs: int(env.OUTSIDE_WRITES_CHECK_MS, 2),
    ticketWorkers: int(env.TICKET_WORKERS, workersBeside),
    searchWorkers: int(env.SEARCH_WORKERS, searchWorkersOn(isPostgresUrl(env.DATABASE_URL))),
    loginRateLimit: {
      perIp: int(env.LOGIN_RATE_LIMIT_PER_IP, 20),
      perEmail: int(env.LOGIN_RATE_LIMIT_PER_EMAIL, 10),
      perAccount: int(env.LOGIN_RATE_LIMIT_PER_ACCOUNT, 100),
      windowMs: 15 * 60_000,
    },
    lookupRateLimit: { perIp: int(env.LOOKUP_RATE_LIMIT_PER_IP, 30), windowMs: 60_000 },
    accessCodeRateLimit: { perIp: int(env.ACCESS_CODE_RATE_LIMIT_PER_IP, 60), windowMs: 3_600_000 },
    bookingRateLimit: { perIp: int(env.BOOKING_RATE_LIMIT_PER_IP, 60), windowMs: 60_000 },
    scanRateLimit: { perUser: int(env.SCAN_RATE_LIMIT_PER_HOUR, 1_000), windowMs: 3_600_000 },
    publicForms: {
      perHour: positive(env.PUBLIC_FORMS_PER_HOUR, 300),
      perPhonePerDay: positive(env.PUBLIC_FORMS_PER_PHONE_PER_DAY, 5),
    },
    operator: {
      phone: env.OPERATOR_PHONE || '',
      email: env.OPERATOR_EMAIL || '',
      address: env.OPERATOR_ADDRESS || '',
    },
    publicApiDocs: flag(env.PUBLIC_API_DOCS),
    siteAddress: env.PUBLIC_URL || '',
    idRetentionDays: int(env.ID_RETENTION_DAYS, 90),
    salesHorizonDays: Math.min(positive(env.SALES_HORIZON_DAYS, DEFAULT_SALES_HORIZON_DAYS), 366),
    noShowAfterMinutes: int(env.NO_SHOW_AFTER_MINUTES, 60),
    requestTimeoutMs: positive(env.REQUEST_TIMEOUT_MS, 30_000),
    maxConnections,
    maxConnectionsPerIp: Math.min(
      maxConnections,
      positive(env.MAX_CONNECTIONS_PER_IP, Math.max(1, Math.floor(maxConnections * CONNECTION_SHARE_PER_IP))),
    ),
    sms: {
      gateway: env.SMS_GATEWAY === 'http' || env.SMS_GATEWAY === 'android' ? env.SMS_GATEWAY : 'log',
      httpUrl: env.SMS_HTTP_URL || '',
      httpToken: env.SMS_HTTP_TOKEN || '',
      androidUrl: env.SMS_ANDROID_URL || '',
      androidUser: env.SMS_ANDROID_USER || '',
      androidPassword: env.SMS_ANDROID_PASSWORD || '',
      androidSigningKey: env.SMS_ANDROID_SIGNING_KEY || '',
      timeoutMs: positive(env.SMS_TIMEOUT_MS, 10_000),
      senderSeconds: Math.max(1, int(env.SMS_SENDER_SECONDS, 2)),
      // How long a node's claim on a message holds; a node killed mid-send has its messages sent by another
      // node after this. Longer than SMS_TIMEOUT_MS, or a slow answer would let a second node send too.
      leaseSeconds: Math.max(1, int(env.SMS_LEASE_SECONDS, 60)),
    },
    payments: {
      proofMinutes: decimal(env.PAYMENT_PROOF_MINUTES, PAYMENT_DEFAULTS.proofMinutes),
      maxUnpaidPerPhone: int(env.MAX_UNPAID_BOOKINGS_PER_PHONE, PAYMENT_DEFAULTS.maxUnpaidPerPhone),
      maxUnpaidPerAddress: positive(
        env.MAX_UNPAID_BOOKINGS_PER_ADDRESS,
        PAYMENT_DEFAULTS.maxUnpaidPerAddress,
      ),
      maxUnpaidPerDevice: positive(env.MAX_UNPAID_BOOKINGS_PER_DEVICE, PAYMENT_DEFAULTS.maxUnpaidPerDevice),
      maxUnpaidSeatsPerAddressPerTrip: positive(
        env.MAX_UNPAID_SEATS_PER_ADDRESS_PER_TRIP,
        PAYMENT_DEFAULTS.maxUnpaidSeatsPerAddressPerTrip,
      ),
      maxUnpaidShare: Math.min(1, decimal(env.MAX_UNPAID_SHARE, PAYMENT_DEFAULTS.maxUnpaidShare)),
      reviewMinutes: decimal(env.PROOF_REVIEW_MINUTES, PAYMENT_DEFAULTS.reviewMinutes),
      unpaidTicketTextDelayMinutes: decimal(
        env.UNPAID_TICKET_TEXT_DELAY_MINUTES,
        UNPAID_TICKET_TEXT_DELAY_MINUTES,
      ),
      rejectionsPerPhone: positive(env.MAX_REJECTED_PROOFS_PER_PHONE, PAYMENT_DEFAULTS.rejectionsPerPhone),
      rejectionsPerAddress: positive(
        env.MAX_REJECTED_PROOFS_PER_ADDRESS,
        PAYMENT_DEFAULTS.rejectionsPerAddress,
      ),
      proofBytesPerIpPerHour: int(env.PROOF_BYTES_PER_IP_PER_HOUR, 30 * 1024 * 1024),
      proofBytesPerHour: int(env.PROOF_BYTES_PER_HOUR, 1024 * 1024 * 1024),
      sweepSeconds: Math.max(1, int(env.EXPIRY_SWEEP_SECONDS, 15)),
      instructions: {
        bankakAccount: env.PAYMENT_BANKAK_ACCOUNT || '',
        accountName: env.PAYMENT_ACCOUNT_NAME || '',
        // "Zain Cash:0912345678,MTN Momo:0998765432"
        wallets: (env.PAYMENT_WALLETS || '')
          .split(',')
          .map((entry) => entry.split(':').map((part) => part.trim()))
          .filter(([name, number]) => name && number)
          .map(([name, number]) => ({ name, number })),
      },
    },
  };
}
