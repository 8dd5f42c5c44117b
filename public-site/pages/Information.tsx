import { Article } from '../components/Article.tsx';
import { ContentPage } from '../components/ContentPage.tsx';

export default function Information() {
  return <ContentPage render={({ information }) => <Article {...information} />} />;
}
