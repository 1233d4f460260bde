import { certificateConfigSchema } from '../../events/certificate/config';
import type { CommandMeta } from '../../events/command';
import { type ModuleInput, moduleInputSchema } from '../../events/module/commands';
import { type PageInput, pageInputSchema } from '../../events/page/commands';
import type { Actor } from '../../events/permissions';
import { sectionInputSchema } from '../../events/section/commands';
import { configureCourseCertificate, configureModuleCertificate } from '../certificate/commands';
import { createFile } from '../file/commands';
import { addItemToParent } from '../link/commands';
import { createModule, publishModule, translateModule } from '../module/commands';
import { createPage } from '../page/commands';
import type { Platform } from '../platform';
import { createSection } from '../section/commands';

const day = 24 * 60 * 60 * 1000;
/** Classroom times relative to the seeding moment, so the demo always has a past, next and future one. */
const at = (days: number, hour: number) => {
  const date = new Date(Date.now() + days * day);
  date.setUTCHours(hour - 1, 0, 0, 0);
  return date.toISOString();
};
/** A moment this many minutes from the seeding moment (the live session runs while the demo is fresh). */
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

const sections = () => [
  {
    path: 'kick-off',
    section: {
      name: 'Kick-off',
      language: 'nl',
      info: 'Kennismaking, doelen van de cursus en afspraken. De opname staat hieronder.',
      location: 'Online',
      classroom: {
        name: 'Kick-off',
        type: 'jitsi',
        startdate: at(-14, 10),
        enddate: at(-14, 12),
        recordings: [
          { url: 'https://example.org/recordings/kick-off.mp4', titel: 'Opname kick-off (deel 1)' },
          {
            url: 'https://example.org/recordings/kick-off-vragen.mp4',
            titel: 'Opname kick-off (deel 2: vragen)',
          },
        ],
      },
    },
  },
  {
    // Live while the demo is fresh (from 10 minutes before seeding to 3 hours after), so the
    // classroom, its breakout rooms and the shared countdown can be tried at once.
    path: 'live-vragenuur',
    section: {
      name: 'Live vragenuur',
      language: 'nl',
      info: 'Stel je vragen live aan de lesgevers; daarna praat je in kleine groepen verder.',
      location: 'Online',
      classroom: {
        name: 'Vragenuur',
        type: 'jitsi',
        startdate: inMinutes(-10),
        enddate: inMinutes(180),
        meetingId: 'srgr-demo-vragenuur',
        extraInfo: 'Zet je camera aan als dat kan; de sessie wordt niet opgenomen.',
        breakoutroomInfo: 'Na het plenaire deel gaan we in twee groepen uiteen.',
        breakoutrooms: [
          {
            name: 'Groep jongeren',
            startdate: inMinutes(60),
            jitsi: 'https://meet.jit.si/srgr-demo-vragenuur-groep-1',
            roomNumber: 1,
            breakoutroomInteriorInfo: 'Hoe bereik je jongeren met informatie over anticonceptie?',
          },
          {
            name: 'Groep beleid',
            startdate: inMinutes(60),
            jitsi: 'https://meet.jit.si/srgr-demo-vragenuur-groep-2',
            roomNumber: 2,
            breakoutroomInteriorInfo: 'Welke internationale afspraken helpen je project vooruit?',
          },
        ],
        breakoutroomCountdown: 15,
      },
    },
  },
  {
    path: 'internationale-kaders',
    section: {
      name: 'Internationale kaders',
      language: 'nl',
      info: 'Cairo 1994, Beijing 1995 en de duurzame-ontwikkelingsdoelen: wat betekenen ze voor je project?',
      location: 'Brussel en online',
      classroom: {
        name: 'Live sessie kaders',
        type: 'jitsi',
        startdate: at(14, 14),
        enddate: at(14, 16),
        breakoutrooms: [
          {
            name: 'Groep A',
            startdate: null,
            jitsi: 'https://meet.jit.si/srgr-demo-a',
            roomNumber: 1,
            breakoutroomInteriorInfo: '',
          },
          {
            name: 'Groep B',
            startdate: null,
            jitsi: 'https://meet.jit.si/srgr-demo-b',
            roomNumber: 2,
            breakoutroomInteriorInfo: '',
          },
        ],
        breakoutroomCountdown: 15,
      },
    },
  },
  {
    path: 'praktijk-in-projecten',
    section: {
      name: 'Praktijk in projecten',
      language: 'nl',
      info: 'Casussen uit partnerlanden en de eindtoets.',
      location: 'Brussel',
      classroom: {
        name: 'Slotsessie',
        type: 'zoom',
        startdate: at(60, 9),
        enddate: at(60, 12),
        meetingId: '123 4567 8901',
      },
    },
  },
];

const questionSettings = {
  autoShow: false,
  attempts: 1,
  info: 'Bekijk de uitleg bij deze vraag in de cursustekst.',
};
const options = (choices: [string, number][]) =>
  choices.map(([label, score], index) => ({ label, value: `o${index + 1}`, score }));

const choice = (name: string, label: string, choices: [string, number][]) => ({
  type: 'radio' as const,
  questionType: 'single' as const,
  name,
  label,
  options: options(choices),
  schema: questionSettings,
});

const multipleChoice = (name: string, label: string, choices: [string, number][]) => ({
  type: 'checkbox' as const,
  questionType: 'multiple' as const,
  name,
  label,
  options: options(choices),
  schema: questionSettings,
});

const modules = (): { path: string; module: ModuleInput; pages: PageInput[] }[] => [
  {
    path: 'srgr-begrippen',
    module: {
      name: 'Begrippen van SRGR',
      language: 'nl',
      info: 'Wat bedoelen we met seksuele en reproductieve gezondheid en rechten? Tekst, video en een korte vragenreeks.',
      showCorrect: true,
      onHome: true,
      checkReveals: 'feedback',
    },
    pages: [
      {
        name: 'Wat is SRGR?',
        type: 'markdown',
        estimatedTime: 300,
        content: [
          {
            type: 'markdown',
            name: 'intro',
            text: '## Seksuele en reproductieve gezondheid en rechten\n\nSRGR omvat **gezondheid**, **rechten** en **keuzevrijheid** op het vlak van seksualiteit en voortplanting.\n\n- Toegang tot anticonceptie\n- Veilige zwangerschap en bevalling\n- Bescherming tegen geweld',
          },
        ],
      },
      {
        name: 'Het ICPD-actieprogramma',
        type: 'video',
        estimatedTime: 480,
        content: [
          {
            type: 'markdown',
            name: 'context',
            text: 'In 1994 legden 179 landen in Caïro de basis voor het huidige SRGR-beleid.',
          },
          { type: 'video', name: 'video', url: 'https://www.youtube.com/watch?v=ScMzIvxBSi4' },
        ],
      },
      {
        name: 'Test je kennis',
        type: 'question',
        estimatedTime: 240,
        content: [
          choice('jaar', 'In welk jaar vond de ICPD-conferentie in Caïro plaats?', [
            ['1994', 1],
            ['2000', 0],
            ['2015', 0],
          ]),
          multipleChoice('onderdelen', 'Welke onderdelen horen bij SRGR?', [
            ['Anticonceptie', 1],
            ['Moedergezondheid', 1],
            ['Wegenbouw', -1],
          ]),
          {
            type: 'textarea',
            questionType: 'open',
            name: 'reflectie',
            label: 'Welk SRGR-thema is het belangrijkst in jouw project, en waarom?',
            schema: { autoShow: false, attempts: 0, info: '', maxScore: 5 },
          },
        ],
      },
      {
        name: 'Interactieve video: een consult',
        type: 'interactive',
        estimatedTime: 360,
        content: [
          choice('vertrouwen', 'Wat doet de verpleegkundige om vertrouwen te winnen?', [
            ['Ze luistert eerst', 1],
            ['Ze geeft meteen advies', 0],
          ]),
        ],
        interactiveVideo: {
          show: true,
          url: 'https://www.youtube.com/watch?v=ScMzIvxBSi4',
          videoTime: 240,
          timestamps: [{ hh: 0, mm: 1, ss: 30, references: ['vertrouwen'] }],
        },
      },
      {
        name: 'Verbanden leggen',
        type: 'question',
        estimatedTime: 300,
        content: [
          {
            type: 'matching',
            questionType: 'matching',
            name: 'verdragen',
            label: 'Welk jaar hoort bij welk document?',
            schema: { ...questionSettings, attempts: 2 },
            pairs: [
              { value: 'icpd', prompt: 'ICPD-actieprogramma', match: '1994', score: 1, feedback: '' },
              {
                value: 'beijing',
                prompt: 'Beijing Platform for Action',
                match: '1995',
                score: 1,
                feedback: '',
              },
              { value: 'sdg', prompt: 'Duurzame-ontwikkelingsdoelen', match: '2015', score: 1, feedback: '' },
            ],
            distractors: [{ value: 'jaar2000', label: '2000' }],
          },
          {
            type: 'ordering',
            questionType: 'ordering',
            name: 'doorverwijzing',
            label: 'Zet de stappen van een doorverwijzing in de juiste volgorde.',
            schema: { ...questionSettings, attempts: 2 },
            items: [
              { value: 'luisteren', label: 'Luisteren naar de hulpvraag' },
              { value: 'toestemming', label: 'Toestemming vragen om door te verwijzen' },
              { value: 'contact', label: 'Contact opnemen met de dienst' },
              { value: 'opvolgen', label: 'Opvolgen of de hulp er kwam' },
            ],
            scoring: 'position',
            score: 1,
          },
          {
            type: 'fillBlanks',
            questionType: 'fillBlanks',
            name: 'conferentie',
            label: 'Vul de zin aan.',
            schema: { ...questionSettings, attempts: 2 },
            text: 'De ICPD-conferentie vond plaats in [[1]] en werd ondertekend door [[2]] landen.',
            gaps: [
              {
                kind: 'text',
                accepted: [
                  { text: 'Caïro', score: 1, feedback: '' },
                  { text: 'Kaïro', score: 1, feedback: '' },
                ],
                caseSensitive: false,
                accentSensitive: false,
              },
              {
                kind: 'select',
                options: [
                  { label: '179', value: '179', score: 1, feedback: '' },
                  {
                    label: '193',
                    value: '193',
                    score: 0,
                    feedback: 'Dat is het aantal VN-lidstaten vandaag.',
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
  {
    path: 'srgr-kaders',
    module: {
      name: 'Internationale kaders (met voortgangsblokkering)',
      language: 'nl',
      info: 'Je gaat pas verder als alle vragen juist beantwoord zijn.',
      gateProgress: true,
      gateConfig: ['all-correct'],
      checkReveals: 'feedback',
    },
    pages: [
      {
        name: 'Caïro en Beijing',
        type: 'markdown',
        estimatedTime: 420,
        content: [
          {
            type: 'markdown',
            name: 'tekst',
            text: 'Het **ICPD-actieprogramma** (1994) en het **Beijing Platform for Action** (1995) zijn de twee pijlers.',
          },
        ],
      },
      {
        name: 'Controlevraag',
        type: 'question',
        estimatedTime: 120,
        content: [
          {
            ...choice('sdg', 'Welk duurzame-ontwikkelingsdoel gaat over gendergelijkheid?', [
              ['SDG 5', 1],
              ['SDG 13', 0],
            ]),
            schema: { ...questionSettings, attempts: 2, info: 'SDG 5 gaat over gendergelijkheid.' },
          },
          multipleChoice('pijlers', 'Welke documenten zijn pijlers van het SRGR-beleid?', [
            ['Het ICPD-actieprogramma', 1],
            ['Het Beijing Platform for Action', 1],
            ['Het Kyoto-protocol', -1],
          ]),
        ],
      },
    ],
  },
  {
    path: 'srgr-eindtoets',
    module: {
      name: 'Eindtoets',
      language: 'nl',
      info: 'De toets voor het certificaat. Vragen en antwoorden staan voor elke deelnemer in een andere volgorde.',
      test: true,
      anonymousPages: true,
      randomized: ['pages', 'answers'],
      // The certificate's test: no verdict before the end.
      checkReveals: 'nothing',
    },
    pages: [
      {
        name: 'Vraag 1',
        type: 'question',
        estimatedTime: 90,
        content: [
          choice('toegang', 'Wat is een drempel voor toegang tot anticonceptie?', [
            ['Kostprijs', 1],
            ['Het weer', 0],
            ['Geen', 0],
          ]),
        ],
      },
      {
        name: 'Vraag 2',
        type: 'question',
        estimatedTime: 90,
        content: [
          choice('rechten', 'SRGR zijn mensenrechten.', [
            ['Juist', 1],
            ['Fout', 0],
          ]),
        ],
      },
    ],
  },
];

/**
 * The main demo course's content: four sections (a past classroom with recordings, one live at
 * seeding time with breakout rooms, the next and a future one), a
 * normal module with markdown, video, question and interactive-video pages, a gated module, a test
 * module, a document, and French translations of the course and the first module.
 */
export async function seedDemoContent(
  platform: Platform,
  system: Actor,
  meta: () => CommandMeta,
  coursePath: string,
) {
  const link = (
    itemType: 'module' | 'file',
    itemPath: string,
    parentType: 'course' | 'section',
    parentPath: string,
  ) => addItemToParent(platform, system, meta(), { itemType, itemPath, parentType, parentPath });
  for (const { path, section } of sections()) {
    await createSection(platform, system, meta(), {
      path,
      parentType: 'course',
      parentPath: coursePath,
      section: sectionInputSchema.parse(section),
    });
  }
  for (const { path, module, pages } of modules()) {
    await createModule(platform, system, meta(), { path, module: moduleInputSchema.parse(module) });
    for (const page of pages) {
      await createPage(platform, system, meta(), {
        parentType: 'module',
        parentPath: path,
        page: pageInputSchema.parse(page),
      });
    }
    await link('module', path, 'course', coursePath);
  }
  await link('module', 'srgr-begrippen', 'section', 'kick-off');
  await link('module', 'srgr-kaders', 'section', 'internationale-kaders');
  await link('module', 'srgr-eindtoets', 'section', 'praktijk-in-projecten');
  await createFile(platform, system, meta(), {
    path: 'icpd-actieprogramma',
    file: {
      name: 'ICPD-actieprogramma (PDF)',
      url: 'https://www.unfpa.org/sites/default/files/event-pdf/PoA_en.pdf',
      type: 'pdf',
    },
    parent: { parentType: 'course', parentPath: coursePath },
  });

  // Certificates: the gated module issues its own once every answer is right; the course's is
  // assigned by a teacher (admin: /admin/users/course-certificates).
  const content = {
    header: 'Certificaat',
    intro: 'Hierbij verklaren wij dat',
    body: 'met succes heeft deelgenomen aan',
    courseDates: true,
    teacherName: 'Dr. An Peeters',
    teacherInfo: 'Coördinator SRGR-opleidingen',
    place: 'Brussel',
    footer: 'Erkend door de Belgische ontwikkelingssamenwerking.',
  };
  await configureModuleCertificate(platform, system, meta(), {
    path: 'srgr-kaders',
    config: certificateConfigSchema.parse({ auto: true, complete: true, correct: true, content }),
  });
  await configureCourseCertificate(platform, system, meta(), {
    path: coursePath,
    config: certificateConfigSchema.parse({ timed: 5, content }),
  });

  const [original] = modules();
  // A translation starts unpublished; the demo's is ready, so it is published at once.
  const translation = await translateModule(platform, system, meta(), {
    path: original!.path,
    module: moduleInputSchema.parse({
      ...original!.module,
      name: 'Les notions de la SDSR',
      language: 'fr',
      info: 'Ce que recouvrent la santé et les droits sexuels et reproductifs : texte, vidéo et questions.',
    }),
  });
  await publishModule(platform, system, meta(), translation);
  return { sections: sections().length, modules: modules().length + 1 };
}
