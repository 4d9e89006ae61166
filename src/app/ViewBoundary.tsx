/**
 * The boundary every lazy view loads in: around the whole page (main.tsx), so App's route switch
 * needs no wrapping and a new lazy view needs no change here. While a view's code arrives it says
 * "Loading the <view>…" (the view the URL names); a load that failed is said in words, and tried
 * again when the user goes to another view.
 */
import { useSyncExternalStore, type ReactNode } from 'react';
import { LazyBoundary } from '../components';
import { parseViewHash } from '../components/view-route';
import { viewLoadName } from './lazy-views';

const subscribe = (changed: () => void) => {
  window.addEventListener('hashchange', changed);
  return () => window.removeEventListener('hashchange', changed);
};
const routedView = () => parseViewHash(window.location.hash).view;

export function ViewBoundary({ children }: { readonly children: ReactNode }) {
  const view = useSyncExternalStore(subscribe, routedView);
  return (
    <LazyBoundary what={viewLoadName(view)} resetKey={view} className="h-screen">
      {children}
    </LazyBoundary>
  );
}
