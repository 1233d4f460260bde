import { type CurrentUser, hasRule } from '../../lib/auth';

export interface ContentRights {
  /** Copy the item (duplicate, translate): the create rule, on an item the user could open. */
  create: boolean;
  edit: boolean;
  delete: boolean;
  /** Add children (a section to a course, a page to a module): the parent's edit right. */
  addChildren: boolean;
}

/**
 * What the user may do with one item, as the server decides it (docs/guide/users-and-roles.md,
 * the one ownership rule): edit and delete by rule or as one of its owners; a copy by the create
 * rule (the item is open to them, or they would not see it here); children inside it only with the
 * edit right or as an owner, never by the create rule alone.
 */
export function contentRights(user: CurrentUser, owned: boolean): ContentRights {
  const edit = hasRule(user, 'edit') || owned;
  return {
    create: hasRule(user, 'create'),
    edit,
    delete: hasRule(user, 'delete') || owned,
    addChildren: edit,
  };
}
