import { useCallback, useEffect, useState, type RefObject } from 'react';

const REFUSED =
  'The browser refused full screen. Press F11 (or use the browser’s View menu) to fill the screen instead.';

/**
 * Full screen on one element through the Fullscreen API (the outside system: its change event,
 * with cleanup). Esc leaves full screen as the browser does; a refusal leaves a message.
 */
export function useFullscreen(ref: RefObject<HTMLElement | null>) {
  const [active, setActive] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  useEffect(() => {
    const onChange = () =>
      setActive(document.fullscreenElement !== null && document.fullscreenElement === ref.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [ref]);
  const toggle = useCallback(() => {
    if (document.fullscreenElement) {
      document.exitFullscreen().catch(() => undefined);
      return;
    }
    const element = ref.current;
    if (
      !element ||
      typeof element.requestFullscreen !== 'function' ||
      !document.fullscreenEnabled
    ) {
      setRefused(REFUSED);
      return;
    }
    element.requestFullscreen().then(
      () => setRefused(null),
      () => setRefused(REFUSED),
    );
  }, [ref]);
  const dismiss = useCallback(() => setRefused(null), []);
  return { active, refused, toggle, dismiss };
}
