export * from './types.ts';
export * from './resources.ts';
export * from './schemas.ts';
