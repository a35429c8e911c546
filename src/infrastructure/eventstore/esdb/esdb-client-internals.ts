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
  type StreamingRead,
} from '@eventstore/db-client';
import { StreamsClient } from '@eventstore/db-client/generated/streams_grpc_pb';
import { ReadReq } from '@eventstore/db-client/generated/streams_pb';
import { Empty } from '@eventstore/db-client/generated/shared_pb';
import { ReadStream } from '@eventstore/db-client/dist/streams/utils/ReadStream';
import { convertGrpcEvent } from '@eventstore/db-client/dist/utils';

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
