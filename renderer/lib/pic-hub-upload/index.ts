/**
 * PicHub's upload pipeline, shared by /pic/hub and the tools that upload pictures into the user's
 * hub (/md/editor): errors, the picture's preparation (checks, compression, watermark, hash, thumbnail),
 * the hub lookup, the GitHub upload and the links. The /pic/hub page keeps its stores and UI.
 */
export * from './errors';
export * from './prepare';
export * from './presets';
export * from './hub';
export * from './github-upload';
export * from './links';
export * from './upload-files';
