// A sale at the counter (/trips/{id}/sell): staff pick up to three free seats on the bus, enter the passenger
// and how they paid (cash, Bankak, mobile money, other; the reference when there is one); the booking is paid
// at once and its ticket (PAID) downloads as ticket-<ticketId>.pdf. Seats taken meanwhile refresh the map.
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  HttpError,
  Link,
  Loading,
  Title,
  useDataProvider,
  useLocale,
  useNotify,
  useTranslate,
} from 'react-admin';
import { useParams } from 'react-router-dom';
import { bookingPaths, operationPath } from '../../shared/api-paths.ts';
import type { TripDocument } from '../../shared/contract/index.ts';
import { PAYMENT_METHODS } from '../../shared/payments.ts';
import { trips } from '../../shared/registry/index.ts';
import { MAX_SEATS_PER_BOOKING } from '../../shared/rules.ts';
import type { RihlaDataProvider } from '../data/dataProvider.ts';
import { useErrorMessage } from '../data/useErrorMessage.ts';
import { formatMoney } from '../i18n/format.ts';
import { isolated, Ltr } from '../payments/Ltr.tsx';
import type { CounterSaleAnswer } from '../payments/paymentsApi.ts';
import { paymentChange, usePaymentsApi } from '../payments/usePaymentsApi.ts';
import { emptySale, type SaleForm, saleBody, saleProblems } from './counterSaleForm.ts';
import { NoShiftAlert } from './NoShiftAlert.tsx';
import { SeatPicker } from './SeatPicker.tsx';
import { base64ToBlob, newSaleKey, saveFile, ticketFileName } from './ticketDownload.ts';
import { tripWords } from '../payments/tripWords.ts';
import { type Legs, legsPrice, StopsChoice } from '../stops/StopsChoice.tsx';

type Conflict = { code?: string; takenSeats?: number[] };

function Sold({ answer, onAnother }: { answer: CounterSaleAnswer; onAnother: () => void }) {
  const translate = useTranslate();
  const provider = useDataProvider<RihlaDataProvider>();
  const { booking } = answer;
  const again = useMutation({
    mutationFn: async () => {
      if (answer.pdfBlob) return base64ToBlob(answer.pdfBlob);
      const query = new URLSearchParams({ ticketId: booking.ticketId, phone: booking.passengerInfo.phone });
      return (await provider.request(`${bookingPaths.ticket()}?${query}`)).blob();
    },
    onSuccess: (blob) => saveFile(blob, ticketFileName(booking.ticketId)),
  });
  return (
    <Alert severity="success" data-testid="counter-sold" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
      <Typography sx={{ fontWeight: 600, mb: 1 }}>
        {translate('rihla.counter.sold', { id: isolated(booking.ticketId) })}
      </Typography>
      {!answer.pdfBlob && (
        <Typography variant="body2" sx={{ mb: 1 }}>
          {translate('rihla.counter.no_pdf')}
        </Typography>
      )}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="contained"
          startIcon={<DownloadIcon />}
          onClick={() => again.mutate()}
          disabled={again.isPending}
        >
          {translate('rihla.counter.download')}
        </Button>
        <Button variant="outlined" onClick={onAnother}>
          {translate('rihla.counter.another')}
        </Button>
        <Button component={Link} to={`/bookings/${encodeURIComponent(booking._id)}/show`}>
          {translate('rihla.counter.view_booking')}
        </Button>
      </Stack>
    </Alert>
  );
}

export default function CounterSale() {
  const { id = '' } = useParams();
  const provider = useDataProvider<RihlaDataProvider>();
  const api = usePaymentsApi();
  const translate = useTranslate();
  const locale = useLocale();
  const notify = useNotify();
  const errorMessage = useErrorMessage();
  const [form, setForm] = useState<SaleForm>(emptySale);
  const [key, setKey] = useState(newSaleKey);
  const [touched, setTouched] = useState(false);
  const [sold, setSold] = useState<CounterSaleAnswer>();
  // On a trip with stops, where the traveller boards and gets off (null: the trip's ends).
  const [legs, setLegs] = useState<Legs | null>(null);
  // Refused for want of an open shift: said on the form, with the way to open one.
  const [noShift, setNoShift] = useState(false);

  const tripKey = ['trips', 'sale', id, legs];
  const trip = useQuery({
    queryKey: tripKey,
    queryFn: async (): Promise<TripDocument> =>
      (
        await provider.request(
          operationPath(trips, 'one', id) +
            (legs ? `?boardingStop=${legs.boardingStop}&alightingStop=${legs.alightingStop}` : ''),
        )
      ).json(),
    placeholderData: (previous) => previous,
  });
  const fare = trip.data ? legsPrice(trip.data, legs) : undefined;
  const price = fare ?? 0;
  const problems = saleProblems(form);
  const problem = (name: keyof SaleForm) => {
    const found = touched ? problems[name] : undefined;
    return found ? translate(found[0], found[1]) : undefined;
  };

  const sell = useMutation({
    mutationFn: () => api.counterSale({ ...saleBody(form, id, price, key), ...(legs ?? {}) }),
    // The trips' too: this one's seats (shown again fresh) and their lists.
    meta: { invalidates: [...paymentChange.invalidates, ['trips']] },
    onSuccess: (answer) => {
      setNoShift(false);
      setSold(answer);
      if (answer.pdfBlob) saveFile(base64ToBlob(answer.pdfBlob), ticketFileName(answer.booking.ticketId));
    },
    onError: async (error) => {
      const body = (error instanceof HttpError ? error.body : undefined) as Conflict | undefined;
      setNoShift(body?.code === 'NO_OPEN_SHIFT');
      if (body?.code === 'NO_OPEN_SHIFT') return;
      notify(errorMessage(error, 'rihla.notices.create_failed', 'bookings'), {
        type: 'error',
        autoHideDuration: 8000,
      });
      if (
        body?.code === 'SEATS_TAKEN' ||
        body?.code === 'PRICE_CHANGED' ||
        body?.code === 'TRIP_UNAVAILABLE'
      ) {
        const fresh = await trip.refetch();
        const taken = new Set([...(body.takenSeats ?? []), ...(fresh.data?.bookedSeats ?? [])]);
        setForm((current) => ({ ...current, seats: current.seats.filter((seat) => !taken.has(seat)) }));
      }
    },
  });

  function set<K extends keyof SaleForm>(name: K, value: SaleForm[K]) {
    setForm((current) => ({ ...current, [name]: value }));
  }
  function toggle(seat: number) {
    set('seats', form.seats.includes(seat) ? form.seats.filter((s) => s !== seat) : [...form.seats, seat]);
  }
  function submit(event: React.FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(problems).length === 0 && !sell.isPending) sell.mutate();
  }
  function another() {
    setSold(undefined);
    setForm(emptySale());
    setKey(newSaleKey());
    setTouched(false);
    sell.reset();
  }

  const title = <Title title="rihla.counter.title" />;
  if (trip.isPending) return <Loading />;
  if (trip.isError)
    return (
      <>
        {title}
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorMessage(trip.error, 'rihla.counter.load_error')}
        </Alert>
      </>
    );
  const data = trip.data;
  const words = tripWords(data, translate, locale)!;
  // A pair of stops without a fare is not for sale.
  const closed = data.isCancelled || fare === undefined;
  const text = (name: 'firstName' | 'lastName' | 'phone' | 'email', extra: object = {}) => ({
    label: translate(
      `rihla.counter.${name === 'firstName' ? 'first_name' : name === 'lastName' ? 'last_name' : name}`,
    ),
    value: form[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => set(name, event.target.value),
    error: !!problem(name),
    helperText: problem(name),
    fullWidth: true,
    required: name !== 'email',
    name,
    disabled: closed || !!sold,
    ...extra,
  });

  return (
    <Box sx={{ mt: 1, pb: 4 }} component="form" noValidate onSubmit={submit} data-testid="counter-sale">
      {title}
      <Typography variant="h6" component="h1">
        {words.route}
      </Typography>
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ mb: 0.5, display: 'flex', flexWrap: 'wrap', columnGap: 1.5 }}
        data-testid="counter-trip"
      >
        {/* Each fact wraps as a whole ("Nile Express" never splits across lines). */}
        {[
          translate('rihla.payments.review.departure_value', words),
          <Ltr key="bus">{words.bus}</Ltr>,
          words.company,
          <bdi key="price">{formatMoney(price, locale, translate)}</bdi>,
        ].map((fact, i) => (
          <Box key={i} component="span" sx={{ whiteSpace: 'nowrap' }}>
            {fact}
          </Box>
        ))}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('rihla.counter.intro')}
      </Typography>
      <StopsChoice
        trip={data}
        legs={legs}
        onChange={(next) => {
          setLegs(next);
          set('seats', []);
        }}
        disabled={!!sold}
      />
      {closed && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate(data.isCancelled ? 'rihla.counter.trip_cancelled' : 'rihla.stops.not_for_sale')}
        </Alert>
      )}
      {sold && (
        <Box sx={{ mb: 2 }}>
          <Sold answer={sold} onAnother={another} />
        </Box>
      )}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 5 }}>
          <Paper sx={{ p: 2 }}>
            <Typography variant="subtitle1" component="h2">
              {translate('rihla.counter.seats')}
            </Typography>
            <Typography
              variant="body2"
              color={problem('seats') ? 'error' : 'text.secondary'}
              sx={{ mb: 1.5 }}
            >
              {problem('seats') ?? translate('rihla.counter.seats_help', { max: MAX_SEATS_PER_BOOKING })}
            </Typography>
            <SeatPicker
              seatCount={data.busId.bus_number_of_seats}
              taken={data.bookedSeats}
              selected={form.seats}
              max={MAX_SEATS_PER_BOOKING}
              disabled={closed || !!sold}
              onToggle={toggle}
            />
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Paper sx={{ p: 2 }}>
            <Typography variant="subtitle1" component="h2" gutterBottom>
              {translate('rihla.counter.passenger')}
            </Typography>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField {...text('firstName', { autoComplete: 'off' })} />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField {...text('lastName', { autoComplete: 'off' })} />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField
                  {...text('phone', {
                    type: 'tel',
                    slotProps: { htmlInput: { dir: 'ltr', inputMode: 'tel' } },
                  })}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField {...text('email', { type: 'email', slotProps: { htmlInput: { dir: 'ltr' } } })} />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField
                  select
                  fullWidth
                  name="language"
                  label={translate('rihla.counter.language')}
                  value={form.language}
                  onChange={(event) => set('language', event.target.value as SaleForm['language'])}
                  disabled={closed || !!sold}
                >
                  {(['ar', 'en'] as const).map((language) => (
                    <MenuItem key={language} value={language}>
                      {translate(`rihla.counter.languages.${language}`)}
                    </MenuItem>
                  ))}
                </TextField>
              </Grid>
            </Grid>
            <Typography variant="subtitle1" component="h2" sx={{ mt: 3, mb: 1 }}>
              {translate('rihla.counter.payment')}
            </Typography>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 5 }}>
                <TextField
                  select
                  fullWidth
                  name="paymentMethod"
                  label={translate('rihla.counter.method')}
                  value={form.method}
                  onChange={(event) => set('method', event.target.value as SaleForm['method'])}
                  disabled={closed || !!sold}
                >
                  {PAYMENT_METHODS.map((method) => (
                    <MenuItem key={method} value={method}>
                      {translate(`rihla.payments.method.${method}`)}
                    </MenuItem>
                  ))}
                </TextField>
              </Grid>
              <Grid size={{ xs: 12, sm: 7 }}>
                <TextField
                  fullWidth
                  name="paymentReference"
                  // Cash needs none; any other payment is found on the bank statement by it.
                  label={translate(
                    form.method === 'cash' ? 'rihla.counter.reference' : 'rihla.counter.reference_needed',
                  )}
                  required={form.method !== 'cash'}
                  value={form.reference}
                  onChange={(event) => set('reference', event.target.value)}
                  error={!!problem('reference')}
                  helperText={problem('reference')}
                  disabled={closed || !!sold}
                  slotProps={{ htmlInput: { dir: 'ltr', maxLength: 64 } }}
                />
              </Grid>
            </Grid>
            <Stack
              direction="row"
              sx={{ mt: 3, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2 }}
            >
              <Typography variant="h6" component="p" data-testid="counter-total">
                {translate('rihla.counter.total')}:{' '}
                <bdi>{formatMoney(price * form.seats.length, locale, translate)}</bdi>
              </Typography>
              <Button
                type="submit"
                variant="contained"
                size="large"
                disabled={closed || !!sold || sell.isPending}
              >
                {sell.isPending ? translate('rihla.counter.selling') : translate('rihla.counter.submit')}
              </Button>
            </Stack>
            {/* Beside the button just pressed: on a phone the top of the form is screens away. */}
            {noShift && !sold && <NoShiftAlert />}
          </Paper>
        </Grid>
      </Grid>
    </Box>
  );
}
