/**
 * What @eventstore/db-client 6.2.1 does not offer publicly, built from the members it declares
 * `protected` for extensions (GRPCStreamCreator, callArguments, capabilities, getChannel) and
 * its own ReadStream and event conversion, so results look exactly like its public API's.
 *
 * 6.2.1 is the package's final release: server-side filters on readAll were added to the client
 * afterwards (kurrent-io/KurrentDB-Client-NodeJS#406) and only ship in its successor,
 * @kurrent/kurrentdb-client. Nothing here can drift under a pinned 6.x; the contract suite runs
 * these paths through the real client against the gRPC fake.
 */
import {
  EventStoreDBClient,
  EVENT_TYPE,
  START,
  type AllStreamResolvedEvent,
  type Filter,
  type Position,
  type ResolvedEvent,
  type StreamingRead,
} from '@eventstore/db-client';
import { StreamsClient } from '@eventstore/db-client/generated/streams_grpc_pb';
import { ReadReq, type ReadResp } from '@eventstore/db-client/generated/streams_pb';
import { Empty } from '@eventstore/db-client/generated/shared_pb';
import { ReadStream } from '@eventstore/db-client/dist/streams/utils/ReadStream';
import { convertGrpcEvent, createStreamIdentifier } from '@eventstore/db-client/dist/utils';
import type { StoredJson } from '../../../domain/events/hash-chain';

/**
 * Reads $all forwards from `from` (inclusive, as the server reads) through a server-side filter
 * (EventStoreDB 21.10 and later). The call has no deadline, like the client's own readAll.
 */
export function readAllFiltered(
  client: EventStoreDBClient,
  from: Position | typeof START,
  filter: Filter,
): StreamingRead<AllStreamResolvedEvent> {
  const allOptions = new ReadReq.Options.AllOptions();
  if (from === START) {
    allOptions.setStart(new Empty());
  } else {
    const position = new ReadReq.Options.Position();
    position.setCommitPosition(from.commit.toString());
    position.setPreparePosition(from.prepare.toString());
    allOptions.setPosition(position);
  }
  const uuidOption = new ReadReq.Options.UUIDOption();
  uuidOption.setString(new Empty());
  const options = new ReadReq.Options();
  options.setAll(allOptions);
  options.setReadDirection(ReadReq.Options.ReadDirection.FORWARDS);
  options.setResolveLinks(false);
  options.setCount(Number.MAX_SAFE_INTEGER.toString());
  options.setUuidOption(uuidOption);
  options.setFilter(toFilterOptions(filter));
  const request = new ReadReq();
  request.setOptions(options);

  const createStream = client['GRPCStreamCreator'](StreamsClient, 'readAllFiltered', (grpc) =>
    grpc.read(request, ...client['callArguments']({}, { deadline: Infinity })),
  );
  return new ReadStream(createStream, convertGrpcEvent, {});
}

/** A read result with the JSON texts its data and metadata were parsed from, when both were. */
export type ResolvedEventWithJson = ResolvedEvent & { json?: StoredJson };

/**
 * The client's `readStream` (same request, same results), each result also carrying the JSON
 * text of its data and metadata as the server holds them (`json`), which the client parses and
 * drops: the hash chain is checked over that text (StoredEvent.json).
 */
export function readStreamWithJson(
  client: EventStoreDBClient,
  stream: string,
  options: { backwards: boolean; fromRevision?: bigint; maxCount: number },
): StreamingRead<ResolvedEventWithJson> {
  const streamOptions = new ReadReq.Options.StreamOptions();
  streamOptions.setStreamIdentifier(createStreamIdentifier(stream));
  if (options.fromRevision !== undefined) {
    streamOptions.setRevision(options.fromRevision.toString(10));
  } else if (options.backwards) {
    streamOptions.setEnd(new Empty());
  } else {
    streamOptions.setStart(new Empty());
  }
  const uuidOption = new ReadReq.Options.UUIDOption();
  uuidOption.setString(new Empty());
  const readOptions = new ReadReq.Options();
  readOptions.setStream(streamOptions);
  readOptions.setResolveLinks(false);
  readOptions.setCount(options.maxCount.toString(10));
  readOptions.setUuidOption(uuidOption);
  readOptions.setNoFilter(new Empty());
  readOptions.setReadDirection(
    options.backwards
      ? ReadReq.Options.ReadDirection.BACKWARDS
      : ReadReq.Options.ReadDirection.FORWARDS,
  );
  const request = new ReadReq();
  request.setOptions(readOptions);

  const createStream = client['GRPCStreamCreator'](StreamsClient, 'readStream', (grpc) =>
    grpc.read(request, ...client['callArguments']({}, { deadline: Infinity })),
  );
  return new ReadStream(createStream, withJson, {});
}

/**
 * convertGrpcEvent's result, with the texts it parsed: only when both parsed (the client hands a
 * text that is no JSON over as the string itself, and undecodable metadata as bytes).
 */
function withJson(grpcEvent: ReadResp.ReadEvent): ResolvedEventWithJson {
  const resolved: ResolvedEventWithJson = convertGrpcEvent(grpcEvent);
  const record = grpcEvent.getEvent();
  const event = resolved.event;
  if (!record || !event?.isJson) return resolved;
  const data = Buffer.from(record.getData_asU8()).toString('utf8');
  const meta = Buffer.from(record.getCustomMetadata_asU8()).toString('utf8');
  const parsed =
    !(typeof event.data === 'string' && event.data === data) &&
    event.metadata !== undefined &&
    !(event.metadata instanceof Uint8Array);
  if (parsed) resolved.json = { data, meta };
  return resolved;
}

/** The version the server reported when the client connected, or 'unknown' (servers < 21.10). */
export async function serverVersion(client: EventStoreDBClient): Promise<string> {
  return (await client['capabilities']).serverVersion;
}

/** `dispose()` cancels the client's calls but leaves its channel, and so a socket, open. */
export async function closeChannel(client: EventStoreDBClient): Promise<void> {
  (await client['getChannel']()).close();
}

function toFilterOptions(filter: Filter): ReadReq.Options.FilterOptions {
  const expression = new ReadReq.Options.FilterOptions.Expression();
  if ('prefixes' in filter) expression.setPrefixList(filter.prefixes);
  else expression.setRegex(filter.regex);
  const options = new ReadReq.Options.FilterOptions();
  if (filter.filterOn === EVENT_TYPE) options.setEventType(expression);
  else options.setStreamIdentifier(expression);
  // A read sends no checkpoints: the window is the server's default, the multiplier unused.
  options.setCount(new Empty());
  options.setCheckpointintervalmultiplier(1);
  return options;
}
