import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from '@playwright/test';
import { expect } from './support';

/**
 * A local OpenAI-compatible endpoint for the e2e suite: real HTTP on a free loopback port, with
 * the CORS headers a browser needs to call it from the app's origin (Authorization must be
 * named; the retry headers the client reads must be exposed). Each spec says how it answers
 * (`handle`); this file owns the plumbing, the SSE wire and the endpoints dialog.
 */

/** One request the endpoint received (after CORS preflights, which it answers itself). */
export interface Received {
  readonly url: string;
  readonly method: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

export type Handle = (request: Received, response: ServerResponse) => void | Promise<void>;

export class LocalEndpoint {
  private server: Server | null = null;

  constructor(private readonly handle: Handle) {}

  /** `http://127.0.0.1:PORT`; `base('x')` is `…/x/v1`, `base()` is `…/v1`. */
  get origin(): string {
    const { port } = this.server!.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  base(path = ''): string {
    return `${this.origin}${path ? `/${encodeURIComponent(path)}` : ''}/v1`;
  }

  async start(): Promise<void> {
    this.server = createServer((request, response) => void this.receive(request, response));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }

  private async receive(request: IncomingMessage, response: ServerResponse): Promise<void> {
    response.setHeader('Access-Control-Allow-Origin', '*');
    response.setHeader('Access-Control-Allow-Headers', 'authorization, content-type');
    response.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
    response.setHeader('Access-Control-Expose-Headers', 'retry-after, x-should-retry');
    if (request.method === 'OPTIONS') return void response.writeHead(204).end();
    // Decoded once, whole: a character split across two chunks stays whole.
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const received = {
      url: request.url ?? '',
      method: request.method ?? '',
      headers: { ...request.headers },
      body,
    };
    await this.handle(received, response);
  }
}

/** How many assistant turns the request's conversation holds (0 on the first call). */
export function assistantTurns(body: string): number {
  const { messages } = JSON.parse(body) as { messages: { role: string }[] };
  return messages.filter((message) => message.role === 'assistant').length;
}

/** One SSE event of a streamed chat completion. */
export const event = (payload: object): string => `data: ${JSON.stringify(payload)}\n\n`;

/** One streamed content delta (or a finish, with `finish`). */
export const delta = (content: string | null, finish: string | null = null): string =>
  event({
    choices: [{ index: 0, delta: content === null ? {} : { content }, finish_reason: finish }],
  });

export const DONE = 'data: [DONE]\n\n';

export const streamHead = (response: ServerResponse): ServerResponse =>
  response.writeHead(200, { 'Content-Type': 'text/event-stream' });

/** A whole streamed reply: the text, a `stop` finish, then `[DONE]` (and `usage` if given). */
export function streamReply(response: ServerResponse, text: string, usage?: object): void {
  streamHead(response).end(
    `${delta(text)}${delta(null, 'stop')}${usage ? event({ choices: [], usage }) : ''}${DONE}`,
  );
}

/** An OpenAI-style JSON error with the given status. */
export function errorReply(
  response: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  response
    .writeHead(status, { 'Content-Type': 'application/json', ...headers })
    .end(JSON.stringify({ error: { message } }));
}

export interface EndpointFields {
  readonly name: string;
  readonly baseUrl: string;
  readonly model: string;
  readonly key?: string;
  readonly remember?: boolean;
  /** The Protocol select's label, when not the default. */
  readonly protocol?: string;
  readonly idleLimitS?: number;
  /** false: untick "Stream replies" (with the keyboard, as the form must allow). */
  readonly stream?: boolean;
  /** The "Manage endpoints…" button to open the dialog from (default: the page's). */
  readonly opener?: Locator;
  /** false: close the dialog without its Reload, as a user who skips it does (default: reload). */
  readonly reload?: boolean;
}

/**
 * Adds an endpoint through the endpoints dialog, as a user does, and closes the dialog. The page
 * connects only to the origins it knew when it loaded (src/app/connect-policy.ts), so a new
 * origin needs the dialog's Reload: the form says so before a key is typed, the endpoint is
 * added, the page reloads (still on it), and the key is set after, through Edit (a key typed
 * before the reload would be kept only if remembered).
 */
export async function addEndpoint(page: Page, fields: EndpointFields): Promise<void> {
  const opener = fields.opener ?? page.getByRole('button', { name: 'Manage endpoints…' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Endpoints' });
  await dialog.getByRole('button', { name: 'Add endpoint' }).click();
  await dialog.getByLabel('Name').fill(fields.name);
  await dialog.getByLabel('Base URL').fill(fields.baseUrl);
  await dialog.getByLabel('Model', { exact: true }).fill(fields.model);
  if (fields.remember !== undefined)
    await dialog.getByLabel('Remember for this tab').setChecked(fields.remember);
  if (fields.protocol) await dialog.getByLabel('Protocol').selectOption({ label: fields.protocol });
  if (fields.idleLimitS !== undefined)
    await dialog.getByLabel('Idle limit (s)').fill(String(fields.idleLimitS));
  if (fields.stream === false) {
    const stream = dialog.getByRole('checkbox', { name: 'Stream replies' });
    await stream.focus();
    await page.keyboard.press('Space');
    await expect(stream).not.toBeChecked();
  }
  await dialog.getByRole('button', { name: 'Add endpoint' }).click();
  const list = dialog.getByRole('list', { name: 'Your endpoints' });
  await expect(list).toContainText(fields.name);

  const origin = new URL(fields.baseUrl).origin;
  const notice = dialog.getByRole('status', { name: 'Reload needed' });
  // Rendered with the list: a reload is needed exactly when the page's policy lacks the origin.
  if (
    fields.reload !== false &&
    (await notice.getByText(`Reload to connect to ${origin}`).isVisible())
  ) {
    const loaded = page.waitForEvent('load');
    await notice.getByRole('button', { name: 'Reload' }).click();
    await loaded;
    await page.locator('html[data-mock-ready="1"]').waitFor();
    await expect(dialog).toBeHidden();
    if (fields.key === undefined) return;
    await opener.click();
  }
  if (fields.key !== undefined) {
    const row = list.getByRole('listitem').filter({ hasText: fields.name });
    await row.getByRole('button', { name: 'Edit' }).click();
    await dialog.getByLabel('API key').fill(fields.key);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(row).toContainText('key set');
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}
