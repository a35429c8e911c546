/**
 * Streams.Append (client streaming: options, then one proposed message per request), the
 * client's path to servers without BatchAppend, and Streams.BatchAppend (one long-lived
 * bidirectional call for all appends, matched by correlation id), its path to every server since
 * 21.10. Both report outcomes as the server does, so the client raises its own errors.
 */
import { Metadata, status } from '@grpc/grpc-js';
import { Any } from 'google-protobuf/google/protobuf/any_pb';
import { Empty as ProtobufEmpty } from 'google-protobuf/google/protobuf/empty_pb';
import type { IStreamsServer } from '@eventstore/db-client/generated/streams_grpc_pb';
import {
  AppendReq,
  AppendResp,
  BatchAppendReq,
  BatchAppendResp,
} from '@eventstore/db-client/generated/streams_pb';
import {
  AllStreamPosition,
  Empty,
  MaximumAppendSizeExceeded,
  WrongExpectedVersion,
} from '@eventstore/db-client/generated/shared_pb';
import { Status } from '@eventstore/db-client/generated/status_pb';
import { Code } from '@eventstore/db-client/generated/code_pb';
import type { AppendOutcome, ExpectedRevision, InMemoryLog, ProposedEvent } from './in-memory-log';
import {
  CallError,
  required,
  streamName,
  toProposedEvent,
  toStatus,
  uuid,
  writeIfOpen,
} from './messages';

export function createAppendHandler(log: InMemoryLog): IStreamsServer['append'] {
  return (call, callback) => {
    const requests: AppendReq[] = [];
    call.on('data', (request: AppendReq) => requests.push(request));
    call.on('end', () => {
      try {
        const [header, ...messages] = requests;
        const options = required(header?.getOptions(), 'options');
        const expected = appendExpectedRevision(options);
        const events = messages.map((request) =>
          toProposedEvent(required(request.getProposedMessage(), 'proposed message')),
        );
        const outcome = log.append(streamName(options.getStreamIdentifier()), expected, events);
        callback(null, appendResponse(outcome, expected));
      } catch (error) {
        callback(toStatus(error));
      }
    });
  };
}

/**
 * @param trackCall registers the call so the fake can end it on close; returns the function to
 *   call once it is over.
 */
export function createBatchAppendHandler(
  log: InMemoryLog,
  trackCall: (end: () => void) => () => void,
): IStreamsServer['batchAppend'] {
  return (call) => {
    const untrack = trackCall(() => call.end());
    // An append may span several requests (the client splits at 3 MB); the last is final.
    const pending = new Map<string, { options: BatchAppendReq.Options; events: ProposedEvent[] }>();
    call.on('data', (request: BatchAppendReq) => {
      try {
        const correlationId = required(request.getCorrelationId(), 'correlation id').getString();
        const append = pending.get(correlationId) ?? {
          options: required(request.getOptions(), 'options'),
          events: [],
        };
        pending.set(correlationId, append);
        append.events.push(...request.getProposedMessagesList().map(toProposedEvent));
        if (!request.getIsFinal()) return;
        pending.delete(correlationId);
        writeIfOpen(call, batchAppendResponse(log, correlationId, append.options, append.events));
      } catch (error) {
        // A malformed request ends the whole call; the client then fails its pending appends.
        call.emit('error', toStatus(error));
      }
    });
    call.on('end', () => call.end());
    call.on('close', untrack);
  };
}

function appendExpectedRevision(options: AppendReq.Options): ExpectedRevision {
  const Case = AppendReq.Options.ExpectedStreamRevisionCase;
  switch (options.getExpectedStreamRevisionCase()) {
    case Case.REVISION:
      return { kind: 'revision', revision: BigInt(options.getRevision()) };
    case Case.NO_STREAM:
      return { kind: 'no_stream' };
    case Case.STREAM_EXISTS:
      return { kind: 'stream_exists' };
    default:
      return { kind: 'any' };
  }
}

function appendResponse(outcome: AppendOutcome, expected: ExpectedRevision): AppendResp {
  const response = new AppendResp();
  switch (outcome.kind) {
    case 'success': {
      const success = new AppendResp.Success();
      if (outcome.currentRevision === undefined) success.setNoStream(new Empty());
      else success.setCurrentRevision(outcome.currentRevision.toString());
      if (outcome.position === undefined) {
        success.setNoPosition(new Empty());
      } else {
        const position = new AppendResp.Position();
        position.setCommitPosition(outcome.position.toString());
        position.setPreparePosition(outcome.position.toString());
        success.setPosition(position);
      }
      response.setSuccess(success);
      return response;
    }
    case 'wrong_expected_version': {
      const wrong = new AppendResp.WrongExpectedVersion();
      if (outcome.currentRevision === undefined) wrong.setCurrentNoStream(new Empty());
      else wrong.setCurrentRevision(outcome.currentRevision.toString());
      if (expected.kind === 'revision') wrong.setExpectedRevision(expected.revision.toString());
      else if (expected.kind === 'no_stream') wrong.setExpectedNoStream(new Empty());
      else if (expected.kind === 'stream_exists') wrong.setExpectedStreamExists(new Empty());
      else wrong.setExpectedAny(new Empty());
      response.setWrongExpectedVersion(wrong);
      return response;
    }
    case 'too_large': {
      // The server's RpcExceptions.MaxAppendSizeExceeded: a status with the limit in trailers.
      const trailers = new Metadata();
      trailers.set('exception', 'maximum-append-size-exceeded');
      trailers.set('maximum-append-size', String(outcome.maxAppendSize));
      throw new CallError(
        status.INVALID_ARGUMENT,
        `Maximum Append Size of ${outcome.maxAppendSize} Exceeded.`,
        trailers,
      );
    }
  }
}

function batchAppendResponse(
  log: InMemoryLog,
  correlationId: string,
  options: BatchAppendReq.Options,
  events: ProposedEvent[],
): BatchAppendResp {
  const response = new BatchAppendResp();
  response.setCorrelationId(uuid(correlationId));
  response.setStreamIdentifier(options.getStreamIdentifier());
  const Case = BatchAppendReq.Options.ExpectedStreamPositionCase;
  let expected: ExpectedRevision;
  switch (options.getExpectedStreamPositionCase()) {
    case Case.STREAM_POSITION:
      expected = { kind: 'revision', revision: BigInt(options.getStreamPosition()) };
      response.setStreamPosition(options.getStreamPosition());
      break;
    case Case.NO_STREAM:
      expected = { kind: 'no_stream' };
      response.setNoStream(new ProtobufEmpty());
      break;
    case Case.STREAM_EXISTS:
      expected = { kind: 'stream_exists' };
      response.setStreamExists(new ProtobufEmpty());
      break;
    default:
      expected = { kind: 'any' };
      response.setAny(new ProtobufEmpty());
  }

  const outcome = log.append(streamName(options.getStreamIdentifier()), expected, events);
  switch (outcome.kind) {
    case 'success': {
      const success = new BatchAppendResp.Success();
      if (outcome.currentRevision === undefined) success.setNoStream(new ProtobufEmpty());
      else success.setCurrentRevision(outcome.currentRevision.toString());
      if (outcome.position === undefined) {
        success.setNoPosition(new ProtobufEmpty());
      } else {
        const position = new AllStreamPosition();
        position.setCommitPosition(outcome.position.toString());
        position.setPreparePosition(outcome.position.toString());
        success.setPosition(position);
      }
      response.setSuccess(success);
      break;
    }
    case 'wrong_expected_version': {
      const details = new WrongExpectedVersion();
      if (outcome.currentRevision === undefined) details.setCurrentNoStream(new ProtobufEmpty());
      else details.setCurrentStreamRevision(outcome.currentRevision.toString());
      if (expected.kind === 'revision') {
        details.setExpectedStreamPosition(expected.revision.toString());
      } else if (expected.kind === 'no_stream') {
        details.setExpectedNoStream(new ProtobufEmpty());
      } else if (expected.kind === 'stream_exists') {
        details.setExpectedStreamExists(new ProtobufEmpty());
      } else {
        details.setExpectedAny(new ProtobufEmpty());
      }
      response.setError(errorStatus(Code.FAILED_PRECONDITION, 'WrongExpectedVersion', details));
      break;
    }
    case 'too_large': {
      const details = new MaximumAppendSizeExceeded();
      details.setMaxappendsize(outcome.maxAppendSize);
      response.setError(errorStatus(Code.INVALID_ARGUMENT, 'MaximumAppendSizeExceeded', details));
      break;
    }
  }
  return response;
}

/** A google.rpc.Status whose details are the server's typed error message. */
function errorStatus(
  code: Code,
  typeName: string,
  details: { serializeBinary(): Uint8Array },
): Status {
  const packed = new Any();
  packed.pack(details.serializeBinary(), `event_store.client.${typeName}`);
  const result = new Status();
  result.setCode(code);
  result.setMessage(typeName);
  result.setDetails(packed);
  return result;
}
