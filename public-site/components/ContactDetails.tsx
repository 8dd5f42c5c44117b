// The operator's phone, e-mail and address; a detail the server leaves empty is not shown at all.
import { useOperatorContact } from '../lib/use-settings.ts';
import type { PublicContent } from '../../shared/i18n/public/content.en.ts';

export function ContactDetails({
  labels,
  heading = true,
}: {
  labels: PublicContent['contactDetails'];
  heading?: boolean;
}) {
  const operator = useOperatorContact();
  if (!operator || (!operator.phone && !operator.email && !operator.address)) return null;
  return (
    <section class="contact-details" aria-label={labels.title}>
      {heading && <h2>{labels.title}</h2>}
      <dl class="summary">
        {operator.phone && (
          <div>
            <dt>{labels.phone}</dt>
            <dd>
              <a href={`tel:${operator.phone.replace(/[^\d+]/g, '')}`} dir="ltr">
                {operator.phone}
              </a>
            </dd>
          </div>
        )}
        {operator.email && (
          <div>
            <dt>{labels.email}</dt>
            <dd>
              <a href={`mailto:${operator.email}`} dir="ltr">
                {operator.email}
              </a>
            </dd>
          </div>
        )}
        {operator.address && (
          <div>
            <dt>{labels.address}</dt>
            <dd class="address">{operator.address}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}
