/** Why the build in `root` is not current (an output missing, a source newer), or undefined. */
export function staleBuild(root: string, outputs?: readonly string[]): string | undefined;
/** What the build reads, from the repository's root (a directory or a file; some may not exist). */
export const SOURCES: readonly string[];
