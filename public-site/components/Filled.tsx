// A message whose {name} placeholders are filled with text or elements, so that a time, an amount or a code
// can sit in its own <bdi> inside an Arabic sentence (fill() in lib/i18n.ts gives plain text).
import type { ComponentChild } from 'preact';

export function Filled({ text, values }: { text: string; values: Record<string, ComponentChild> }) {
  return <>{text.split(/\{(\w+)\}/).map((part, i) => (i % 2 ? (values[part] ?? `{${part}}`) : part))}</>;
}

/** Numbers, codes and times read left to right in both languages. */
export function Ltr({ children }: { children: ComponentChild }) {
  return <bdi dir="ltr">{children}</bdi>;
}
