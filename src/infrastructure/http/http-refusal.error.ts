import {
  englishOf,
  localizedOf,
  type LocalizedText,
  type Message,
} from '../../domain/shared/localized-text';

/**
 * A request the HTTP layer refuses before any use case runs (a body that is not acceptable
 * JSON, a client over its limits, a request that could not be parsed or did not arrive in
 * time). Unlike an application error it carries its status: what went wrong is HTTP itself.
 */
export class HttpRefusalError extends Error {
  /** Extra problem members (retryAfterSeconds, ...). */
  readonly extensions: Record<string, unknown> = {};
  /** Both forms of the message, when it has been translated (`message` is the English one). */
  readonly localized?: LocalizedText;

  constructor(
    readonly status: number,
    /** The problem code: `malformed-json`, `request-timeout`, ... */
    readonly code: string,
    message: Message,
  ) {
    super(englishOf(message));
    this.localized = localizedOf(message);
    this.name = 'HttpRefusalError';
  }
}
