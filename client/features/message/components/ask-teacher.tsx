import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The dialog and its form load on the first click: most page views never ask. */
const AskDialog = lazy(() => import('./ask-dialog').then((m) => ({ default: m.AskDialog })));

export interface AskAbout {
  page: string;
  pageName: string;
  course: string | null;
  /** The question element asked from, with its label. */
  question?: { name: string; label: string } | null;
}

/** "Ask the teacher": a button opening the question dialog about this page (and question). */
export function AskTeacher({
  about,
  className = 'button button--ghost',
}: {
  about: AskAbout;
  className?: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        className={className}
        aria-haspopup="dialog"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        {t('messages.ask')}
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <AskDialog about={about} open={open} onClose={() => setOpen(false)} returnFocus={button} />
        </Suspense>
      )}
    </>
  );
}
