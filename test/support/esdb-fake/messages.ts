/** Shared pieces of the fake's gRPC handlers: errors, and messages of more than one method. */
import { Metadata, status, type StatusObject } from '@grpc/grpc-js';
import type { AppendReq, BatchAppendReq } from '@eventstore/db-client/generated/streams_pb';
import { ReadResp } from '@eventstore/db-client/generated/streams_pb';
import { StreamIdentifier, UUID } from '@eventstore/db-client/generated/shared_pb';
import type { LoggedEvent, ProposedEvent } from './in-memory-log';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Thrown inside a handler to end the call with this gRPC status. */
export class CallError extends Error {
  constructor(
    readonly code: status,
    message: string,
    /** Trailers; the client reads error details such as `exception` from them. */
    readonly metadata = new Metadata(),
  ) {
    super(message);
  }
}

export function toStatus(error: unknown): Partial<StatusObject> {
  if (error instanceof CallError) {
    return { code: error.code, details: error.message, metadata: error.metadata };
  }
  return { code: status.INTERNAL, details: (error as Error).message };
}

export function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new CallError(status.INVALID_ARGUMENT, `Missing ${what}`);
  return value;
}

export function streamName(identifier: StreamIdentifier | undefined): string {
  const bytes = required(identifier, 'stream identifier').getStreamName_asU8();
  return Buffer.from(bytes).toString('utf8');
}

export function streamIdentifier(name: string): StreamIdentifier {
  const identifier = new StreamIdentifier();
  identifier.setStreamName(Buffer.from(name, 'utf8'));
  return identifier;
}

export function uuid(value: string): UUID {
  const id = new UUID();
  id.setString(value);
  return id;
}

/** A proposed message of Append or BatchAppend, checked as the server checks it. */
export function toProposedEvent(
  message: AppendReq.ProposedMessage | BatchAppendReq.ProposedMessage,
): ProposedEvent {
  const eventId = required(message.getId(), 'event id').getString();
  if (!UUID_PATTERN.test(eventId)) {
    throw new CallError(status.INVALID_ARGUMENT, `Invalid event id: ${eventId}`);
  }
  const metadata = message.getMetadataMap();
  const type = metadata.get('type');
  const contentType = metadata.get('content-type');
  if (!type || !contentType) {
    const trailers = new Metadata();
    trailers.set('exception', 'missing-required-metadata-property');
    trailers.set('required-metadata-properties', 'type,content-type');
    throw new CallError(status.INVALID_ARGUMENT, 'Missing required metadata property', trailers);
  }
  return {
    // The server stores a Guid: ids come back in lowercase canonical form.
    eventId: eventId.toLowerCase(),
    type,
    contentType,
    data: message.getData_asU8(),
    customMetadata: message.getCustomMetadata_asU8(),
  };
}

export function eventResponse(event: LoggedEvent): ReadResp {
  const recorded = new ReadResp.ReadEvent.RecordedEvent();
  recorded.setId(uuid(event.eventId));
  recorded.setStreamIdentifier(streamIdentifier(event.stream));
  recorded.setStreamRevision(event.revision.toString());
  recorded.setCommitPosition(event.position.toString());
  recorded.setPreparePosition(event.position.toString());
  const metadata = recorded.getMetadataMap();
  metadata.set('type', event.type);
  metadata.set('content-type', event.contentType);
  metadata.set('created', event.created.toString());
  recorded.setData(event.data);
  recorded.setCustomMetadata(event.customMetadata);
  const readEvent = new ReadResp.ReadEvent();
  readEvent.setEvent(recorded);
  readEvent.setCommitPosition(event.position.toString());
  const response = new ReadResp();
  response.setEvent(readEvent);
  return response;
}

/** Long-lived calls may be cancelled by the client at any moment. */
export function writeIfOpen<T>(
  call: { cancelled: boolean; writableEnded: boolean; write(message: T): boolean },
  message: T,
): void {
  if (!call.cancelled && !call.writableEnded) call.write(message);
}
