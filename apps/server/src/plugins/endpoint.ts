import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { API_PREFIX, type EndpointDef, type EndpointResponse, type Locale, type Role, type User } from '@portal/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../lib/app-error.ts';
import { JsonText } from '../lib/json-text.ts';

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface UploadedFile {
  field: string;
  /** The name as the client sent it (shown and served back; never part of a path). */
  filename: string;
  mimetype: string;
  /** A temporary file holding the upload, removed when the request ends. */
  path: string;
  size: number;
}

const UPLOADS_DIR = path.join(os.tmpdir(), 'portal-uploads');

/**
 * Reads a multipart body: its fields for validation, its files streamed to temporary files (never held in memory;
 * the multipart plugin stops a file at the size limit with 413). The caller removes the files (`removeUploads`).
 */
async function readMultipart(request: FastifyRequest, files: UploadedFile[]): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  if (!request.isMultipart()) return fields;
  await fsp.mkdir(UPLOADS_DIR, { recursive: true });
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const file = { field: part.fieldname, filename: part.filename, mimetype: part.mimetype, path: path.join(UPLOADS_DIR, randomUUID()), size: 0 };
        files.push(file);
        await pipeline(part.file, fs.createWriteStream(file.path, { flags: 'wx' }));
        file.size = (await fsp.stat(file.path)).size;
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (err) {
    // The plugin stops a file at the limit; the refusal names the file's field.
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('VALIDATION', { fields: { [files.at(-1)?.field ?? 'file']: 'validation.fileTooLarge' } });
    }
    throw err;
  }
  return fields;
}

const removeUploads = (files: UploadedFile[]) => Promise.all(files.map((f) => fsp.rm(f.path, { force: true })));

export interface EndpointContext<E extends EndpointDef> {
  body: Output<E['body']>;
  query: Output<E['query']>;
  /** The caller; always set on routes that are not public. */
  user: E['access'] extends 'public' ? User | null : User;
  sessionId: number | null;
  /** The session may do nothing but enrol a second factor (routes registered with `beforeSecondFactor`). */
  mustEnrol: boolean;
  /** Uploaded files of a multipart request. */
  files: UploadedFile[];
  locale: Locale;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** Contracts without a JSON body (204, 202, files) let the handler return anything; a JSON body may come written by the database. */
type Result<E extends EndpointDef> = E['responseKind'] extends 'empty' | 'accepted' | 'file' | 'stream'
  ? unknown
  : EndpointResponse<E> | JsonText<EndpointResponse<E>>;
export type Handler<E extends EndpointDef> = (ctx: EndpointContext<E>) => Promise<Result<E>>;

/** Turns zod issues into a map of field path → message key (the first issue per field). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    fields[key] ??= issue.message.includes('.') && !issue.message.includes(' ') ? issue.message : 'validation.invalid';
  }
  return fields;
}

const parse = <S extends z.ZodType | undefined>(schema: S, value: unknown): Output<S> => {
  if (!schema) return undefined as Output<S>;
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new AppError('VALIDATION', { fields: fieldErrors(result.error) });
  return result.data as Output<S>;
};

/** Registered contracts, so the app can prove every shared endpoint has a handler. */
export const registeredEndpoints = new WeakMap<FastifyInstance, Set<EndpointDef>>();

/**
 * Registers one shared contract: the role check, input validation with the shared zod schemas,
 * and the response filtered through its schema (nothing leaks that the contract does not name), or, for a long list, sent
 * as the database wrote it (lib/json-text.ts).
 */
export interface RouteOptions {
  /** Runs first, before the session and the input are read: a ceiling (see HitCounter) refuses here. */
  guard?: (request: FastifyRequest) => Promise<void>;
  /** Admits a session that may only enrol a second factor (what enrolling needs: the person, the policy, enrolment, log out). */
  beforeSecondFactor?: boolean;
}

export function route<E extends EndpointDef>(app: FastifyInstance, def: E, handler: Handler<E>, options: RouteOptions = {}): void {
  const set = registeredEndpoints.get(app) ?? new Set();
  registeredEndpoints.set(app, set);
  set.add(def);
  app.route({
    method: def.method,
    url: API_PREFIX + def.path,
    handler: async (request, reply) => {
      await options.guard?.(request);
      const session = await request.session();
      if (def.access !== 'public') {
        if (!session) throw new AppError('UNAUTHORIZED');
        if (!(def.access as readonly Role[]).includes(session.user.role)) throw new AppError('FORBIDDEN');
        if (session.mustEnrol && !options.beforeSecondFactor) throw new AppError('TWO_FACTOR_REQUIRED');
      }
      const files: UploadedFile[] = [];
      let result: unknown;
      try {
        const fields = def.bodyType === 'multipart' ? await readMultipart(request, files) : undefined;
        const ctx = {
          body: parse(def.body, fields ?? request.body),
          files,
          query: parse(def.query, request.query),
          user: session?.user ?? null,
          sessionId: session?.id ?? null,
          mustEnrol: session?.mustEnrol ?? false,
          locale: request.locale,
          request,
          reply,
        } as EndpointContext<E>;
        result = await handler(ctx);
      } finally {
        await removeUploads(files);
      }
      switch (def.responseKind ?? 'json') {
        case 'empty':
          return reply.code(204).send();
        case 'accepted':
          return reply.code(202).send();
        case 'file':
        case 'stream':
          return reply;
        default:
          if (result instanceof JsonText) return reply.type('application/json; charset=utf-8').send(result.text);
          return def.response ? def.response.parse(result) : result;
      }
    },
  });
}
