// Which pairs of towns a route joins over a road (pairsOverRoad): the towns it boards at on or before the road's
// first town with those it alights at on or after its second, the road named either way; nothing when the
// route passes only one of them, or passes them in the other order only.
import { describe, expect, it } from 'vitest';
import { pairsOverRoad } from '../../shared/segments.ts';

const CORRIDOR = ['khartoum', 'madani', 'gedaref', 'kassala', 'port sudan'];
const sorted = (pairs: Set<string>) => [...pairs].sort();

describe('pairsOverRoad', () => {
  it('joins every town up to the road with every town after it', () => {
    expect(sorted(pairsOverRoad(CORRIDOR, 'gedaref', 'kassala'))).toEqual(
      [
        'khartoum|kassala',
        'khartoum|port sudan',
        'madani|kassala',
        'madani|port sudan',
        'gedaref|kassala',
        'gedaref|port sudan',
      ].sort(),
    );
  });

  it('is the same road named the other way round', () => {
    expect(sorted(pairsOverRoad(CORRIDOR, 'kassala', 'gedaref'))).toEqual(
      sorted(pairsOverRoad(CORRIDOR, 'gedaref', 'kassala')),
    );
  });

  it('a road of two towns not next to each other on the route is travelled between them', () => {
    expect(sorted(pairsOverRoad(CORRIDOR, 'madani', 'kassala'))).toEqual(
      ['khartoum|kassala', 'khartoum|port sudan', 'madani|kassala', 'madani|port sudan'].sort(),
    );
  });

  it('the way back joins the towns the other way', () => {
    expect(sorted(pairsOverRoad([...CORRIDOR].reverse(), 'gedaref', 'kassala'))).toContain(
      'port sudan|khartoum',
    );
    expect(sorted(pairsOverRoad([...CORRIDOR].reverse(), 'gedaref', 'kassala'))).not.toContain(
      'khartoum|port sudan',
    );
  });

  it('nothing when the route passes one of the towns only, or neither', () => {
    expect(pairsOverRoad(['khartoum', 'madani', 'gedaref'], 'gedaref', 'kassala').size).toBe(0);
    expect(pairsOverRoad(['kassala', 'port sudan'], 'gedaref', 'kassala').size).toBe(0);
    expect(pairsOverRoad(['sennar', 'singa'], 'gedaref', 'kassala').size).toBe(0);
  });
});
