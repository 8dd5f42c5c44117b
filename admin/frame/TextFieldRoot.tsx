// MUI 9's TextField reads its parts' props from `slotProps` only. react-admin 5.15's inputs pass them there and,
// for MUI 5, also as InputProps, inputProps and InputLabelProps, which MUI 9 hands on to its root element: React
// then warns that the DOM has no such attributes. The theme (theme.ts) gives every TextField this root:
// MUI's FormControl, without those props (MUI 9 reads nothing from them).
import FormControl, { type FormControlProps } from '@mui/material/FormControl';

const MUI5_PROPS = new Set([
  'InputProps',
  'inputProps',
  'InputLabelProps',
  'FormHelperTextProps',
  'SelectProps',
]);

export function TextFieldRoot({ ownerState: _, ...props }: FormControlProps & { ownerState?: unknown }) {
  return (
    <FormControl
      {...(Object.fromEntries(Object.entries(props).filter(([name]) => !MUI5_PROPS.has(name))) as object)}
    />
  );
}
