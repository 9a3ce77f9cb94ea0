import type { z } from 'zod';
import type { Role } from './roles.ts';

export type HttpMethod = 'GET' | 'POST' | 'DELETE';
/** Who may call: 'public' admits guests; otherwise the listed roles. */
export type Access = 'public' | readonly Role[];
export type BodyType = 'form' | 'json' | 'multipart';
/** json: a JSON body; empty: 204; file: a download with Content-Disposition; stream: Server-Sent Events (text/event-stream). */
export type ResponseKind = 'json' | 'empty' | 'file' | 'accepted' | 'stream';

export interface EndpointDef {
  method: HttpMethod;
  /** The spec's path under /api. */
  path: string;
  access: Access;
  summary: string;
  bodyType?: BodyType;
  body?: z.ZodType;
  query?: z.ZodType;
  response?: z.ZodType;
  responseKind?: ResponseKind;
}

/** Defines one API contract, shared by the server (route, validation, role check), the client and the OpenAPI document. */
export const defineEndpoint = <const T extends EndpointDef>(def: T): T => def;

type Input<S> = S extends z.ZodType ? z.input<S> : undefined;
export type EndpointBody<E extends EndpointDef> = Input<E['body']>;
export type EndpointQuery<E extends EndpointDef> = Input<E['query']>;
export type EndpointResponse<E extends EndpointDef> = E['response'] extends z.ZodType ? z.output<E['response']> : undefined;

export const API_PREFIX = '/api';
