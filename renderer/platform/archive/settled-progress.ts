import type { ArchiveCapability, ArchiveJobOptions } from './types';

/**
 * Runs a job whose progress reports stop when it settles. Progress travels on its own channel (a
 * Comlink callback port, an IPC event), so a last report can land after the result; a page that
 * clears its progress bar when the job ends would see it come back and stay "busy" for good.
 */
export async function untilSettled<T, O extends ArchiveJobOptions>(options: O, run: (options: O) => Promise<T>): Promise<T> {
  const { onProgress } = options;
  if (!onProgress) return run(options);
  let settled = false;
  try {
    return await run({ ...options, onProgress: (fraction: number) => !settled && onProgress(fraction) });
  } finally {
    settled = true;
  }
}

/** The capability with every create and extract reporting progress only while it runs. */
export function withSettledProgress(capability: ArchiveCapability): ArchiveCapability {
  return {
    ...capability,
    create: (sources, settings, options) =>
      options ? untilSettled(options, (guarded) => capability.create(sources, settings, guarded)) : capability.create(sources, settings),
    async open(file, options) {
      const opened = await capability.open(file, options);
      return {
        ...opened,
        extract: (paths, target, jobOptions) =>
          jobOptions ? untilSettled(jobOptions, (guarded) => opened.extract(paths, target, guarded)) : opened.extract(paths, target),
      };
    },
  };
}
