import type { ChangeKind, Release } from '@shared/changelog';

/** What a release's badge counts: how many items of each kind it has, in a fixed order. */
export const CHANGE_KINDS: readonly ChangeKind[] = ['feature', 'improvement', 'fix'];

export function kindCounts(release: Release): { kind: ChangeKind; count: number }[] {
  return CHANGE_KINDS.map((kind) => ({ kind, count: release.items.filter((item) => item.kind === kind).length })).filter(
    (entry) => entry.count > 0,
  );
}

/** The problems of a change log, so a wrong entry fails its test instead of showing. */
export function changelogProblems(releases: readonly Release[]): string[] {
  const problems: string[] = [];
  releases.forEach((release, index) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(release.date) || Number.isNaN(Date.parse(release.date)))
      problems.push(`${release.version}: date ${release.date} is not YYYY-MM-DD`);
    const previous = releases[index - 1];
    if (previous && previous.date < release.date) problems.push(`${release.version}: newer than the release above it`);
    if (release.items.length === 0) problems.push(`${release.version}: no items`);
    for (const item of release.items)
      if (!item.cn.trim() || !item.en.trim()) problems.push(`${release.version}: an item without its cn or en text`);
  });
  if (new Set(releases.map((release) => release.version)).size !== releases.length) problems.push('a version is listed twice');
  return problems;
}
