// One form field drawn from its registry definition: the field kind decides the control.
import { useId } from 'preact/hooks';
import { MAX_LENGTHS, maxLengthOf } from '../../shared/field-rules.ts';
import { khartoumToday } from '../../shared/rules.ts';
import type { FieldDef } from '../../shared/registry/types.ts';
import { useI18n } from '../lib/use-i18n.ts';

interface Props {
  name: string;
  def: FieldDef;
  label: string;
  value: string;
  onValue: (value: string) => void;
  choiceLabels?: Record<string, string>;
  /** A message shown under the field while its value is wrong or missing. */
  error?: string;
}

export function RegistryField({ name, def, label, value, onValue, choiceLabels, error }: Props) {
  const { m } = useI18n();
  const id = useId();
  const errorId = `${id}-error`;
  const common = {
    id,
    name,
    required: def.required,
    'aria-invalid': error ? ('true' as const) : undefined,
    'aria-describedby': error ? errorId : undefined,
    onInput: (event: Event) => onValue((event.currentTarget as HTMLInputElement).value),
  };

  let control;
  if (def.kind === 'choice') {
    control = (
      <select {...common} value={value} onChange={common.onInput}>
        <option value="">{m.forms.chooseOne}</option>
        {(def.choices ?? []).map((choice) => (
          <option key={choice} value={choice}>
            {choiceLabels?.[choice] ?? choice}
          </option>
        ))}
      </select>
    );
  } else if (def.kind === 'longtext') {
    // What a traveller types runs in its own direction: English typed on an Arabic page keeps its order.
    control = <textarea {...common} dir="auto" value={value} rows={5} maxLength={maxLengthOf(def)} />;
  } else {
    const types: Partial<Record<FieldDef['kind'], string>> = { email: 'email', phone: 'tel', date: 'date' };
    control = (
      <input
        {...common}
        type={types[def.kind] ?? 'text'}
        // Phones and e-mail addresses read left to right on either page; names and words in their own direction.
        dir={def.kind === 'phone' || def.kind === 'email' ? 'ltr' : def.kind === 'date' ? undefined : 'auto'}
        value={value}
        maxLength={maxLengthOf(def) ?? MAX_LENGTHS.text}
        inputMode={def.kind === 'phone' ? 'numeric' : undefined}
        autocomplete={
          { first_name: 'given-name', last_name: 'family-name', phone: 'tel', email: 'email' }[name] ?? 'off'
        }
        max={def.kind === 'date' ? khartoumToday() : undefined}
      />
    );
  }

  return (
    <div class="field">
      <label for={id}>
        {label}
        {def.required && <span class="required"> {m.forms.requiredMark}</span>}
      </label>
      {control}
      {error && (
        <p id={errorId} class="field-hint error">
          {error}
        </p>
      )}
    </div>
  );
}
