import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_PREFIX, ENDPOINTS, type EndpointDef } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

const jsonSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;

const CONTENT_TYPE = { form: 'application/x-www-form-urlencoded', json: 'application/json', multipart: 'multipart/form-data' } as const;

function operation(def: EndpointDef) {
  const query = def.query ? (jsonSchema(def.query).properties as Record<string, object> | undefined) : undefined;
  const required = def.query ? ((jsonSchema(def.query).required as string[] | undefined) ?? []) : [];
  const ok: Record<string, unknown> = {
    json: { description: 'OK', content: def.response ? { 'application/json': { schema: jsonSchema(def.response) } } : undefined },
    empty: { description: 'No content' },
    accepted: { description: 'Accepted' },
    file: { description: 'A file download' },
    stream: { description: 'Server-Sent Events', content: { 'text/event-stream': {} } },
  }[def.responseKind ?? 'json'] as Record<string, unknown>;
  return {
    summary: def.summary,
    tags: [def.path.split('/')[1] ?? 'api'],
    security: def.access === 'public' ? [] : [{ bearer: [] }],
    description: def.access === 'public' ? 'Public' : `Roles: ${(def.access as string[]).join(', ')}`,
    parameters: Object.entries(query ?? {}).map(([name, schema]) => ({ name, in: 'query', required: required.includes(name), schema })),
    requestBody: def.body ? { required: true, content: { [CONTENT_TYPE[def.bodyType ?? 'form']]: { schema: jsonSchema(def.body) } } } : undefined,
    responses: {
      [{ json: 200, empty: 204, accepted: 202, file: 200, stream: 200 }[def.responseKind ?? 'json']]: ok,
      default: { description: 'Error: { code, message, fields? }' },
    },
  };
}

/** The OpenAPI document, generated from the shared endpoint contracts. */
export function openApiDocument(version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const def of ENDPOINTS) {
    const path = API_PREFIX + def.path;
    paths[path] ??= {};
    paths[path][def.method.toLowerCase()] = operation(def);
  }
  return {
    openapi: '3.1.0',
    info: { title: 'AIPM Members’ Portal API', version },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}

/** Serves the document at /api/docs/json and a browsable UI at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, { mode: 'static', specification: { document: openApiDocument(version) as never } });
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs` });
}
