import type { CDPSession, Page } from '@playwright/test';

/**
 * Every Content-Security-Policy violation Chromium reports for a page and for each worker it
 * starts (its Web Workers and the mock model's service worker), read from the browser itself
 * (DevTools' Audits issues and its security log) rather than from the page's script.
 *
 * A worker's violation reaches neither the page's `securitypolicyviolation` event nor the console
 * messages Playwright reports, and a listener added to a worker once Playwright reports it comes
 * after the worker's first module has run (where zod's eval probe would be refused). So the watch
 * attaches to each worker as it is created, paused before its first line
 * (`waitForDebuggerOnStart`), turns its reports on and lets it go. Non-flat auto-attach keeps these
 * sessions the watch's own, beside Playwright's; they end with the page.
 *
 * Each line is `<where> violation: <directive> blocked <what>` (what: a URL, `inline` or `eval`)
 * or `<where> says: <message>` (any security message of the console, e.g. a directive a meta
 * policy ignores); `where` is `page` or the worker's type and file.
 */
export interface PolicyWatch {
  (): Promise<string[]>;
  /** Every worker the watch has reached so far (`worker token-worker-….js`, …). */
  readonly workers: () => string[];
}

interface AuditsIssue {
  readonly code: string;
  readonly details: {
    readonly contentSecurityPolicyIssueDetails?: {
      readonly blockedURL?: string;
      readonly violatedDirective: string;
      readonly contentSecurityPolicyViolationType: string;
    };
  };
}

interface LogEntry {
  readonly source: string;
  readonly text: string;
}

interface TargetInfo {
  readonly type: string;
  readonly url: string;
}

/** The lines one target's reports add (Audits.issueAdded, Log.entryAdded), or none. */
function reportLines(where: string, method: string, params: unknown): string[] {
  if (method === 'Audits.issueAdded') {
    const details = (params as { issue: AuditsIssue }).issue.details
      .contentSecurityPolicyIssueDetails;
    if (!details) return [];
    const what =
      details.blockedURL ??
      (details.contentSecurityPolicyViolationType === 'kEvalViolation' ? 'eval' : 'inline');
    return [`${where} violation: ${details.violatedDirective} blocked ${what}`];
  }
  if (method === 'Log.entryAdded') {
    const entry = (params as { entry: LogEntry }).entry;
    if (entry.source === 'security' || /Content.Security.Policy/i.test(entry.text)) {
      return [`${where} says: ${entry.text}`];
    }
  }
  return [];
}

/** `worker eval-worker-BBuv.js`: the target's type and the last part of its URL's path. */
function workerName(target: TargetInfo): string {
  const file = new URL(target.url).pathname.split('/').pop() || target.url;
  return `${target.type.replace('_', ' ')} ${file}`;
}

/** Starts watching `page` (before it navigates, to see everything); resolves to the reader. */
export async function watchPolicy(page: Page): Promise<PolicyWatch> {
  const lines: string[] = [];
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const workers = new Map<string, string>();
  let id = 0;
  const sendTo = (sessionId: string, method: string) =>
    cdp
      .send('Target.sendMessageToTarget', {
        sessionId,
        message: JSON.stringify({ id: ++id, method, params: {} }),
      })
      // A worker that ended in the meantime.
      .catch(() => undefined);

  cdp.on('Audits.issueAdded', (params) =>
    lines.push(...reportLines('page', 'Audits.issueAdded', params)),
  );
  cdp.on('Log.entryAdded', (params) =>
    lines.push(...reportLines('page', 'Log.entryAdded', params)),
  );
  cdp.on('Target.attachedToTarget', (event) => {
    const { sessionId, targetInfo, waitingForDebugger } = event as {
      sessionId: string;
      targetInfo: TargetInfo;
      waitingForDebugger: boolean;
    };
    workers.set(sessionId, workerName(targetInfo));
    // In order, on one connection: its reports are on before it runs its first line.
    void sendTo(sessionId, 'Audits.enable');
    void sendTo(sessionId, 'Log.enable');
    if (waitingForDebugger) void sendTo(sessionId, 'Runtime.runIfWaitingForDebugger');
  });
  cdp.on('Target.receivedMessageFromTarget', (event) => {
    const { sessionId, message } = event as { sessionId: string; message: string };
    const { method, params } = JSON.parse(message) as { method?: string; params?: unknown };
    if (method) lines.push(...reportLines(workers.get(sessionId) ?? 'worker', method, params));
  });

  await cdp.send('Audits.enable');
  await cdp.send('Log.enable');
  await cdp.send('Target.setAutoAttach', {
    autoAttach: true,
    waitForDebuggerOnStart: true,
    flatten: false,
  });
  return Object.assign(async () => [...lines], { workers: () => [...workers.values()] });
}
