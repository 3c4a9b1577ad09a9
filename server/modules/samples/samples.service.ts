import { API_CODE } from '@shared/contracts/api';
import { SAMPLE_MAX_BYTES } from '@shared/contracts/samples-base';
import type { SampleCatalogue, SampleFile, SampleOrder } from '@shared/contracts/samples-base';
import type { SampleCategoryInput, SampleCreateInput, SampleEditInput } from '@shared/contracts/samples';
import { HttpError } from '../../http/http-error';
import type { Logger } from '../../logger';
import { StorageFullError } from '../../storage/storage';
import type { Storage } from '../../storage/storage';
import { examineSample } from './sample-content';
import type { SampleContent } from './sample-content';
import type { NewSampleRow, SampleRow, SamplesRepository } from './samples.repository';
import { MSG, badRequest, notFound } from './messages';
import { SEED_CATEGORIES, makeSeedFiles } from './seed-files';
import type { SeedFile } from './seed-files';

/** Where sample bytes live in the storage; DATA_DIR/samples on local disk. */
export const SAMPLES_PREFIX = 'samples/';
const keyOf = (sha256: string) => `${SAMPLES_PREFIX}${sha256}`;

export interface Upload {
  /** The name the browser sent (multipart filename). */
  name: string;
  bytes: Buffer;
}

const toFile = (row: SampleRow): SampleFile => ({
  id: row.id,
  categoryId: row.category_id,
  name: row.name,
  format: row.format,
  mime: row.mime,
  size: Number(row.size),
  md5: row.md5,
  sha256: row.sha256,
  descriptionCn: row.description_cn,
  descriptionEn: row.description_en,
  updateTime: Number(row.update_time),
});

export function createSamplesService(
  samples: SamplesRepository,
  storage: Storage,
  logger: Logger,
  makeSeed: (logger: Logger) => Promise<SeedFile[]> = makeSeedFiles,
  now: () => number = Date.now,
) {
  /** Stores the bytes under their SHA-256 (all or nothing); equal bytes make the same object. */
  async function store(content: SampleContent, bytes: Uint8Array): Promise<string> {
    const key = keyOf(content.sha256);
    try {
      await storage.put(key, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length), { maxBytes: SAMPLE_MAX_BYTES });
    } catch (error) {
      if (error instanceof StorageFullError) throw new HttpError(507, API_CODE.SERVER_ERROR, { key: 'common.storageFull' });
      throw error;
    }
    return key;
  }

  /** After a record moved off an object: drop it unless another sample shares the bytes. */
  async function release(key: string): Promise<void> {
    if (!(await samples.keyInUse(key))) await storage.delete(key);
  }

  async function requireCategory(id: number): Promise<void> {
    if (!(await samples.findCategory(id))) throw notFound(MSG.categoryNotFound);
  }

  let seeding: Promise<void> | undefined;

  /**
   * The first catalogue, made once per installation on its first read (not at start-up: the files
   * take seconds of CPU with ffmpeg, which every test and e2e server would pay for nothing). The
   * objects go first, then one transaction claims the seed and records them; an instance that lost
   * the claim leaves objects no record points to, which the start-up sweep removes.
   */
  async function seed(): Promise<void> {
    if (await samples.wasSeeded()) return;
    const files = await makeSeed(logger);
    const rows = new Map<string, NewSampleRow[]>();
    const at = now();
    for (const file of files) {
      try {
        const content = await examineSample(file.name, file.bytes);
        const key = await store(content, file.bytes);
        const list = rows.get(file.family) ?? [];
        list.push({
          category_id: 0,
          name: file.name,
          format: content.format,
          mime: content.mime,
          size: content.size,
          md5: content.md5,
          sha256: content.sha256,
          storage_key: key,
          description_cn: file.descriptionCn,
          description_en: file.descriptionEn,
          create_time: at,
          update_time: at,
        });
        rows.set(file.family, list);
      } catch (error) {
        logger.warn({ err: error, sample: file.name }, 'seed sample left out');
      }
    }
    const seeded = await samples.seed(
      SEED_CATEGORIES.map((category) => ({ nameCn: category.nameCn, nameEn: category.nameEn, samples: rows.get(category.family) ?? [] })),
      at,
    );
    if (seeded) logger.info({ samples: [...rows.values()].reduce((sum, list) => sum + list.length, 0) }, 'sample files seeded');
  }

  function ensureSeeded(): Promise<void> {
    seeding ??= seed().catch((error: unknown) => {
      // Tried again by the next read; the catalogue is served as it is meanwhile.
      seeding = undefined;
      logger.error({ err: error }, 'seeding the sample files failed');
    });
    return seeding;
  }

  return {
    async catalogue(): Promise<SampleCatalogue> {
      await ensureSeeded();
      const [categories, files] = await Promise.all([samples.categories(), samples.samples()]);
      return {
        categories: categories.map((category) => ({
          id: category.id,
          nameCn: category.name_cn,
          nameEn: category.name_en,
          samples: files.filter((file) => file.category_id === category.id).map(toFile),
        })),
      };
    },

    /** The sample and its bytes, or the inclusive byte `range` of them. */
    async file(id: number, range?: (size: number) => { start: number; end: number } | undefined) {
      const row = await samples.find(id);
      if (!row) throw notFound();
      const sample = toFile(row);
      const part = range?.(sample.size);
      const stored = await storage.get(row.storage_key, part);
      if (!stored) throw notFound();
      return { sample, stored, range: part };
    },

    async create(input: SampleCreateInput, upload: Upload | undefined): Promise<SampleFile> {
      if (!upload) throw badRequest(MSG.fileMissing);
      await requireCategory(input.categoryId);
      const name = input.name ?? upload.name;
      const content = await examineSample(name, upload.bytes);
      const key = await store(content, upload.bytes);
      const at = now();
      const id = await samples.insert({
        category_id: input.categoryId,
        name,
        ...content,
        storage_key: key,
        description_cn: input.descriptionCn,
        description_en: input.descriptionEn,
        create_time: at,
        update_time: at,
      });
      return toFile((await samples.find(id))!);
    },

    /** Edits the texts or the category, and with a file replaces the bytes (the name follows the new file unless one is given). */
    async edit(id: number, input: SampleEditInput, upload: Upload | undefined): Promise<SampleFile> {
      const row = await samples.find(id);
      if (!row) throw notFound();
      if (input.categoryId !== undefined) await requireCategory(input.categoryId);
      const name = input.name ?? (upload ? upload.name : row.name);
      let replaced: Partial<SampleRow> = {};
      if (upload) {
        const content = await examineSample(name, upload.bytes);
        replaced = { ...content, storage_key: await store(content, upload.bytes) };
      } else if (name !== row.name) {
        // A new name must still agree with the bytes already stored.
        const object = await storage.get(row.storage_key);
        if (!object) throw notFound();
        const chunks: Buffer[] = [];
        for await (const chunk of object.body) chunks.push(chunk as Buffer);
        await examineSample(name, Buffer.concat(chunks));
      }
      const updated = await samples.update(id, {
        ...replaced,
        name,
        ...(input.categoryId !== undefined ? { category_id: input.categoryId } : {}),
        ...(input.descriptionCn !== undefined ? { description_cn: input.descriptionCn } : {}),
        ...(input.descriptionEn !== undefined ? { description_en: input.descriptionEn } : {}),
        update_time: now(),
      });
      if (!updated) throw notFound();
      if (replaced.storage_key && replaced.storage_key !== row.storage_key) await release(row.storage_key);
      return toFile((await samples.find(id))!);
    },

    async remove(id: number): Promise<void> {
      const row = await samples.find(id);
      if (!row || !(await samples.delete(id))) throw notFound();
      await release(row.storage_key);
    },

    async createCategory(input: SampleCategoryInput) {
      const id = await samples.insertCategory(input.nameCn, input.nameEn, now());
      return { id, nameCn: input.nameCn, nameEn: input.nameEn, samples: [] };
    },

    async editCategory(id: number, input: SampleCategoryInput) {
      if (!(await samples.updateCategory(id, input.nameCn, input.nameEn, now()))) throw notFound(MSG.categoryNotFound);
      return { id, nameCn: input.nameCn, nameEn: input.nameEn };
    },

    async removeCategory(id: number): Promise<void> {
      const result = await samples.deleteCategory(id);
      if (result === 'missing') throw notFound(MSG.categoryNotFound);
      if (result === 'busy') throw new HttpError(409, API_CODE.BAD_REQUEST, MSG.categoryNotEmpty);
    },

    async order(order: SampleOrder): Promise<void> {
      // Every id must exist, so a stale page cannot half-apply its order.
      if (order.categories && (await samples.countExisting('sample_categories', order.categories)) !== order.categories.length)
        throw notFound(MSG.categoryNotFound);
      if (order.samples && (await samples.countExisting('samples', order.samples)) !== order.samples.length) throw notFound();
      if (order.categories) await samples.reorder('sample_categories', order.categories);
      if (order.samples) await samples.reorder('samples', order.samples);
    },
  };
}

export type SamplesService = ReturnType<typeof createSamplesService>;
