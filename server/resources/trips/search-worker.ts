// Worker thread body: answers the searches TripSearch sends (search-pool.ts) from a reading connection of its own.
import { workerData } from 'node:worker_threads';
import { openReader, type ReaderOptions } from '../../db/database.ts';
import { serveJobs } from '../../workers/serve.ts';
import { answerSearch, type SearchJob } from './trip-search.ts';

const reader = openReader((workerData as { data: ReaderOptions }).data);
serveJobs((job: SearchJob) => answerSearch(reader, job));
