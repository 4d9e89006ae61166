/**
 * Sanitised markdown for model text (answers). No raw HTML (no rehype-raw: HTML in the text shows
 * as text), rehype-sanitize as a backstop, links open in a new tab with their full URL shown, and
 * the page fetches no image a text names, same-origin ones included (a URL can carry data out of
 * the page; the policy's img-src names no remote host): each becomes a link that opens the image
 * in a new tab. Only `data:` and `blob:` images show, since they load nothing.
 */
import { memo, type ReactNode } from 'react';
import ReactMarkdown, {
  defaultUrlTransform,
  type Components,
  type Options as MarkdownOptions,
  type UrlTransform,
} from 'react-markdown';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import { FOCUS_RING } from './focus-ring';

/** The default schema, plus images from `data:` and `blob:` URLs (they load nothing remote). */
const SCHEMA: SanitizeSchema = {
  ...defaultSchema,
  protocols: {
    ...defaultSchema.protocols,
    src: [...(defaultSchema.protocols?.src ?? []), 'data', 'blob'],
  },
};

const LOCAL_IMAGE_RE = /^(data:image\/|blob:)/i;

/** `data:image/…` and `blob:` image sources pass; every other URL goes through the default filter. */
const urlTransform: UrlTransform = (url, key) =>
  key === 'src' && LOCAL_IMAGE_RE.test(url.trim()) ? url : defaultUrlTransform(url);

/**
 * True when an image source loads nothing over the network (`data:`, `blob:`). A same-origin URL
 * does not count: a prompt-injected `![](/x?d=secret)` would write data into a request to the
 * app's own host (issue 15), so it becomes a link like any other.
 */
export function loadsByItself(src: string): boolean {
  return LOCAL_IMAGE_RE.test(src.trim());
}

function MarkdownImage({ src, alt }: { readonly src?: string | Blob; readonly alt?: string }) {
  const url = typeof src === 'string' ? src : '';
  // Only local sources reach here (`remarkImagesAsLinks`); one the URL filter emptied shows its alt.
  if (!url || !loadsByItself(url)) return alt ? <span>{alt}</span> : null;
  return <img src={url} alt={alt ?? ''} referrerPolicy="no-referrer" className="max-w-full" />;
}

function text(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(text).join('');
  return '';
}

function MarkdownLink({
  href,
  children,
}: {
  readonly href?: string;
  readonly children?: ReactNode;
}) {
  if (!href) return <span>{children}</span>;
  const shown = text(children).trim();
  return (
    <>
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className={`text-sky-700 underline underline-offset-2 dark:text-sky-300 ${FOCUS_RING}`}
      >
        {children}
      </a>
      {shown !== href && (
        <span className="ml-1 font-mono text-[0.85em] break-all text-slate-500 dark:text-slate-400">
          {`(${href})`}
        </span>
      )}
    </>
  );
}

const COMPONENTS: Components = {
  img: ({ src, alt }) => <MarkdownImage src={src} alt={alt} />,
  a: ({ href, children }) => <MarkdownLink href={href}>{children}</MarkdownLink>,
  p: ({ children }) => <p className="my-1.5 first:mt-0 last:mb-0">{children}</p>,
  ul: ({ children }) => <ul className="my-1.5 list-disc pl-5">{children}</ul>,
  ol: ({ children }) => <ol className="my-1.5 list-decimal pl-5">{children}</ol>,
  blockquote: ({ children }) => (
    <blockquote className="my-1.5 border-l-2 border-slate-300 pl-3 text-slate-600 dark:border-slate-600 dark:text-slate-300">
      {children}
    </blockquote>
  ),
  code: ({ children }) => (
    <code className="rounded bg-slate-100 px-1 font-mono text-[0.9em] dark:bg-slate-800">
      {children}
    </code>
  ),
  pre: ({ children }) => (
    <pre className="my-1.5 overflow-x-auto rounded bg-slate-100 p-2 font-mono text-xs dark:bg-slate-800 [&>code]:bg-transparent [&>code]:p-0">
      {children}
    </pre>
  ),
  table: ({ children }) => (
    <div className="my-1.5 overflow-x-auto">
      <table className="border-collapse text-xs">{children}</table>
    </div>
  ),
  th: ({ children }) => (
    <th className="border border-slate-300 px-2 py-1 text-left font-semibold dark:border-slate-600">
      {children}
    </th>
  ),
  td: ({ children }) => (
    <td className="border border-slate-300 px-2 py-1 dark:border-slate-600">{children}</td>
  ),
  h1: ({ children }) => <p className="my-1.5 font-semibold">{children}</p>,
  h2: ({ children }) => <p className="my-1.5 font-semibold">{children}</p>,
  h3: ({ children }) => <p className="my-1.5 font-semibold">{children}</p>,
  h4: ({ children }) => <p className="my-1.5 font-semibold">{children}</p>,
  h5: ({ children }) => <p className="my-1.5 font-semibold">{children}</p>,
  h6: ({ children }) => <p className="my-1.5 font-semibold">{children}</p>,
};

interface MdNode {
  type: string;
  value?: string;
  url?: string;
  alt?: string | null;
  identifier?: string;
  label?: string | null;
  referenceType?: string;
  children?: MdNode[];
}

/** Raw HTML in the text becomes plain text: the reader sees what the model wrote, nothing runs. */
function htmlAsText(node: MdNode): void {
  if (node.type === 'html') node.type = 'text';
  node.children?.forEach(htmlAsText);
}

const remarkHtmlAsText = () => (tree: MdNode) => htmlAsText(tree);

/** What an image the page does not fetch reads as: `Image "alt"`, or `Image`. */
const imageLabel = (alt: string | null | undefined) => (alt ? `Image "${alt}"` : 'Image');

/** The image as a link to its URL (a reference-style image: a link to the same definition). */
function imageAsLink(image: MdNode): MdNode {
  const children = [{ type: 'text', value: imageLabel(image.alt) }];
  if (image.type === 'image') return { type: 'link', url: image.url ?? '', children };
  const { identifier, label, referenceType } = image;
  return { type: 'linkReference', identifier, label, referenceType, children } as MdNode;
}

/**
 * An image whose source is not local becomes a link to it (opened in a new tab, never fetched
 * by the page); inside a link, where a second link cannot go, it becomes text (with its URL).
 * Reference-style images (`![alt][ref]`) too: they name a URL in a definition.
 */
function imagesAsLinks(node: MdNode, inLink: boolean): void {
  node.children = node.children?.map((child) => {
    const remote =
      child.type === 'imageReference' ||
      (child.type === 'image' && !loadsByItself(child.url ?? ''));
    if (!remote) {
      imagesAsLinks(child, inLink || child.type === 'link' || child.type === 'linkReference');
      return child;
    }
    if (!inLink) return imageAsLink(child);
    const url = child.type === 'image' ? ` (${child.url ?? ''})` : '';
    return { type: 'text', value: `${imageLabel(child.alt)}${url}` };
  });
}

const remarkImagesAsLinks = () => (tree: MdNode) => imagesAsLinks(tree, false);

const REMARK: MarkdownOptions['remarkPlugins'] = [remarkGfm, remarkHtmlAsText, remarkImagesAsLinks];
const REHYPE: MarkdownOptions['rehypePlugins'] = [[rehypeSanitize, SCHEMA]];

/** Renders untrusted markdown safely (see the file comment); headings render as bold paragraphs. */
export const Markdown = memo(function Markdown({
  children,
  className = '',
}: {
  readonly children: string;
  readonly className?: string;
}) {
  return (
    <div className={`break-words ${className}`}>
      <ReactMarkdown
        remarkPlugins={REMARK}
        rehypePlugins={REHYPE}
        components={COMPONENTS}
        urlTransform={urlTransform}
      >
        {children}
      </ReactMarkdown>
    </div>
  );
});
