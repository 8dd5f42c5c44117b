// Values tried on every kind of field by the agreement tests: typical, edge and hostile, as forms and JSON
// bodies send them.
import { INPUT_KINDS } from '../../../shared/field-rules.ts';
import { type FieldDef, type FieldKind, resources } from '../../../shared/registry/index.ts';

export const long = (length: number) => 'x'.repeat(length);

export const SAMPLE_VALUES: readonly unknown[] = [
  null,
  0,
  1,
  100,
  101,
  -1,
  1.5,
  1e9,
  1e9 + 1,
  Number.NaN,
  true,
  [],
  {},
  '',
  '   ',
  'Kassala',
  '  Kassala  ',
  long(64),
  long(65),
  long(200),
  ` ${long(200)} `,
  long(201),
  long(2001),
  long(5001),
  'info@nile.sd',
  ' INFO@NILE.SD ',
  'info@nile',
  'info nile@sd.sd',
  `${long(195)}@b.co`,
  `${long(196)}@b.co`,
  '0912345678',
  '٠٩١٢٣٤٥٦٧٨',
  '0912 345-678',
  '09123',
  '--',
  '2026-11-30',
  ' 2026-11-30 ',
  '2026-02-30',
  '2026-1-1',
  '2026-11-300',
  '7',
  '٧',
  ' 12 ',
  '1.5',
  '0.5',
  'abc',
  'Infinity',
  '1e3',
  '12345',
  'secret',
  'In Service',
  ' In Service ',
  'in service',
  '7:00 pm',
  'wallet',
];

export const INPUT_KIND_NAMES: readonly FieldKind[] = INPUT_KINDS;

/** Every writable registry field of a kind (each kind is used by at least one). */
export function fieldsOfKind(
  kind: FieldKind,
): { def: (typeof resources)[number]; name: string; field: FieldDef }[] {
  const found = resources.flatMap((def) =>
    Object.entries(def.fields)
      .filter(([, field]) => field.kind === kind && !field.readOnly)
      .map(([name, field]) => ({ def, name, field })),
  );
  if (found.length === 0) throw new Error(`No registry field of kind ${kind}`);
  return found;
}
