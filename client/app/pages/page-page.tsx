import { AskTeacher } from '../../features/message/components/ask-teacher';
import { PageRoute } from '../../features/module/routes/page';

/**
 * A module's page with the way to ask its teachers: the page comes from the module feature, the
 * question from the message feature (features do not import each other).
 */
export function PagePage({
  modulePath,
  pagePath,
  base = '',
}: {
  modulePath: string;
  pagePath: string;
  base?: string;
}) {
  const course = /^\/course\/([^/]+)$/.exec(base)?.[1] ?? null;
  return (
    <PageRoute
      modulePath={modulePath}
      pagePath={pagePath}
      base={base}
      askTeacher={(pageName, question) => (
        <AskTeacher about={{ page: pagePath, pageName, course, question }} />
      )}
    />
  );
}
