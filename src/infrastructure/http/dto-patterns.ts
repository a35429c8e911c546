/** Text that is more than white space: names, reasons, claims. */
export const NOT_BLANK = /\S/;
