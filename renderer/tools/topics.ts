/**
 * Route meta `topicId` (spec §2 and §4: set on every navigation) names the discussion topic of a
 * tool's page. The spec gives no numbers, so each public tool route of spec §2 is numbered in the
 * spec's own order, from 1, and the numbers never change once shipped (they key server data). A
 * tool beyond the spec's list takes the next free number (`npm run new:tool` picks it).
 * See docs/decisions.md#topic-ids.
 */
export const SPEC_TOPIC_IDS: Readonly<Record<string, number>> = {
  '/md/editor': 1,
  '/excel': 2,
  '/doc/preview': 3,
  '/ppt/preview': 4,
  '/book/library': 5,
  '/epub/reader': 6,
  '/sketch': 7,
  '/psd': 8,
  '/icon/marker': 9,
  '/image/compress': 10,
  '/image/convert': 11,
  '/image/resizer': 12,
  '/image/watermark': 13,
  '/image/steganography': 14,
  '/pic/hub': 15,
  '/subtitle/stitch': 16,
  '/text/assistant': 17,
  '/folder/tree': 18,
  '/file/cutmerge': 19,
  '/compress': 20,
  '/hand-write/generate': 21,
  '/file/hasher': 22,
  '/text/steganography': 23,
  '/file/type/identify': 24,
  '/file/encoding/identify': 25,
  '/file/samples': 26,
  '/text/disorder': 27,
  '/p2p/transfer': 28,
  '/screen/test': 29,
  '/m3u8/downloader': 30,
  '/system/info': 31,
  '/chatgpt': 32,
  '/screen/on': 33,
  '/otp': 34,
  '/user/suggest': 35,
  '/donation': 36,
  '/comment/board': 37,
  '/changeLog': 38,
};
