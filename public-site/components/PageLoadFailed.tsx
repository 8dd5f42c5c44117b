import { useI18n } from '../lib/use-i18n.ts';

export function PageLoadFailed() {
  const { m } = useI18n();
  return (
    <section class="page">
      <p class="message error" role="alert">
        {m.common.pageLoadFailed}
      </p>
      <button type="button" class="button" onClick={() => location.reload()}>
        {m.common.retry}
      </button>
    </section>
  );
}
