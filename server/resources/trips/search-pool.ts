// Searches (filterTrips) answered on worker threads (SEARCH_WORKERS; 0 answers on the main thread). Each worker
// reads the database through a connection of its own (database.ts openReader) and answers a search's JSON text,
// so the statement and the documents (~0.2 ms of CPU a search on a year of trips) run beside the event loop,
// on another core, instead of holding up every other request of the node. A search reads what is committed
// when its statement runs, as on the main thread: the read cache in front of it is unchanged (trips.routes.ts).
import type { ReaderOptions } from '../../db/database.ts';
import type { SearchSource } from './search.statement.ts';
import { WorkerPool } from '../../workers/worker-pool.ts';
import { answerSearch, type SearchJob, type TripsJson } from './trip-search.ts';

export class TripSearch {
  private pool: WorkerPool<SearchJob, TripsJson>;

  constructor(
    /** Where this thread reads when it answers a search itself. */
    private readonly here: SearchSource,
    size: number,
    reader: ReaderOptions,
  ) {
    this.pool = new WorkerPool(new URL('./search-worker.ts', import.meta.url), size, reader);
  }

  ready(): Promise<void> {
    return this.pool.ready();
  }

  /**
   * The search's answer from a worker, or from this thread when there are none. A worker that stops with the
   * search in hand (killed, out of memory) leaves it to this thread: the traveller gets an answer either way.
   */
  async search(job: SearchJob): Promise<TripsJson> {
    return this.pool.runOr(job, (job) => answerSearch(this.here, job));
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
