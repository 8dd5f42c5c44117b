// A traveller's official ID as staff read it: its type in words and its number (isolated: a code reads left to
// right on an Arabic screen).
import { useTranslate } from 'react-admin';
import type { SeatTraveller } from '../data/dataProvider.ts';

export function IdTypeText({ traveller }: { traveller?: SeatTraveller }) {
  const translate = useTranslate();
  if (!traveller?.idType) return <>{translate('rihla.travellers.no_id')}</>;
  return <>{translate(`rihla.travellers.id_types.${traveller.idType}`)}</>;
}

export function IdNumberText({ traveller }: { traveller?: SeatTraveller }) {
  return traveller?.idNumber ? <bdi dir="ltr">{traveller.idNumber}</bdi> : null;
}
