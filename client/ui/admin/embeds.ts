import type { ReactNode } from 'react';
import type { CurrentUser } from '../../lib/auth';
import type { ContentRights } from './content-rights';
import type { ParentRef } from './parent-ref';

/**
 * A view that another feature draws inside an edit screen (a course's modules, a module's
 * results…). The admin route table hands it in, so features never import each other.
 */
export type LinkedView = (parent: ParentRef, rights: ContentRights) => ReactNode;

/**
 * What the route table gives an edit screen: the item, the view asked for, who asks, and the
 * views other features draw in it.
 */
export interface EditRouteProps<E> {
  path: string;
  view: string;
  user: CurrentUser;
  embeds: E;
}
