// Origin, destination and date. The only rule is the spec's: all three are required.
import { khartoumToday } from '../../shared/rules.ts';
import { useI18n } from '../lib/use-i18n.ts';
import type { Cities } from '../lib/use-cities.ts';
import type { SearchParams } from '../lib/use-trip-search.ts';
import { CityPicker } from './CityPicker.tsx';

interface Props {
  cities: Cities;
  value: SearchParams;
  onChange: (value: SearchParams) => void;
  onSearch: (value: SearchParams) => void;
  error: string;
  busy: boolean;
}

export function SearchForm({ cities, value, onChange, onSearch, error, busy }: Props) {
  const { m } = useI18n();
  const onSubmit = (event: Event) => {
    event.preventDefault();
    onSearch(value);
  };
  return (
    <form class="card search-form" onSubmit={onSubmit} aria-label={m.search.formLabel} noValidate>
      <CityPicker
        label={m.search.origin}
        cities={cities.origins}
        value={value.origin}
        onChange={(origin) => onChange({ ...value, origin })}
      />
      <CityPicker
        label={m.search.destination}
        cities={cities.destinations}
        value={value.destination}
        onChange={(destination) => onChange({ ...value, destination })}
      />
      <div class="field">
        <label for="search-date">{m.search.date}</label>
        <input
          id="search-date"
          type="date"
          min={khartoumToday()}
          value={value.date}
          onInput={(event) => onChange({ ...value, date: (event.currentTarget as HTMLInputElement).value })}
        />
      </div>
      {error && (
        <p class="message error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" class="button" disabled={busy}>
        {m.search.submit}
      </button>
    </form>
  );
}
