/** Why the build in `root` is not current (an output missing, a source newer), or undefined. */
export function staleBuild(root: string, outputs?: readonly string[]): string | undefined;
