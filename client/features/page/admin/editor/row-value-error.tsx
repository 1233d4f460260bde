import { useFormContext } from 'react-hook-form';
import { useErrorText } from '../../../../ui/form';
import { errorAt, type PageFormValues } from './elements';

/**
 * A row's id is not a field (the editor gives it), so a refusal of it (two rows with one id, from an
 * import) shows under the row's fields.
 */
export function RowValueError({ path }: { path: string }) {
  const { formState } = useFormContext<PageFormValues>();
  const text = useErrorText(errorAt(formState.errors, path));
  return text ? <p className="field__error row-error">{text}</p> : null;
}
