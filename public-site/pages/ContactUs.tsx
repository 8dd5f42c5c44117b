// Contact us: the two forms, the customer-service and public-enquiries blocks, the
// opening hours, and the operator's phone, e-mail and address from the server's configuration. Without
// them (OPERATOR_* unset) customer service sends travellers to the enquiries form instead of promising them.
import { ContactDetails } from '../components/ContactDetails.tsx';
import { ContentPage } from '../components/ContentPage.tsx';
import { useHasContactDetails } from '../lib/use-settings.ts';

export default function ContactUs() {
  const hasDetails = useHasContactDetails();
  return (
    <ContentPage
      render={({ contact, contactDetails }) => (
        <article class="page prose">
          <h1>{contact.title}</h1>
          <p class="lead">{contact.intro}</p>
          <section class="card">
            <h2>{contact.customerService.title}</h2>
            {hasDetails !== undefined && (
              <p>{hasDetails ? contact.customerService.text : contact.customerService.noDetails}</p>
            )}
            <ContactDetails labels={contactDetails} heading={false} />
          </section>
          <section class="card">
            <h2>{contact.enquiries.title}</h2>
            <p>{contact.enquiries.text}</p>
            <h3>{contact.formsTitle}</h3>
            <ul class="link-list">
              <li>
                <a href="/public-enquiries">{contact.generalForm}</a>
              </li>
              <li>
                <a href="/lost-item-report">{contact.lostItemsForm}</a>
              </li>
            </ul>
          </section>
          <section class="card">
            <h2>{contact.hoursTitle}</h2>
            <p>{contact.hours}</p>
            <p class="hint">{contact.online}</p>
          </section>
        </article>
      )}
    />
  );
}
