/**
 * The Russian labels of DTO fields, as the seat page shows them beside each field: a refusal
 * of a field's value names the field by them («Последствия № 1: …»), never by its member name.
 * Filled once, as the DTO classes are declared (the kit's `@Field`, `labelFields`).
 */
const LABELS = new WeakMap<object, Map<string, string>>();

/** Gives the fields of `dto` their Russian labels. */
export function labelFields(dto: object, labels: Record<string, string>): void {
  let own = LABELS.get(dto);
  if (!own) LABELS.set(dto, (own = new Map()));
  for (const [field, label] of Object.entries(labels)) own.set(field, label);
}

/** The Russian label of `field` of `dto` (or of a class it extends), if it has one. */
export function fieldLabel(dto: object | undefined, field: string): string | undefined {
  for (let at = dto; at && at !== Function.prototype; at = Object.getPrototypeOf(at) as object) {
    const label = LABELS.get(at)?.get(field);
    if (label) return label;
  }
  return undefined;
}
