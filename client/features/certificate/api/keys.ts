/** The query keys of the certificate feature; every certificate change invalidates `certificateKeys.all`. */
export const certificateKeys = {
  all: ['certificate'] as const,
  mine: () => ['certificate', 'mine'] as const,
  forModule: (path: string) => ['certificate', 'module', path] as const,
  ofParticipant: (module: string, user: string) => ['certificate', 'participant', module, user] as const,
  forCourse: (path: string) => ['certificate', 'course', path] as const,
  verify: (code: string) => ['certificate', 'verify', code] as const,
  config: (kind: 'module' | 'course', path: string) => ['certificate', 'config', kind, path] as const,
  courseList: (path: string) => ['certificate', 'course-list', path] as const,
  reviews: () => ['certificate', 'reviews'] as const,
  expiring: () => ['certificate', 'expiring'] as const,
};
