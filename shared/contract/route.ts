// The shape of one call's contract: method, path (as Fastify registers it) and what it answers per status.
import type { z } from 'zod';
import { type ErrorStatus, errorAnswers } from './errors.ts';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** An answer that is not JSON (a PDF, an image): its schema per content type. */
export interface ContentAnswer {
  description: string;
  content: Record<string, { schema: z.ZodType }>;
}

export type Responses = Partial<Record<number, z.ZodType | ContentAnswer>>;

export interface RouteContract {
  method: Method;
  path: string;
  responses: Responses;
  /**
   * A request body the handler reads and checks itself (a multipart form, or JSON it parses to answer in its
   * own words): documented in OpenAPI, not validated.
   */
  form?: z.ZodObject;
}

/** A page of a list, with the total that matches in X-Total-Count (react-admin's simple REST convention). */
export function counted<T extends z.ZodType>(list: T, description: string): T {
  return list.meta({
    description,
    headers: { 'X-Total-Count': { type: 'string', description: 'How many match the filters.' } },
  });
}

/** Errors any call with a request body can answer: unreadable (400), too large (413), unsupported type (415). */
const BODY_ERRORS: ErrorStatus[] = [400, 413, 415];

/**
 * A call's contract: its success answers, then its error answers (`errors`, plus what a request body can
 * cause for POST and PATCH), with special error bodies in `special` (a 409 with details, say).
 */
export function route(
  method: Method,
  path: string,
  success: Responses,
  errors: ErrorStatus[],
  special: Responses = {},
): RouteContract {
  // A staff call (one that can answer 401) can also answer 403: the caller's role does not allow it.
  const staff: ErrorStatus[] = errors.includes(401) && !errors.includes(403) ? [403] : [];
  const statuses = [...errors, ...staff, ...(method === 'POST' || method === 'PATCH' ? BODY_ERRORS : [])];
  return { method, path, responses: { ...success, ...errorAnswers(...statuses), ...special } };
}
