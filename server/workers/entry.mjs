// A pooled worker's first module (worker-pool.ts): workers do not inherit the parent's TypeScript loader, so
// tsx is registered here before the worker's own module, named in workerData, is loaded.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.module);
