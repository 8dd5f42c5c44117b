// The time the server decides by (payment deadlines, expiry, departures). Production reads the system clock;
// tests hand the app a clock they can move, instead of sleeping.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until moved. */
export class ManualClock implements Clock {
  private at: number;
  constructor(start: Date | number = Date.now()) {
    this.at = typeof start === 'number' ? start : start.getTime();
  }
  now() {
    return new Date(this.at);
  }
  advance(ms: number) {
    this.at += ms;
  }
  set(date: Date) {
    this.at = date.getTime();
  }
}
