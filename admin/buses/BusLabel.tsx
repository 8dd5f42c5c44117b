// A bus as staff pick it for a trip: its number and its owner company (named in the page's language).
import Typography from '@mui/material/Typography';
import { useRecordContext, useTranslate } from 'react-admin';
import { useReferenced } from '../generated/fields/RefField.tsx';
import { useLocalName } from '../i18n/localName.tsx';

export function BusLabel() {
  const bus = useRecordContext();
  const company = useReferenced('bus_owner_companyId', 'companies');
  const translate = useTranslate();
  const name = useLocalName();
  if (!bus) return null;
  return (
    <Typography component="span" variant="body2">
      {translate('rihla.buses.label', {
        number: bus.bus_number,
        company: company ? name(company, 'company_name') : '…',
      })}
    </Typography>
  );
}
