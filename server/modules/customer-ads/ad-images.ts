import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';
import { fileTypeFromBuffer } from 'file-type';
import multer from 'multer';
import sharp from 'sharp';
import { API_CODE } from '@shared/contracts/api';
import { AD_IMAGE_MAX_BYTES, AD_IMAGE_URL_PREFIX, AD_SETTINGS_MAX_BYTES } from '@shared/contracts/ads-base';
import type { AD_IMAGE_TYPES } from '@shared/contracts/ads-base';
import { HttpError } from '../../http/http-error';
import { StorageFullError } from '../../storage/storage';
import type { Storage } from '../../storage/storage';
import { MSG, badRequest } from './messages';

/** Where ad pictures live in the storage; DATA_DIR/customer-ads on local disk. */
const PREFIX = 'customer-ads/';
const EXTENSION_TYPES: Readonly<Record<string, (typeof AD_IMAGE_TYPES)[number]>> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
};
/** `<userId>-<content hash>.<ext>`: the uploader and the bytes name the file, so it never changes. */
export const AD_IMAGE_NAME = /^\d+-[0-9a-f]{16}\.(jpg|png|gif|webp|avif)$/;
/** Decoding bombs: a tiny file claiming 100000×100000 pixels is refused before it is decoded. */
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * Reads a multipart form's `ad` text and optional `image` file into memory, stopping at the cap
 * while streaming. A JSON body passes through untouched (publish and PUT take both).
 */
const readForm = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: AD_IMAGE_MAX_BYTES, files: 1, fields: 1, parts: 2, fieldSize: 4 * AD_SETTINGS_MAX_BYTES },
}).single('image');

export const receiveAdForm: RequestHandler = (req, res, next) => {
  if (!req.is('multipart/form-data')) return next();
  readForm(req, res, (error: unknown) => {
    if (!error) return next();
    if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE')
      return next(new HttpError(413, API_CODE.BAD_REQUEST, MSG.imageTooLarge));
    next(badRequest(MSG.uploadMalformed));
  });
};

/**
 * Checks the bytes, not the name or the declared type, and that they decode; answers the extension
 * to store them under. Pictures are kept as sent (animated GIF and WebP banners stay animated) and
 * served with their sniffed type and nosniff, so no other reading of the bytes is possible.
 */
export async function checkAdImage(bytes: Buffer): Promise<string> {
  const type = await fileTypeFromBuffer(bytes);
  if (!type || EXTENSION_TYPES[type.ext] !== type.mime) throw badRequest(MSG.imageWrongType);
  try {
    await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).stats();
  } catch {
    throw badRequest(MSG.imageUnreadable);
  }
  return type.ext;
}

export const imageNameOf = (settingsImage: string | undefined): string | null =>
  settingsImage?.startsWith(AD_IMAGE_URL_PREFIX) ? settingsImage.slice(AD_IMAGE_URL_PREFIX.length) : null;

export function createAdImageStore(storage: Storage) {
  return {
    /** Stores the picture and answers its name; the caller records it, then drops what it replaced. */
    async put(userId: number, bytes: Buffer, extension: string): Promise<string> {
      const name = `${userId}-${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}.${extension}`;
      try {
        await storage.put(`${PREFIX}${name}`, bytes, { maxBytes: AD_IMAGE_MAX_BYTES });
      } catch (error) {
        if (error instanceof StorageFullError) throw new HttpError(507, API_CODE.SERVER_ERROR, { key: 'common.storageFull' });
        throw error;
      }
      return name;
    },

    async get(name: string) {
      if (!AD_IMAGE_NAME.test(name)) return undefined;
      const stored = await storage.get(`${PREFIX}${name}`);
      return stored && { ...stored, type: EXTENSION_TYPES[name.slice(name.lastIndexOf('.') + 1)] as string };
    },

    delete: (name: string) => storage.delete(`${PREFIX}${name}`),
  };
}

export type AdImageStore = ReturnType<typeof createAdImageStore>;

/**
 * Start-up sweep: deletes pictures no ad points to (a crash between storing and recording, or ads
 * gone with their owner's account). `graceMs` spares files other running instances may be
 * recording right now.
 */
export async function sweepOrphanImages(recorded: Set<string>, storage: Storage, graceMs: number, now = Date.now()): Promise<number> {
  const orphans = (await storage.list(PREFIX)).filter(
    (object) => !recorded.has(object.key.slice(PREFIX.length)) && now - object.modified.getTime() >= graceMs,
  );
  await Promise.all(orphans.map((object) => storage.delete(object.key)));
  return orphans.length;
}
