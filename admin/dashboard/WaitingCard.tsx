// A dashboard card of work waiting for staff (payment proofs to check, disrupted bookings waiting for their
// traveller's choice): the count, linking to where it is done, amber while anything waits.
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link, useLocale, useTranslate } from 'react-admin';
import { formatNumber } from '../i18n/format.ts';

interface Props {
  to: string;
  label: string;
  count: number;
  testId: string;
}

export function WaitingCard({ to, label, count, testId }: Props) {
  const translate = useTranslate();
  const locale = useLocale();
  return (
    <Card
      component={Link}
      to={to}
      sx={{
        display: 'block',
        textDecoration: 'none',
        height: '100%',
        // Amber with white words (5.6:1) when something waits; MUI's light amber carried them at 2:1.
        ...(count > 0 && { bgcolor: 'warning.main', color: 'warning.contrastText' }),
      }}
    >
      <CardContent>
        <Typography color={count > 0 ? 'inherit' : 'text.secondary'}>{translate(label)}</Typography>
        <Typography variant="h4" component="p" data-testid={testId}>
          {formatNumber(count, locale)}
        </Typography>
      </CardContent>
    </Card>
  );
}
