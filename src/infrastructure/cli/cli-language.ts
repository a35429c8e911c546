import type { LocalizedText } from '../../domain/shared/localized-text';

/** The language the CLI speaks: Russian or English. */
export type CliLang = keyof LocalizedText;

/** The language of the environment's locale (LC_ALL, else LC_MESSAGES, else LANG), as POSIX chooses it. */
export function langOfEnvironment(env: NodeJS.ProcessEnv): CliLang {
  const locale = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((value) => value) ?? '';
  return /^ru([_.@-]|$)/i.test(locale) ? 'ru' : 'en';
}

/** The language a command line asks for with `--lang ru|en` (or `--lang=…`), else the locale's. */
export function langOfCommandLine(args: readonly string[], env: NodeJS.ProcessEnv): CliLang {
  for (let i = 0; i < args.length; i += 1) {
    const value =
      args[i] === '--lang'
        ? args[i + 1]
        : args[i].startsWith('--lang=')
          ? args[i].slice(7)
          : undefined;
    if (value === 'ru' || value === 'en') return value;
  }
  return langOfEnvironment(env);
}

/** The arguments without `--lang X` / `--lang=X`: for the verbs that have no option of their own for it. */
export function withoutLang(args: readonly string[]): string[] {
  const rest: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    if (args[i] === '--lang') i += 1;
    else if (!args[i].startsWith('--lang=')) rest.push(args[i]);
  }
  return rest;
}
