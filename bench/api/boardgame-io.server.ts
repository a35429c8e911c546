import { ActivePlayers } from 'boardgame.io/core';
import { Server } from 'boardgame.io/server';

/**
 * The peer of the decisions/s figure: a minimal boardgame.io server (its own npm package, its
 * in-memory storage) with one game whose `move` any player may make at any time, like the
 * bench's freeform `move`. It does what boardgame.io does for a move: the reducer, the player
 * and stateID checks, the log, the broadcast of the new state over socket.io. Nothing is
 * validated against a schema, hashed or written to disk.
 */
const BenchGame = {
  name: 'bench',
  setup: () => ({ moves: 0, where: {} as Record<string, string> }),
  turn: { activePlayers: ActivePlayers.ALL },
  moves: {
    move: (
      { G }: { G: { moves: number; where: Record<string, string> } },
      piece: string,
      to: string,
    ) => {
      G.moves += 1;
      G.where[piece] = to;
    },
  },
};

async function main(): Promise<void> {
  const server = Server({ games: [BenchGame], origins: ['http://127.0.0.1'] });
  server.router.get('/health', (ctx) => {
    ctx.body = { ok: true };
  });
  // The lobby API (match creation, /health) on PORT, the game's socket.io on SOCKET_PORT: with
  // one port, boardgame.io 0.50's socket server answered every HTTP request 404.
  const running = await server.run({
    port: Number(process.env.SOCKET_PORT),
    lobbyConfig: { apiPort: Number(process.env.PORT) },
  });
  const close = () => {
    server.kill(running as Parameters<typeof server.kill>[0]);
    process.exit(0);
  };
  process.on('SIGTERM', close);
  process.on('SIGINT', close);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
