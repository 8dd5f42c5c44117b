// English words of a trip's stops and fares in the back-office (issue 23): the stops input, the fares grid,
// the route named through its stops, the twin city of a new origin or destination, the manifest's legs.
export const stopsEn = {
  add: 'Add a stop',
  none: 'No stops: the bus goes straight from its origin to its destination.',
  town: 'Town',
  town_help: 'Only towns in both lists (origins and destinations) can be stops.',
  minutes: 'Minutes after departure',
  at: 'at %{time}',
  next_day: '%{time} (next day)',
  up: 'Move up',
  down: 'Move down',
  remove: 'Remove this stop',
  fares_intro:
    'The fare of each pair of stops. A blank fare is not for sale; origin to destination is the trip’s own price.',
  trip_price: 'Trip price',
  fares_need_stops: 'Add stops to sell fares between them.',
  pair: '%{from} → %{to}',
  route_separator: ' → ',
  both_lists: 'Add to both lists (origins and destinations)',
  both_lists_help: 'A town where the bus stops must be in both lists.',
  twin_created: 'Also added to the other list.',
  twin_failed: 'Saved, but not added to the other list: %{error}',
  not_for_sale: 'No fare is set between these stops: they are not for sale.',
  legs: 'Stops',
  board_at: 'Boards at',
  alight_at: 'Gets off at',
  boards: 'Boarding',
  alights: 'Getting off',
};

export type StopsMessages = typeof stopsEn;
