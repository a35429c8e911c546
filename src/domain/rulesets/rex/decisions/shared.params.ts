/** Params shared by the kinds of several phases. */

export class RexNoParams {}
