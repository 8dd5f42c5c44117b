// How a document is named wherever another screen refers to it (list cells, select options, confirmations,
// page titles): its registry `representation` field, formatted by kind (a choice in words, a date as a
// date); buses and trips have richer labels written by hand.
import {
  SelectField,
  TextField,
  useLocale,
  useRecordContext,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { getResource, type ResourceDef, type ResourceName } from '../../shared/registry/index.ts';
import { BusLabel } from '../buses/BusLabel.tsx';
import { formatDay, formatMoney, formatTimestamp } from '../i18n/format.ts';
import { LocalNameField } from '../i18n/localName.tsx';
import { TripLabel } from '../trips/TripLabel.tsx';
import { DayField, MoneyField } from './fields/ValueFields.tsx';

/** Labels written by hand, per resource (a misspelt name fails tsc). */
const customLabels: Partial<Record<ResourceName, React.ComponentType>> = {
  buses: BusLabel,
  trips: TripLabel,
};

type Translate = (key: string, options?: any) => string;

export const choicesOf = (choices: readonly string[] | undefined) =>
  (choices ?? []).map((value) => ({ id: value, name: `rihla.choices.${value}` }));

export function RecordLabel({ resource }: { resource?: string }) {
  const fromContext = useResourceContext();
  const name = resource ?? fromContext ?? '';
  const Custom = customLabels[name as ResourceName];
  if (Custom) return <Custom />;
  const def = getResource(name);
  const field = def.fields[def.representation];
  if (field?.kind === 'money') return <MoneyField source={def.representation} />;
  if (field?.kind === 'date') return <DayField source={def.representation} />;
  if (field?.kind === 'choice' && !field.moreChoices)
    return <SelectField source={def.representation} choices={choicesOf(field.choices)} />;
  // A boarding time, an admin's own included, in words (the i18n provider words any time).
  if (field?.kind === 'choice') return <ChoiceText source={def.representation} />;
  // A city or a company: its Arabic name on Arabic screens, where it has one.
  if (`${def.representation}_ar` in def.fields) return <LocalNameField source={def.representation} />;
  return <TextField source={def.representation} />;
}

function ChoiceText({ source }: { source: string }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const value = record?.[source];
  return <>{value == null ? '' : translate(`rihla.choices.${value}`, { _: String(value) })}</>;
}

/** The same name as plain text (a page title), from the record's representation field. */
export function representationText(
  def: ResourceDef,
  record: Record<string, unknown>,
  translate: Translate,
  locale: string,
): string {
  const value = record[def.representation];
  if (value == null || value === '') return '';
  switch (def.fields[def.representation]?.kind) {
    case 'choice':
      return translate(`rihla.choices.${value}`, { _: String(value) });
    case 'date':
      return formatDay(String(value), locale);
    case 'timestamp':
      return formatTimestamp(String(value), locale);
    case 'money':
      return formatMoney(Number(value), locale, translate);
    default:
      return String(value);
  }
}

export function useRepresentationText(resource: string) {
  const translate = useTranslate();
  const locale = useLocale();
  return (record: Record<string, unknown>) =>
    representationText(getResource(resource), record, translate, locale);
}
