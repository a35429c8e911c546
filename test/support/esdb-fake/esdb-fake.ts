/**
 * An EventStoreDB gRPC fake for tests: a real gRPC server on 127.0.0.1 (insecure) that answers
 * the real @eventstore/db-client with the service definitions and messages shipped inside it.
 * Test support only: the store lives in memory and dies with the server.
 *
 * Implemented: ServerFeatures.GetSupportedMethods (which the client asks before its first append,
 * to choose BatchAppend or Append), Streams.Read / Append / BatchAppend (read-handler.ts,
 * append-handlers.ts) and Gossip.Read (the cluster's members, which the client asks its seeds
 * for when a connection string names several hosts or `esdb+discover://`). Everything else
 * (Delete, Tombstone, stream subscriptions, persistent subscriptions, projections, users)
 * answers UNIMPLEMENTED, as an unknown method does.
 *
 * What the adapter meets on a real server's bad days, as the server says it: `refuse()` makes
 * every call, the open ones too, end UNAVAILABLE until `recover()`; `credentials` makes a call
 * without them end UNAUTHENTICATED (the client sends them over TLS only: `tls`); `leader` makes the fake a follower that answers every
 * Streams call NOT_FOUND with the `not-leader` exception and the leader's endpoint in its
 * trailers, which the client follows on its next call; `cluster` is what Gossip.Read answers,
 * read at each call, so a test can move the leadership (with `follow`) as an election does.
 */
import { Metadata, Server, ServerCredentials, status } from '@grpc/grpc-js';
import { StreamsService } from '@eventstore/db-client/generated/streams_grpc_pb';
import {
  ServerFeaturesService,
  type IServerFeaturesServer,
} from '@eventstore/db-client/generated/serverfeatures_grpc_pb';
import {
  SupportedMethod,
  SupportedMethods,
} from '@eventstore/db-client/generated/serverfeatures_pb';
import { GossipService, type IGossipServer } from '@eventstore/db-client/generated/gossip_grpc_pb';
import { ClusterInfo, EndPoint, MemberInfo } from '@eventstore/db-client/generated/gossip_pb';
import { UUID } from '@eventstore/db-client/generated/shared_pb';
import { InMemoryLog } from './in-memory-log';
import { createAppendHandler, createBatchAppendHandler } from './append-handlers';
import { createReadHandler } from './read-handler';
import { CallError, toStatus } from './messages';

export interface EsdbFakeOptions {
  /**
   * Advertise BatchAppend, as every server since 21.10 does (default). Without it the client
   * falls back to the older client-streaming Append.
   */
  batchAppend?: boolean;
  /** The server's MaxAppendSize: bytes of event payloads per append (default 1 MiB, as ESDB). */
  maxAppendSize?: number;
  /** Calls must carry these (HTTP Basic, as the client sends them), as on a secured server. */
  credentials?: { username: string; password: string };
  /** A follower: Streams calls are refused with the not-leader exception naming this leader. */
  leader?: { host: string; port: number };
  /** Serve TLS with this key and certificate (PEM), as a secured server does; insecure without. */
  tls?: { key: Buffer; cert: Buffer };
  /** Share another fake's storage (a cluster's nodes hold one log). */
  log?: InMemoryLog;
  /** The members Gossip.Read reports, asked at each call (none: gossip is UNIMPLEMENTED). */
  cluster?: () => readonly ClusterMember[];
}

/** A node as gossip reports it: its client endpoint, its role, whether it is alive. */
export interface ClusterMember {
  host: string;
  port: number;
  role: 'leader' | 'follower' | 'shutdown';
  alive: boolean;
}

const GOSSIP_STATES: Record<ClusterMember['role'], MemberInfo.VNodeState> = {
  leader: MemberInfo.VNodeState.LEADER,
  follower: MemberInfo.VNodeState.FOLLOWER,
  shutdown: MemberInfo.VNodeState.SHUTDOWN,
};

export interface EsdbFake {
  port: number;
  /** e.g. `esdb://127.0.0.1:51234?tls=false` (with `tls`, the caller names its CA file) */
  connectionString: string;
  /** The fake's storage, to inspect or to append system events a real server would write. */
  log: InMemoryLog;
  /** From now on every call, and every call open now, ends UNAVAILABLE (the server is down). */
  refuse(): void;
  /** Answers again. */
  recover(): void;
  /** From now on a follower of `leader` (not-leader answers), or the leader again (undefined). */
  follow(leader: { host: string; port: number } | undefined): void;
  /** Ends open subscriptions and stops the server. */
  close(): Promise<void>;
}

/** What a handler of either shape gets: the call's metadata, and a way to end it in error. */
interface GatedCall {
  metadata: Metadata;
  emit(event: 'error', status: object): boolean;
}

/** What GetSupportedMethods reports as `event_store_server_version`. */
export const FAKE_SERVER_VERSION = '24.10.0-matchlog-fake';

const STREAMS_SERVICE = 'event_store.client.streams.Streams';
const DEFAULT_MAX_APPEND_SIZE = 1024 * 1024;

export async function startEsdbFake(options: EsdbFakeOptions = {}): Promise<EsdbFake> {
  const log = options.log ?? new InMemoryLog(options.maxAppendSize ?? DEFAULT_MAX_APPEND_SIZE);
  const openCalls = new Set<() => void>();
  const trackCall = (end: () => void) => {
    openCalls.add(end);
    return () => openCalls.delete(end);
  };
  let refusing = false;
  let leader = options.leader;
  /** The streaming calls open now: refuse() ends them as a server going down does. */
  const streamingCalls = new Set<GatedCall>();
  const unavailable = () => new CallError(status.UNAVAILABLE, 'Server is not available');
  const expectedAuthorization =
    options.credentials &&
    `Basic ${Buffer.from(`${options.credentials.username}:${options.credentials.password}`).toString('base64')}`;
  const refusal = (call: GatedCall): CallError | undefined => {
    if (refusing) return unavailable();
    if (
      expectedAuthorization !== undefined &&
      call.metadata.get('authorization')[0] !== expectedAuthorization
    )
      return new CallError(status.UNAUTHENTICATED, 'Bad or missing credentials');
    if (leader) {
      const trailers = new Metadata();
      trailers.set('exception', 'not-leader');
      trailers.set('leader-endpoint-host', leader.host);
      trailers.set('leader-endpoint-port', String(leader.port));
      return new CallError(status.NOT_FOUND, 'Leader info available', trailers);
    }
    return undefined;
  };
  /** A unary or client-streaming handler, answered in error when refusal says so. */
  const gatedWithCallback =
    <C extends GatedCall, B extends (error: object) => void>(
      handler: (call: C, callback: B) => void,
    ) =>
    (call: C, callback: B) => {
      const refused = refusal(call);
      if (refused) callback(toStatus(refused));
      else handler(call, callback);
    };
  /** A server-streaming or bidirectional handler, likewise, and ended by refuse(). */
  const gatedStream =
    <C extends GatedCall & { once(event: 'close', listener: () => void): unknown }>(
      handler: (call: C) => void,
    ) =>
    (call: C) => {
      const refused = refusal(call);
      if (refused) {
        call.emit('error', toStatus(refused));
        return;
      }
      streamingCalls.add(call);
      call.once('close', () => streamingCalls.delete(call));
      handler(call);
    };

  const server = new Server();
  server.addService(StreamsService, {
    read: gatedStream(createReadHandler(log, trackCall)),
    append: gatedWithCallback(createAppendHandler(log)),
    batchAppend: gatedStream(createBatchAppendHandler(log, trackCall)),
  });
  const serverFeatures: IServerFeaturesServer = {
    getSupportedMethods(_call, callback) {
      if (refusing) {
        callback(toStatus(unavailable()));
        return;
      }
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
  const cluster = options.cluster;
  if (cluster) {
    const gossip: IGossipServer = {
      read(_call, callback) {
        if (refusing) {
          callback(toStatus(unavailable()));
          return;
        }
        const info = new ClusterInfo();
        info.setMembersList(
          cluster().map((member) => {
            const endpoint = new EndPoint();
            endpoint.setAddress(member.host);
            endpoint.setPort(member.port);
            const id = new UUID();
            id.setString(`00000000-0000-4000-8000-${String(member.port).padStart(12, '0')}`);
            const node = new MemberInfo();
            node.setInstanceId(id);
            node.setTimeStamp('0');
            node.setState(GOSSIP_STATES[member.role]);
            node.setIsAlive(member.alive);
            node.setHttpEndPoint(endpoint);
            return node;
          }),
        );
        callback(null, info);
      },
    };
    server.addService(GossipService, gossip);
  }

  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync(
      '127.0.0.1:0',
      options.tls
        ? ServerCredentials.createSsl(null, [
            { private_key: options.tls.key, cert_chain: options.tls.cert },
          ])
        : ServerCredentials.createInsecure(),
      (error, bound) => (error ? reject(error) : resolve(bound)),
    ),
  );

  return {
    port,
    connectionString: `esdb://127.0.0.1:${port}?tls=false`,
    log,
    refuse() {
      refusing = true;
      for (const call of streamingCalls) call.emit('error', toStatus(unavailable()));
      streamingCalls.clear();
    },
    recover() {
      refusing = false;
    },
    follow(newLeader) {
      leader = newLeader;
    },
    async close() {
      for (const end of openCalls) end();
      await new Promise<void>((resolve) => server.tryShutdown(() => resolve()));
    },
  };
}
