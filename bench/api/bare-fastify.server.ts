import Fastify from 'fastify';

/**
 * The baseline of the decisions/s figure: the same `fastify` package the service runs on, one
 * POST route that parses a JSON body and answers 201 with a small JSON body. No validation,
 * no auth, no storage: the ceiling of one Node process serving HTTP on this machine.
 */
async function main(): Promise<void> {
  const app = Fastify({ logger: false });
  let seq = 0;
  app.get('/health', async () => ({ ok: true }));
  app.post<{ Params: { id: string }; Body: { kind?: string } }>(
    '/api/v1/matches/:id/decisions',
    async (request, reply) => {
      seq += 1;
      void reply.status(201);
      return { matchId: request.params.id, seq, kind: request.body?.kind ?? null };
    },
  );
  await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
  const close = () => void app.close().then(() => process.exit(0));
  process.on('SIGTERM', close);
  process.on('SIGINT', close);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
