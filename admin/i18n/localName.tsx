// Names in both languages: cities and companies may carry an Arabic twin (`<field>_ar`, a registry field).
// Arabic screens show it where there is one, the English name otherwise; English screens the English name.
// Every place that shows a city or a company name goes through here.
import Typography from '@mui/material/Typography';
import { useLocale, useRecordContext } from 'react-admin';

type Named = Record<string, unknown> | null | undefined;

export function localName(record: Named, field: string, locale: string): string {
  if (!record) return '';
  const arabic = locale === 'ar' ? record[`${field}_ar`] : undefined;
  return typeof arabic === 'string' && arabic.trim() ? arabic : String(record[field] ?? '');
}

/** localName in the page's language. */
export function useLocalName(): (record: Named, field: string) => string {
  const locale = useLocale();
  return (record, field) => localName(record, field, locale);
}

/** A record's name field (a city, a company) in the page's language, as a list cell or an option. */
export function LocalNameField({ source }: { source: string; label?: string; sortable?: boolean }) {
  const name = useLocalName()(useRecordContext(), source);
  return (
    <Typography component="span" variant="body2">
      {name}
    </Typography>
  );
}
