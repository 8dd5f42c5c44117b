// Which statement column holds what, guessed from the headers banks write (English or Arabic): staff see the
// guess in the selects and correct it. Each column is given one role at most.
import type { StatementMapping } from './paymentsApi.ts';

export type MappingChoice = { reference: string; amount: string; date: string };

// For each role, patterns from the most to the least telling.
const PATTERNS: Record<keyof MappingChoice, RegExp[]> = {
  reference: [
    /ref/i,
    /trans(action)?|trx|txn/i,
    /مرجع|رقم العملية|رقم المعاملة|العملية/,
    /\bid\b|number|no\.?$/i,
  ],
  amount: [/amount/i, /credit|deposit|received/i, /مبلغ|المبلغ|دائن|إيداع/, /sdg|value|sum/i],
  date: [/date/i, /تاريخ/, /time|وقت/i],
};

// What a role's column is not ("Transaction date" is no reference).
const NOT: Record<keyof MappingChoice, RegExp | undefined> = {
  reference: /date|time|amount|balance|تاريخ|وقت|مبلغ|رصيد/i,
  amount: /date|balance|تاريخ|رصيد/i,
  date: undefined,
};

export function guessMapping(columns: readonly string[]): MappingChoice {
  const taken = new Set<string>();
  const pick = (role: keyof MappingChoice) => {
    for (const pattern of PATTERNS[role]) {
      const found = columns.find(
        (column) => !taken.has(column) && pattern.test(column) && !NOT[role]?.test(column),
      );
      if (found) {
        taken.add(found);
        return found;
      }
    }
    return '';
  };
  return { reference: pick('reference'), amount: pick('amount'), date: pick('date') };
}

/** A mapping the server can use: reference and amount chosen, and different. */
export const isComplete = (choice: MappingChoice) =>
  !!choice.reference && !!choice.amount && choice.reference !== choice.amount;

/** The mapping as the server takes it (no date when none is chosen). */
export const toMapping = ({ reference, amount, date }: MappingChoice): StatementMapping =>
  date ? { reference, amount, date } : { reference, amount };
