import { createHash } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AVATAR_MIME_TYPES, AVATAR_SIZE } from '@shared/contracts/users';
import { MSG, badRequest } from './messages';

export const AVATAR_DIR = 'avatars';
/** The public address prefix; files are served by the users router. */
export const AVATAR_URL_PREFIX = '/api/users/avatar/';
export const AVATAR_FILE_PATTERN = /^\d+-[0-9a-f]{16}\.webp$/;

/** Decoding bombs: a tiny file claiming 100000×100000 pixels is refused before it is decoded. */
const MAX_INPUT_PIXELS = 50_000_000;

const acceptedTypes: readonly string[] = AVATAR_MIME_TYPES;

/**
 * Checks the bytes (not the name or the declared type), then re-encodes: the stored file is always
 * a fresh 256×256 WebP made by sharp, so nothing the visitor sent is ever served back as is.
 */
export async function renderAvatar(upload: Buffer): Promise<Buffer> {
  const type = await fileTypeFromBuffer(upload);
  if (!type || !acceptedTypes.includes(type.mime)) throw badRequest(MSG.avatarWrongType);
  try {
    return await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw badRequest(MSG.avatarUnreadable);
  }
}

export function createAvatarStore(dataDir: string) {
  const folder = join(dataDir, AVATAR_DIR);

  return {
    folder,

    /** Writes `<userId>-<content hash>.webp` and returns its public path. */
    async save(userId: number, webp: Buffer): Promise<string> {
      const name = `${userId}-${createHash('sha256').update(webp).digest('hex').slice(0, 16)}.webp`;
      await mkdir(folder, { recursive: true });
      await writeFile(join(folder, name), webp);
      return `${AVATAR_URL_PREFIX}${name}`;
    },

    /** Removes a replaced avatar; only paths this store made are touched. */
    async remove(publicPath: string): Promise<void> {
      const name = publicPath.startsWith(AVATAR_URL_PREFIX) ? publicPath.slice(AVATAR_URL_PREFIX.length) : '';
      if (AVATAR_FILE_PATTERN.test(name)) await rm(join(folder, name), { force: true });
    },
  };
}

export type AvatarStore = ReturnType<typeof createAvatarStore>;
