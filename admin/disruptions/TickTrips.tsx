// The trips list's bulk action: trips ticked in their rows open the Disruptions screen together
// (?tripIds=…), to be cancelled or delayed with a reason after a preview. The tick box is ours rather than
// react-admin's bulk selection, whose MUI 5 props MUI 9 would hand on to the page (see TextFieldRoot.tsx).
import EventBusyIcon from '@mui/icons-material/EventBusy';
import Checkbox from '@mui/material/Checkbox';
import Toolbar from '@mui/material/Toolbar';
import { Button, useListContext, useRecordContext, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { DISRUPTIONS_PATH } from '../../shared/routes.ts';

/** A row's tick box. */
export function TickTrip() {
  const trip = useRecordContext();
  const { selectedIds, onToggleItem } = useListContext();
  const translate = useTranslate();
  if (!trip) return null;
  return (
    <Checkbox
      size="small"
      checked={selectedIds.includes(trip.id)}
      onChange={() => onToggleItem(trip.id)}
      slotProps={{ input: { 'aria-label': translate('rihla.disruptions.tick') } }}
    />
  );
}

/** Above the list while trips are ticked: open them on the Disruptions screen. */
export function DisruptSelectedBar() {
  const { selectedIds, onUnselectItems } = useListContext();
  const navigate = useNavigate();
  const translate = useTranslate();
  if (selectedIds.length === 0) return null;
  return (
    <Toolbar variant="dense" sx={{ gap: 1, bgcolor: 'action.selected' }}>
      {translate('rihla.disruptions.ticked', { smart_count: selectedIds.length, count: selectedIds.length })}
      <Button
        label="rihla.disruptions.bulk"
        color="warning"
        variant="contained"
        onClick={() => {
          const tripIds = selectedIds.join(',');
          onUnselectItems();
          navigate(`${DISRUPTIONS_PATH}?${new URLSearchParams({ tripIds })}`);
        }}
      >
        <EventBusyIcon />
      </Button>
    </Toolbar>
  );
}
