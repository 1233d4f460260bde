/**
 * The address a page view reports: the route's shape, never a person. Queries and fragments go
 * (a sign-in link can carry an address), user ids in admin addresses and certificate codes (each
 * names its holder) become placeholders, and so does any segment that holds an e-mail address.
 */
const personalSegments: [RegExp, string][] = [
  [/^\/admin\/(users|results)\/(?!new$|link-existing$|course-certificates$)[^/]+/, '/admin/$1/:user'],
  [/^\/certificate\/[^/]+/, '/certificate/:code'],
];

export function reportedPath(location: string): string {
  let path = location.split(/[?#]/)[0] || '/';
  for (const [pattern, shape] of personalSegments) path = path.replace(pattern, shape);
  path = path
    .split('/')
    .map((segment) => (decodeSafely(segment).includes('@') ? ':email' : segment))
    .join('/');
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

function decodeSafely(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
