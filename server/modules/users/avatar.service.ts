import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { API_CODE } from '@shared/contracts/api';
import { AVATAR_MAX_BYTES, AVATAR_MIME_TYPES, AVATAR_SIZE } from '@shared/contracts/users';
import type { Db } from '../../db/database';
import { HttpError } from '../../http/http-error';
import { StorageFullError } from '../../storage/storage';
import type { Storage } from '../../storage/storage';
import { MSG, badRequest } from './messages';

/** Where avatars live in the storage (storage/storage.ts); DATA_DIR/avatars on local disk. */
export const AVATAR_PREFIX = 'avatars/';
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

/** Runs tasks with the same key one after another, tasks with different keys side by side. */
function keyedQueue() {
  const tails = new Map<number, Promise<unknown>>();
  return function run<T>(key: number, task: () => Promise<T>): Promise<T> {
    const result = (tails.get(key) ?? Promise.resolve()).then(task);
    const tail = result.catch(() => undefined);
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return result;
  };
}

export function createAvatarStore(storage: Storage) {
  // Uploads of one user run one at a time: each ends by deleting every file of that user but its
  // own, which is only safe while no other upload of theirs is between writing and recording.
  const oneAtATime = keyedQueue();

  /** The user's files other than `keep`; `<id>-` is matched whole, so user 1 never touches user 12's. */
  async function othersOf(userId: number, keep: string): Promise<string[]> {
    const names = (await storage.list(AVATAR_PREFIX)).map((object) => object.key.slice(AVATAR_PREFIX.length));
    return names.filter((name) => name !== keep && AVATAR_FILE_PATTERN.test(name) && name.startsWith(`${userId}-`));
  }

  return {
    /** The stored file behind a public name, undefined when there is none. */
    get: (name: string) => storage.get(`${AVATAR_PREFIX}${name}`),

    /**
     * Stores `<userId>-<content hash>.webp`, lets `record` store its public path, then removes every
     * other file of the user: the one replaced, and any an earlier upload left behind. A file that
     * is not the recorded avatar would otherwise stay publicly served for good.
     */
    async replace(userId: number, webp: Buffer, record: (publicPath: string) => Promise<void>): Promise<string> {
      const name = `${userId}-${createHash('sha256').update(webp).digest('hex').slice(0, 16)}.webp`;
      const publicPath = `${AVATAR_URL_PREFIX}${name}`;
      return oneAtATime(userId, async () => {
        try {
          await storage.put(`${AVATAR_PREFIX}${name}`, webp, { maxBytes: AVATAR_MAX_BYTES });
        } catch (error) {
          if (error instanceof StorageFullError) throw new HttpError(507, API_CODE.SERVER_ERROR, { key: 'common.storageFull' });
          throw error;
        }
        await record(publicPath);
        await Promise.all((await othersOf(userId, name)).map((other) => storage.delete(`${AVATAR_PREFIX}${other}`)));
        return publicPath;
      });
    },
  };
}

export type AvatarStore = ReturnType<typeof createAvatarStore>;

/**
 * Start-up sweep: deletes avatar files no user points to (what a crash between storing and recording
 * left). Runs before the server listens, so no upload of this instance is in flight; `graceMs`
 * spares files younger than that, for stores other running instances may be writing to.
 */
export async function sweepOrphanAvatars(db: Db, storage: Storage, graceMs: number, now = Date.now()): Promise<number> {
  const recorded = new Set((await db.selectFrom('users').select('avatar').where('avatar', '!=', '').execute()).map((row) => row.avatar));
  const orphans = (await storage.list(AVATAR_PREFIX)).filter(
    (object) =>
      !recorded.has(`${AVATAR_URL_PREFIX}${object.key.slice(AVATAR_PREFIX.length)}`) && now - object.modified.getTime() >= graceMs,
  );
  await Promise.all(orphans.map((object) => storage.delete(object.key)));
  return orphans.length;
}
