import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { certificateCodeSchema } from '../../events/certificate/events';
import { noInput } from '../http/schemas';
import { requestLanguage, translator } from '../i18n';
import type { Platform } from '../platform';
import { certificateDocument, verifyCertificate } from './queries';

/** A certificate's code, or its code and `.pdf`; a name that is no code answers 404 (below), not 400. */
const certificateParams = z.strictObject({ file: z.string().max(40) });

/**
 * GET /api/certificates/{code}: public verification (valid, expired or revoked; the name on the
 * certificate, the item and its dates; nothing else; only `erased` when the holder was erased). GET /api/certificates/{code}.pdf: the PDF,
 * for its holder, admins and the item's teachers.
 */
export const certificateRoutes = fp(
  async (app: FastifyInstance, { platform }: { platform: Platform }) => {
    app
      .withTypeProvider<ZodTypeProvider>()
      .get(
        '/api/certificates/:file',
        { schema: { params: certificateParams, ...noInput }, config: { apiScope: 'certificates:read' } },
        async (request, reply) => {
          const t = translator(requestLanguage(request.headers));
          const pdf = request.params.file.endsWith('.pdf');
          const code = certificateCodeSchema.safeParse(
            pdf ? request.params.file.slice(0, -4) : request.params.file,
          );
          reply.header('cache-control', 'no-store');
          if (!code.success) return reply.code(404).send({ message: t('certificates.errors.notFound') });
          if (!pdf) return await verifyCertificate(platform, code.data);
          const document = await certificateDocument(platform, await request.actor, code.data);
          // pdf-lib, fontkit and qrcode load on the first PDF asked for, not at every start.
          const { renderCertificatePdf } = await import('./pdf');
          const body = await renderCertificatePdf(document, request.log);
          return reply
            .type('application/pdf')
            .header('content-disposition', `attachment; filename="certificate-${code.data}.pdf"`)
            .send(body);
        },
      );
  },
  {
    name: 'certificates',
    fastify: '5.x',
    encapsulate: true,
    dependencies: ['request-actor', 'error-handler'],
  },
);
