// The HTTP bench's baseline (`npm run bench -- --http`): a bare fastify route taking the same
// POST the daemon's scheduling route takes, in its own process like the daemon. It parses the
// JSON body with fastify's default parser and answers 201 with a delivery-shaped JSON object, so
// the two differ only by what Tickler does between reading the body and answering.
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';

async function main(): Promise<void> {
  const server = Fastify({ logger: false });
  server.post('/v1/users/:userId/notifications', async (request, reply) => {
    const body = request.body as Record<string, unknown>;
    const now = new Date().toISOString();
    void reply.status(201);
    return {
      id: randomUUID(),
      userId: (request.params as { userId: string }).userId,
      title: body.title,
      message: body.message,
      scheduledAt: body.scheduledAt,
      status: 'scheduled',
      createdAt: now,
      updatedAt: now,
    };
  });
  const address = await server.listen({ host: '127.0.0.1', port: 0 });
  process.stdout.write(`listening ${address}\n`);
  process.once('SIGTERM', () => {
    void server.close().then(() => process.exit(0));
  });
}

void main();
