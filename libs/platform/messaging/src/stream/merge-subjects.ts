import { filterCovers } from '../names/subject-pattern';

/**
 * The subjects a stream should have so it covers both what it has and what is wanted, without
 * overlapping entries: a wanted subject already covered is not added, an existing one covered by a
 * wider wanted one is replaced. Subjects are never dropped, since other services may rely on them.
 */
export function mergeSubjects(existing: readonly string[], wanted: readonly string[]): { subjects: string[]; changed: boolean } {
  const added = unique(wanted).filter((w) => !existing.some((e) => filterCovers(e, w)));
  const addedWidest = added.filter((a) => !added.some((b) => b !== a && filterCovers(b, a)));
  if (addedWidest.length === 0) return { subjects: [...existing], changed: false };
  const kept = existing.filter((e) => !addedWidest.some((a) => filterCovers(a, e)));
  return { subjects: [...kept, ...addedWidest], changed: true };
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}
