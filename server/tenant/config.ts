import fs from 'node:fs';
import { z } from 'zod';
import defaultTenant from './default-tenant.json' with { type: 'json' };

const perLanguage = z.object({ nl: z.string(), en: z.string(), fr: z.string() });
const colour = z.string().regex(/^#[0-9a-fA-F]{3,8}$/, 'must be a hex colour');

export const tenantSchema = z.object({
  name: z.string().min(1),
  colours: z.object({ primary: colour, secondary: colour, background: colour, text: colour }),
  fonts: z.object({ body: z.string().min(1), heading: z.string().min(1) }),
  images: z.object({ logo: z.string(), intro: z.string() }),
  texts: z.object({ welcome: perLanguage, intro: perLanguage, footer: perLanguage, login: perLanguage }),
  languages: z.array(z.enum(['nl', 'en', 'fr'])).min(1),
  signupFields: z.array(z.enum(['profession', 'riziv', 'phone'])),
  staticPages: z.array(
    z.object({
      path: z.string().regex(/^[a-z0-9-]+$/),
      title: perLanguage,
      body: perLanguage,
    }),
  ),
  analyticsContainer: z.string().nullable(),
});
export type Tenant = z.infer<typeof tenantSchema>;

/** The shipped tenant, or the JSON file named by TENANT_CONFIG; a bad file stops the start with its errors. */
export function loadTenant(file?: string): Tenant {
  const raw: unknown = file ? JSON.parse(fs.readFileSync(file, 'utf8')) : defaultTenant;
  const parsed = tenantSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid tenant configuration${file ? ` in ${file}` : ''}:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
