/** The Library view: the runs kept in this browser. See README.md. */
export { LibraryView, type LibraryViewProps } from './LibraryView';
