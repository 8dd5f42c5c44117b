import { useI18n } from '../lib/use-i18n.ts';

export default function NotFound() {
  const { m } = useI18n();
  return (
    <section class="page not-found">
      <h1>{m.notFound.title}</h1>
      <p>{m.notFound.text}</p>
      <a class="button" href="/">
        {m.notFound.goBack}
      </a>
    </section>
  );
}
