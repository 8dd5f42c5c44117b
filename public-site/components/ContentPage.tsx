// Shows a spinner until the page texts have arrived, then renders the page with them.
import type { ComponentChildren } from 'preact';
import type { PublicContent } from '../../shared/i18n/public/content.en.ts';
import { useContent } from '../lib/use-content.ts';
import { useI18n } from '../lib/use-i18n.ts';
import { Spinner } from './Spinner.tsx';

export function ContentPage({ render }: { render: (content: PublicContent) => ComponentChildren }) {
  const { m } = useI18n();
  const content = useContent();
  if (!content) {
    return (
      <section class="page">
        <Spinner label={m.common.loading} />
      </section>
    );
  }
  return <>{render(content)}</>;
}
