/**
 * The answer to a short-answer question: a few words on one line. Whether case or accents count is
 * the author's choice, applied when the answer is checked, so the input takes the text as typed.
 */
export function ShortAnswer({
  label,
  value,
  onChange,
  readOnly = false,
  describedBy,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  readOnly?: boolean;
  /** More that describes the input (the correct answer, once revealed). */
  describedBy?: string;
}) {
  return (
    <input
      type="text"
      className="question__short"
      aria-label={label}
      aria-describedby={describedBy}
      autoComplete="off"
      maxLength={500}
      readOnly={readOnly}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
