// The trips list's bulk action: the ticked trips open the Disruptions screen (?tripIds=…), to cancel or delay
// them with a reason after a preview.
import EventBusyIcon from '@mui/icons-material/EventBusy';
import { Button, useListContext } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { DISRUPTIONS_PATH } from '../../shared/routes.ts';

export function DisruptSelectedButton() {
  const { selectedIds } = useListContext();
  const navigate = useNavigate();
  return (
    <Button
      label="rihla.disruptions.bulk"
      color="warning"
      onClick={() =>
        navigate(`${DISRUPTIONS_PATH}?${new URLSearchParams({ tripIds: selectedIds.join(',') })}`)
      }
    >
      <EventBusyIcon />
    </Button>
  );
}
