// A modal dialog: labelled by its title, focus kept inside, Escape (when allowed) closes it.
import type { ComponentChildren } from 'preact';
import { useId, useRef } from 'preact/hooks';
import { useFocusTrap } from '../lib/use-focus-trap.ts';
import { Icon } from './Icon.tsx';

interface Props {
  title: string;
  /** Called on Escape and on the close button; omit it for a dialog that must not be dismissed (sending). */
  onClose?: () => void;
  closeLabel?: string;
  busy?: boolean;
  role?: 'dialog' | 'alertdialog';
  children: ComponentChildren;
}

export function Overlay({ title, onClose, closeLabel, busy, role = 'dialog', children }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useFocusTrap(ref, true, onClose);

  return (
    <div class="overlay">
      <div
        ref={ref}
        class="dialog"
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-busy={busy ? 'true' : undefined}
        tabIndex={-1}
      >
        <div class="dialog-head">
          <h2 id={titleId}>{title}</h2>
          {onClose && closeLabel && (
            <button type="button" class="icon-button" onClick={onClose} aria-label={closeLabel}>
              <Icon name="close" />
            </button>
          )}
        </div>
        {children}
      </div>
    </div>
  );
}
