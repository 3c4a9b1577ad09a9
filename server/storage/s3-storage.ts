import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import type { S3Settings } from '../config';
import { StorageTooLargeError, checkKey, checkPrefix } from './storage';
import type { ListedObject, Storage } from './storage';

/** Reads at most `maxBytes`, failing as soon as the body passes it rather than after reading it all. */
async function readCapped(body: Readable | Buffer, maxBytes: number): Promise<Buffer> {
  if (Buffer.isBuffer(body)) {
    if (body.length > maxBytes) throw new StorageTooLargeError(`over ${maxBytes} bytes`);
    return body;
  }
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    if (bytes > maxBytes) {
      body.destroy();
      throw new StorageTooLargeError(`over ${maxBytes} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

const isMissing = (error: unknown) =>
  error instanceof NoSuchKey ||
  (error as { name?: string }).name === 'NoSuchKey' ||
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/**
 * Objects in one bucket of an S3-compatible store (AWS, MinIO, R2, OSS, COS…), addressed path-style
 * so any endpoint works without per-bucket DNS. A PUT is atomic in S3 itself: a failed or cut-off
 * upload never becomes an object, so there is nothing unfinished to sweep.
 */
export function createS3Storage(settings: S3Settings): Storage {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: true,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Checksums only where the API requires them: many S3-compatible servers reject the SDK's
    // default CRC32 trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;

  return {
    async put(key, body, { maxBytes }) {
      // Buffered (at most maxBytes) so the request carries a length; objects larger than memory
      // should wait for multipart uploads (@aws-sdk/lib-storage) when a module needs them.
      const bytes = await readCapped(body, maxBytes);
      await client.send(new PutObjectCommand({ Bucket, Key: checkKey(key), Body: bytes, ContentLength: bytes.length }));
      return { size: bytes.length };
    },

    async get(key, range) {
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket, Key: checkKey(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
        );
        const size = answer.ContentLength ?? 0;
        const total = answer.ContentRange ? Number(answer.ContentRange.split('/')[1]) : size;
        return { body: answer.Body as Readable, size, totalSize: total };
      } catch (error) {
        if (isMissing(error)) return undefined;
        // A range past the end is an empty read, as on local disk.
        if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 416)
          return { body: Readable.from([]), size: 0, totalSize: 0 };
        throw error;
      }
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },

    async list(prefix) {
      const found: ListedObject[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: checkPrefix(prefix), ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (object.Key) found.push({ key: object.Key, size: object.Size ?? 0, modified: object.LastModified ?? new Date(0) });
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return found;
    },

    sweepUnfinished: () => Promise.resolve(0),
  };
}
