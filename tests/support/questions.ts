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

/** A single-choice question with one attempt: one right option, one wrong. */
export const sdgChoice = {
  type: 'radio',
  questionType: 'single',
  name: 'sdg',
  label: 'Which SDG?',
  schema: { attempts: 1 },
  options: [
    { label: 'SDG 5', value: 'five', score: 1 },
    { label: 'SDG 13', value: 'thirteen', score: 0 },
  ],
};
