// Where the review goes next, in the queue's order (the trip leaving first first).

/** Next (skip for now): the proof after this one, wrapping round to the first; none when it is alone. */
export function nextInQueue(queue: readonly string[], current: string): string | undefined {
  const at = queue.indexOf(current);
  const after = at < 0 ? [] : queue.slice(at + 1);
  return [...after, ...queue].find((id) => id !== current);
}

/**
 * After a decision: the proof that followed this one before the decision and still waits (so a proof
 * skipped earlier does not come back at once), else the first one still waiting; none when the queue is empty.
 */
export function afterDecision(
  before: readonly string[],
  now: readonly string[],
  current: string,
): string | undefined {
  const waiting = new Set(now);
  const at = before.indexOf(current);
  const following = at < 0 ? undefined : before.slice(at + 1).find((id) => waiting.has(id) && id !== current);
  return following ?? now.find((id) => id !== current);
}
