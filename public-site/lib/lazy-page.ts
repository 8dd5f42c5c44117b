// Code-split pages. A chunk that fails to arrive (a dropped mobile connection) shows a retry message
// instead of leaving the previous page on screen forever.
import type { AnyComponent } from 'preact';
import lazy from 'preact-iso/lazy';
import { PageLoadFailed } from '../components/PageLoadFailed.tsx';

export function lazyPage<Props>(load: () => Promise<{ default: AnyComponent<Props> }>) {
  return lazy(() => load().catch(() => ({ default: PageLoadFailed as AnyComponent<Props> })));
}
