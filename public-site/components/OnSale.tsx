// What is on sale, from the trips (not a fixed list of cities an empty install does not sell): one sentence
// per city and the cities it links, or, with nothing on sale, that plainly and the way to ask. Nothing while
// the routes arrive or when they cannot be fetched.
import { intlLocale } from '../../shared/i18n/lang.ts';
import { fill } from '../lib/i18n.ts';
import { linkedCities } from '../lib/linked-cities.ts';
import { useI18n } from '../lib/use-i18n.ts';
import { useRoutesOnSale } from '../lib/use-routes-on-sale.ts';

export function OnSale() {
  const { m, lang } = useI18n();
  const routes = useRoutesOnSale();
  if (!routes) return null;
  if (routes.length === 0) {
    return (
      <p class="on-sale">
        {m.home.nothingOnSale} <a href="/contact-us">{m.home.askAboutTrips}</a>
      </p>
    );
  }
  const list = new Intl.ListFormat(intlLocale(lang), { type: 'conjunction' });
  const sentences = linkedCities(routes, lang).map(({ hub, others }) =>
    others.length === 1
      ? fill(m.home.onSaleLinkOne, { hub, city: others[0]! })
      : fill(m.home.onSaleLinkMany, { hub, cities: list.format(others) }),
  );
  return <p class="on-sale">{sentences.join(' ')}</p>;
}
