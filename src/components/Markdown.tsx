/**
 * Markdown for model text, loaded when first shown: react-markdown, remark-gfm and
 * rehype-sanitize are a chunk of their own (`MarkdownRendered.tsx` renders; its comment says how
 * it keeps untrusted text safe). Until the chunk arrives the text shows as plain text, in the
 * same place: nothing is hidden, nothing runs.
 */
import { memo, Suspense } from 'react';
import { lazyComponent } from './lazy-component';

interface MarkdownProps {
  readonly children: string;
  readonly className?: string;
}

const Rendered = lazyComponent<MarkdownProps>(() =>
  import('./MarkdownRendered').then((module) => module.Markdown),
);

/** Loads the markdown renderer ahead (on idle), so the first answer shows formatted at once. */
export const preloadMarkdown = Rendered.preload;

/** Renders untrusted markdown safely; the plain text while the renderer loads. */
export const Markdown = memo(function Markdown({ children, className = '' }: MarkdownProps) {
  return (
    <Suspense
      fallback={<div className={`break-words whitespace-pre-wrap ${className}`}>{children}</div>}
    >
      <Rendered className={className}>{children}</Rendered>
    </Suspense>
  );
});
