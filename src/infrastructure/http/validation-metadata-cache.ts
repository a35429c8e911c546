import { getMetadataStorage } from 'class-validator';

type MetadataStorage = ReturnType<typeof getMetadataStorage>;
type ValidationMetadata = Parameters<MetadataStorage['addValidationMetadata']>[0];
type Grouped = Record<string, ValidationMetadata[]>;

const CACHED = Symbol('matchlog.cachedValidationMetadata');

/**
 * Makes class-validator look up a class's rules once instead of on every `validate`.
 *
 * Each validation asks the metadata storage for the class's rules, and the storage answers by
 * filtering its whole list and testing every other registered class for inheritance — for
 * every body and every decision's params, 3% of a decision's CPU in the bench profile. The
 * rules only change when a decorator registers one (at import), so the answers are kept per
 * class and options and forgotten whenever a rule is added. Lookups with validation groups
 * (which this service does not use) go to the storage as before. The answers are read-only
 * for class-validator: it filters them into new arrays and never changes them.
 */
export function cacheValidationMetadataLookups(
  storage: MetadataStorage = getMetadataStorage(),
): void {
  const patched = storage as MetadataStorage & { [CACHED]?: true };
  if (patched[CACHED]) return;
  patched[CACHED] = true;

  const lookUp = storage.getTargetValidationMetadatas.bind(storage);
  const group = storage.groupByPropertyName.bind(storage);
  const addRule = storage.addValidationMetadata.bind(storage);
  let rules = new Map<unknown, Map<string, ValidationMetadata[]>>();
  let grouped = new WeakMap<ValidationMetadata[], Grouped>();
  const forget = () => {
    rules = new Map();
    grouped = new WeakMap();
  };

  storage.addValidationMetadata = (metadata) => {
    forget();
    addRule(metadata);
  };
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    if (groups !== undefined && groups.length > 0)
      return lookUp(target, schema, always, strictGroups, groups);
    const key = `${schema}\u0000${always}\u0000${strictGroups}`;
    let byOptions = rules.get(target);
    if (!byOptions) rules.set(target, (byOptions = new Map()));
    let found = byOptions.get(key);
    if (!found) byOptions.set(key, (found = lookUp(target, schema, always, strictGroups, groups)));
    return found;
  };
  storage.groupByPropertyName = (metadata) => {
    let found = grouped.get(metadata);
    if (!found) grouped.set(metadata, (found = group(metadata)));
    return found;
  };
}
