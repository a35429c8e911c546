import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { MatchRepository } from '../../application/matches/match-repository';

/** Names where a match's hash chain breaks: `seq=18; reason=hash_mismatch`. */
export const CHAIN_BREAK_HEADER = 'Matchlog-Chain-Break';

const MATCH_PATH = /^\/api\/v1\/matches\/([^/?#]+)/;

/**
 * Every answer about a match whose chain was found broken says so in a header, whatever the
 * read (state, events, exports, the viewer's reads): the match is served as stored, read-only,
 * and the reader is told which seq cannot be trusted. Only breaks already found are named:
 * any read of a match loads it first (its access depends on it), which verifies the chain.
 */
export function useChainBreakHeader(app: NestFastifyApplication): void {
  const matches = app.get(MatchRepository);
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onSend', (request, reply, payload, done) => {
      const matchId = MATCH_PATH.exec(request.url)?.[1];
      const broken = matchId === undefined ? undefined : matches.knownBreakOf(matchId);
      if (broken)
        void reply.header(CHAIN_BREAK_HEADER, `seq=${broken.brokenSeq}; reason=${broken.reason}`);
      done(null, payload);
    });
}
