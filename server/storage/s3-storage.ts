import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, NoSuchKey, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable, Transform, pipeline } from 'node:stream';
import type { S3Settings } from '../config';
import { StorageTooLargeError, checkKey, checkPrefix } from './storage';
import type { ListedObject, Storage } from './storage';

/** S3's limits: every part but the last is at least 5 MiB, and an object has at most 10,000 parts. */
const MIN_PART_BYTES = 5 * 1024 * 1024;
const MAX_PARTS = 10_000;
/**
 * Parts one upload sends at once. The upload holds about this many parts plus the one being
 * filled, so its memory is a few part sizes (5 MiB each up to 50 GB objects), whatever the file size.
 */
const PARTS_IN_FLIGHT = 2;

/** At least S3's minimum part, and large enough that `maxBytes` fits in MAX_PARTS parts. */
export const partSizeFor = (maxBytes: number) => Math.max(MIN_PART_BYTES, Math.ceil(maxBytes / MAX_PARTS));

/**
 * `body` through a byte counter that fails once more than `maxBytes` went through. `failure()` is
 * what broke the body first (too large, or the body's own error), kept because the upload may
 * report a later error instead: aborting the multipart upload can fail too.
 */
function capped(body: Readable, maxBytes: number) {
  let bytes = 0;
  let failure: unknown;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes <= maxBytes) return done(null, chunk);
      failure ??= new StorageTooLargeError(`over ${maxBytes} bytes`);
      done(failure as Error);
    },
  });
  pipeline(body, counter, (error) => {
    if (error) failure ??= error;
  });
  return { stream: counter, bytes: () => bytes, failure: () => failure };
}

const isMissing = (error: unknown) =>
  error instanceof NoSuchKey ||
  (error as { name?: string }).name === 'NoSuchKey' ||
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/**
 * Objects in one bucket of an S3-compatible store (AWS, MinIO, R2, OSS, COS…), addressed path-style
 * so any endpoint works without per-bucket DNS. A body up to one part goes up in one PUT, a larger
 * one as a multipart upload streamed part by part; either is atomic in S3 itself: a failed or
 * cut-off upload never becomes an object (a failed multipart upload is aborted; one a killed
 * process leaves is the bucket's lifecycle rule's to clear, see decisions.md).
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
      checkKey(key);
      if (Buffer.isBuffer(body) && body.length > maxBytes) throw new StorageTooLargeError(`over ${maxBytes} bytes`);
      const source = Buffer.isBuffer(body) ? undefined : capped(body, maxBytes);
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: source ? source.stream : body },
        partSize: partSizeFor(maxBytes),
        queueSize: PARTS_IN_FLIGHT,
      });
      try {
        await upload.done();
      } catch (error) {
        // Stop reading the visitor's body too: a request nobody reads any more would hang.
        source?.stream.destroy();
        throw source?.failure() ?? error;
      }
      return { size: Buffer.isBuffer(body) ? body.length : (source?.bytes() ?? 0) };
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
