// Ticket ids, phone numbers, references and amounts keep their left-to-right order inside Arabic text.
import type { ReactNode } from 'react';

export function Ltr({ children }: { children: ReactNode }) {
  return <bdi dir="ltr">{children}</bdi>;
}

/** Where a sentence takes an element: translate(key, { id: SLOT }), then <Sentence> puts it there. */
export const SLOT = '\u0000';

export function Sentence({ text, children }: { text: string; children: ReactNode }) {
  const [before, after = ''] = text.split(SLOT);
  return (
    <>
      {before}
      {children}
      {after}
    </>
  );
}

/** An id inside a plain-text sentence (a notification): first-strong isolate, so it never reorders. */
export const isolated = (text: string) => `\u2068${text}\u2069`;
