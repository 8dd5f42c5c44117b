// The frame around every page: skip link, navbar, drawer, and the main region that takes focus after
// each navigation so that screen readers start reading the new page.
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { useLocation } from 'preact-iso/router';
import { useI18n } from '../lib/use-i18n.ts';
import { usePageTitle } from '../lib/use-page-title.ts';
import { Navbar } from './Navbar.tsx';
import { Sidebar } from './Sidebar.tsx';

export function Layout({ children }: { children: ComponentChildren }) {
  const { m } = useI18n();
  const { path } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const mainRef = useRef<HTMLElement>(null);
  const firstPath = useRef(path);
  usePageTitle(path);

  useEffect(() => {
    if (path === firstPath.current) return;
    firstPath.current = '';
    mainRef.current?.focus();
    window.scrollTo(0, 0);
  }, [path]);

  return (
    <>
      <a href="#main" class="skip-link">
        {m.app.skipToContent}
      </a>
      <Navbar menuOpen={menuOpen} onToggleMenu={() => setMenuOpen((open) => !open)} />
      <Sidebar open={menuOpen} onClose={() => setMenuOpen(false)} />
      <main id="main" ref={mainRef} tabIndex={-1}>
        {children}
      </main>
    </>
  );
}
