import { parseArgs, type ParseArgsConfig } from 'node:util';
import { englishOf, type LocalizedText, type Message } from '../../domain/shared/localized-text';

/** A command line the verb cannot run: printed with the verb's usage, exit 2. */
export class UsageError extends Error {
  constructor(
    /** Both languages, or English only where a verb is not translated yet. */
    readonly text: Message,
    /** The usage of the verb it concerns; the whole CLI's when absent. */
    readonly usage?: Message,
  ) {
    super(englishOf(text));
  }
}

/** The form of `message` in `lang` (English where it has no Russian one yet). */
export function textIn(message: Message, lang: keyof LocalizedText): string {
  return typeof message === 'string' ? message : message[lang];
}

/** Whether a verb was asked for its usage (`--help` or `-h` anywhere among its arguments). */
export function wantsHelp(args: readonly string[]): boolean {
  return args.includes('--help') || args.includes('-h');
}

/**
 * A verb's options and file arguments: node's parseArgs, strict, with its complaints (an
 * unknown option, a missing value) as usage errors. An argument starting with `-` is never
 * taken for a file name.
 */
export function parseVerbArgs<T extends NonNullable<ParseArgsConfig['options']>>(
  args: string[],
  options: T,
  usage: Message,
) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    // parseArgs says what was wrong in English only (an unknown option, a missing value).
    const { message } = error as Error;
    throw new UsageError({ en: message, ru: `аргументы не разобраны (${message})` }, usage);
  }
}
