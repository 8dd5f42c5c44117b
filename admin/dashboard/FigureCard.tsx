// One figure of the dashboard as a card that opens where the figure is dealt with (a count, proofs waiting,
// text messages that failed). `alert` colours the card when the figure asks for someone's attention.
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link, useLocale, useTranslate } from 'react-admin';
import { formatNumber } from '../i18n/format.ts';

// Amber or red with white words (5.6:1 and 5.9:1); MUI's light tints carried them at 2:1.
const ALERT = {
  warning: { bgcolor: 'warning.main', color: 'warning.contrastText' },
  error: { bgcolor: 'error.main', color: 'error.contrastText' },
} as const;

export function FigureCard(props: {
  to: string;
  label: string;
  value: number;
  testId: string;
  alert?: keyof typeof ALERT | false;
}) {
  const translate = useTranslate();
  const locale = useLocale();
  return (
    <Card
      component={Link}
      to={props.to}
      sx={{
        display: 'block',
        textDecoration: 'none',
        height: '100%',
        ...(props.alert && ALERT[props.alert]),
      }}
    >
      <CardContent>
        <Typography color={props.alert ? 'inherit' : 'text.secondary'}>{translate(props.label)}</Typography>
        <Typography variant="h4" component="p" data-testid={props.testId}>
          {formatNumber(props.value, locale)}
        </Typography>
      </CardContent>
    </Card>
  );
}
