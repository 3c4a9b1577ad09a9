import { pipeline } from 'node:stream/promises';
import { Router } from 'express';
import type { Request, RequestHandler } from 'express';
import multer from 'multer';
import { API_CODE } from '@shared/contracts/api';
import { SAMPLE_MAX_BYTES } from '@shared/contracts/samples-base';
import { sampleCategorySchema, sampleCreateSchema, sampleEditSchema, sampleIdParams, sampleOrderSchema } from '@shared/contracts/samples';
import type { AuthGuards } from '../../http/auth';
import { sendOk } from '../../http/envelope';
import { HttpError } from '../../http/http-error';
import { MSG, badRequest } from './messages';
import type { SamplesService, Upload } from './samples.service';

/**
 * A multipart form's text fields and its one `file`, in memory and stopped at the cap while
 * streaming; a JSON body passes through (PUT takes both). Names are read as UTF-8: browsers send
 * 示例.png's name in UTF-8 without saying so, and busboy's default would read it as Latin-1.
 */
const readForm = multer({
  storage: multer.memoryStorage(),
  defParamCharset: 'utf8',
  limits: { fileSize: SAMPLE_MAX_BYTES, files: 1, fields: 8, parts: 9, fieldSize: 8 * 1024 },
}).single('file');

const receiveForm: RequestHandler = (req, res, next) => {
  if (!req.is('multipart/form-data')) return next();
  readForm(req, res, (error: unknown) => {
    if (!error) return next();
    if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE')
      return next(new HttpError(413, API_CODE.BAD_REQUEST, MSG.fileTooLarge));
    next(badRequest(MSG.uploadMalformed));
  });
};

const uploadOf = (req: Request): Upload | undefined => (req.file ? { name: req.file.originalname, bytes: req.file.buffer } : undefined);
const bodyOf = (req: Request): unknown => req.body ?? {};

/** `bytes=a-b`, `bytes=a-`, `bytes=-n` of one range within `size`; undefined for anything else (served whole). */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || size === 0 || (match[1] === '' && match[2] === '')) return undefined;
  const [start, end] =
    match[1] === ''
      ? [Math.max(0, size - Number(match[2])), size - 1]
      : [Number(match[1]), match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1)];
  return start <= end && start < size ? { start, end } : undefined;
}

/** `attachment` with an ASCII fallback and the real (UTF-8) name, RFC 6266 / 5987. */
function attachment(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export function samplesRouter(service: SamplesService, guards: AuthGuards): Router {
  const router = Router();
  const { requireAdmin } = guards;

  router.get('/', async (_req, res) => {
    sendOk(res, await service.catalogue());
  });

  // Before '/:id', which would take these words for ids.
  router.put('/order', requireAdmin, async (req, res) => {
    await service.order(sampleOrderSchema.parse(bodyOf(req)));
    sendOk(res, null);
  });

  router.post('/categories', requireAdmin, async (req, res) => {
    sendOk(res, await service.createCategory(sampleCategorySchema.parse(bodyOf(req))));
  });

  router.put('/categories/:id', requireAdmin, async (req, res) => {
    sendOk(res, await service.editCategory(sampleIdParams.parse(req.params).id, sampleCategorySchema.parse(bodyOf(req))));
  });

  router.delete('/categories/:id', requireAdmin, async (req, res) => {
    await service.removeCategory(sampleIdParams.parse(req.params).id);
    sendOk(res, null);
  });

  router.post('/', requireAdmin, receiveForm, async (req, res) => {
    sendOk(res, await service.create(sampleCreateSchema.parse(bodyOf(req)), uploadOf(req)));
  });

  router.put('/:id', requireAdmin, receiveForm, async (req, res) => {
    sendOk(res, await service.edit(sampleIdParams.parse(req.params).id, sampleEditSchema.parse(bodyOf(req)), uploadOf(req)));
  });

  router.delete('/:id', requireAdmin, async (req, res) => {
    await service.remove(sampleIdParams.parse(req.params).id);
    sendOk(res, null);
  });

  router.get('/:id/file', async (req, res) => {
    const { id } = sampleIdParams.parse(req.params);
    const { sample, stored, range } = await service.file(id, (size) => parseRange(req.get('range'), size));
    res.setHeader('Content-Type', sample.mime);
    res.setHeader('Content-Disposition', attachment(sample.name));
    res.setHeader('Accept-Ranges', 'bytes');
    res.setHeader('ETag', `"${sample.sha256}"`);
    // The bytes are the admin's upload: never run as a page of this site (an HTML or SVG sample),
    // never read as another type, and shown from the desktop app's own origin.
    res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    if (range) {
      res.status(206);
      res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${sample.size}`);
    }
    res.setHeader('Content-Length', String(stored.size));
    await pipeline(stored.body, res);
  });

  return router;
}
