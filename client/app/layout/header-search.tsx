import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { SearchIcon } from '../../ui/icons';
import './header-search.css';

/** Whether a key press happens where typing goes (a field, an editor): '/' is then a character. */
const typingIn = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * The header's search, for a signed-in reader: a button (or '/') opens a field under the header,
 * Enter goes to /search?q=…, Escape closes it and gives the focus back to the button.
 */
export function HeaderSearch() {
  const { t } = useTranslation();
  const [location, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const button = useRef<HTMLButtonElement>(null);
  const field = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || typingIn(event.target))
        return;
      event.preventDefault();
      setOpen(true);
      field.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  useEffect(() => {
    if (open) field.current?.focus();
  }, [open]);
  // A followed result closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => setOpen(false), [location]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const words = typed.trim();
    if (words === '') return;
    navigate(`/search?q=${encodeURIComponent(words)}`);
    setTyped('');
  };
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className="icon-link header-search__toggle"
        aria-label={t('search.title')}
        title={t('search.title')}
        aria-expanded={open}
        aria-controls="header-search"
        aria-keyshortcuts="/"
        onClick={() => setOpen((now) => !now)}
      >
        <SearchIcon />
      </button>
      <search id="header-search" className="header-search" hidden={!open}>
        <form onSubmit={submit} onKeyDown={(event) => event.key === 'Escape' && close()}>
          <label htmlFor="header-search-q" className="visually-hidden">
            {t('search.label')}
          </label>
          <input
            ref={field}
            id="header-search-q"
            type="search"
            name="q"
            maxLength={100}
            placeholder={t('search.label')}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
          <button type="submit" className="button button--small">
            {t('search.submit')}
          </button>
        </form>
      </search>
    </>
  );
}
