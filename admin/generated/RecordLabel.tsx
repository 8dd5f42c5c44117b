// How a document is named wherever another screen refers to it (list cells, select options): its registry
// `representation` field, formatted by kind; buses and trips have richer labels written by hand.
import { TextField, useResourceContext } from 'react-admin';
import { getResource } from '../../shared/registry/index.ts';
import { BusLabel } from '../buses/BusLabel.tsx';
import { TripLabel } from '../trips/TripLabel.tsx';
import { DayField, MoneyField } from './fields/ValueFields.tsx';

const customLabels: Record<string, React.ComponentType> = { buses: BusLabel, trips: TripLabel };

export function RecordLabel({ resource }: { resource?: string }) {
  const fromContext = useResourceContext();
  const name = resource ?? fromContext ?? '';
  const Custom = customLabels[name];
  if (Custom) return <Custom />;
  const def = getResource(name);
  const kind = def.fields[def.representation]?.kind;
  if (kind === 'money') return <MoneyField source={def.representation} />;
  if (kind === 'date') return <DayField source={def.representation} />;
  return <TextField source={def.representation} />;
}
