import { type CurrentUser, hasRule } from '../../../lib/auth';

export interface ContentRights {
  create: boolean;
  edit: boolean;
  delete: boolean;
}

/**
 * What the user may do with one item (spec section 6): edit and delete by rule or as one of its
 * owners; create and duplicate by the create rule only.
 */
export function contentRights(user: CurrentUser, owned: boolean): ContentRights {
  return {
    create: hasRule(user, 'create'),
    edit: hasRule(user, 'edit') || owned,
    delete: hasRule(user, 'delete') || owned,
  };
}
