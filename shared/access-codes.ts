// "Find my bookings" by phone: the rules of the one-time code texted to a phone (issue 22). Pure data, read by
// the server (which enforces them, in the database) and the public site (which says them).

/** Digits in a code. */
export const ACCESS_CODE_LENGTH = 6;
/** Minutes a code stays good after it is sent; at exactly this many it has lapsed. */
export const ACCESS_CODE_MINUTES = 10;
/** Codes one phone may be sent in any hour at the asking of one address (an IPv6 address's /64). */
export const ACCESS_CODES_PER_HOUR = 5;
/**
 * Codes one phone may be sent in any hour, whoever asks: the texts a stranger can have sent to a traveller's
 * phone. Above the one address's 5, so that a stranger's requests from one address leave the owner theirs.
 */
export const ACCESS_CODES_PER_PHONE_HOUR = 15;
/**
 * Wrong codes one code request may take: the last one spends that request's code. Counted per request, never
 * per phone, so a stranger's guesses cannot lock a traveller out.
 */
export const ACCESS_CODE_WRONG_TRIES = 5;

const CODE_PATTERN = new RegExp(`^\\d{${ACCESS_CODE_LENGTH}}$`);

/** Whether `value` (Latin digits, as normalizeDigits leaves it) is written as a code. */
export const isAccessCode = (value: string) => CODE_PATTERN.test(value);
