/**
 * An EventStoreDB gRPC fake for tests: a real gRPC server on 127.0.0.1 (insecure) that answers
 * the real @eventstore/db-client with the service definitions and messages shipped inside it.
 * Test support only: the store lives in memory and dies with the server.
 *
 * Implemented: ServerFeatures.GetSupportedMethods (which the client asks before its first append,
 * to choose BatchAppend or Append) and Streams.Read / Append / BatchAppend (read-handler.ts,
 * append-handlers.ts). Everything else (Delete, Tombstone, stream subscriptions, persistent
 * subscriptions, projections, users, gossip) answers UNIMPLEMENTED, as an unknown method does.
 */
import { Server, ServerCredentials } from '@grpc/grpc-js';
import { StreamsService } from '@eventstore/db-client/generated/streams_grpc_pb';
import {
  ServerFeaturesService,
  type IServerFeaturesServer,
} from '@eventstore/db-client/generated/serverfeatures_grpc_pb';
import {
  SupportedMethod,
  SupportedMethods,
} from '@eventstore/db-client/generated/serverfeatures_pb';
import { InMemoryLog } from './in-memory-log';
import { createAppendHandler, createBatchAppendHandler } from './append-handlers';
import { createReadHandler } from './read-handler';

export interface EsdbFakeOptions {
  /**
   * Advertise BatchAppend, as every server since 21.10 does (default). Without it the client
   * falls back to the older client-streaming Append.
   */
  batchAppend?: boolean;
  /** The server's MaxAppendSize: bytes of event payloads per append (default 1 MiB, as ESDB). */
  maxAppendSize?: number;
}

export interface EsdbFake {
  port: number;
  /** e.g. `esdb://127.0.0.1:51234?tls=false` */
  connectionString: string;
  /** The fake's storage, to inspect or to append system events a real server would write. */
  log: InMemoryLog;
  /** Ends open subscriptions and stops the server. */
  close(): Promise<void>;
}

/** What GetSupportedMethods reports as `event_store_server_version`. */
export const FAKE_SERVER_VERSION = '24.10.0-matchlog-fake';

const STREAMS_SERVICE = 'event_store.client.streams.Streams';
const DEFAULT_MAX_APPEND_SIZE = 1024 * 1024;

export async function startEsdbFake(options: EsdbFakeOptions = {}): Promise<EsdbFake> {
  const log = new InMemoryLog(options.maxAppendSize ?? DEFAULT_MAX_APPEND_SIZE);
  const openCalls = new Set<() => void>();
  const trackCall = (end: () => void) => {
    openCalls.add(end);
    return () => openCalls.delete(end);
  };

  const server = new Server();
  server.addService(StreamsService, {
    read: createReadHandler(log, trackCall),
    append: createAppendHandler(log),
    batchAppend: createBatchAppendHandler(log, trackCall),
  });
  const serverFeatures: IServerFeaturesServer = {
    getSupportedMethods(_call, callback) {
      const methods = ['Read', 'Append', ...(options.batchAppend === false ? [] : ['BatchAppend'])];
      const supported = new SupportedMethods();
      supported.setEventStoreServerVersion(FAKE_SERVER_VERSION);
      supported.setMethodsList(
        methods.map((name) => {
          const method = new SupportedMethod();
          method.setServiceName(STREAMS_SERVICE);
          method.setMethodName(name);
          return method;
        }),
      );
      callback(null, supported);
    },
  };
  server.addService(ServerFeaturesService, serverFeatures);

  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );

  return {
    port,
    connectionString: `esdb://127.0.0.1:${port}?tls=false`,
    log,
    async close() {
      for (const end of openCalls) end();
      await new Promise<void>((resolve) => server.tryShutdown(() => resolve()));
    },
  };
}
