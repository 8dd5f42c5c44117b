// A sold seat's payment and boarding on the trip page: each in words with an icon and a colour (never colour
// alone), and the legend that names every state with how many seats are in it. The payment states are the
// booking's (shared/payments.ts) in the payments desk's words and colours; a counter sale says so. A cancelled
// booking's chips are outlined: still said (paid and cancelled is a refund owed), but not calling for action.
import BlockIcon from '@mui/icons-material/Block';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DirectionsBusIcon from '@mui/icons-material/DirectionsBus';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import PersonOffIcon from '@mui/icons-material/PersonOff';
import PointOfSaleIcon from '@mui/icons-material/PointOfSale';
import ScheduleIcon from '@mui/icons-material/Schedule';
import TimerOffIcon from '@mui/icons-material/TimerOff';
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import type { PaymentStatus } from '../../shared/payments.ts';
import type { PassengerRow } from '../data/dataProvider.ts';
import { formatDeadline, formatNumber } from '../i18n/format.ts';
import { PAYMENT_COLOURS } from '../payments/PaymentStatusChip.tsx';

/** A seat's payment: the booking's status, a paid counter sale apart. */
export type SeatPayment = PaymentStatus | 'counter';
export type SeatBoarding = 'boarded' | 'waiting' | 'no_show' | 'cancelled';

export const seatPayment = (row: PassengerRow): SeatPayment =>
  row.paymentStatus === 'verified' && row.verifiedVia === 'counter' ? 'counter' : row.paymentStatus;

export const seatBoarding = (row: PassengerRow): SeatBoarding =>
  row.isCancelled ? 'cancelled' : row.boardedAt ? 'boarded' : row.noShow ? 'no_show' : 'waiting';

interface Look {
  colour: ChipProps['color'];
  icon: ReactElement;
  label: string;
  outlined?: boolean;
}

const PAYMENT: Record<SeatPayment, Look> = {
  verified: {
    colour: PAYMENT_COLOURS.verified,
    icon: <CheckCircleIcon />,
    label: 'rihla.payments.status.verified',
  },
  counter: {
    colour: PAYMENT_COLOURS.verified,
    icon: <PointOfSaleIcon />,
    label: 'rihla.trips.paid_at_counter',
  },
  proof_submitted: {
    colour: PAYMENT_COLOURS.proof_submitted,
    icon: <HourglassTopIcon />,
    label: 'rihla.payments.status.proof_submitted',
  },
  awaiting_proof: {
    colour: PAYMENT_COLOURS.awaiting_proof,
    icon: <ScheduleIcon />,
    label: 'rihla.payments.status.awaiting_proof',
  },
  rejected: {
    colour: PAYMENT_COLOURS.rejected,
    icon: <BlockIcon />,
    label: 'rihla.payments.status.rejected',
  },
  expired: {
    colour: PAYMENT_COLOURS.expired,
    icon: <TimerOffIcon />,
    label: 'rihla.payments.status.expired',
    outlined: true,
  },
};

const BOARDING: Record<SeatBoarding, Look> = {
  boarded: { colour: 'success', icon: <DirectionsBusIcon />, label: 'rihla.trips.boarded_at' },
  waiting: {
    colour: 'default',
    icon: <RadioButtonUncheckedIcon />,
    label: 'rihla.trips.not_boarded',
    outlined: true,
  },
  no_show: { colour: 'error', icon: <PersonOffIcon />, label: 'rihla.trips.no_show', outlined: true },
  cancelled: { colour: 'error', icon: <CancelIcon />, label: 'rihla.bookings.cancelled' },
};

function StateChip({
  look,
  label,
  quiet,
  ...data
}: {
  look: Look;
  label: string;
  quiet?: boolean;
  [data: `data-${string}`]: string;
}) {
  return (
    <Chip
      component="span"
      size="small"
      color={look.colour}
      variant={look.outlined || quiet ? 'outlined' : 'filled'}
      icon={look.icon}
      label={label}
      // On one line where there is room; on a narrow screen long words wrap inside the chip.
      sx={{
        height: 'auto',
        minHeight: 24,
        '& .MuiChip-label': { whiteSpace: { xs: 'normal', md: 'nowrap' }, py: 0.25 },
      }}
      {...data}
    />
  );
}

export function SeatPaymentChip({ row }: { row: PassengerRow }) {
  const translate = useTranslate();
  const state = seatPayment(row);
  return (
    <StateChip
      look={PAYMENT[state]}
      label={translate(PAYMENT[state].label)}
      quiet={row.isCancelled}
      data-payment={state}
    />
  );
}

export function SeatBoardingChip({ row }: { row: PassengerRow }) {
  const translate = useTranslate();
  const locale = useLocale();
  const state = seatBoarding(row);
  const label =
    state === 'boarded'
      ? translate(BOARDING.boarded.label, {
          // The time alone, on Khartoum's clock (a trip boards on its day): "now" is the boarding itself.
          time: formatDeadline(row.boardedAt!, locale, new Date(row.boardedAt!)),
        })
      : translate(BOARDING[state].label);
  return <StateChip look={BOARDING[state]} label={label} data-boarding={state} />;
}

/** Every state the list shows, with its number of seats (a state no seat is in is left out). */
export function SeatLegend({ rows }: { rows: readonly PassengerRow[] }) {
  const translate = useTranslate();
  const locale = useLocale();
  const live = rows.filter((row) => !row.isCancelled);
  const group = <S extends string>(
    title: string,
    looks: Record<S, Look>,
    stateOf: (row: PassengerRow) => S,
    among: readonly PassengerRow[],
  ) => {
    const counts = new Map<S, number>();
    for (const row of among) counts.set(stateOf(row), (counts.get(stateOf(row)) ?? 0) + 1);
    const shown = (Object.keys(looks) as S[]).filter((state) => counts.has(state));
    if (!shown.length) return null;
    return (
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75 }}>
        <Typography variant="body2" component="span" sx={{ fontWeight: 500 }}>
          {translate(title)}
        </Typography>
        {shown.map((state) => (
          <StateChip
            key={state}
            look={looks[state]}
            label={translate('rihla.trips.legend_count', {
              state: translate(state === 'boarded' ? 'rihla.trips.boarded' : looks[state].label),
              count: formatNumber(counts.get(state)!, locale),
            })}
            data-legend={state}
          />
        ))}
      </Box>
    );
  };
  return (
    <Box
      data-testid="seat-legend"
      className="no-print"
      sx={{ display: 'flex', flexDirection: 'column', gap: 1, mb: 1.5 }}
    >
      {group('rihla.trips.payment', PAYMENT, seatPayment, live)}
      {group('rihla.trips.boarding', BOARDING, seatBoarding, rows)}
    </Box>
  );
}
