import type { FastifyInstance } from 'fastify';
import { certificateCodeSchema } from '../../events/certificate/events';
import { requestLanguage, translator } from '../i18n';
import type { Platform } from '../platform';
import { requestActor } from '../plugins/request-actor';
import { certificateDocument, verifyCertificate } from './queries';

/**
 * GET /api/certificates/{code}: public verification (valid, expired or revoked; the name on the
 * certificate, the item and its dates; nothing else; only `erased` when the holder was erased). GET /api/certificates/{code}.pdf: the PDF,
 * for its holder, admins and the item's teachers.
 */
export async function certificateRoutes(app: FastifyInstance, { platform }: { platform: Platform }) {
  app.get<{ Params: { file: string } }>(
    '/api/certificates/:file',
    {
      schema: {
        params: {
          type: 'object',
          properties: { file: { type: 'string', maxLength: 40 } },
          required: ['file'],
        },
      },
    },
    async (request, reply) => {
      const t = translator(requestLanguage(request.headers));
      const pdf = request.params.file.endsWith('.pdf');
      const code = certificateCodeSchema.safeParse(
        pdf ? request.params.file.slice(0, -4) : request.params.file,
      );
      reply.header('cache-control', 'no-store');
      if (!code.success) return reply.code(404).send({ message: t('certificates.errors.notFound') });
      if (!pdf) return await verifyCertificate(platform, code.data);
      const actor = await requestActor(platform, request);
      const document = await certificateDocument(platform, actor, code.data);
      // pdf-lib, fontkit and qrcode load on the first PDF asked for, not at every start.
      const { renderCertificatePdf } = await import('./pdf');
      const body = await renderCertificatePdf(document, request.log);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="certificate-${code.data}.pdf"`)
        .send(body);
    },
  );
}
