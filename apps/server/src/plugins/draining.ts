import type { FastifyInstance } from 'fastify';

/**
 * Once the server is closing, every response closes its connection. Node's close() stops accepting and closes the
 * idle keep-alive connections, but a connection whose request was still running stays open after its response, and
 * close() would wait for it (a browser or a balancer keeps it) until the shutdown deadline.
 */
export function registerConnectionDraining(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('Connection', 'close');
  });
}
