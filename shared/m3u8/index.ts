export { M3u8Error, isM3u8Error, type M3u8ErrorCode } from './errors';
export {
  parsePlaylist,
  type M3u8Playlist,
  type M3u8Master,
  type M3u8Media,
  type M3u8Segment,
  type M3u8Variant,
  type M3u8Key,
} from './playlist';
export { planDownload, ivFor, type DownloadPlan, type PlannedSegment } from './plan';
export { decryptSegment } from './decrypt';
export { createSegmentLoader, type FetchLike, type SegmentLoader } from './loader';
export { createScheduler, type Scheduler, type SchedulerOptions, type SegmentState, type RunStatus, type Progress } from './scheduler';
