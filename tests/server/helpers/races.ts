// Races written as tests: a write committed at the last moment before a transaction takes its locks, as another
// staff member or another API node would.
import type { Db } from '../../../server/db/schema.ts';

/**
 * `db` with `work` run just before each transaction it begins: a write committed at the last moment before
 * a sale or a change takes its locks (another staff member, another node).
 */
export function beforeTransaction(db: Db, work: () => Promise<void>): Db {
  return new Proxy(db, {
    get(target, prop) {
      const value = Reflect.get(target, prop) as unknown;
      if (prop === 'transaction')
        return () => {
          const builder = target.transaction();
          return new Proxy(builder, {
            get(inner, key) {
              const member = Reflect.get(inner, key) as unknown;
              if (key !== 'execute') return typeof member === 'function' ? member.bind(inner) : member;
              return async (callback: unknown) => {
                await work();
                return (member as (callback: unknown) => unknown).call(inner, callback);
              };
            },
          });
        };
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
