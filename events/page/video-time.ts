/**
 * The default time a participant is expected to watch an interactive video: 4 minutes. In a
 * module of its own, without zod, so the learner's page reads it without loading the schemas.
 */
export const DEFAULT_VIDEO_TIME_SECONDS = 4 * 60;
