import { z } from 'zod';
import {
  SAMPLE_CATEGORY_NAME_MAX_LENGTH,
  SAMPLE_DESCRIPTION_MAX_LENGTH,
  SAMPLE_NAME_MAX_LENGTH,
  SAMPLE_ORDER_MAX_IDS,
} from './samples-base';
import type { ServerMessageKey } from './server-messages';

export * from './samples-base';

/** The server's checks of samples-base.ts's shapes; each names a key of the `samples.field` group. */
export const SAMPLE_FIELD_MESSAGES = {
  request: 'samples.field.request',
  id: 'samples.field.id',
  name: 'samples.field.name',
  description: 'samples.field.description',
  categoryName: 'samples.field.categoryName',
  categoryId: 'samples.field.categoryId',
  order: 'samples.field.order',
} as const satisfies Record<string, ServerMessageKey>;

const M = SAMPLE_FIELD_MESSAGES;

const id = (message: ServerMessageKey) =>
  z.coerce
    .number(message)
    .int(message)
    .positive(message)
    .max(2 ** 31 - 1, message);

/**
 * A download's name: one path segment a file manager accepts, with an extension (the type check
 * compares it with the content). No control characters, slashes or leading dot.
 */
export const sampleNameSchema = z
  .string(M.name)
  .trim()
  .min(3, M.name)
  .max(SAMPLE_NAME_MAX_LENGTH, M.name)
  .regex(/^[^\\/:*?"<>|\p{Cc}.][^\\/:*?"<>|\p{Cc}]*$/u, M.name);

const description = z.string(M.description).trim().max(SAMPLE_DESCRIPTION_MAX_LENGTH, M.description);

export const sampleIdParams = z.object({ id: id(M.id) }, M.request);

/** The text fields of `POST …/samples` (multipart beside `file`). */
export const sampleCreateSchema = z.object(
  {
    categoryId: id(M.categoryId),
    name: sampleNameSchema.optional(),
    descriptionCn: description.default(''),
    descriptionEn: description.default(''),
  },
  M.request,
);

/** `PUT …/samples/{id}`: multipart with an optional `file` that replaces the bytes, or JSON. */
export const sampleEditSchema = z.object(
  {
    categoryId: id(M.categoryId).optional(),
    name: sampleNameSchema.optional(),
    descriptionCn: description.optional(),
    descriptionEn: description.optional(),
  },
  M.request,
);

const categoryName = z.string(M.categoryName).trim().min(1, M.categoryName).max(SAMPLE_CATEGORY_NAME_MAX_LENGTH, M.categoryName);

export const sampleCategorySchema = z.object({ nameCn: categoryName, nameEn: categoryName }, M.request);

const idList = z
  .array(id(M.order), M.order)
  .max(SAMPLE_ORDER_MAX_IDS, M.order)
  .refine((ids) => new Set(ids).size === ids.length, M.order);

export const sampleOrderSchema = z.object({ categories: idList.optional(), samples: idList.optional() }, M.request);

export type SampleCreateInput = z.infer<typeof sampleCreateSchema>;
export type SampleEditInput = z.infer<typeof sampleEditSchema>;
export type SampleCategoryInput = z.infer<typeof sampleCategorySchema>;
