// Edits a booking's travellers: for each seat, the full name and an official ID (type and number, or none),
// checked with shared/boarding.ts's rules before anything is sent, the problem said beside the field. Saved
// with PATCH updatePassengers; a trip that has left refuses (TRIP_DEPARTED), said in the page's language.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { ID_TYPES, travellerProblem } from '../../shared/boarding.ts';
import type { RihlaDataProvider, SeatTraveller, TravellerInput } from '../data/dataProvider.ts';
import { useErrorMessage } from '../data/useErrorMessage.ts';
import { travellersKey } from './useTravellers.ts';

type Draft = { seat: number; fullName: string; idType: string; idNumber: string };
type Problem = NonNullable<ReturnType<typeof travellerProblem>>;

/** Which input a problem belongs beside. */
function problemField(problem: Problem, draft: Draft): keyof Draft {
  if (problem === 'name' || problem === 'nameTooLong') return 'fullName';
  if (problem === 'idNumber') return 'idNumber';
  return draft.idType ? 'idNumber' : 'idType';
}

interface TravellersDialogProps {
  bookingId: string;
  ticketId: string;
  seats: number[];
  travellers: SeatTraveller[];
  onClose: () => void;
}

export function TravellersDialog({ bookingId, ticketId, seats, travellers, onClose }: TravellersDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const errorMessage = useErrorMessage();
  const dataProvider = useDataProvider<RihlaDataProvider>();
  const queryClient = useQueryClient();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [drafts, setDrafts] = useState<Draft[]>(() =>
    [...seats]
      .sort((a, b) => a - b)
      .map((seat) => {
        const known = travellers.find((t) => t.seat === seat);
        return {
          seat,
          fullName: known?.fullName ?? '',
          idType: known?.idType ?? '',
          idNumber: known?.idNumber ?? '',
        };
      }),
  );
  const [checked, setChecked] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const problems = drafts.map((draft) => travellerProblem(draft));

  const { mutate, isPending } = useMutation({
    mutationFn: (passengers: TravellerInput[]) => dataProvider.updateTravellers(bookingId, passengers),
    onSuccess: (saved) => {
      queryClient.setQueryData(travellersKey(bookingId), saved);
      notify('rihla.travellers.saved', { type: 'success' });
      onClose();
    },
    onError: (error) => setFailure(errorMessage(error, 'rihla.notices.update_failed', 'bookings')),
  });

  const change = (index: number, field: keyof Draft, value: string) =>
    setDrafts((all) => all.map((draft, i) => (i === index ? { ...draft, [field]: value } : draft)));

  function save() {
    setChecked(true);
    setFailure(null);
    if (problems.some(Boolean)) return;
    mutate(
      drafts.map((draft) => ({
        seat: draft.seat,
        fullName: draft.fullName,
        idType: draft.idType || null,
        idNumber: draft.idNumber.trim() || null,
      })),
    );
  }

  const errorOf = (index: number, field: keyof Draft) => {
    const problem = problems[index];
    if (!checked || !problem || problemField(problem, drafts[index]) !== field) return undefined;
    return translate(`rihla.validation.travellers.${problem}`);
  };

  /** What every input of a traveller has: its label, value, change and problem. */
  const fieldOf = (index: number, field: Exclude<keyof Draft, 'seat'>, label: string) => {
    const problem = errorOf(index, field);
    return {
      label: translate(label),
      value: drafts[index][field],
      onChange: (event: { target: { value: string } }) => change(index, field, event.target.value),
      error: !!problem,
      helperText: problem,
      size: 'small' as const,
      fullWidth: true,
    };
  };

  return (
    <Dialog open onClose={isPending ? undefined : onClose} fullScreen={phone} fullWidth maxWidth="md">
      <DialogTitle>
        {translate('rihla.travellers.dialog_title')} <bdi dir="ltr">{ticketId}</bdi>
      </DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate('rihla.travellers.dialog_intro')}
        </Typography>
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        )}
        <Stack spacing={2}>
          {drafts.map((draft, index) => (
            <Box
              key={draft.seat}
              component="fieldset"
              data-testid={`traveller-${draft.seat}`}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, m: 0, p: 1.5, pt: 1 }}
            >
              <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
                {translate('rihla.travellers.seat')} <bdi>{draft.seat}</bdi>
              </Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
                <TextField
                  {...fieldOf(index, 'fullName', 'rihla.travellers.name')}
                  slotProps={{ htmlInput: { name: `fullName-${draft.seat}` } }}
                  sx={{ flex: 2 }}
                />
                <TextField
                  select
                  {...fieldOf(index, 'idType', 'rihla.travellers.id_type')}
                  slotProps={{ htmlInput: { name: `idType-${draft.seat}` } }}
                  sx={{ flex: 1.5 }}
                >
                  <MenuItem value="">{translate('rihla.travellers.no_id')}</MenuItem>
                  {ID_TYPES.map((type) => (
                    <MenuItem key={type} value={type}>
                      {translate(`rihla.travellers.id_types.${type}`)}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  {...fieldOf(index, 'idNumber', 'rihla.travellers.id_number')}
                  slotProps={{
                    htmlInput: { name: `idNumber-${draft.seat}`, dir: 'ltr', autoComplete: 'off' },
                  }}
                  sx={{ flex: 1.5 }}
                />
              </Stack>
            </Box>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isPending}>
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" onClick={save} disabled={isPending}>
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
