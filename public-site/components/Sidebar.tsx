// The public sidebar: a drawer that slides in from the start edge.
import { useRef } from 'preact/hooks';
import { useLocation } from 'preact-iso/router';
import { useFocusTrap } from '../lib/use-focus-trap.ts';
import { useI18n } from '../lib/use-i18n.ts';
import type { PublicMessages } from '../lib/i18n.ts';
import { Icon } from './Icon.tsx';

const LINKS: [string, keyof PublicMessages['nav']][] = [
  ['/', 'home'],
  ['/create-booking', 'createBooking'],
  ['/cancel-reservation', 'cancelReservation'],
  ['/my-tickets', 'myTickets'],
  ['/information', 'information'],
  ['/contact-us', 'contactUs'],
  ['/login', 'login'],
  ['/terms-of-service', 'terms'],
  ['/privacy-policy', 'privacy'],
];

interface Props {
  open: boolean;
  onClose: () => void;
}

export function Sidebar({ open, onClose }: Props) {
  const { m } = useI18n();
  const { path } = useLocation();
  const ref = useRef<HTMLDivElement>(null);
  useFocusTrap(ref, open, onClose);

  return (
    <div class={open ? 'drawer-layer open' : 'drawer-layer'}>
      <div class="drawer-backdrop" onClick={onClose} />
      <div ref={ref} id="site-menu" class="drawer" inert={!open} aria-hidden={open ? undefined : 'true'}>
        <button type="button" class="icon-button drawer-close" onClick={onClose}>
          <Icon name="close" />
          <span class="visually-hidden">{m.nav.closeMenu}</span>
        </button>
        <nav aria-label={m.nav.label}>
          <ul>
            {LINKS.map(([href, key]) => (
              <li key={href}>
                <a href={href} aria-current={path === href ? 'page' : undefined} onClick={onClose}>
                  {m.nav[key]}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}
