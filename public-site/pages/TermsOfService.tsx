import { Article } from '../components/Article.tsx';
import { ContactDetails } from '../components/ContactDetails.tsx';
import { ContentPage } from '../components/ContentPage.tsx';

export default function TermsOfService() {
  return (
    <ContentPage
      render={({ terms, contactDetails }) => (
        <Article {...terms}>
          <ContactDetails labels={contactDetails} />
        </Article>
      )}
    />
  );
}
