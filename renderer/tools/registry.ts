import fileHasher from './file-hasher/tool';
import subtitleStitch from './subtitle-stitch/tool';
import iconMarker from './icon-marker/tool';
import imageCompress from './image-compress/tool';
import imageSteganography from './image-steganography/tool';
import imageConvert from './image-convert/tool';
import imageResizer from './image-resizer/tool';
import imageWatermark from './image-watermark/tool';

/** The one list of tools: routes, menus, home cards, search and SEO all derive from it. */
export const tools = [fileHasher, subtitleStitch, iconMarker, imageCompress, imageSteganography, imageConvert, imageResizer, imageWatermark] as const;

export type RegisteredTool = (typeof tools)[number];
