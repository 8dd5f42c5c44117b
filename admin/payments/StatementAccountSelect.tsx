// Whose account a bank statement is of (issue 24): a statement pays only the bookings paid into its account.
// The platform's staff say which: the operator's own (the bookings of companies without an account of their
// own) or a company's; a company's staff import their company's and are not asked.
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useGetList, useTranslate } from 'react-admin';
import { type CompanyAccount, hasOwnAccount } from '../../shared/payment-instructions.ts';

type Company = CompanyAccount & { id: string; company_name?: string };

/** The operator's account in the select (an empty value would show as no choice). */
const OPERATOR = 'operator';

export function StatementAccountSelect({
  value,
  onChange,
}: {
  /** The company whose account it is; '' for the operator's. */
  value: string;
  onChange: (companyId: string) => void;
}) {
  const translate = useTranslate();
  const { data = [] } = useGetList<Company>('companies', {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'company_name', order: 'ASC' },
  });
  const own = data.filter((company) => hasOwnAccount(company));
  return (
    <TextField
      select
      label={translate('rihla.payments.import.account')}
      helperText={translate('rihla.payments.import.account_hint')}
      value={value || OPERATOR}
      onChange={(event) => onChange(event.target.value === OPERATOR ? '' : event.target.value)}
      // The choice wraps rather than widen the page on a phone.
      sx={{ width: '100%', maxWidth: 600, mb: 2, '& .MuiSelect-select': { whiteSpace: 'normal' } }}
      slotProps={{ select: { 'data-testid': 'statement-account' } as object }}
    >
      <MenuItem value={OPERATOR}>{translate('rihla.payments.import.account_operator')}</MenuItem>
      {own.map((company) => (
        <MenuItem key={company.id} value={company.id}>
          <bdi>{company.company_name}</bdi>
        </MenuItem>
      ))}
    </TextField>
  );
}
