/** The presenter: two lanes played to an audience, with captions and a closing slide. See README.md. */
export { PresenterView, type PresenterViewProps } from './PresenterView';
