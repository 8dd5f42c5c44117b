// One button naming the other language in that language (العربية / English).
import { useState } from 'preact/hooks';
import { useI18n } from '../lib/use-i18n.ts';

export function LanguageSwitcher() {
  const { lang, m, setLang } = useI18n();
  const [failed, setFailed] = useState(false);
  const other = lang === 'en' ? 'ar' : 'en';

  const onClick = () => {
    setFailed(false);
    setLang(other).catch(() => setFailed(true));
  };

  return (
    <>
      <button
        type="button"
        class="lang-switch"
        lang={other}
        aria-label={m.language.switchLabel}
        onClick={onClick}
      >
        {m.language.switchTo}
      </button>
      {failed && (
        <p class="toast" role="alert">
          {m.language.loadFailed}
        </p>
      )}
    </>
  );
}
