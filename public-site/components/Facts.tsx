// Label/value pairs as a <dl>, each pair in its own <div> so that a pair never splits when the list wraps.
import type { ComponentChild, ComponentChildren } from 'preact';

/** A label, its value (text, or an element such as a code isolated in <bdi>), and optionally its class. */
export type Fact = [label: string, value: ComponentChild, valueClass?: string];

export function Facts(props: { rows: Fact[]; class: string; children?: ComponentChildren }) {
  return (
    <dl class={props.class}>
      {props.rows.map(([label, value, valueClass]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd class={valueClass}>{value}</dd>
        </div>
      ))}
      {props.children}
    </dl>
  );
}
