import { Article } from '../components/Article.tsx';
import { ContactDetails } from '../components/ContactDetails.tsx';
import { ContentPage } from '../components/ContentPage.tsx';

export default function PrivacyPolicy() {
  return (
    <ContentPage
      render={({ privacy, contactDetails }) => (
        <Article {...privacy}>
          <ContactDetails labels={contactDetails} />
        </Article>
      )}
    />
  );
}
