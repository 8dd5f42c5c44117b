// The privacy policy; how to ask about one's details says "with the details below" only when the operator
// publishes some (OPERATOR_*), and points to the enquiries form otherwise.
import { Article } from '../components/Article.tsx';
import { ContactDetails } from '../components/ContactDetails.tsx';
import { ContentPage } from '../components/ContentPage.tsx';
import { useHasContactDetails } from '../lib/use-settings.ts';

export default function PrivacyPolicy() {
  const hasDetails = useHasContactDetails();
  return (
    <ContentPage
      render={({ privacy, contactDetails }) => (
        <Article {...privacy}>
          {hasDetails === true && <p>{privacy.ask.withDetails}</p>}
          {hasDetails === false && (
            <p>
              {privacy.ask.withoutDetails} <a href="/public-enquiries">{privacy.ask.form}</a>
            </p>
          )}
          <ContactDetails labels={contactDetails} />
        </Article>
      )}
    />
  );
}
