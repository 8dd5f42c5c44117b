// Label/value pairs as a <dl>, each pair in its own <div> so that a pair never splits when the list wraps.
import type { ComponentChildren } from 'preact';

/** A label, its value, and optionally a class for the value (e.g. "price"). */
export type Fact = [label: string, value: string, valueClass?: string];

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
