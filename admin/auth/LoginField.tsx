// A labelled outlined input with its error line. TextField would do the same but brings MUI's Select, Menu
// and Modal into the first load of the login page; these four parts are all the page needs.
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { type ChangeEvent, useId } from 'react';

interface LoginFieldProps {
  name: string;
  type: string;
  label: string;
  value: string;
  autoComplete: string;
  error?: string;
  autoFocus?: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur: () => void;
}

export function LoginField({ name, label, error, ...input }: LoginFieldProps) {
  const id = useId();
  return (
    <FormControl fullWidth error={Boolean(error)} variant="outlined">
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        label={label}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-invalid={Boolean(error)}
        {...input}
      />
      {error && <FormHelperText id={`${id}-error`}>{error}</FormHelperText>}
    </FormControl>
  );
}
