// A part of the back-office loaded on demand brings its words (i18nProvider.extend). Two screens of one part
// (a record's history, then the activity log) both wait for its words: the second once rendered raw keys
// ("rihla.activity.columns.changes") while the first's words were still loading on a slow machine.
import { describe, expect, it } from 'vitest';
import { createI18nProvider, type MessagesLoader } from '../../admin/i18n/i18nProvider.ts';

/** A part whose words arrive when `arrive` is called, as a slow chunk's would. */
function slowPart(words: object) {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const loader: MessagesLoader = () => arrived.then(() => words);
  return { loader, arrive };
}

const settled = async <T>(promise: Promise<T>) => {
  let done = false;
  void promise.then(() => (done = true));
  for (let i = 0; i < 20; i++) await Promise.resolve();
  return done;
};

describe('words of a part loaded on demand', () => {
  it('a second screen of the part waits for the words the first one asked for', async () => {
    const i18n = createI18nProvider('en');
    const part = slowPart({ rihla: { part: { title: 'Part title' } } });
    const first = i18n.extend(part.loader);
    const second = i18n.extend(part.loader);
    expect(await settled(second)).toBe(false);
    part.arrive();
    await Promise.all([first, second]);
    expect(i18n.translate('rihla.part.title')).toBe('Part title');
  });

  it('a slow part asked first does not drop the words of a part asked after it', async () => {
    const i18n = createI18nProvider('en');
    // Its first load is slow; asked again (the next rebuild) it answers at once, as a loaded chunk does.
    const words = { rihla: { slow: { title: 'Slow' } } };
    const first = slowPart(words);
    let asked = 0;
    const slow = {
      loader: ((locale) => (asked++ ? words : first.loader(locale))) as MessagesLoader,
      arrive: first.arrive,
    };
    const fast: MessagesLoader = () => ({ rihla: { fast: { title: 'Fast' } } });
    const slowDone = i18n.extend(slow.loader);
    const fastDone = i18n.extend(fast);
    await Promise.resolve();
    slow.arrive();
    await Promise.all([slowDone, fastDone]);
    expect(i18n.translate('rihla.fast.title')).toBe('Fast');
    expect(i18n.translate('rihla.slow.title')).toBe('Slow');
  });
});
