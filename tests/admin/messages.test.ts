// The back-office's messages: Arabic has every key of English (react-admin's own and ours) with the same
// %{placeholders}; every registry resource and field has a label; the validation words are the registry's.
import englishMessages from 'ra-language-english';
import { describe, expect, it } from 'vitest';
import { withFallback } from '../../admin/i18n/i18nProvider.ts';
import { ar } from '../../shared/i18n/admin/ar.ts';
import { en } from '../../shared/i18n/admin/en.ts';
import { fieldMessages, resources } from '../../shared/registry/index.ts';
import { leaves, placeholders, type Tree } from './helpers/messageTree.ts';

const lookup = (tree: Tree, path: string) =>
  path
    .split('.')
    .reduce<Tree | string | undefined>(
      (node, key) => (typeof node === 'object' ? node[key] : undefined),
      tree,
    );

const enLeaves = leaves(en as unknown as Tree);
const arLeaves = leaves(ar as unknown as Tree);

describe('Arabic messages', () => {
  it('cover every English key, react-admin’s included, and no other', () => {
    expect([...arLeaves.keys()].sort()).toEqual([...enLeaves.keys()].sort());
    for (const key of leaves(englishMessages as unknown as Tree).keys())
      expect(arLeaves.has(key), key).toBe(true);
  });

  it('keep the placeholders of each English string', () => {
    for (const [key, english] of enLeaves)
      expect(placeholders(arLeaves.get(key)!), key).toEqual(placeholders(english));
  });

  it('are Arabic, except names that stay as written', () => {
    const untranslated = [...arLeaves].filter(([key, text]) => text.trim() && text === enLeaves.get(key));
    // ra.page.edit and ra.page.show isolate the record's name in Arabic (a date keeps its order).
    expect(untranslated.map(([key]) => key).sort()).toEqual([
      'ra.page.list',
      // Only placeholders: a leg's towns and its seats sold, each already in the page's language.
      'rihla.analytics.leg',
      'rihla.buses.label',
      'rihla.errors.in_use_item',
      'rihla.language.ar',
      'rihla.language.en',
      // Only placeholders: a seat state's name and its count, each already in the page's language.
      'rihla.trips.legend_count',
      'rihla.trips.seats_value',
    ]);
  });

  it('give plural strings Polyglot’s six Arabic forms', () => {
    for (const [key, english] of enLeaves)
      if (english.includes('||||')) expect(arLeaves.get(key)!.split('||||'), key).toHaveLength(6);
  });

  it('fall back to English for a missing string', () => {
    const merged = withFallback({ a: { b: 'English', c: 'Also English' } }, { a: { b: 'عربي' } });
    expect(merged).toEqual({ a: { b: 'عربي', c: 'Also English' } });
  });
});

describe('labels from the registry', () => {
  it('name every resource and every field, in both languages', () => {
    for (const def of resources) {
      expect(enLeaves.get(`resources.${def.name}.name`), def.name).toMatch(/\|\|\|\|/);
      for (const field of Object.keys(def.fields)) {
        expect(enLeaves.get(`resources.${def.name}.fields.${field}`), `${def.name}.${field}`).toBeTruthy();
        expect(arLeaves.get(`resources.${def.name}.fields.${field}`), `${def.name}.${field}`).toBeTruthy();
      }
      for (const notice of ['created', 'updated', 'deleted'])
        expect(enLeaves.get(`resources.${def.name}.notifications.${notice}`), def.name).toBeTruthy();
      expect(enLeaves.get(`rihla.delete.confirm.${def.name}`)).toMatch(
        /^Are you sure you want to permanently delete this /,
      );
      expect(enLeaves.get(`rihla.delete.failure.${def.name}`)).toBeTruthy();
    }
  });

  it('list no resource the registry does not have', () => {
    expect(Object.keys(lookup(en as unknown as Tree, 'resources') as Tree).sort()).toEqual(
      resources.map((d) => d.name).sort(),
    );
  });
});

describe('the spec’s words', () => {
  it('validation messages are the registry’s', () => {
    for (const def of resources) {
      expect(enLeaves.get(`rihla.validation.${def.name}.create`)).toBe(def.messages.create);
      expect(enLeaves.get(`rihla.validation.${def.name}.update`)).toBe(def.messages.update);
    }
    const field = (key: string) => enLeaves.get(`rihla.validation.fields.${key}`)!;
    expect(field('email')).toBe(fieldMessages.email);
    expect(field('phone')).toBe(fieldMessages.phone);
    expect(field('date')).toBe(fieldMessages.date);
    expect(field('money')).toBe(fieldMessages.money);
    expect(field('password')).toBe(fieldMessages.password);
    expect(field('integer').replace('%{min}', '1').replace('%{max}', '100')).toBe(
      fieldMessages.integer(1, 100),
    );
    expect(field('too_long').replace('%{max}', '200')).toBe(fieldMessages.tooLong(200));
  });

  it('has the notices word for word: deleting (asked, done, failed), created, login, failures, cancelled', () => {
    expect(enLeaves.get('resources.companies.notifications.deleted')).toBe(
      'Company has been successfully deleted.',
    );
    expect(enLeaves.get('rihla.delete.failure.companies')).toBe(
      'An error occurred while deleting the company. Please try again.',
    );
    expect(enLeaves.get('rihla.delete.confirm.buses')).toBe(
      'Are you sure you want to permanently delete this bus?',
    );
    expect(enLeaves.get('rihla.delete.failure.trips')).toBe(
      'Something went wrong while deleting the trip. Please try again.',
    );
    expect(enLeaves.get('resources.reports.notifications.created')).toBe(
      'Report has been successfully created.',
    );
    expect(enLeaves.get('rihla.login.fix_errors')).toBe('Please fix the errors before submitting.');
    expect(enLeaves.get('rihla.login.unexpected')).toBe('An unexpected error occurred.');
    expect(enLeaves.get('rihla.notices.trip_create_failed')).toBe('Failed to create trip. Please try again.');
    expect(enLeaves.get('rihla.bookings.cancel_success')).toBe(
      'Booking %{id} has been successfully canceled.',
    );
  });
});
