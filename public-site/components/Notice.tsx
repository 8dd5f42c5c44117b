// A message the traveller may close (the note on the search page, the no-trips message).
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { useI18n } from '../lib/use-i18n.ts';
import { Icon } from './Icon.tsx';

interface Props {
  tone?: 'info' | 'warning';
  role?: 'note' | 'status' | 'alert';
  children: ComponentChildren;
  onDismiss?: () => void;
}

export function Notice({ tone = 'info', role = 'note', children, onDismiss }: Props) {
  const { m } = useI18n();
  const [open, setOpen] = useState(true);
  if (!open) return null;
  const dismiss = () => {
    setOpen(false);
    onDismiss?.();
  };
  return (
    <div class={`notice ${tone}`} role={role}>
      <div class="notice-body">{children}</div>
      <button type="button" class="icon-button" onClick={dismiss}>
        <Icon name="close" />
        <span class="visually-hidden">{m.common.dismiss}</span>
      </button>
    </div>
  );
}
