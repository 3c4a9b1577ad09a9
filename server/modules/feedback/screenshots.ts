import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';
import { fileTypeFromBuffer } from 'file-type';
import multer from 'multer';
import sharp from 'sharp';
import { API_CODE } from '@shared/contracts/api';
import type { FEEDBACK_SCREENSHOT_TYPES } from '@shared/contracts/feedback-base';
import { FEEDBACK_CONTENT_MAX_CHARS, FEEDBACK_SCREENSHOT_MAX_BYTES } from '@shared/contracts/feedback-base';
import { HttpError } from '../../http/http-error';
import { StorageFullError } from '../../storage/storage';
import type { Storage } from '../../storage/storage';
import { MSG, badRequest } from './messages';

/** Where screenshots live in the storage; DATA_DIR/feedback on local disk. */
const PREFIX = 'feedback/';
const EXTENSION_TYPES: Readonly<Record<string, (typeof FEEDBACK_SCREENSHOT_TYPES)[number]>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};
/** `<content hash>.<ext>`: the bytes name the file, so a key never changes meaning. */
export const SCREENSHOT_KEY = /^[0-9a-f]{32}\.(png|jpg|webp|gif)$/;
/** Decoding bombs: a tiny file claiming 100000×100000 pixels is refused before it is decoded. */
const MAX_INPUT_PIXELS = 50_000_000;

/** The form's JSON text holds the other fields; generous for its longest texts in UTF-8. */
const readForm = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: FEEDBACK_SCREENSHOT_MAX_BYTES, files: 1, fields: 1, parts: 2, fieldSize: 16 * FEEDBACK_CONTENT_MAX_CHARS },
}).single('screenshot');

/** Reads a multipart form's `feedback` text and optional `screenshot`, stopping at the cap while streaming. */
export const receiveFeedbackForm: RequestHandler = (req, res, next) => {
  if (!req.is('multipart/form-data')) return next();
  readForm(req, res, (error: unknown) => {
    if (!error) return next();
    if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE')
      return next(new HttpError(413, API_CODE.BAD_REQUEST, MSG.screenshotTooLarge));
    next(badRequest(MSG.uploadMalformed));
  });
};

/**
 * Checks the bytes, not the name or the declared type, and that they decode; answers the extension
 * to store them under. Served later with the sniffed type and nosniff, so no other reading is possible.
 */
export async function checkScreenshot(bytes: Buffer): Promise<string> {
  const type = await fileTypeFromBuffer(bytes);
  if (!type || EXTENSION_TYPES[type.ext] !== type.mime) throw badRequest(MSG.screenshotWrongType);
  try {
    await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).stats();
  } catch {
    throw badRequest(MSG.screenshotUnreadable);
  }
  return type.ext;
}

export function createScreenshotStore(storage: Storage) {
  return {
    /** Stores the picture and answers its key; the caller records it. */
    async put(bytes: Buffer, extension: string): Promise<string> {
      const key = `${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.${extension}`;
      try {
        await storage.put(`${PREFIX}${key}`, bytes, { maxBytes: FEEDBACK_SCREENSHOT_MAX_BYTES });
      } catch (error) {
        if (error instanceof StorageFullError) throw new HttpError(507, API_CODE.SERVER_ERROR, { key: 'common.storageFull' });
        throw error;
      }
      return key;
    },

    async get(key: string) {
      if (!SCREENSHOT_KEY.test(key)) return undefined;
      const stored = await storage.get(`${PREFIX}${key}`);
      return stored && { ...stored, type: EXTENSION_TYPES[key.slice(key.lastIndexOf('.') + 1)] as string };
    },
  };
}

export type ScreenshotStore = ReturnType<typeof createScreenshotStore>;

/**
 * Start-up sweep: deletes screenshots no feedback points to (a crash between storing and
 * recording). `graceMs` spares files other running instances may be recording right now.
 */
export async function sweepOrphanScreenshots(recorded: Set<string>, storage: Storage, graceMs: number, now = Date.now()): Promise<number> {
  const orphans = (await storage.list(PREFIX)).filter(
    (object) => !recorded.has(object.key.slice(PREFIX.length)) && now - object.modified.getTime() >= graceMs,
  );
  await Promise.all(orphans.map((object) => storage.delete(object.key)));
  return orphans.length;
}
