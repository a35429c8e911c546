/**
 * Streams.Read of the fake: reads of one stream, reads of $all and catch-up subscriptions to $all,
 * answered with the messages, positions and orderings of EventStoreDB.
 */
import { randomUUID } from 'node:crypto';
import { status, type ServerWritableStream } from '@grpc/grpc-js';
import type { IStreamsServer } from '@eventstore/db-client/generated/streams_grpc_pb';
import { ReadReq, ReadResp } from '@eventstore/db-client/generated/streams_pb';
import type { InMemoryLog, LoggedEvent } from './in-memory-log';
import { CallError, eventResponse, required, streamName, toStatus, writeIfOpen } from './messages';

type ReadCall = ServerWritableStream<ReadReq, ReadResp>;
type Options = ReadReq.Options;

/** The server's read page size: a filter's search window when the client sets none. */
const DEFAULT_SEARCH_WINDOW = 32;

/**
 * @param trackCall registers a subscription so the fake can end it on close; returns the
 *   function to call once the subscription is over.
 */
export function createReadHandler(
  log: InMemoryLog,
  trackCall: (end: () => void) => () => void,
): IStreamsServer['read'] {
  return (call) => {
    try {
      const options = required(call.request.getOptions(), 'options');
      const uuidCase = options.getUuidOption()?.getContentCase();
      if (uuidCase !== ReadReq.Options.UUIDOption.ContentCase.STRING) {
        // The 6.2 client always asks for string ids.
        throw new CallError(status.UNIMPLEMENTED, 'The fake only returns string UUIDs');
      }
      const subscription =
        options.getCountOptionCase() === ReadReq.Options.CountOptionCase.SUBSCRIPTION;
      if (options.hasStream()) {
        if (subscription) throw new CallError(status.UNIMPLEMENTED, 'Stream subscriptions');
        readStream(call, log, options);
      } else if (subscription) {
        subscribeToAll(call, log, options, trackCall);
      } else {
        readAll(call, log, options);
      }
    } catch (error) {
      call.emit('error', toStatus(error));
    }
  };
}

function readStream(call: ReadCall, log: InMemoryLog, options: Options): void {
  const streamOptions = required(options.getStream(), 'stream options');
  const events = log.stream(streamName(streamOptions.getStreamIdentifier()));
  if (!events) {
    const notFound = new ReadResp.StreamNotFound();
    notFound.setStreamIdentifier(streamOptions.getStreamIdentifier());
    const response = new ReadResp();
    response.setStreamNotFound(notFound);
    call.write(response);
    call.end();
    return;
  }
  const last = BigInt(events.length - 1);
  const from = streamReadStart(streamOptions, last);
  // The index in `events` is the revision. Forwards from past the end reads nothing;
  // backwards from past the end reads from the last event.
  const selected = isBackwards(options)
    ? events.slice(0, Number(from < last ? from : last) + 1).reverse()
    : events.slice(Number(from));
  writeAndEnd(call, selected.slice(0, count(options)));
}

function streamReadStart(options: ReadReq.Options.StreamOptions, last: bigint): bigint {
  const Case = ReadReq.Options.StreamOptions.RevisionOptionCase;
  switch (options.getRevisionOptionCase()) {
    case Case.REVISION:
      return BigInt(options.getRevision());
    case Case.START:
      return 0n;
    case Case.END:
      return last;
    default:
      throw new CallError(status.INVALID_ARGUMENT, 'Missing stream revision option');
  }
}

function readAll(call: ReadCall, log: InMemoryLog, options: Options): void {
  const allOptions = required(options.getAll(), 'all options');
  const backwards = isBackwards(options);
  const Case = ReadReq.Options.AllOptions.AllOptionCase;
  let selected: LoggedEvent[];
  switch (allOptions.getAllOptionCase()) {
    case Case.START:
      selected = backwards ? [] : [...log.all];
      break;
    case Case.END:
      selected = backwards ? [...log.all].reverse() : [];
      break;
    case Case.POSITION: {
      // Forwards the position is inclusive; backwards it is where the previous page stopped.
      const position = BigInt(required(allOptions.getPosition(), 'position').getCommitPosition());
      selected = backwards
        ? log.all.filter((event) => event.position < position).reverse()
        : log.all.filter((event) => event.position >= position);
      break;
    }
    default:
      throw new CallError(status.INVALID_ARGUMENT, 'Missing $all position option');
  }
  // A filter's search window only pages the server's own scan of the log: no effect here.
  writeAndEnd(call, selected.filter(eventFilter(options)).slice(0, count(options)));
}

/**
 * A catch-up subscription to $all, in the server's order: confirmation, the events after the
 * start, a checkpoint (filtered only), `caught_up`, then live events. A filtered subscription
 * also sends a checkpoint every `checkpointIntervalMultiplier × window` events it considered.
 * The catch-up is written in one go and the live listener registered in the same tick, so
 * nothing appended in between can be missed or sent twice. (Flow control is left to gRPC's
 * buffers: the fake never pauses a catch-up for a slow reader.)
 */
function subscribeToAll(
  call: ReadCall,
  log: InMemoryLog,
  options: Options,
  trackCall: (end: () => void) => () => void,
): void {
  const after = subscriptionStart(required(options.getAll(), 'all options'), log);
  const matches = eventFilter(options);
  const checkpointEvery = checkpointInterval(options);

  const confirmation = new ReadResp.SubscriptionConfirmation();
  confirmation.setSubscriptionId(randomUUID());
  const confirmed = new ReadResp();
  confirmed.setConfirmation(confirmation);
  call.write(confirmed);

  let considered = 0;
  let lastConsidered: bigint | undefined;
  const deliver = (event: LoggedEvent) => {
    if (event.position <= after) return;
    considered += 1;
    lastConsidered = event.position;
    if (matches(event)) writeIfOpen(call, eventResponse(event));
    if (checkpointEvery && considered % checkpointEvery === 0) {
      writeIfOpen(call, checkpointResponse(event.position));
    }
  };
  log.all.forEach(deliver);
  if (checkpointEvery && lastConsidered !== undefined && considered % checkpointEvery !== 0) {
    call.write(checkpointResponse(lastConsidered));
  }
  const caughtUp = new ReadResp();
  caughtUp.setCaughtUp(new ReadResp.CaughtUp());
  call.write(caughtUp);

  const stopListening = log.onAppended(deliver);
  const untrack = trackCall(() => call.end());
  call.on('close', () => {
    stopListening();
    untrack();
  });
}

/** The subscription delivers events strictly after this position. */
function subscriptionStart(options: ReadReq.Options.AllOptions, log: InMemoryLog): bigint {
  const Case = ReadReq.Options.AllOptions.AllOptionCase;
  switch (options.getAllOptionCase()) {
    case Case.POSITION:
      return BigInt(required(options.getPosition(), 'position').getCommitPosition());
    case Case.END:
      return log.all.at(-1)?.position ?? -1n;
    default:
      return -1n;
  }
}

/** Events considered between two checkpoints of a filtered subscription; undefined: none. */
function checkpointInterval(options: Options): number | undefined {
  const filter = options.getFilter();
  if (!options.hasFilter() || !filter) return undefined;
  const window =
    filter.getWindowCase() === ReadReq.Options.FilterOptions.WindowCase.MAX
      ? filter.getMax()
      : DEFAULT_SEARCH_WINDOW;
  return filter.getCheckpointintervalmultiplier() * window;
}

/** The request's filter: on stream name or event type, by prefixes or by a regex. */
function eventFilter(options: Options): (event: LoggedEvent) => boolean {
  const filter = options.getFilter();
  if (!options.hasFilter() || !filter) return () => true;
  const onStream = filter.hasStreamIdentifier();
  const expression = required(
    onStream ? filter.getStreamIdentifier() : filter.getEventType(),
    'filter expression',
  );
  const regex = expression.getRegex() ? new RegExp(expression.getRegex()) : undefined;
  const prefixes = expression.getPrefixList();
  return (event) => {
    const subject = onStream ? event.stream : event.type;
    return regex ? regex.test(subject) : prefixes.some((prefix) => subject.startsWith(prefix));
  };
}

function checkpointResponse(position: bigint): ReadResp {
  const checkpoint = new ReadResp.Checkpoint();
  checkpoint.setCommitPosition(position.toString());
  checkpoint.setPreparePosition(position.toString());
  const response = new ReadResp();
  response.setCheckpoint(checkpoint);
  return response;
}

function writeAndEnd(call: ReadCall, events: LoggedEvent[]): void {
  for (const event of events) call.write(eventResponse(event));
  call.end();
}

function isBackwards(options: Options): boolean {
  return options.getReadDirection() === ReadReq.Options.ReadDirection.BACKWARDS;
}

function count(options: Options): number {
  const requested = BigInt(options.getCount() || '0');
  return requested > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(requested);
}
