import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../harness';
import {
  type Call,
  type Caller,
  type CourseKey,
  gql,
  hiddenEmail,
  hiddenName,
  http,
  type ParentKey,
  trpc,
  World,
} from './world';

/**
 * Rights gained on the side: for each way someone may seem to gain a right — linking another
 * person's module into a course of their own, editing a role they hold, naming themselves owner,
 * teaching a module through a course, holding a single custom action — the actions that must stay
 * refused, over tRPC, GraphQL and the CSV downloads, each refusal writing no event. Every group
 * also shows what its holder may still do, so the table proves rights were not simply removed.
 * The people and content are described in world.ts.
 */

interface Row {
  who: Caller;
  /** What the call does, in words. */
  action: string;
  call: Call;
  expected: 'refused' | 'allowed';
  /** Texts the allowed answer must contain, and texts it must not. */
  shows?: (w: World) => string[];
  hides?: (w: World) => string[];
}

const refused = (who: Caller, action: string, call: Call): Row => ({
  who,
  action,
  call,
  expected: 'refused',
});
const allowed = (who: Caller, action: string, call: Call, seen: Pick<Row, 'shows' | 'hides'> = {}): Row => ({
  who,
  action,
  call,
  expected: 'allowed',
  ...seen,
});

/**
 * How a refusal may read: forbidden, or the target hidden as not found; in GraphQL also a null field
 * or `success: false` with a reason. Where the target is in plain sight (roles, administrators,
 * courses everyone opens) only 'forbidden' will do, so a row cannot pass because an earlier call
 * removed its target.
 */
const refusals = {
  'forbidden or not found': ['FORBIDDEN', 'NOT_FOUND', 'NULL', 'REFUSED'],
  forbidden: ['FORBIDDEN', 'REFUSED'],
};

/** An answer (JSON) that does not list this module. */
const notListing = (w: World) => [`"path":"${w.paths.exam}"`];

/**
 * (1) Linking someone else's unpublished, non-public exam into a course or section of one's own:
 * the link is refused, and nothing of the exam opens to them afterwards.
 */
function takeover(who: 'teacher' | 'creator', course: CourseKey, section: ParentKey): Row[] {
  return [
    refused(who, 'links the exam into their own course', trpc.link(course, 'exam')),
    refused(who, 'links the exam into a section of their course', trpc.link(section, 'exam')),
    refused(who, 'links the exam into their own course', gql.link(course, 'exam')),
    allowed(who, 'finds the exam nowhere in their course', trpc.modulesOf(course), { hides: notListing }),
    allowed(who, 'finds the exam nowhere in their module list', trpc.moduleList(), { hides: notListing }),
    refused(who, 'opens the exam', trpc.openModule('exam')),
    refused(who, 'opens the exam', gql.openModule('exam')),
    refused(who, "lists the exam's pages", trpc.listPages('exam')),
    refused(who, "opens the exam's unpublished page", trpc.openPage('exam')),
    refused(who, "opens the exam's unpublished page", gql.openPage('exam')),
    refused(who, "lists the exam's participants", trpc.participants('exam')),
    refused(who, "lists the exam's participants", gql.activeUsers('exam')),
    refused(who, "reads a participant's result", trpc.result('exam', 'examTaker')),
    refused(who, "reads a participant's result history", trpc.history('exam', 'examTaker')),
    refused(who, "reads a participant's result", gql.result('exam', 'examTaker')),
    refused(who, 'downloads the results CSV', http.resultsCsv('exam')),
    refused(who, 'reads the results CSV', gql.resultsCsv('exam')),
    refused(who, "lists the exam's answers to grade", trpc.toGrade('exam')),
    refused(who, "reads the exam's question statistics", trpc.questionStats('exam')),
    refused(who, "downloads the exam's question statistics", http.questionStatsCsv('exam')),
    refused(who, "reads the draft (answer key) of the exam's page", trpc.pageDraft('exam')),
    refused(who, "keeps a draft of the exam's page", trpc.savePageDraft('exam')),
    refused(who, "reads the draft of the exam's settings", trpc.moduleDraft('exam')),
    refused(who, "keeps a draft of the exam's settings", trpc.saveModuleDraft('exam')),
    refused(who, "changes a participant's score", trpc.score('exam', 'examTaker')),
    refused(who, "changes a participant's score", gql.score('exam', 'examTaker')),
    refused(who, 'grants a participant another attempt', trpc.grant('exam', 'examTaker')),
    refused(who, 'grants a participant another attempt', gql.grant('exam', 'examTaker')),
    refused(who, 'duplicates the exam', trpc.duplicate('exam')),
    refused(who, 'certifies a participant for the exam', trpc.certify('exam', 'examTaker')),
    refused(who, 'certifies a participant for the exam', gql.certify('exam', 'examTaker')),
    refused(who, 'certifies themselves for the exam', trpc.certify('exam', who)),
    refused(who, 'certifies themselves for the exam', gql.certify('exam', who)),
    refused(who, "gives themselves their own course's certificate", trpc.giveCourseCertificate(course, who)),
    refused(who, "gives themselves their own course's certificate", gql.giveCourseCertificate(course, who)),
  ];
}

/** What teaching `taught` through taughtCourse reaches: the course's participant, not moduleOnly. */
const onlyTheCourse = {
  shows: (w: World) => [w.ids.participant],
  hides: (w: World) => [w.ids.moduleOnly, w.emails.moduleOnly],
};
const noAdministrator = {
  shows: (w: World) => [w.emails.examTaker],
  hides: (w: World) => [w.emails.admin, w.emails.otherAdmin, w.ids.spareAdmin],
};
const noHiddenPerson = { hides: (w: World) => [w.ids.hidden, hiddenName, hiddenEmail] };

const groups: { gained: string; refusal?: keyof typeof refusals; rows: Row[] }[] = [
  {
    gained: "(1) links someone else's unpublished, non-public exam into a course of their own",
    rows: [
      ...takeover('teacher', 'teacherCourse', 'teacherSection'),
      ...takeover('creator', 'creatorCourse', 'creatorSection'),
    ],
  },
  {
    // The teacher listed the module at setup, and the admin linked openTaker to the teacher's course.
    gained: "(1) lists someone else's public, published module in a course of their own (a read-only link)",
    rows: [
      allowed('creator', 'links the public module into their own course', trpc.link('creatorCourse', 'open')),
      allowed('creator', 'opens the public module', trpc.openModule('open')),
      refused('creator', "lists the module's participants", trpc.participants('open')),
      refused('creator', 'certifies themselves for the module', trpc.certify('open', 'creator')),
      refused('creator', "keeps a draft of the module's page", trpc.savePageDraft('open')),
      refused('creator', "keeps a draft of the module's settings", trpc.saveModuleDraft('open')),
      refused('teacher', "lists the module's answers to grade", trpc.toGrade('open')),
      refused('teacher', "reads the module's question statistics", trpc.questionStats('open')),
      refused('teacher', "lists the module's participants", trpc.participants('open')),
      refused('teacher', "reads their course participant's result", trpc.result('open', 'openTaker')),
      refused('teacher', "reads their course participant's result", gql.result('open', 'openTaker')),
      refused('teacher', 'downloads the results CSV', http.resultsCsv('open')),
      refused('teacher', 'reads the results CSV', gql.resultsCsv('open')),
      refused('teacher', "changes their course participant's score", trpc.score('open', 'openTaker')),
      refused('teacher', "changes their course participant's score", gql.score('open', 'openTaker')),
      refused('teacher', 'grants their course participant another attempt', trpc.grant('open', 'openTaker')),
      refused(
        'teacher',
        'certifies their course participant for the module',
        trpc.certify('open', 'openTaker'),
      ),
      refused(
        'teacher',
        'certifies their course participant for the module',
        gql.certify('open', 'openTaker'),
      ),
      refused('teacher', 'certifies themselves for the module', trpc.certify('open', 'teacher')),
    ],
  },
  {
    gained: 'assign_participants of the built-in teacher role',
    rows: [
      refused(
        'teacher',
        "gives themselves the main course's certificate",
        trpc.giveCourseCertificate('mainCourse', 'teacher'),
      ),
      refused(
        'teacher',
        "gives themselves the main course's certificate",
        gql.giveCourseCertificate('mainCourse', 'teacher'),
      ),
      refused(
        'teacher',
        "gives a participant the main course's certificate",
        trpc.giveCourseCertificate('mainCourse', 'openTaker'),
      ),
      refused(
        'teacher',
        "gives a participant the main course's certificate",
        gql.giveCourseCertificate('mainCourse', 'examTaker'),
      ),
      refused(
        'teacher',
        "revokes a holder's main course certificate",
        trpc.revokeCourseCertificate('mainCourse', 'mainHolder'),
      ),
      refused(
        'teacher',
        "revokes a holder's main course certificate",
        gql.revokeCourseCertificate('mainCourse', 'secondHolder'),
      ),
      refused('teacher', "lists the main course's certificates", trpc.courseCertificates('mainCourse')),
      refused(
        'teacher',
        "gives themselves their own course's certificate",
        trpc.giveCourseCertificate('teacherCourse', 'teacher'),
      ),
      refused(
        'teacher',
        'certifies themselves for a module they own',
        trpc.certify('teacherModule', 'teacher'),
      ),
      refused(
        'teacher',
        'certifies themselves for a module they own',
        gql.certify('teacherModule', 'teacher'),
      ),
      refused('teacher', 'links themselves to the main course', trpc.linkUser('teacher', 'mainCourse')),
      refused('teacher', 'links themselves to the main course', gql.linkUser('teacher', 'mainCourse')),
      refused('teacher', 'links a participant to the main course', trpc.linkUser('openTaker', 'mainCourse')),
      refused(
        'teacher',
        'links themselves and a participant to the main course at once',
        trpc.linkMany(['teacher', 'openTaker'], 'mainCourse'),
      ),
      refused('teacher', 'sets a group in the main course', trpc.setGroup(['mainHolder'], 'mainCourse')),
      refused(
        'teacher',
        "links participants to someone else's exam at once",
        trpc.linkMany(['openTaker'], 'exam'),
      ),
      refused('teacher', 'links themselves to a module they do not own', trpc.linkUser('teacher', 'taught')),
      refused('teacher', "links a participant to someone else's exam", trpc.linkUser('openTaker', 'exam')),
      refused('teacher', "links a participant to someone else's exam", gql.linkUser('openTaker', 'exam')),
      refused(
        'teacher',
        "unlinks a participant from someone else's exam",
        trpc.unlinkUser('examTaker', 'exam'),
      ),
      refused(
        'teacher',
        "unlinks a participant from someone else's exam",
        gql.unlinkUser('examTaker', 'exam'),
      ),
      allowed(
        'teacher',
        'links a participant to their own course',
        trpc.linkUser('mainHolder', 'teacherCourse'),
      ),
      allowed(
        'teacher',
        'links participants to their own course at once',
        trpc.linkMany(['examTaker', 'openTaker'], 'teacherCourse'),
      ),
      allowed(
        'teacher',
        'certifies a participant for a module they own',
        trpc.certify('teacherModule', 'openTaker'),
      ),
      allowed(
        'teacher',
        "gives a participant their own course's certificate",
        trpc.giveCourseCertificate('teacherCourse', 'openTaker'),
      ),
    ],
  },
  {
    gained: "(4) owns a course that lists the owner's module, linked there by the admin (course teacher)",
    rows: [
      refused(
        'courseTeacher',
        'reads the result of a participant not linked to the course',
        trpc.result('taught', 'moduleOnly'),
      ),
      refused(
        'courseTeacher',
        'reads the result history of a participant not linked to the course',
        trpc.history('taught', 'moduleOnly'),
      ),
      refused(
        'courseTeacher',
        'reads the result of a participant not linked to the course',
        gql.result('taught', 'moduleOnly'),
      ),
      refused(
        'courseTeacher',
        'reads the answers of a participant not linked to the course',
        gql.answers('taught', 'moduleOnly'),
      ),
      refused(
        'courseTeacher',
        'reads the certificate of a participant not linked to the course',
        trpc.certificateOf('taught', 'moduleOnly'),
      ),
      refused(
        'courseTeacher',
        'scores a participant not linked to the course',
        trpc.score('taught', 'moduleOnly'),
      ),
      refused(
        'courseTeacher',
        'scores a participant not linked to the course',
        gql.score('taught', 'moduleOnly'),
      ),
      refused(
        'courseTeacher',
        'grants a participant not linked to the course another attempt',
        trpc.grant('taught', 'moduleOnly'),
      ),
      refused(
        'courseTeacher',
        'grants a participant not linked to the course another attempt',
        gql.grant('taught', 'moduleOnly'),
      ),
      refused(
        'courseTeacher',
        'certifies a participant not linked to the course',
        trpc.certify('taught', 'moduleOnly'),
      ),
      refused(
        'courseTeacher',
        'certifies a participant not linked to the course',
        gql.certify('taught', 'moduleOnly'),
      ),
      refused(
        'courseTeacher',
        'certifies themselves for the module',
        trpc.certify('taught', 'courseTeacher'),
      ),
      refused('courseTeacher', 'certifies themselves for the module', gql.certify('taught', 'courseTeacher')),
      refused('courseTeacher', 'links themselves to the module', trpc.linkUser('courseTeacher', 'taught')),
      refused('courseTeacher', 'edits the module', trpc.updateModule('taught')),
      refused('courseTeacher', 'edits the module', gql.updateModule('taught')),
      refused('courseTeacher', "edits the module's page", trpc.updatePage('taught')),
      refused('courseTeacher', "edits the module's page", gql.updatePage('taught')),
      refused('courseTeacher', "reads the page's answer key", trpc.answerKey('taught')),
      refused('courseTeacher', "reads the page's draft (answer key)", trpc.pageDraft('taught')),
      refused('courseTeacher', "keeps a draft of the module's page", trpc.savePageDraft('taught')),
      refused('courseTeacher', "keeps a draft of the module's settings", trpc.saveModuleDraft('taught')),
      // Owning the course is editing it: its settings' draft is theirs to keep and read.
      allowed(
        'courseTeacher',
        "keeps a draft of their course's settings",
        trpc.saveCourseDraft('taughtCourse'),
      ),
      allowed(
        'courseTeacher',
        "reads the draft of their course's settings",
        trpc.courseDraft('taughtCourse'),
      ),
      refused('courseTeacher', 'unpublishes the module', trpc.unpublish('taught')),
      refused('courseTeacher', 'deletes the module', trpc.deleteModule('taught')),
      refused(
        'courseTeacher',
        "changes the module's certificate settings",
        trpc.configureCertificate('taught'),
      ),
      refused(
        'courseTeacher',
        'names themselves owner of the module',
        trpc.addModuleOwner('taught', 'courseTeacher'),
      ),
      // What teaching through the course still gives, toward the course's participants only.
      allowed('courseTeacher', 'opens the module', trpc.openModule('taught')),
      allowed('courseTeacher', "opens the module's page", trpc.openPage('taught')),
      allowed(
        'courseTeacher',
        "lists the course's participants only",
        trpc.participants('taught'),
        onlyTheCourse,
      ),
      allowed(
        'courseTeacher',
        "downloads the course's participants only",
        http.resultsCsv('taught'),
        onlyTheCourse,
      ),
      allowed(
        'courseTeacher',
        "reads the course's participants only",
        gql.resultsCsv('taught'),
        onlyTheCourse,
      ),
      allowed(
        'courseTeacher',
        "lists the course's participants only",
        gql.activeUsers('taught'),
        onlyTheCourse,
      ),
      allowed('courseTeacher', "reads the course participant's result", trpc.result('taught', 'participant')),
      allowed('courseTeacher', 'scores the course participant', trpc.score('taught', 'participant')),
      allowed(
        'courseTeacher',
        'gives the course participant feedback',
        gql.score('taught', 'participant', { feedback: { why: 'Well argued.' } }),
      ),
      allowed(
        'courseTeacher',
        'grants the course participant another attempt',
        trpc.grant('taught', 'participant'),
      ),
      allowed('courseTeacher', 'certifies the course participant', trpc.certify('taught', 'participant')),
      allowed('courseTeacher', "lists the course's answers to grade only", trpc.toGrade('taught'), {
        hides: onlyTheCourse.hides,
      }),
      allowed(
        'courseTeacher',
        "reads question statistics with no participant's id",
        trpc.questionStats('taught'),
        {
          hides: (w) => [w.ids.participant, w.ids.moduleOnly],
        },
      ),
    ],
  },
  {
    gained: 'a participant with no role',
    rows: [
      refused(
        'participant',
        'certifies themselves for a module they took',
        trpc.certify('taught', 'participant'),
      ),
      refused(
        'participant',
        'certifies themselves for a module they took',
        gql.certify('taught', 'participant'),
      ),
      refused(
        'participant',
        "gives themselves their course's certificate",
        trpc.giveCourseCertificate('taughtCourse', 'participant'),
      ),
      refused('participant', "reads another participant's result", trpc.result('taught', 'moduleOnly')),
      refused('participant', "reads the draft of their course's settings", trpc.courseDraft('taughtCourse')),
      refused(
        'participant',
        "keeps a draft of their course's settings",
        trpc.saveCourseDraft('taughtCourse'),
      ),
      refused(
        'participant',
        'links themselves to the main course',
        trpc.linkUser('participant', 'mainCourse'),
      ),
    ],
  },
  {
    // The role editor holds two roles with only manage_roles: deleting one leaves the right to try the other.
    gained: '(2) holds a role with only manage_roles',
    refusal: 'forbidden',
    rows: [
      refused(
        'roleEditor',
        'creates a role with manage_users, which they lack',
        trpc.createRole('escalated', { manage_users: true }),
      ),
      refused(
        'roleEditor',
        'creates a role with manage_users, which they lack',
        gql.createRole('escalated-too', { manage_users: true }),
      ),
      refused(
        'roleEditor',
        'adds manage_users, which they lack, to another role',
        trpc.updateRole('spare-role', { view: true, manage_users: true }),
      ),
      refused(
        'roleEditor',
        'adds manage_users, which they lack, to another role',
        gql.updateRole('spare-role', { view: true, manage_users: true }),
      ),
      refused(
        'roleEditor',
        'copies the admin role (every action they lack)',
        trpc.duplicateRole('admin', 'admin-copy'),
      ),
      refused(
        'roleEditor',
        'adds actions to a role they hold',
        trpc.updateRole('roles-only', { manage_roles: true, manage_users: true }),
      ),
      refused(
        'roleEditor',
        'adds actions to a role they hold',
        gql.updateRole('roles-only', { manage_roles: true, view: true }),
      ),
      allowed(
        'roleEditor',
        'creates a role with only manage_roles, which they hold',
        trpc.createRole('roles-deputy', { manage_roles: true }),
      ),
      refused('roleEditor', 'deletes a role they hold', trpc.deleteRole('roles-only')),
      refused('roleEditor', 'deletes a role they hold', gql.deleteRole('roles-also')),
    ],
  },
  {
    gained: 'holds a role with only manage_users',
    refusal: 'forbidden',
    rows: [
      refused('userManager', "edits an administrator's profile", trpc.rename('otherAdmin', 'Demoted')),
      refused('userManager', "edits an administrator's profile", gql.rename('otherAdmin', 'Demoted')),
      refused('userManager', "takes an administrator's roles", trpc.setRoles('otherAdmin', [])),
      refused('userManager', "exports an administrator's personal data", trpc.exportData('otherAdmin')),
      allowed(
        'userManager',
        'downloads the users, administrators left out',
        http.usersCsv(),
        noAdministrator,
      ),
      allowed('userManager', 'reads the users CSV, administrators left out', gql.usersCsv(), noAdministrator),
      allowed('userManager', "edits a participant's profile", trpc.rename('mainHolder', 'The mainHolder')),
      refused('userManager', 'deletes an administrator', trpc.deleteUser('otherAdmin')),
      refused('userManager', 'deletes an administrator', gql.deleteUser('spareAdmin')),
    ],
  },
  {
    // No GraphQL twin: owners are named over tRPC only.
    gained: '(3) holds a role with only assign_owners',
    refusal: 'forbidden',
    rows: [
      refused(
        'ownerAssigner',
        "names themselves owner of the admin's course",
        trpc.addCourseOwner('mainCourse', 'ownerAssigner'),
      ),
      refused(
        'ownerAssigner',
        "names themselves owner of someone else's exam",
        trpc.addModuleOwner('exam', 'ownerAssigner'),
      ),
      allowed(
        'ownerAssigner',
        'names a teacher owner of a course',
        trpc.addCourseOwner('spareCourse', 'owner'),
      ),
    ],
  },
  {
    gained: 'holds a role with only view',
    rows: [
      refused(
        'viewer',
        "changes a participant's score",
        trpc.score('exam', 'examTaker', { scores: { why: 5 } }),
      ),
      refused(
        'viewer',
        'gives a participant feedback',
        trpc.score('exam', 'examTaker', { feedback: { why: 'Seen.' } }),
      ),
      refused('viewer', "changes a participant's score", gql.score('exam', 'examTaker')),
      refused('viewer', 'grants a participant another attempt', trpc.grant('exam', 'examTaker')),
      refused('viewer', 'grants a participant another attempt', gql.grant('exam', 'examTaker')),
      refused('viewer', 'certifies a participant', trpc.certify('exam', 'examTaker')),
      allowed('viewer', "lists the exam's participants", trpc.participants('exam'), {
        shows: (w) => [w.ids.examTaker],
      }),
      allowed('viewer', "reads a participant's result", trpc.result('exam', 'examTaker')),
      allowed('viewer', "reads a participant's result", gql.result('exam', 'examTaker')),
      allowed('viewer', 'downloads the results CSV', http.resultsCsv('exam'), {
        shows: (w) => [w.ids.examTaker],
      }),
    ],
  },
  {
    gained: "a teacher, toward a fullPrivacy participant of their course ('Anonymous User')",
    rows: [
      allowed('teacher', "lists their course's certificates", trpc.courseCertificates('teacherCourse'), {
        shows: (w) => [w.ids.hidden, 'Anonymous User'],
        hides: () => [hiddenName, hiddenEmail, 'Verborgenheim'],
      }),
      allowed(
        'teacher',
        'searches users by the start of the hidden address',
        trpc.searchUsers('zelda.verborgen'),
        noHiddenPerson,
      ),
      allowed(
        'teacher',
        'searches users by the hidden real name',
        gql.searchUsers('Verborgenheim'),
        noHiddenPerson,
      ),
    ],
  },
  {
    // Last: these change the scores and attempts the refusals above rely on.
    gained: "the exam's owner and the admin keep their rights",
    rows: [
      allowed('owner', 'links their exam into their own course', trpc.link('ownerCourse', 'exam')),
      allowed('owner', "lists the exam's participants", trpc.participants('exam'), {
        shows: (w) => [w.ids.examTaker],
      }),
      allowed('owner', 'downloads the results CSV', http.resultsCsv('exam'), {
        shows: (w) => [w.ids.examTaker],
      }),
      allowed('owner', "changes a participant's score", trpc.score('exam', 'examTaker')),
      allowed(
        'owner',
        'gives a participant feedback',
        gql.score('exam', 'examTaker', { feedback: { why: 'Good.' } }),
      ),
      allowed('owner', 'grants a participant another attempt', trpc.grant('exam', 'examTaker')),
      allowed('owner', 'certifies a participant for the exam', trpc.certify('exam', 'examTaker')),
      refused('owner', 'certifies themselves for their own exam', trpc.certify('exam', 'owner')),
      allowed('admin', 'certifies themselves for the exam', trpc.certify('exam', 'admin')),
      allowed(
        'admin',
        "gives themselves the main course's certificate",
        trpc.giveCourseCertificate('mainCourse', 'admin'),
      ),
      allowed(
        'admin',
        'adds manage_users to a role',
        trpc.updateRole('spare-role', { view: true, manage_users: true }),
      ),
      allowed('admin', "edits another administrator's profile", trpc.rename('otherAdmin', 'The otherAdmin')),
    ],
  },
];

const transportOf = (call: Call) =>
  call.via === 'trpc'
    ? `tRPC ${call.procedure}`
    : call.via === 'graphql'
      ? `GraphQL ${call.field}`
      : call.label;

describe.each(databaseKinds)('rights gained on the side stay refused on %s', (kind) => {
  let world: World;
  beforeAll(async () => {
    world = await World.start(kind);
  }, 120_000);
  afterAll(async () => {
    await world?.dispose();
  });

  for (const { gained, refusal = 'forbidden or not found', rows } of groups) {
    describe(gained, () => {
      for (const row of rows) {
        it(`${row.who}: ${row.action} (${transportOf(row.call)}) → ${row.expected}`, async () => {
          const before = await world.eventCount();
          const outcome = await world.perform(row.who, row.call);
          const seen = `${outcome.code ?? 'ok'}: ${outcome.body.slice(0, 400)}`;
          if (row.expected === 'refused') {
            expect(refusals[refusal], `refused, but answered ${seen}`).toContain(outcome.code);
            expect(await world.eventCount(), 'a refusal writes no event').toBe(before);
            return;
          }
          expect(outcome.ok, `allowed, but answered ${seen}`).toBe(true);
          for (const text of row.shows?.(world) ?? []) expect(outcome.body).toContain(text);
          for (const text of row.hides?.(world) ?? []) expect(outcome.body).not.toContain(text);
        });
      }
    });
  }
});
