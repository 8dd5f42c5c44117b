// Hooks a route needs because of what it declares are put on that route alone (in an onRoute hook), so that
// the routes that declare nothing (every search) do not pay for them on each request.

/** `hook` first among a route's own hooks of a kind (a new array: Fastify's HEAD route copies the options). */
export function hookFirst<T>(existing: T | T[] | undefined, hook: T): T[] {
  return [hook, ...(existing === undefined ? [] : [existing].flat())] as T[];
}
