// What a traveller gets back when they cancel: the operator's tiers (hours before departure → share kept), as
// a booking copied them at purchase, applied to what was paid at a given instant. One rule for the server's
// quote, the cancellation that records it, the ticket and the thank-you screen. Pure; no zod (the public site
// imports it; the settings' checks are in settings.ts).

/** From `hoursBefore` hours before departure (inclusive) on, until the next tier, `keptPercent` is kept. */
export interface RefundTier {
  hoursBefore: number;
  keptPercent: number;
}

export interface RefundRules {
  /** Latest-first reading: hours strictly decreasing, the last at 0 h (up to departure). */
  tiers: RefundTier[];
  /** Share kept once the bus has left (the cancel is refused then; the quote says so). */
  afterDepartureKeptPercent: number;
  /** SDG charged for changing a booking to another trip. */
  changeFee: number;
}

export const DEFAULT_REFUND_RULES: RefundRules = {
  tiers: [
    { hoursBefore: 24, keptPercent: 10 },
    { hoursBefore: 6, keptPercent: 25 },
    { hoursBefore: 0, keptPercent: 50 },
  ],
  afterDepartureKeptPercent: 100,
  changeFee: 0,
};

export interface RefundQuote {
  /** What was paid (0 for a booking not paid). */
  paid: number;
  /** What goes back, in whole SDG. */
  refund: number;
  keptPercent: number;
  /** Whole minutes from the cancellation to departure; 0 once departed. */
  minutesBefore: number;
  departed: boolean;
}

/**
 * The refund of `paid` cancelled at `now` for a departure at `departure`. A tier applies from exactly its hour
 * on (24 h 0 min before keeps the 24 h tier's share); at the departure instant the bus has left. Money is in
 * whole Sudanese pounds: the refund is rounded to the nearest pound (a half up), so 0 % kept gives back
 * exactly what was paid and 100 % nothing.
 */
export function refundQuote(rules: RefundRules, paid: number, departure: Date, now: Date): RefundQuote {
  const left = departure.getTime() - now.getTime();
  const departed = left <= 0;
  const tier = departed ? undefined : rules.tiers.find((t) => left >= t.hoursBefore * 3_600_000);
  const keptPercent = tier?.keptPercent ?? rules.afterDepartureKeptPercent;
  const refund = keptPercent === 0 ? paid : Math.round((paid * (100 - keptPercent)) / 100);
  return { paid, refund, keptPercent, minutesBefore: departed ? 0 : Math.floor(left / 60_000), departed };
}

/**
 * What `dropped` of a booking's `seatCount` seats cost of its `total`: an equal share each, in whole SDG (a
 * half up); every seat is the whole total, so the shares of the seats cancelled one at a time and of the
 * seats kept add up to what was charged.
 */
export function seatsShare(total: number, seatCount: number, dropped: number): number {
  return dropped >= seatCount ? total : Math.round((total * dropped) / seatCount);
}

/** Each tier's last instant (cancel by it to get `backPercent` back), latest tier last; departure closes the list. */
export function refundSchedule(rules: RefundRules, departure: Date) {
  return rules.tiers.map((tier) => ({
    by: new Date(departure.getTime() - tier.hoursBefore * 3_600_000),
    backPercent: 100 - tier.keptPercent,
  }));
}

/** What a booking sold before the rules existed was promised: everything back until departure. */
export const FULL_REFUND_RULES: RefundRules = {
  tiers: [{ hoursBefore: 0, keptPercent: 0 }],
  afterDepartureKeptPercent: 100,
  changeFee: 0,
};
