import type { JSX } from 'preact';
import type { Lang } from '@domain/rulesets/ruleset';
import { ApiError } from '../api/client';
import { label } from '../i18n';

export function ErrorView({
  lang,
  error,
  header,
  token,
  onToken,
}: {
  lang: Lang;
  error: ApiError;
  header(badges?: JSX.Element): JSX.Element;
  token: string | undefined;
  onToken(token: string | undefined): void;
}): JSX.Element {
  const summary =
    error.status === 404
      ? label('notFound', lang)
      : error.status === 401
        ? label('tokenRejected', lang)
        : error.status === 403
          ? label('forbidden', lang)
          : error.status === 0
            ? label('networkError', lang)
            : label('errorTitle', lang);
  return (
    <div class="page">
      {header()}
      <main id="main" class="error-page">
        <div class="error-box" role="alert" data-error={error.code}>
          <h1>{label('errorTitle', lang)}</h1>
          <p class="error-summary">{summary}</p>
          <p class="error-detail">{error.detail}</p>
          <p>
            <a href="/" class="button">
              {label('backToList', lang)}
            </a>{' '}
            {token && (error.status === 401 || error.status === 403) ? (
              <button type="button" onClick={() => onToken(undefined)}>
                {label('forget', lang)}
              </button>
            ) : (
              <button type="button" onClick={() => location.reload()}>
                {label('retry', lang)}
              </button>
            )}
          </p>
        </div>
      </main>
    </div>
  );
}
