/** The compare view: 2–4 lanes of one scenario side by side on one aligned cursor. See README.md. */
export { CompareView, type CompareViewProps } from './CompareView';
export { compareHash } from './link';
