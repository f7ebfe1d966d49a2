import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UploadResponse } from '@apsara/contracts';
import { okValue, responses } from '../../plugins/http.js';
import { readImage, type UploadService } from './upload.service.js';

const UploadForm = z.object({ file: z.string().meta({ format: 'binary', description: 'png or jpg image, under 5 MB (5242880 bytes), exactly one' }) });

export const uploadRoutes = (app: FastifyInstance, uploads: UploadService) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/wps/v2/uploads', {
    schema: {
      tags: ['deposit'],
      security: [{ bearer: [] }],
      summary: 'Uploads one image (png or jpg by content, under 5 MB) for a later form, e.g. withdrawal proof; returns its id',
      consumes: ['multipart/form-data'],
      body: UploadForm,
      response: responses(UploadResponse),
    },
    // The schema documents the form; the handler reads the part itself.
    validatorCompiler: () => (data: unknown) => ({ value: data }),
    config: { rateLimit: { max: 30, timeWindow: 60_000 } },
  }, async (req) => {
    const auth = await req.requireAuth();
    uploads.mayUpload(auth);
    const bytes = await readImage(req);
    return okValue(await uploads.store(req.merchant.id, auth, bytes));
  });
};
