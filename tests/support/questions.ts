/** Open questions as an author writes them in a page's content, shared by the answering tests. */
export const limitedOpen = {
  type: 'textarea',
  questionType: 'open',
  name: 'plan',
  label: 'Your plan?',
  schema: { attempts: 2, maxScore: 3 },
};

export const unlimitedOpen = {
  ...limitedOpen,
  name: 'notes',
  label: 'Notes?',
  schema: { attempts: 0, maxScore: 1 },
};
