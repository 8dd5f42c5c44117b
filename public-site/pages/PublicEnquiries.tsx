// Public enquiries form: first name, last name, phone, message (registry entry `enquiries`).
import { enquiries } from '../../shared/registry/resources.ts';
import { ContentPage } from '../components/ContentPage.tsx';
import { RegistryForm } from '../components/RegistryForm.tsx';

export default function PublicEnquiries() {
  return (
    <ContentPage
      render={({ enquiry }) => (
        <section class="page">
          <h1>{enquiry.title}</h1>
          <p class="lead">{enquiry.intro}</p>
          <RegistryForm
            resource={enquiries}
            sections={[{ fields: ['first_name', 'last_name', 'phone', 'message'] }]}
            labels={enquiry.fields}
            sentMessage={enquiry.sent}
          />
        </section>
      )}
    />
  );
}
