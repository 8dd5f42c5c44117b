import { useI18n } from '../lib/use-i18n.ts';
import { Icon } from './Icon.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';

interface Props {
  menuOpen: boolean;
  onToggleMenu: () => void;
}

export function Navbar({ menuOpen, onToggleMenu }: Props) {
  const { m } = useI18n();
  return (
    <header class="navbar">
      <button
        type="button"
        class="icon-button"
        aria-expanded={menuOpen ? 'true' : 'false'}
        aria-controls="site-menu"
        onClick={onToggleMenu}
      >
        <Icon name="menu" />
        <span class="visually-hidden">{m.nav.menu}</span>
      </button>
      <a href="/" class="brand">
        <Icon name="bus" />
        <span>{m.app.name}</span>
      </a>
      <LanguageSwitcher />
    </header>
  );
}
