/**
 * The GraphQL contract names a question element `{ type: "question", questionType: radio | checkbox
 * | text }`, extended with `numeric | shortText | matching | ordering | fillBlanks`; the platform
 * stores `{ type: radio | checkbox | textarea | numeric | shortText | …, questionType: single |
 * multiple | open | numeric | short | … }` (the newer types under one name in both), which
 * the editor and the learner screens share. The facade speaks the contract both ways and still
 * accepts the stored shape on input.
 */
const toContractType = {
  single: 'radio',
  multiple: 'checkbox',
  open: 'text',
  numeric: 'numeric',
  short: 'shortText',
  matching: 'matching',
  ordering: 'ordering',
  fillBlanks: 'fillBlanks',
} as const;
const fromContractType: Record<string, { type: string; questionType: string }> = {
  radio: { type: 'radio', questionType: 'single' },
  checkbox: { type: 'checkbox', questionType: 'multiple' },
  text: { type: 'textarea', questionType: 'open' },
  textarea: { type: 'textarea', questionType: 'open' },
  numeric: { type: 'numeric', questionType: 'numeric' },
  shortText: { type: 'shortText', questionType: 'short' },
  matching: { type: 'matching', questionType: 'matching' },
  ordering: { type: 'ordering', questionType: 'ordering' },
  fillBlanks: { type: 'fillBlanks', questionType: 'fillBlanks' },
};

export type ContractQuestionType = (typeof toContractType)[keyof typeof toContractType];

export const contractQuestionType = (questionType: keyof typeof toContractType): ContractQuestionType =>
  toContractType[questionType];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A stored content list as the contract shows it. */
export function contentToContract(content: unknown): unknown {
  if (!Array.isArray(content)) return content;
  return content.map((element) => {
    if (!isObject(element) || typeof element.questionType !== 'string') return element;
    const questionType = toContractType[element.questionType as keyof typeof toContractType];
    return questionType ? { ...element, type: 'question', questionType } : element;
  });
}

/** A content list from a caller, in the contract's shape or the stored one, in the stored shape. */
export function contentFromContract(content: unknown): unknown {
  if (!Array.isArray(content)) return content;
  return content.map((element) => {
    if (!isObject(element) || element.type !== 'question') return element;
    const stored = fromContractType[String(element.questionType)];
    // An unknown questionType stays as sent, for validation to refuse with its message.
    return stored ? { ...element, ...stored } : element;
  });
}
