import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemOf } from '../lib/forms';
import { ConfirmDialog } from './confirm-dialog';

interface Removal {
  reset: () => void;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

/**
 * A destructive action behind a confirmation: the button opens the dialog, a
 * failure stays in the dialog, success closes it and calls `onDone`.
 */
export function DangerZone(props: {
  id: string;
  title: string;
  text: string;
  buttonLabel: string;
  confirmMessage: ReactNode;
  confirmLabel: string;
  removal: Removal;
  run: () => Promise<unknown>;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const { removal } = props;

  return (
    <section className="danger-zone" aria-labelledby={props.id}>
      <h2 id={props.id}>{props.title}</h2>
      <p>{props.text}</p>
      <button
        type="button"
        className="button button--danger-ghost"
        onClick={() => {
          removal.reset();
          setAsking(true);
        }}
      >
        {props.buttonLabel}
      </button>
      <ConfirmDialog
        open={asking}
        title={props.title}
        message={<p>{props.confirmMessage}</p>}
        confirmLabel={props.confirmLabel}
        busy={removal.isPending}
        error={removal.isError ? (problemOf(removal.error).message ?? t('form.unreachable')) : null}
        onCancel={() => setAsking(false)}
        onConfirm={async () => {
          try {
            await props.run();
          } catch {
            return; // the dialog shows why
          }
          setAsking(false);
          props.onDone();
        }}
      />
    </section>
  );
}
