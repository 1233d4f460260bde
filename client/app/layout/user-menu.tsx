import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { savesOf } from '../../lib/answer-queue-store';
import type { Session } from '../../lib/auth';
import { signOut } from '../../lib/session';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { UserIcon } from '../../ui/icons';
import { loginPath } from '../../ui/signed-in-only';

/**
 * Signed out: the sign-in link (coming back to this page afterwards). Signed in: a button with
 * the user's name opening their links and "sign out". Esc, a click elsewhere or following a link
 * closes it.
 */
export function UserMenu({ session }: { session: Session }) {
  const { t } = useTranslation();
  const [location, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  // Answers still queued on this device: signing out deletes them, so ask first.
  const [unsent, setUnsent] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const listId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on navigation only
  useEffect(() => setOpen(false), [location]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (session.status === 'loading') return <span className="user-menu__placeholder" aria-hidden="true" />;

  if (session.status !== 'signed-in') {
    // The login page is its own sign-in link.
    if (location === '/login') return null;
    return (
      <Link href={loginPath()} className="button button--small user-menu__sign-in">
        <UserIcon />
        {t('nav.signIn')}
      </Link>
    );
  }

  const leave = async () => {
    setLeaving(true);
    await signOut();
    setLeaving(false);
    setUnsent(0);
    setOpen(false);
    navigate('/');
  };

  const askFirst = async () => {
    const waiting = await unsentAnswers(session.user._id);
    if (waiting === 0) return leave();
    setOpen(false);
    setUnsent(waiting);
  };

  return (
    <div className="user-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="button button--small button--ghost user-menu__button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        <UserIcon />
        <span className="user-menu__name">{session.user.name}</span>
        <span className="visually-hidden"> – {t('nav.account')}</span>
      </button>
      <ul id={listId} className="user-menu__list" hidden={!open}>
        <li>
          <Link href="/user">{t('nav.profile')}</Link>
        </li>
        <li>
          <Link href="/user/certificates">{t('nav.certificates')}</Link>
        </li>
        <li>
          <Link href="/messages">{t('messages.title')}</Link>
        </li>
        <li>
          <Link href="/user/sessions">{t('sessions.link')}</Link>
        </li>
        <li className="user-menu__separator">
          <button
            type="button"
            className="user-menu__sign-out"
            onClick={() => void askFirst()}
            disabled={leaving}
          >
            {t('nav.signOut')}
          </button>
        </li>
      </ul>
      {/* On a phone this menu sits in the collapsible main menu: a dialog inside it would vanish with it. */}
      {createPortal(
        <ConfirmDialog
          open={unsent > 0}
          title={t('nav.unsentTitle')}
          message={t('nav.unsent', { count: unsent })}
          confirmLabel={t('nav.signOutAnyway')}
          busy={leaving}
          onConfirm={() => void leave()}
          onCancel={() => setUnsent(0)}
          // The sign-out button that opened it is hidden with the menu by then.
          returnFocus={button}
        />,
        document.body,
      )}
    </div>
  );
}

/** How many answers of this user wait on this device: each question once, however often it changed. */
async function unsentAnswers(userId: string): Promise<number> {
  // A browser that cannot open the queue has nothing queued there either.
  const saves = await savesOf(userId).catch(() => []);
  const questions = new Set(
    saves.flatMap((save) => Object.keys(save.answers).map((name) => `${save.module}/${save.page}/${name}`)),
  );
  return questions.size;
}
