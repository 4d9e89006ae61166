import { FOCUS_RING } from '../../components';
import { CloseIcon } from '../../components/icons';
import { CONTROL } from './styles';

/** "Exit": back to the view the presenter was opened from (Esc does the same). */
export function ExitLink({ href }: { readonly href: string }) {
  return (
    <a
      href={href}
      title="Back to where you came from (Esc)"
      className={`inline-flex shrink-0 items-center rounded-md border border-slate-400 bg-white font-medium text-slate-900 hover:bg-slate-100 dark:border-slate-500 dark:bg-slate-900 dark:text-white dark:hover:bg-slate-800 ${CONTROL} ${FOCUS_RING}`}
    >
      <CloseIcon />
      Exit
    </a>
  );
}
