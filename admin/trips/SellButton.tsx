// Opens the counter sale of the current trip (hidden once the trip is cancelled, and from roles that may not
// sell).
import PointOfSaleIcon from '@mui/icons-material/PointOfSale';
import { useRecordContext } from 'react-admin';
import { useCan } from '../auth/useCan.ts';
import { LinkButton } from '../common/LinkButton.tsx';
import { counterSalePath } from '../payments/paths.ts';

export function SellButton({ variant }: { variant?: 'text' | 'contained' }) {
  const trip = useRecordContext();
  const allowed = useCan('sales.counter');
  if (!trip || trip.isCancelled || !allowed) return null;
  return (
    <LinkButton
      to={counterSalePath(String(trip.id))}
      label="rihla.counter.sell"
      icon={<PointOfSaleIcon />}
      variant={variant}
    />
  );
}
