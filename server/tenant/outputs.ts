import { z } from 'zod';

const perLanguage = z.object({ nl: z.string(), en: z.string(), fr: z.string() });

/** The tenant as served (server/tenant/config.ts): its look, texts, languages and static pages. */
export const tenantOutput = z.object({
  name: z.string(),
  colours: z.object({ primary: z.string(), secondary: z.string(), background: z.string(), text: z.string() }),
  fonts: z.object({ body: z.string(), heading: z.string() }),
  images: z.object({ logo: z.string(), intro: z.string() }),
  texts: z.object({ welcome: perLanguage, intro: perLanguage, footer: perLanguage, login: perLanguage }),
  languages: z.array(z.enum(['nl', 'en', 'fr'])),
  signupFields: z.array(z.enum(['profession', 'riziv', 'phone'])),
  staticPages: z.array(
    z.object({ path: z.string(), paths: perLanguage.optional(), title: perLanguage, body: perLanguage }),
  ),
  analyticsContainer: z.string().nullable(),
  analytics: z
    .discriminatedUnion('provider', [
      z.object({ provider: z.literal('gtm'), containerId: z.string() }),
      z.object({ provider: z.literal('matomo'), url: z.string(), siteId: z.string() }),
      z.object({ provider: z.literal('plausible'), domain: z.string(), scriptUrl: z.string() }),
    ])
    .nullable(),
});
