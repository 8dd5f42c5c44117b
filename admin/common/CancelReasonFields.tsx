// The reason a trip is cancelled, in English and Arabic, asked in the cancel dialog: travellers are told the
// one in their language. Both or neither (the server then tells the company's default reason).
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { Reason } from '../data/dataProvider.ts';

export const EMPTY_REASON: Reason = { reason_en: '', reason_ar: '' };

const given = (text: string) => text.trim().length >= 3;

/** The reason to send (undefined: none given), or 'partial' when only one language is filled. */
export function reasonToSend(reason: Reason): Reason | undefined | 'partial' {
  const en = reason.reason_en.trim();
  const ar = reason.reason_ar.trim();
  if (!en && !ar) return undefined;
  return given(en) && given(ar) ? { reason_en: en, reason_ar: ar } : 'partial';
}

interface Props {
  value: Reason;
  onChange: (reason: Reason) => void;
  /** Both are required (the Disruptions screen), rather than both or neither (the cancel dialog). */
  required?: boolean;
}

export function ReasonFields({ value, onChange, required }: Props) {
  const translate = useTranslate();
  const partial = !required && reasonToSend(value) === 'partial';
  const field = (key: keyof Reason, dir: 'ltr' | 'rtl') => (
    <TextField
      label={translate(`rihla.disruptions.${key}`)}
      value={value[key]}
      onChange={(event) => onChange({ ...value, [key]: event.target.value })}
      required={required}
      size="small"
      fullWidth
      multiline
      slotProps={{ htmlInput: { dir, maxLength: 200 } }}
    />
  );
  return (
    <Stack spacing={1.5} sx={{ mt: 2 }}>
      {field('reason_en', 'ltr')}
      {field('reason_ar', 'rtl')}
      <Typography variant="body2" color={partial ? 'error' : 'text.secondary'}>
        {translate(
          required
            ? 'rihla.disruptions.reason_hint'
            : partial
              ? 'rihla.disruptions.cancel_reason_both'
              : 'rihla.disruptions.cancel_reason_hint',
        )}
      </Typography>
    </Stack>
  );
}
