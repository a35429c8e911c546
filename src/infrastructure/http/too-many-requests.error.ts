import { ApplicationError } from '../../application/errors';

/** A client over one of its limits (requests per window, open connections): 429 with Retry-After. */
export class TooManyRequestsError extends ApplicationError {
  readonly status = 429;
  readonly code = 'too-many-requests';
  constructor(
    message: string,
    /** Whole seconds until the client may try again: the `Retry-After` header. */
    readonly retryAfterSeconds: number,
  ) {
    super(message);
    this.name = 'TooManyRequestsError';
    this.extensions.retryAfterSeconds = retryAfterSeconds;
  }
}
