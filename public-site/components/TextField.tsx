// A labelled input with an optional hint shown (and announced) while the value is wrong.
import { useId } from 'preact/hooks';

interface Props {
  type?: 'text' | 'tel' | 'email';
  inputMode?: 'text' | 'numeric';
  autocomplete?: string;
  maxLength?: number;
  required?: boolean;
  label: string;
  value: string;
  onValue: (value: string) => void;
  hint?: string;
  /** Show the hint as an error (the field has been touched and is invalid). */
  invalid?: boolean;
  optionalLabel?: string;
}

export function TextField({
  label,
  value,
  onValue,
  hint,
  invalid,
  optionalLabel,
  type = 'text',
  ...inputProps
}: Props) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div class="field">
      <label for={id}>
        {label}
        {optionalLabel && <span class="optional"> {optionalLabel}</span>}
      </label>
      <input
        {...inputProps}
        type={type}
        id={id}
        value={value}
        aria-invalid={invalid ? 'true' : undefined}
        aria-describedby={invalid && hint ? hintId : undefined}
        onInput={(event) => onValue((event.currentTarget as HTMLInputElement).value)}
      />
      {invalid && hint && (
        <p id={hintId} class="field-hint error">
          {hint}
        </p>
      )}
    </div>
  );
}
