import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { databaseKinds } from '../harness';
import { addTestUser } from '../users';
import { emptyClientRoot, type GraphQLAnswer, graphql } from './client';
import { graphqlFixture } from './fixture';

/**
 * The GraphQL contract (docs/integrating/graphql.md) over HTTP, signed in as admin, as a teacher and as a
 * participant: answers, refusals (success: false, or errors with an extension code) and languages.
 */
describe.each(databaseKinds)('GraphQL contract on %s', (kind) => {
  const fx = graphqlFixture(kind, {
    admin: { roles: ['admin'], name: 'Ada Admin' },
    teacher: { roles: ['teacher'], name: 'Tom Teacher' },
    participant: { name: 'Pia Participant' },
    other: { name: 'Olga Other' },
  });
  const { token, id, as, eventCount } = fx;
  const codeOf = (answer: GraphQLAnswer) => answer.errors?.[0]?.extensions?.code;

  const createCourse = `mutation ($doc: JSON!) {
    createCourse(doc: $doc) { success message course { path name language published public owners { _id name } } }
  }`;
  const updateCourse = `mutation ($path: String!, $doc: JSON!) {
    updateCourse(path: $path, doc: $doc) { success message course { path name location published } }
  }`;
  const deleteCourse = `mutation ($path: String!) { deleteCourse(path: $path) { success message } }`;
  const courseQuery = `query ($path: String!) {
    course(path: $path) {
      path name originId language info showUserList showTeam location startdate enddate teacher published public
      image { name alt } owners { _id name } users { _id name email } modules { path } sections { path } files { path }
    }
  }`;
  const link = (
    mutation: 'addItemToUser' | 'removeItemFromUser',
  ) => `mutation ($id: ID!, $type: String!, $path: String!) {
    ${mutation}(_id: $id, itemType: $type, itemPath: $path) { success message }
  }`;

  describe('who is signed in', () => {
    it('answers currentUser and currentUserWithRules per actor, null when signed out', async () => {
      const query = `{ currentUser { _id name email roles language courses } currentUserWithRules { _id roles rules { create edit delete assign_owners assign_participants } } }`;
      const anonymous = await graphql(fx.app, query);
      expect(anonymous.data).toEqual({ currentUser: null, currentUserWithRules: null });

      const admin = await graphql(fx.app, query, as('admin'));
      expect(admin.data).toMatchObject({
        currentUser: { _id: id.admin, name: 'Ada Admin', roles: ['admin'], language: 'en' },
        currentUserWithRules: {
          _id: id.admin,
          roles: ['admin'],
          rules: { create: true, edit: true, delete: true, assign_owners: true, assign_participants: true },
        },
      });
      const teacher = await graphql(fx.app, query, as('teacher'));
      expect(teacher.data?.currentUserWithRules).toEqual({
        _id: id.teacher,
        roles: ['teacher'],
        rules: { create: true, edit: false, delete: false, assign_owners: false, assign_participants: true },
      });
      const participant = await graphql(fx.app, query, as('participant'));
      expect(participant.data?.currentUserWithRules).toEqual({
        _id: id.participant,
        roles: [],
        rules: {
          create: false,
          edit: false,
          delete: false,
          assign_owners: false,
          assign_participants: false,
        },
      });
    });

    it('accepts the bare token and ignores the username header', async () => {
      const answer = await graphql(fx.app, '{ currentUser { _id } }', {
        headers: { authorization: token.teacher, username: 'somebody-else@example.org' },
      });
      expect(answer.data).toEqual({ currentUser: { _id: id.teacher } });
      const forged = await graphql(fx.app, '{ currentUser { _id } }', {
        headers: { username: 'admin@example.org' },
      });
      expect(forged.data).toEqual({ currentUser: null });
    });
  });

  describe('courses', () => {
    it('creates, reads, updates, unpublishes and deletes a course as admin', async () => {
      const created = await graphql(fx.app, createCourse, {
        ...as('admin'),
        variables: { doc: { name: 'Contraception basics', language: 'nl', info: 'Intro' } },
      });
      expect(created.data?.createCourse).toEqual({
        success: true,
        message: 'The course is created.',
        course: {
          path: 'contraception-basics',
          name: 'Contraception basics',
          language: 'nl',
          published: true,
          public: true,
          owners: [{ _id: id.admin, name: 'Ada Admin' }],
        },
      });

      const read = await graphql(fx.app, courseQuery, { variables: { path: 'contraception-basics' } });
      expect(read.errors).toBeUndefined();
      expect(read.data?.course).toEqual({
        path: 'contraception-basics',
        name: 'Contraception basics',
        originId: null,
        language: 'nl',
        info: 'Intro',
        showUserList: false,
        showTeam: true,
        location: '',
        startdate: null,
        enddate: null,
        teacher: '',
        published: true,
        public: true,
        image: null,
        owners: [{ _id: id.admin, name: 'Ada Admin' }],
        // Anonymous visitors do not see participants; the other lists wait for their features.
        users: [],
        modules: [],
        sections: [],
        files: [],
      });

      // A partial doc changes only what it names.
      const updated = await graphql(fx.app, updateCourse, {
        ...as('admin'),
        variables: {
          path: 'contraception-basics',
          doc: { location: 'Gent', image: { name: 'a.jpg', alt: 'A' } },
        },
      });
      expect(updated.data?.updateCourse).toEqual({
        success: true,
        message: 'The course is saved.',
        course: {
          path: 'contraception-basics',
          name: 'Contraception basics',
          location: 'Gent',
          published: true,
        },
      });

      const unpublished = await graphql(fx.app, updateCourse, {
        ...as('admin'),
        variables: { path: 'contraception-basics', doc: { published: false } },
      });
      expect(unpublished.data?.updateCourse).toMatchObject({ success: true, course: { published: false } });
      const hidden = await graphql(fx.app, courseQuery, { variables: { path: 'contraception-basics' } });
      expect(hidden.data).toEqual({ course: null });
      expect(hidden.errors?.[0]).toMatchObject({
        message: 'Oops, this course does not exist.',
        extensions: { code: 'NOT_FOUND' },
      });
      const learnerList = await graphql<{ courses: { path: string }[] }>(
        fx.app,
        '{ courses { path } }',
        as('participant'),
      );
      expect(learnerList.data?.courses.map((c) => c.path)).not.toContain('contraception-basics');
      const adminList = await graphql<{ courses: { path: string; published: boolean }[] }>(
        fx.app,
        '{ courses(onAdmin: true) { path published } }',
        as('admin'),
      );
      expect(adminList.data?.courses).toContainEqual({ path: 'contraception-basics', published: false });
      const unpublishedOnly = await graphql<{ courses: { path: string }[] }>(
        fx.app,
        '{ courses(onAdmin: true, published: false) { path } }',
        as('admin'),
      );
      expect(unpublishedOnly.data?.courses.map((c) => c.path)).toEqual(['contraception-basics']);

      const deleted = await graphql(fx.app, deleteCourse, {
        ...as('admin'),
        variables: { path: 'contraception-basics' },
      });
      expect(deleted.data?.deleteCourse).toEqual({ success: true, message: 'The course is deleted.' });
      const gone = await graphql(fx.app, courseQuery, {
        ...as('admin'),
        variables: { path: 'contraception-basics' },
      });
      expect(codeOf(gone)).toBe('NOT_FOUND');
    });

    it('creates an unpublished course when the doc says published: false, and honours onHome', async () => {
      const created = await graphql(fx.app, createCourse, {
        ...as('admin'),
        variables: { doc: { name: 'Draft', language: 'en', published: false, onHome: true } },
      });
      expect(created.data?.createCourse).toMatchObject({
        success: true,
        course: { path: 'draft', published: false },
      });
      const home = await graphql<{ courses: { path: string }[] }>(
        fx.app,
        '{ courses(onAdmin: true, onHome: true) { path } }',
        as('admin'),
      );
      expect(home.data?.courses.map((c) => c.path)).toEqual(['draft']);
    });

    it('lets a teacher create and manage only their own courses', async () => {
      const own = await graphql(fx.app, createCourse, {
        ...as('teacher'),
        variables: { doc: { name: 'Teacher course', language: 'fr' } },
      });
      expect(own.data?.createCourse).toMatchObject({
        success: true,
        course: { path: 'teacher-course', owners: [{ _id: id.teacher, name: 'Tom Teacher' }] },
      });
      await graphql(fx.app, createCourse, {
        ...as('admin'),
        variables: { doc: { name: 'Admin course', language: 'en' } },
      });

      const adminList = await graphql<{ courses: { path: string }[] }>(
        fx.app,
        '{ courses(onAdmin: true) { path } }',
        as('teacher'),
      );
      expect(adminList.data?.courses.map((c) => c.path)).toEqual(['teacher-course']);

      const editOwn = await graphql(fx.app, updateCourse, {
        ...as('teacher'),
        variables: { path: 'teacher-course', doc: { name: 'Teacher course 2' } },
      });
      expect(editOwn.data?.updateCourse).toMatchObject({
        success: true,
        course: { name: 'Teacher course 2' },
      });

      const before = await eventCount();
      const editOther = await graphql(fx.app, updateCourse, {
        ...as('teacher'),
        variables: { path: 'admin-course', doc: { name: 'Mine now' } },
      });
      expect(editOther.data?.updateCourse).toEqual({
        success: false,
        message: 'You are not allowed to do this.',
        course: null,
      });
      const deleteOther = await graphql(fx.app, deleteCourse, {
        ...as('teacher'),
        variables: { path: 'admin-course' },
      });
      expect(deleteOther.data?.deleteCourse).toEqual({
        success: false,
        message: 'You are not allowed to do this.',
      });
      expect(await eventCount()).toBe(before);

      const deleteOwn = await graphql(fx.app, deleteCourse, {
        ...as('teacher'),
        variables: { path: 'teacher-course' },
      });
      expect(deleteOwn.data?.deleteCourse).toMatchObject({ success: true });
    });

    it('refuses participants, anonymous callers and bad input with success: false, writing nothing', async () => {
      const before = await eventCount();
      const participant = await graphql(fx.app, createCourse, {
        ...as('participant'),
        variables: { doc: { name: 'Nope', language: 'en' } },
      });
      expect(participant.data?.createCourse).toEqual({
        success: false,
        message: 'You are not allowed to do this.',
        course: null,
      });
      const anonymous = await graphql(fx.app, createCourse, {
        variables: { doc: { name: 'Nope', language: 'en' } },
      });
      expect(anonymous.data?.createCourse).toMatchObject({
        success: false,
        message: 'Please sign in first.',
      });

      const empty = await graphql(fx.app, createCourse, {
        ...as('admin'),
        variables: { doc: { name: '', language: 'en' } },
      });
      expect(empty.data?.createCourse).toMatchObject({ success: false, message: 'This field is required.' });
      const dates = await graphql(fx.app, createCourse, {
        ...as('admin'),
        variables: { doc: { name: 'Dates', language: 'en', startdate: '2027-05-02', enddate: '2027-05-01' } },
      });
      expect(dates.data?.createCourse).toMatchObject({
        success: false,
        message: 'The enddate cannot be earlier than the startdate.',
      });
      const notAnObject = await graphql(fx.app, createCourse, { ...as('admin'), variables: { doc: [1, 2] } });
      expect(notAnObject.data?.createCourse).toMatchObject({
        success: false,
        message: 'Some fields are not valid.',
      });
      const badPublished = await graphql(fx.app, createCourse, {
        ...as('admin'),
        variables: { doc: { name: 'X', language: 'en', published: 'yes' } },
      });
      expect(badPublished.data?.createCourse).toMatchObject({
        success: false,
        message: 'Some fields are not valid.',
      });
      const missing = await graphql(fx.app, updateCourse, {
        ...as('admin'),
        variables: { path: 'no-such-course', doc: { name: 'X' } },
      });
      expect(missing.data?.updateCourse).toMatchObject({
        success: false,
        message: 'Oops, this course does not exist.',
      });
      const nothing = await graphql(fx.app, updateCourse, {
        ...as('admin'),
        variables: { path: 'draft', doc: {} },
      });
      expect(nothing.data?.updateCourse).toMatchObject({
        success: false,
        message: 'Some fields are not valid.',
      });
      const badPath = await graphql(fx.app, courseQuery, { variables: { path: 'Not A Path' } });
      expect(badPath.errors?.[0]).toMatchObject({
        message: '“path” is not valid: Use lower-case letters, digits and hyphens.',
        extensions: { code: 'BAD_USER_INPUT' },
      });
      expect(await eventCount()).toBe(before);
      for (const answer of [participant, anonymous, empty, dates, missing, badPath]) {
        expect(answer.raw).not.toMatch(/stack|\.ts:\d|select |insert into/i);
      }
    });

    it('shows owners to everyone and participants to who may see them, masking fullPrivacy users', async () => {
      await graphql(fx.app, createCourse, {
        ...as('admin'),
        variables: { doc: { name: 'Team course', language: 'en', showUserList: false } },
      });
      for (const who of ['participant', 'other'] as const) {
        // Participants are linked by who may edit the course: here its owner, the admin.
        const linked = await graphql(fx.app, link('addItemToUser'), {
          ...as('admin'),
          variables: { id: id[who], type: 'course', path: 'team-course' },
        });
        expect(linked.data?.addItemToUser).toEqual({ success: true, message: 'The user is linked.' });
      }
      await graphql(
        fx.app,
        'mutation ($id: ID!, $doc: JSON!) { updateUser(_id: $id, doc: $doc) { success } }',
        {
          ...as('other'),
          variables: { id: id.other, doc: { fullPrivacy: true } },
        },
      );

      type Users = {
        course: { owners: { name: string }[]; users: { _id: string; name: string; email: string }[] };
      };
      const query = `query ($path: String!) { course(path: $path) { owners { name } users { _id name email } } }`;
      const asAdmin = await graphql<Users>(fx.app, query, {
        ...as('admin'),
        variables: { path: 'team-course' },
      });
      expect(asAdmin.data?.course.owners).toEqual([{ name: 'Ada Admin' }]);
      expect(asAdmin.data?.course.users.map((u) => u.name)).toEqual(['Olga Other', 'Pia Participant']);

      const asTeacher = await graphql<Users>(fx.app, query, {
        ...as('teacher'),
        variables: { path: 'team-course' },
      });
      expect(asTeacher.data?.course.users).toContainEqual({
        _id: id.other,
        name: 'Anonymous User',
        email: 'anonymous@anonymous.invalid',
      });

      const asParticipant = await graphql<Users>(fx.app, query, {
        ...as('participant'),
        variables: { path: 'team-course' },
      });
      expect(asParticipant.data?.course.owners).toEqual([{ name: 'Ada Admin' }]);
      expect(asParticipant.data?.course.users).toEqual([]);
      await graphql(fx.app, updateCourse, {
        ...as('admin'),
        variables: { path: 'team-course', doc: { showUserList: true } },
      });
      const listShown = await graphql<Users>(fx.app, query, {
        ...as('participant'),
        variables: { path: 'team-course' },
      });
      expect(listShown.data?.course.users.map((u) => u.name).sort()).toEqual([
        'Anonymous User',
        'Pia Participant',
      ]);

      // The teacher's assign_participants does not reach a course they do not own.
      const refused = await graphql(fx.app, link('removeItemFromUser'), {
        ...as('teacher'),
        variables: { id: id.participant, type: 'course', path: 'team-course' },
      });
      expect(refused.data?.removeItemFromUser).toMatchObject({ success: false });
      const unlinked = await graphql(fx.app, link('removeItemFromUser'), {
        ...as('admin'),
        variables: { id: id.participant, type: 'course', path: 'team-course' },
      });
      expect(unlinked.data?.removeItemFromUser).toEqual({ success: true, message: 'The user is unlinked.' });
      const after = await graphql<Users>(fx.app, query, {
        ...as('admin'),
        variables: { path: 'team-course' },
      });
      expect(after.data?.course.users.map((u) => u._id)).toEqual([id.other]);
    });
  });

  describe('users', () => {
    const usersQuery = `query ($course: String) { users(course: $course, getAccess: true) { _id name courses } }`;
    const userQuery = `query ($id: ID!) {
      user(_id: $id) {
        _id name email phone profession riziv description roles language createdAt fullPrivacy
        image { name alt } certificates courses modules courseCertificates { course path valid }
      }
    }`;
    const updateUser = `mutation ($id: ID!, $doc: JSON!) {
      updateUser(_id: $id, doc: $doc) { success message user { _id name phone language roles } }
    }`;

    it('lists users for who manages users or participants, and refuses the others', async () => {
      await graphql(fx.app, createCourse, {
        ...as('admin'),
        variables: { doc: { name: 'Listed', language: 'en' } },
      });
      await graphql(fx.app, link('addItemToUser'), {
        ...as('admin'),
        variables: { id: id.participant, type: 'course', path: 'listed' },
      });
      const admin = await graphql<{ users: { _id: string; courses: string[] }[] }>(fx.app, usersQuery, {
        ...as('admin'),
        variables: { course: 'listed' },
      });
      expect(admin.data?.users).toEqual([
        { _id: id.participant, name: 'Pia Participant', courses: ['listed'] },
      ]);
      const teacher = await graphql<{ users: { _id: string }[] }>(fx.app, usersQuery, as('teacher'));
      expect(teacher.data?.users.map((u) => u._id)).toEqual(
        expect.arrayContaining([id.admin, id.participant]),
      );

      const participant = await graphql(fx.app, usersQuery, as('participant'));
      expect(participant.data).toEqual({ users: null });
      expect(participant.errors?.[0]).toMatchObject({
        message: 'You are not allowed to do this.',
        extensions: { code: 'FORBIDDEN' },
      });
      const anonymous = await graphql(fx.app, usersQuery);
      expect(codeOf(anonymous)).toBe('UNAUTHENTICATED');
    });

    it('answers user(_id) to oneself and to user managers', async () => {
      const self = await graphql(fx.app, userQuery, {
        ...as('participant'),
        variables: { id: id.participant },
      });
      expect(self.errors).toBeUndefined();
      expect(self.data?.user).toMatchObject({
        _id: id.participant,
        name: 'Pia Participant',
        roles: [],
        fullPrivacy: false,
        certificates: [],
        courseCertificates: [],
        modules: [],
      });
      const admin = await graphql(fx.app, userQuery, { ...as('admin'), variables: { id: id.participant } });
      expect(admin.data?.user).toMatchObject({ _id: id.participant });
      const teacher = await graphql(fx.app, userQuery, {
        ...as('teacher'),
        variables: { id: id.participant },
      });
      expect(codeOf(teacher)).toBe('FORBIDDEN');
      const missing = await graphql(fx.app, userQuery, { ...as('admin'), variables: { id: 'no-such-user' } });
      expect(missing.errors?.[0]).toMatchObject({
        message: 'This user does not exist.',
        extensions: { code: 'NOT_FOUND' },
      });
    });

    it('serves usersCSV to user managers only', async () => {
      const csv = await graphql<{ usersCSV: string }>(fx.app, '{ usersCSV }', as('admin'));
      expect(csv.data?.usersCSV.startsWith('\uFEFF"_id","name","email"')).toBe(true);
      expect(csv.data?.usersCSV).toContain('"Pia Participant"');
      const fromRoute = await fx.app.inject({
        url: '/api/users.csv',
        headers: { authorization: `Bearer ${token.admin}` },
      });
      expect(csv.data?.usersCSV).toBe(fromRoute.body);
      const teacher = await graphql(fx.app, '{ usersCSV }', as('teacher'));
      expect(teacher.data).toEqual({ usersCSV: null });
      expect(codeOf(teacher)).toBe('FORBIDDEN');
    });

    it('updates profiles (own, or any with manage_users) and roles (manage_users only)', async () => {
      const own = await graphql(fx.app, updateUser, {
        ...as('participant'),
        variables: { id: id.participant, doc: { phone: '0470 12 34 56', profession: 'Midwife' } },
      });
      expect(own.data?.updateUser).toEqual({
        success: true,
        message: 'The user is saved.',
        user: {
          _id: id.participant,
          name: 'Pia Participant',
          phone: '+32 470 12 34 56',
          language: 'en',
          roles: [],
        },
      });
      const ownRoles = await graphql(fx.app, updateUser, {
        ...as('participant'),
        variables: { id: id.participant, doc: { roles: ['teacher'] } },
      });
      expect(ownRoles.data?.updateUser).toMatchObject({
        success: false,
        message: 'You are not allowed to do this.',
      });
      const others = await graphql(fx.app, updateUser, {
        ...as('teacher'),
        variables: { id: id.participant, doc: { name: 'Changed' } },
      });
      expect(others.data?.updateUser).toMatchObject({
        success: false,
        message: 'You are not allowed to do this.',
      });
      const badPhone = await graphql(fx.app, updateUser, {
        ...as('participant'),
        variables: { id: id.participant, doc: { phone: 'call me' } },
      });
      expect(badPhone.data?.updateUser).toMatchObject({
        success: false,
        message: 'Enter a phone number, with a country code such as +32.',
      });

      const unknownRole = await graphql(fx.app, updateUser, {
        ...as('admin'),
        variables: { id: id.other, doc: { roles: ['wizard'] } },
      });
      expect(unknownRole.data?.updateUser).toMatchObject({
        success: false,
        message: 'Unknown role: wizard.',
      });
      const roles = await graphql(fx.app, updateUser, {
        ...as('admin'),
        variables: { id: id.other, doc: { roles: ['teacher'], name: 'Olga O.' } },
      });
      expect(roles.data?.updateUser).toMatchObject({
        success: true,
        user: { _id: id.other, name: 'Olga O.', roles: ['teacher'] },
      });
      const rules = await graphql(fx.app, '{ currentUserWithRules { rules { create } } }', as('other'));
      expect(rules.data).toEqual({ currentUserWithRules: { rules: { create: true } } });
    });

    it('links and unlinks with the right, refusing unknown items and types', async () => {
      const participant = await graphql(fx.app, link('addItemToUser'), {
        ...as('participant'),
        variables: { id: id.participant, type: 'course', path: 'listed' },
      });
      expect(participant.data?.addItemToUser).toEqual({
        success: false,
        message: 'You are not allowed to do this.',
      });
      const unknownCourse = await graphql(fx.app, link('addItemToUser'), {
        ...as('admin'),
        variables: { id: id.participant, type: 'course', path: 'no-such-course' },
      });
      expect(unknownCourse.data?.addItemToUser).toEqual({
        success: false,
        message: 'Oops, this course does not exist.',
      });
      const module = await graphql(fx.app, link('addItemToUser'), {
        ...as('admin'),
        variables: { id: id.participant, type: 'module', path: 'some-module' },
      });
      expect(module.data?.addItemToUser).toEqual({
        success: false,
        message: 'Oops, this module does not exist.',
      });
      const badType = await graphql(fx.app, link('addItemToUser'), {
        ...as('admin'),
        variables: { id: id.participant, type: 'planet', path: 'listed' },
      });
      expect(badType.data?.addItemToUser).toEqual({ success: false, message: 'Some fields are not valid.' });
    });

    it('deletes users: oneself or with manage_users', async () => {
      const extra = await addTestUser(fx.platform, { name: 'Short Lived' });
      const deleteUser = 'mutation ($id: ID!) { deleteUser(_id: $id) { success message } }';
      const byTeacher = await graphql(fx.app, deleteUser, {
        ...as('teacher'),
        variables: { id: extra.userId },
      });
      expect(byTeacher.data?.deleteUser).toEqual({
        success: false,
        message: 'You are not allowed to do this.',
      });
      const byAdmin = await graphql(fx.app, deleteUser, { ...as('admin'), variables: { id: extra.userId } });
      expect(byAdmin.data?.deleteUser).toEqual({ success: true, message: 'The user is deleted.' });
      const gone = await graphql(
        fx.app,
        '{ user(_id: "x") { _id } }'.replace('"x"', `"${extra.userId}"`),
        as('admin'),
      );
      expect(codeOf(gone)).toBe('NOT_FOUND');
      const again = await graphql(fx.app, deleteUser, { ...as('admin'), variables: { id: extra.userId } });
      expect(again.data?.deleteUser).toEqual({ success: false, message: 'This user does not exist.' });
    });
  });

  describe('roles', () => {
    const createRole = `mutation ($role: JSON!) {
      createRole(role: $role) { success message role { _id name actions { view create edit delete assign_participants assign_owners manage_roles manage_users } } }
    }`;
    const updateRole = `mutation ($name: String!, $doc: JSON!) {
      updateRole(name: $name, doc: $doc) { success message role { name actions { view create edit } } }
    }`;

    it('creates, lists, reads, updates and deletes roles as admin', async () => {
      const created = await graphql(fx.app, createRole, {
        ...as('admin'),
        variables: { role: { name: 'reviewer', actions: { view: true } } },
      });
      expect(created.data?.createRole).toMatchObject({
        success: true,
        message: 'The role is created.',
        role: {
          name: 'reviewer',
          actions: {
            view: true,
            create: false,
            edit: false,
            delete: false,
            assign_participants: false,
            assign_owners: false,
            manage_roles: false,
            manage_users: false,
          },
        },
      });
      const list = await graphql<{ roles: { name: string }[] }>(
        fx.app,
        '{ roles { _id name } }',
        as('admin'),
      );
      expect(list.data?.roles.map((r) => r.name)).toEqual(['reviewer', 'teacher']);
      const one = await graphql(fx.app, '{ role(name: "reviewer") { name actions { view } } }', as('admin'));
      expect(one.data).toEqual({ role: { name: 'reviewer', actions: { view: true } } });

      const updated = await graphql(fx.app, updateRole, {
        ...as('admin'),
        variables: { name: 'reviewer', doc: { actions: { edit: true } } },
      });
      expect(updated.data?.updateRole).toEqual({
        success: true,
        message: 'The role is saved.',
        role: { name: 'reviewer', actions: { view: true, create: false, edit: true } },
      });
      const renamed = await graphql(fx.app, updateRole, {
        ...as('admin'),
        variables: { name: 'reviewer', doc: { name: 'critic' } },
      });
      expect(renamed.data?.updateRole).toMatchObject({
        success: false,
        message: 'A role keeps its name; create a new role instead.',
      });

      const deleted = await graphql(
        fx.app,
        'mutation { deleteByName(name: "reviewer") { success message } }',
        as('admin'),
      );
      expect(deleted.data?.deleteByName).toEqual({ success: true, message: 'The role is deleted.' });
      const gone = await graphql(fx.app, '{ role(name: "reviewer") { name } }', as('admin'));
      expect(gone.errors?.[0]).toMatchObject({
        message: 'This role does not exist.',
        extensions: { code: 'NOT_FOUND' },
      });
    });

    it('refuses duplicates, the admin role, and callers without manage_roles', async () => {
      const duplicate = await graphql(fx.app, createRole, {
        ...as('admin'),
        variables: { role: { name: 'Teacher' } },
      });
      expect(duplicate.data?.createRole).toMatchObject({
        success: false,
        message: 'A role with this name already exists.',
      });
      const admin = await graphql(fx.app, createRole, {
        ...as('admin'),
        variables: { role: { name: 'admin' } },
      });
      expect(admin.data?.createRole).toMatchObject({
        success: false,
        message: "The role 'admin' is built in and cannot be changed.",
      });
      const updateAdmin = await graphql(fx.app, updateRole, {
        ...as('admin'),
        variables: { name: 'admin', doc: { actions: { view: false } } },
      });
      expect(updateAdmin.data?.updateRole).toMatchObject({ success: false });
      const noName = await graphql(fx.app, createRole, {
        ...as('admin'),
        variables: { role: { actions: {} } },
      });
      expect(noName.data?.createRole).toMatchObject({
        success: false,
        message: 'Some fields are not valid.',
      });

      const teacher = await graphql(fx.app, createRole, {
        ...as('teacher'),
        variables: { role: { name: 'x' } },
      });
      expect(teacher.data?.createRole).toMatchObject({
        success: false,
        message: 'You are not allowed to do this.',
      });
      const teacherDelete = await graphql(
        fx.app,
        'mutation { deleteByName(name: "teacher") { success message } }',
        as('teacher'),
      );
      expect(teacherDelete.data?.deleteByName).toEqual({
        success: false,
        message: 'You are not allowed to do this.',
      });
      const anonymous = await graphql(fx.app, updateRole, { variables: { name: 'teacher', doc: {} } });
      expect(anonymous.data?.updateRole).toMatchObject({ success: false, message: 'Please sign in first.' });
      const list = await graphql(fx.app, '{ roles { name } }', as('teacher'));
      expect(codeOf(list)).toBe('FORBIDDEN');
      const one = await graphql(fx.app, '{ role(name: "teacher") { name } }', as('participant'));
      expect(codeOf(one)).toBe('FORBIDDEN');
      const anonymousList = await graphql(fx.app, '{ roles { name } }');
      expect(codeOf(anonymousList)).toBe('UNAUTHENTICATED');
    });
  });

  describe('languages', () => {
    it('speaks Accept-Language to anonymous callers', async () => {
      const nl = { 'accept-language': 'nl-BE,nl;q=0.9,en;q=0.5' };
      const mutation = await graphql(fx.app, createCourse, {
        headers: nl,
        variables: { doc: { name: 'x', language: 'nl' } },
      });
      expect(mutation.data?.createCourse).toMatchObject({ success: false, message: 'Meld je eerst aan.' });
      const query = await graphql(fx.app, courseQuery, {
        headers: nl,
        variables: { path: 'no-such-course' },
      });
      expect(query.errors?.[0]).toMatchObject({
        message: 'Oeps, deze cursus bestaat niet.',
        extensions: { code: 'NOT_FOUND' },
      });
      const roles = await graphql(fx.app, '{ roles { name } }', { headers: { 'accept-language': 'fr' } });
      expect(roles.errors?.[0]?.message).toBe("Veuillez d'abord vous connecter.");
    });

    it("speaks the language the request names (x-language, Accept-Language), else the account's", async () => {
      const nlTeacher = await addTestUser(fx.platform, { roles: ['teacher'], name: 'Nele' });
      const setNl = await graphql(
        fx.app,
        'mutation ($id: ID!) { updateUser(_id: $id, doc: { language: "nl" }) { success message } }',
        {
          token: nlTeacher.token,
          variables: { id: nlTeacher.userId },
        },
      );
      expect(setNl.data?.updateUser).toEqual({ success: true, message: 'De gebruiker is opgeslagen.' });

      // Without a language header, the account's (nl).
      const refused = await graphql(
        fx.app,
        'mutation { deleteByName(name: "teacher") { success message } }',
        {
          token: nlTeacher.token,
        },
      );
      expect(refused.data?.deleteByName).toEqual({
        success: false,
        message: 'Je hebt geen toestemming om dit te doen.',
      });
      const invalid = await graphql(fx.app, createCourse, {
        token: nlTeacher.token,
        variables: { doc: { name: '', language: 'nl' } },
      });
      expect(invalid.data?.createCourse).toMatchObject({ success: false, message: 'Dit veld is verplicht.' });
      const forbiddenQuery = await graphql(fx.app, '{ usersCSV }', { token: nlTeacher.token });
      expect(forbiddenQuery.errors?.[0]).toMatchObject({
        message: 'Je hebt geen toestemming om dit te doen.',
        extensions: { code: 'FORBIDDEN' },
      });

      // A header naming a language wins over the account's, for mutations and queries alike.
      for (const [headers, message] of [
        [{ 'accept-language': 'en' }, 'You are not allowed to do this.'],
        [{ 'accept-language': 'fr-BE,fr;q=0.9' }, "Vous n'êtes pas autorisé à faire ceci."],
        [{ 'x-language': 'en', 'accept-language': 'fr' }, 'You are not allowed to do this.'],
      ] as const) {
        const mutation = await graphql(
          fx.app,
          'mutation { deleteByName(name: "teacher") { success message } }',
          {
            token: nlTeacher.token,
            headers,
          },
        );
        expect(mutation.data?.deleteByName).toEqual({ success: false, message });
        const query = await graphql(fx.app, '{ usersCSV }', { token: nlTeacher.token, headers });
        expect(query.errors?.[0]?.message).toBe(message);
      }
      // A header naming no language we speak leaves the account's.
      const german = await graphql(fx.app, '{ usersCSV }', {
        token: nlTeacher.token,
        headers: { 'accept-language': 'de-DE,de;q=0.9' },
      });
      expect(german.errors?.[0]?.message).toBe('Je hebt geen toestemming om dit te doen.');
      const english = await graphql(fx.app, '{ usersCSV }', {
        ...as('participant', { 'accept-language': 'nl' }),
      });
      expect(english.errors?.[0]?.message).toBe('Je hebt geen toestemming om dit te doen.');
    });
  });

  describe('the endpoint', () => {
    it('limits query depth and cost', async () => {
      const fine = await graphql(
        fx.app,
        '{ courses { owners { image { name } } } currentUser { image { alt } } }',
      );
      expect(fine.errors).toBeUndefined();
      const ofTypes = (n: number): string => (n === 0 ? 'name' : `ofType { ${ofTypes(n - 1)} }`);
      const tooDeep = await graphql(
        fx.app,
        `{ __type(name: "Course") { fields { type { ${ofTypes(7)} } } } }`,
      );
      expect(tooDeep.data).toBeNull();
      expect(tooDeep.errors?.[0]?.message).toMatch(/depth/i);
      const wide = `{ ${Array.from({ length: 1000 }, (_, i) => `c${i}: courses { path owners { name email } }`).join(' ')} }`;
      const costly = await graphql(fx.app, wide);
      expect(costly.data).toBeNull();
      expect(costly.errors?.[0]?.message).toMatch(/cost/i);
    });

    it('serves GraphiQL on GET outside production only', async () => {
      const page = await fx.app.inject({ method: 'GET', url: '/graphql', headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toMatch(/graphiql/i);
      const production = await buildApp(
        { ...fx.platform, config: { ...fx.platform.config, NODE_ENV: 'production' } },
        { clientRoot: emptyClientRoot() },
      );
      try {
        const none = await production.inject({
          method: 'GET',
          url: '/graphql',
          headers: { accept: 'text/html' },
        });
        expect(none.body).not.toMatch(/graphiql/i);
        const query = await production.inject({ method: 'GET', url: '/graphql?query=%7B__typename%7D' });
        expect(query.json()).toEqual({ data: { __typename: 'Query' } });
      } finally {
        await production.close();
      }
    });
  });
});
