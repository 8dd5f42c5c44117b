// The one map from a registry field kind to the components that show it (lists, detail pages), edit it
// (create and edit forms) and filter lists by it. Every generated screen is assembled from this map.
import type { ComponentType, ReactElement, ReactNode } from 'react';
import {
  BooleanInput,
  DateInput,
  EmailField,
  NullableBooleanInput,
  NumberField,
  NumberInput,
  PasswordInput,
  ReferenceInput,
  SelectField,
  SelectInput,
  TextInput,
  useFieldValue,
  useTranslate,
} from 'react-admin';
import { fieldLabelKey, type FieldDef, type FieldKind, getResource } from '../../shared/registry/index.ts';
import { RefField } from './fields/RefField.tsx';
import { ProtectedImageField } from './fields/ProtectedImageField.tsx';
import { StatusField } from '../common/StatusChip.tsx';
import {
  CodeOrTextField,
  DayField,
  KhartoumTimeLabel,
  LongTextField,
  MoneyField,
  PassengerField,
  SeatsField,
  TimestampField,
} from './fields/ValueFields.tsx';
import { RecordLabel } from './RecordLabel.tsx';
import { liveStatusOf } from './screenConfig.ts';
import { useBoardingTimes } from '../common/useBoardingTimes.ts';
import { DateListField, DateListInput, WeekdaysField, WeekdaysInput } from './fields/ListFields.tsx';
import { FaresField, StopsField } from '../stops/StopsFields.tsx';
import { FaresInput } from '../stops/FaresInput.tsx';
import { StopsInput } from '../stops/StopsInput.tsx';

export interface KindProps {
  source: string;
  field: FieldDef;
  resource: string;
  /** In a list row: keep it short. */
  preview?: boolean;
}

interface KindEntry {
  Field?: ComponentType<KindProps>;
  Input?: ComponentType<KindProps>;
  /** List filters for a field of this kind. */
  filters?: (props: KindProps) => ReactElement[];
  /** False when the server cannot sort by it (no column of its own). */
  sortable?: boolean;
}

const asChoices = (values: readonly string[]) =>
  values.map((value) => ({ id: value, name: `rihla.choices.${value}` }));

/** A field's choices; boarding times are the ones offered now (Settings). */
function useChoices(field: FieldDef) {
  const boardingTimes = useBoardingTimes();
  return asChoices(field.moreChoices === 'boardingTimes' ? boardingTimes : (field.choices ?? []));
}

function ChoiceField({ source, field }: KindProps) {
  return <SelectField source={source} choices={useChoices(field)} />;
}

function RangeLabel({ resource, source, bound }: { resource: string; source: string; bound: 'from' | 'to' }) {
  const translate = useTranslate();
  return <>{translate(`rihla.filters.${bound}`, { field: translate(fieldLabelKey(resource, source)) })}</>;
}
const rangeFilters = ({ source, resource }: KindProps) => [
  <DateInput
    key={`${source}_gte`}
    source={`${source}_gte`}
    label={<RangeLabel resource={resource} source={source} bound="from" />}
  />,
  <DateInput
    key={`${source}_lte`}
    source={`${source}_lte`}
    label={<RangeLabel resource={resource} source={source} bound="to" />}
  />,
];

function ReferenceSelect({ source, field }: KindProps) {
  const target = getResource(field.ref!);
  return (
    <ReferenceInput source={source} reference={target.name} perPage={500} sort={target.defaultSort}>
      <SelectInput optionText={<RecordLabel resource={target.name} />} fullWidth />
    </ReferenceInput>
  );
}
const STATUS_CHOICES = [
  { id: 'false', name: 'rihla.ui.status.active' },
  { id: 'true', name: 'rihla.ui.status.cancelled' },
];

/**
 * A yes/no field in words: a record's cancellation as its status chip ("Cancelled" / "Active"), anything else
 * "Yes" / "No". A cross beside a "Cancelled" label read as "not cancelled".
 */
function BooleanWords({ source, resource }: KindProps) {
  const value = useFieldValue({ source });
  const translate = useTranslate();
  if (source === 'isCancelled') return <StatusField source={source} active={liveStatusOf(resource)} />;
  if (value == null) return null;
  return <>{translate(value ? 'rihla.ui.status.yes' : 'rihla.ui.status.no')}</>;
}

function ChoiceSelect({ source, field }: KindProps) {
  return <SelectInput source={source} choices={useChoices(field)} fullWidth />;
}

export const kinds: Record<FieldKind, KindEntry> = {
  text: {
    Field: ({ source }) => <CodeOrTextField source={source} />,
    Input: ({ source }) => <TextInput source={source} fullWidth />,
  },
  longtext: {
    Field: ({ source, preview }) => <LongTextField source={source} preview={preview} />,
    Input: ({ source }) => <TextInput source={source} multiline minRows={4} fullWidth />,
  },
  email: {
    Field: ({ source }) => <EmailField source={source} />,
    Input: ({ source }) => <TextInput source={source} type="email" fullWidth />,
  },
  phone: {
    Field: ({ source }) => <CodeOrTextField source={source} />,
    Input: ({ source }) => <TextInput source={source} type="tel" fullWidth />,
  },
  integer: {
    Field: ({ source }) => <NumberField source={source} />,
    Input: ({ source, field }) => (
      <NumberInput source={source} step={1} min={field.min} max={field.max} fullWidth />
    ),
  },
  money: {
    Field: ({ source }) => <MoneyField source={source} />,
    Input: ({ source }) => <NumberInput source={source} min={0} fullWidth />,
  },
  date: {
    Field: ({ source }) => <DayField source={source} />,
    Input: ({ source }) => <DateInput source={source} fullWidth />,
    filters: rangeFilters,
  },
  choice: {
    Field: ChoiceField,
    Input: ChoiceSelect,
    filters: (props) => [<ChoiceSelect key={props.source} {...props} />],
  },
  reference: {
    Field: ({ source, field }) => <RefField source={source} reference={field.ref!} />,
    Input: ReferenceSelect,
    filters: (props) => [<ReferenceSelect key={props.source} {...props} />],
    sortable: false, // by _id: it would group, not order, the rows
  },
  password: {
    Input: ({ source }) => <PasswordInput source={source} fullWidth />,
  },
  boolean: {
    Field: BooleanWords,
    Input: ({ source }) => <BooleanInput source={source} />,
    filters: ({ source }) => [
      source === 'isCancelled' ? (
        <SelectInput key={source} source={source} choices={STATUS_CHOICES} label="rihla.ui.status.label" />
      ) : (
        <NullableBooleanInput key={source} source={source} />
      ),
    ],
  },
  timestamp: {
    Field: ({ source }) => <TimestampField source={source} />,
    filters: rangeFilters,
  },
  seats: { Field: ({ source }) => <SeatsField source={source} />, sortable: false },
  passenger: { Field: ({ source }) => <PassengerField source={source} />, sortable: false },
  priceList: { Field: ({ source }) => <MoneyField source={source} />, sortable: false },
  image: { Field: ({ source }) => <ProtectedImageField source={source} />, sortable: false },
  weekdays: { Field: WeekdaysField, Input: WeekdaysInput, sortable: false },
  dateList: { Field: DateListField, Input: DateListInput, sortable: false },
  // A route's stops and fares (issue 23, admin/stops/).
  stops: { Field: StopsField, Input: StopsInput, sortable: false },
  fares: { Field: FaresField, Input: FaresInput, sortable: false },
};

/**
 * The label a column or a detail line gives a field where it is not the registry's own: a time's says it is
 * Khartoum's (every time staff see is), once, in the header rather than beside each value.
 */
export const kindLabel = ({ source, field, resource }: KindProps) =>
  field.kind === 'timestamp' ? <KhartoumTimeLabel label={fieldLabelKey(resource, source)} /> : undefined;

/** A field of a record, shown through the kind map (a list cell or a detail line). */
export function KindField(props: KindProps & { label?: ReactNode; sortable?: boolean; sortBy?: string }) {
  const Field = kinds[props.field.kind].Field;
  return Field ? <Field {...props} /> : null;
}

/** An input of a form, through the kind map. */
export function KindInput(props: KindProps) {
  const Input = kinds[props.field.kind].Input;
  return Input ? <Input {...props} /> : null;
}

export const isSortable = (field: FieldDef) => !field.computed && kinds[field.kind].sortable !== false;
