import fileHasher from './file-hasher/tool';
import folderTree from './folder-tree/tool';
import iconMarker from './icon-marker/tool';
import imageCompress from './image-compress/tool';
import imageConvert from './image-convert/tool';
import imageResizer from './image-resizer/tool';
import imageSteganography from './image-steganography/tool';
import imageWatermark from './image-watermark/tool';
import subtitleStitch from './subtitle-stitch/tool';
import textAssistant from './text-assistant/tool';
import textDisorder from './text-disorder/tool';
import textSteganography from './text-steganography/tool';
import fileCutmerge from './file-cutmerge/tool';
import fileTypeIdentify from './file-type-identify/tool';
import compress from './compress/tool';
import fileEncodingIdentify from './file-encoding-identify/tool';
import excel from './excel/tool';
import docPreview from './doc-preview/tool';
import pptPreview from './ppt-preview/tool';
import psd from './psd/tool';
import sketch from './sketch/tool';
import bookLibrary from './book-library/tool';
import epubReader from './epub-reader/tool';
import picHub from './pic-hub/tool';
import otp from './otp/tool';
import mdEditor from './md-editor/tool';
import handWrite from './hand-write/tool';
import screenTest from './screen-test/tool';
import screenOn from './screen-on/tool';
import systemInfo from './system-info/tool';
import m3u8Downloader from './m3u8-downloader/tool';
import voiceRecorder from './voice-recorder/tool';
import p2pTransfer from './p2p-transfer/tool';
import terminal from './terminal/tool';
import feedback from './feedback/tool';
import changeLog from './change-log/tool';
import donation from './donation/tool';
import chatgpt from './chatgpt/tool';
import fileSamples from './file-samples/tool';
import board from './board/tool';

/**
 * The one list of tools: routes, menus, home cards, search and SEO all derive from it. Within a
 * group, menus and cards follow this order (spec §2's order of paths).
 */
export const tools = [
  iconMarker,
  imageCompress,
  imageConvert,
  imageResizer,
  imageWatermark,
  imageSteganography,
  subtitleStitch,
  textAssistant,
  folderTree,
  fileCutmerge,
  compress,
  fileHasher,
  textSteganography,
  fileTypeIdentify,
  fileEncodingIdentify,
  textDisorder,
  excel,
  docPreview,
  pptPreview,
  psd,
  sketch,
  bookLibrary,
  epubReader,
  picHub,
  otp,
  mdEditor,
  handWrite,
  screenTest,
  screenOn,
  systemInfo,
  m3u8Downloader,
  voiceRecorder,
  p2pTransfer,
  terminal,
  feedback,
  changeLog,
  donation,
  chatgpt,
  fileSamples,
  board,
] as const;

export type RegisteredTool = (typeof tools)[number];

/** What menus, home cards and search offer: every tool not marked `unlisted` (work in progress). */
export const listedTools: readonly RegisteredTool[] = tools.filter((tool) => !tool.unlisted);
