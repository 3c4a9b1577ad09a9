/**
 * Sample files (issue 20, spec §1 "sample-file downloads", §2 /file/samples and the admin's
 * /file/samples/edit): the shapes and limits without zod, which the page's first view must not
 * load; samples.ts holds the server's checks. API and decisions: docs/samples.md.
 */
export const SAMPLES_API = '/api/community/samples';

/** Samples are small files for trying a tool or a parser; the cap keeps the store and the seed small. */
export const SAMPLE_MAX_BYTES = 10 * 1024 * 1024;
export const SAMPLE_NAME_MAX_LENGTH = 120;
export const SAMPLE_DESCRIPTION_MAX_LENGTH = 500;
export const SAMPLE_CATEGORY_NAME_MAX_LENGTH = 40;
/** Bounds of one `PUT …/order` call. */
export const SAMPLE_ORDER_MAX_IDS = 1000;

export interface SampleFile {
  id: number;
  categoryId: number;
  /** The download's file name, extension included. */
  name: string;
  /** Short technical name identified from the content ("PNG", "Word", "CSV"). */
  format: string;
  mime: string;
  /** Bytes. */
  size: number;
  md5: string;
  sha256: string;
  descriptionCn: string;
  descriptionEn: string;
  /** Epoch ms. */
  updateTime: number;
}

export interface SampleCategory {
  id: number;
  nameCn: string;
  nameEn: string;
  /** In the admin's order. */
  samples: SampleFile[];
}

/** `GET /api/community/samples`: every category in the admin's order, empty ones included. */
export interface SampleCatalogue {
  categories: SampleCategory[];
}

/** `PUT /api/community/samples/order`: ids in their new order; ones not listed keep their place after them. */
export interface SampleOrder {
  categories?: number[];
  samples?: number[];
}

export const sampleFilePath = (id: number): string => `${SAMPLES_API}/${id}/file`;
