// Switches between English and Arabic; shows the other language's name, written in that language.
import TranslateIcon from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import type { Locale } from '../i18n/locale.ts';

interface LanguageSwitcherProps {
  locale: string;
  onChange: (locale: Locale) => void;
  translate: (key: string) => string;
  color?: 'inherit' | 'primary';
}

export function LanguageSwitcher({ locale, onChange, translate, color = 'inherit' }: LanguageSwitcherProps) {
  const other: Locale = locale === 'ar' ? 'en' : 'ar';
  return (
    <Button
      color={color}
      startIcon={<TranslateIcon />}
      onClick={() => onChange(other)}
      lang={other}
      title={translate('rihla.language.label')}
      data-testid="language-switcher"
    >
      {translate(`rihla.language.${other}`)}
    </Button>
  );
}
