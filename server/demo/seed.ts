import type { CommandMeta } from '../../events/command';
import type { CourseInput } from '../../events/course/commands';
import { courseInputSchema } from '../../events/course/commands';
import { allRules } from '../../events/permissions';
import { createDemoAdmin } from '../auth/bootstrap';
import { createCourse, publishCourse, translateCourse, unpublishCourse } from '../course/commands';
import type { Platform } from '../platform';
import { seedDemoContent } from './demo-content';

/** The seed acts as the system: every right, no user id in the events it writes. */
const system = { userId: 'system', roles: ['admin'], rules: allRules() };

export const demoCourses: { path: string; published: boolean; course: CourseInput }[] = [
  {
    path: 'srgr-basis',
    published: true,
    course: {
      name: 'Seksuele en reproductieve gezondheid en rechten: de basis',
      language: 'nl',
      info: 'De hoofdcursus van het platform: begrippen, internationale kaders en praktijk in de ontwikkelingssamenwerking. Het certificaat wordt erkend door de Belgische ontwikkelingssamenwerking.',
      location: 'Online en Brussel',
      startdate: '2027-02-01',
      enddate: '2027-06-30',
      teacher: 'Dr. An Peeters',
      onHome: true,
    },
  },
  {
    path: 'srhr-in-humanitarian-settings',
    published: true,
    course: {
      name: 'SRHR in humanitarian settings',
      language: 'en',
      info: 'The Minimum Initial Service Package, safe referral pathways and working with local partners during a crisis.',
      location: 'Online',
      startdate: '2027-03-15',
      enddate: '2027-05-15',
      teacher: 'Grace Mensah',
      onHome: true,
    },
  },
  {
    path: 'sante-des-adolescents',
    published: true,
    course: {
      name: 'Santé sexuelle des adolescentes et adolescents',
      language: 'fr',
      info: 'Éducation complète à la sexualité, services adaptés aux jeunes et participation des jeunes dans les projets de coopération.',
      location: 'Bruxelles',
      startdate: '2027-04-01',
      enddate: null,
      teacher: 'Marie Dubois',
    },
  },
  {
    path: 'draft-gender-based-violence',
    published: false,
    course: {
      name: 'Gender-based violence: prevention and response (draft)',
      language: 'en',
      info: 'Work in progress: not yet visible to participants.',
    },
  },
];

/** Seeds the demo through the command pipeline, so it is events like everything else. */
export async function seedDemo(
  platform: Platform,
): Promise<{ courses: number; admin: { email: string; password: string } | null }> {
  // With ADMIN_EMAIL set, that account is the admin; the demo makes none of its own.
  const admin = platform.config.ADMIN_EMAIL ? null : await createDemoAdmin(platform);
  const meta = (): CommandMeta => ({ actorId: null, requestId: 'seed-demo', now: new Date() });
  for (const demo of demoCourses) {
    await createCourse(platform, system, meta(), {
      path: demo.path,
      course: courseInputSchema.parse(demo.course),
    });
    if (!demo.published) await unpublishCourse(platform, system, meta(), demo.path);
  }
  const main = demoCourses[0]!;
  await seedDemoContent(platform, system, meta, main.path);
  // A translation starts unpublished; the demo's is ready, so it is published at once. Its sections
  // stay without modules, as the demo's screens and journeys expect.
  const { path: translation } = await translateCourse(
    platform,
    system,
    meta(),
    {
      path: main.path,
      course: courseInputSchema.parse({
        ...main.course,
        name: 'Santé et droits sexuels et reproductifs : les bases',
        language: 'fr',
        info: 'Le cours principal de la plateforme : notions, cadres internationaux et pratique dans la coopération au développement.',
        onHome: false,
      }),
    },
    { modules: 'none' },
  );
  await publishCourse(platform, system, meta(), translation);
  return { courses: demoCourses.length + 1, admin };
}
