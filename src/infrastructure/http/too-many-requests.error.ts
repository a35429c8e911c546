import type { Message } from '../../domain/shared/localized-text';
import { HttpRefusalError } from './http-refusal.error';

/** A client over one of its limits (requests per window, open connections): 429 with Retry-After. */
export class TooManyRequestsError extends HttpRefusalError {
  constructor(
    message: Message,
    /** Whole seconds until the client may try again: the `Retry-After` header. */
    readonly retryAfterSeconds: number,
  ) {
    super(429, 'too-many-requests', message);
    this.name = 'TooManyRequestsError';
    this.extensions.retryAfterSeconds = retryAfterSeconds;
  }
}
