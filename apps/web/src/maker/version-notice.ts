/**
 * What saving does to the recipe's versions, worded from the GUIDE's versioning rule: saving the recipe's own
 * fields or adding a task always creates the next version; editing, deleting or reordering tasks and points
 * changes the current version in place while it has no measurements, and creates the next version once it has.
 */
export type EditKind = 'recipe' | 'task';

export interface Notice {
  key: string;
  params: Record<string, number>;
}

/** `measurements` is the current version's count, null when it could not be read. */
export function versionNotice(kind: EditKind, version: number, measurements: number | null): Notice {
  const params = { current: version, next: version + 1, count: measurements ?? 0 };
  if (kind === 'recipe')
    return { key: measurements ? 'versionNotice.newVersionMeasured' : 'versionNotice.newVersion', params };
  if (measurements === null) return { key: 'versionNotice.taskUnknown', params };
  return { key: measurements > 0 ? 'versionNotice.taskForks' : 'versionNotice.taskInPlace', params };
}
