// The activity log's own words (shared/i18n/admin/activity.*.ts, loaded with its screens): Arabic has every
// English key with the same placeholders and is Arabic; every action the server records has words; they add
// to en.ts without replacing any of its strings; every key the screens name exists in both languages.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACTIVITY_ACTIONS } from '../../admin/activity/entries.ts';
import { activityAr } from '../../shared/i18n/admin/activity.ar.ts';
import { activityEn } from '../../shared/i18n/admin/activity.en.ts';
import { ar } from '../../shared/i18n/admin/ar.ts';
import { en } from '../../shared/i18n/admin/en.ts';
import { ADMIN, leaves, placeholders, sources, type Tree } from './helpers/messageTree.ts';

const enPart = leaves(activityEn as unknown as Tree);
const arPart = leaves(activityAr as unknown as Tree);
const enAll = new Map([...leaves(en as unknown as Tree), ...enPart]);
const arAll = new Map([...leaves(ar as unknown as Tree), ...arPart]);
describe('activity log messages', () => {
  it('Arabic has exactly the English keys, with the same placeholders, in Arabic', () => {
    expect([...arPart.keys()].sort()).toEqual([...enPart.keys()].sort());
    for (const [key, english] of enPart) {
      expect(placeholders(arPart.get(key)!), key).toEqual(placeholders(english));
      expect(arPart.get(key), key).not.toBe(english);
    }
  });

  it('name every action the server records', () => {
    for (const action of ACTIVITY_ACTIONS) {
      expect(enPart.get(`rihla.activity.actions.${action}`), action).toBeTruthy();
      expect(arPart.get(`rihla.activity.actions.${action}`), action).toBeTruthy();
    }
  });

  it('add keys to en.ts and ar.ts without replacing any', () => {
    const base = leaves(en as unknown as Tree);
    for (const key of enPart.keys()) expect(base.has(key), key).toBe(false);
  });

  it('name every key the screens use, in both languages', () => {
    const used = new Set<string>();
    for (const file of sources(ADMIN))
      for (const match of fs
        .readFileSync(file, 'utf8')
        .matchAll(/['"`](rihla\.(?:activity|access|account|travellers|users)\.[\w.]+)['"`]/g))
        used.add(match[1]);
    expect(used.size).toBeGreaterThan(20);
    // A key may name a group of words whose members the screen picks at run time (`${prefix}.${field}`).
    const named = (all: Map<string, string>, key: string) =>
      Boolean(all.get(key)) || [...all.keys()].some((leaf) => leaf.startsWith(`${key}.`));
    for (const key of used) {
      expect(named(enAll, key), key).toBe(true);
      expect(named(arAll, key), key).toBe(true);
    }
  });

  it('name every change a hand-written entry records (a disruption, a timetable’s trips), in both languages', () => {
    const recorded = new Set<string>();
    for (const file of sources(path.resolve(ADMIN, '../server')))
      for (const block of fs.readFileSync(file, 'utf8').matchAll(/auditChanges = \{([^}]*)\}/g))
        for (const key of block[1].matchAll(/^\s*(\w+):/gm)) recorded.add(key[1]);
    expect(recorded).toContain('trips_created');
    const named = (all: Map<string, string>, field: string) =>
      [...all.keys()].some(
        (key) =>
          key === `rihla.activity.changes.${field}` ||
          key === `rihla.activity.statement.${field}` ||
          key === `rihla.activity.message.${field}` ||
          (/^resources\.\w+\.fields\./.test(key) && key.endsWith(`.fields.${field}`)),
      );
    for (const field of recorded) {
      expect(named(enAll, field), field).toBe(true);
      expect(named(arAll, field), field).toBe(true);
    }
  });
});
