import { CHECKIN_BASE } from '../../../shared/routes.ts';
import { useI18n } from '../lib/i18n.ts';

export function NotFound() {
  const { m } = useI18n();
  return (
    <section class="card">
      <p>{m.app.notFound}</p>
      <a href={CHECKIN_BASE}>{m.app.back}</a>
    </section>
  );
}
