/** A language file split by the build into the learner's and the admin area's texts. */
declare module '*.json?texts=learner' {
  const texts: Record<string, unknown>;
  export default texts;
}
declare module '*.json?texts=admin' {
  const texts: Record<string, unknown>;
  export default texts;
}
