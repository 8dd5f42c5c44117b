// A city dropdown with a text filter (ARIA 1.2 combobox): type to narrow the list, arrows to move,
// Enter or a tap to choose, Escape to close. Shows each city in the page's language and finds it by its
// name in either language and by the other spellings people type (shared/city-search.ts: خرطوم, بورسودان, حلفا).
import { useId, useMemo, useState } from 'preact/hooks';
import { cityIs, cityMatches } from '../../shared/city-search.ts';
import { localName } from '../lib/format.ts';
import type { Lang } from '../lib/i18n.ts';
import { useI18n } from '../lib/use-i18n.ts';
import type { City } from '../lib/use-cities.ts';

interface Props {
  label: string;
  cities: City[];
  value: string;
  onChange: (id: string) => void;
}

const names = (city: City) => [city.name, city.nameAr];
const shownName = (city: City, lang: Lang) => localName(city.name, city.nameAr, lang);

export function CityPicker({ label, cities, value, onChange }: Props) {
  const { m, lang } = useI18n();
  const id = useId();
  const listId = `${id}-list`;
  const selected = cities.find((city) => city.id === value);
  const selectedName = selected ? shownName(selected, lang) : '';
  const [text, setText] = useState<string | null>(null); // null: show the selected city's name
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);

  const shown = text ?? selectedName;
  const matches = useMemo(() => {
    const collator = new Intl.Collator(lang);
    return cities
      .filter((city) => cityMatches(text ?? '', names(city)))
      .sort((a, b) => collator.compare(shownName(a, lang), shownName(b, lang)));
  }, [cities, text, lang]);

  const choose = (city: City) => {
    onChange(city.id);
    setText(null);
    setOpen(false);
  };

  const onInput = (event: Event) => {
    setText((event.currentTarget as HTMLInputElement).value);
    setOpen(true);
    setActive(0);
    if (value) onChange('');
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) return setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index + step + matches.length) % Math.max(matches.length, 1));
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      if (matches[active]) choose(matches[active]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  };

  const onBlur = () => {
    setOpen(false);
    // Typing a whole name and leaving the field counts as choosing it.
    const exact = text !== null && matches.find((city) => cityIs(text, names(city)));
    if (exact) choose(exact);
    else if (!value) setText(null);
  };

  const optionId = (index: number) => `${id}-option-${index}`;
  return (
    <div class="field combobox">
      <label for={id}>{label}</label>
      <input
        id={id}
        type="text"
        role="combobox"
        autocomplete="off"
        aria-autocomplete="list"
        aria-expanded={open ? 'true' : 'false'}
        aria-controls={listId}
        aria-activedescendant={open && matches[active] ? optionId(active) : undefined}
        placeholder={m.search.cityPlaceholder}
        value={shown}
        onInput={onInput}
        onKeyDown={onKeyDown}
        onClick={() => setOpen(true)}
        onBlur={onBlur}
      />
      <ul id={listId} role="listbox" aria-label={label} class="combobox-list" hidden={!open}>
        {matches.map((city, index) => (
          <li
            key={city.id}
            id={optionId(index)}
            role="option"
            aria-selected={city.id === value ? 'true' : 'false'}
            class={index === active ? 'active' : undefined}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(city)}
          >
            {shownName(city, lang)}
          </li>
        ))}
      </ul>
      {open && matches.length === 0 && (
        <p class="combobox-empty" role="status">
          {m.search.noCities}
        </p>
      )}
    </div>
  );
}
