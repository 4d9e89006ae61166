/**
 * Where a step selection's time goes (a tool, not a bench figure): opens an N-step bench trace in
 * a build already made (`BENCH_OUT_DIR`, ideally `vite build --minify false`), then selects steps
 * with the bench's own `timeStepSelections` (its `select-<i>` measures mark each frame) while Chromium records a performance trace (devtools.timeline) and
 * a CPU profile; prints, per selection, the main thread's work in the frame that showed it by kind
 * (script, style, layout, paint, layerize and commit, GC) and the heaviest functions over all.
 *
 *   BENCH_OUT_DIR=/tmp/build BENCH_PORT=4322 npx tsx scripts/bench-browser/select-profile.ts 100000 [selections] [trace.json]
 *
 * `SELECT_DELAY_MS=N` waits N ms after the opening before selecting (the bench selects at once);
 * `SELECT_PROFILE_OUT=FILE` writes the CPU profile (a `.cpuprofile`, for DevTools or a script).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeBenchTrace } from '../../src/cli/bench-trace';
import { findChromium, launchChromium, openBenchContext } from './chromium';
import { cleanUp, handleExits, keepBrowser } from './lifecycle';
import { freePort, serve } from './preview';
import type { CpuProfile } from './cpu-profile';
import { timeStepSelections } from './huge-trace-page';
import { median, p95 } from './stats';

const steps = Number(process.argv[2] ?? 100);
const count = Number(process.argv[3] ?? 40);
const keep = process.argv[4];
const outDir = process.env.BENCH_OUT_DIR;
if (!outDir) throw new Error('set BENCH_OUT_DIR to a build');

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown> };
}

const KIND: Record<string, string> = {
  FunctionCall: 'script',
  FireAnimationFrame: 'script',
  EventDispatch: 'script',
  TimerFire: 'script',
  RunMicrotasks: 'script',
  'v8.run': 'script',
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  PrePaint: 'prepaint',
  Paint: 'paint',
  PaintImage: 'paint',
  Layerize: 'layerize',
  Commit: 'commit',
  UpdateLayer: 'layerize',
  MajorGC: 'gc',
  MinorGC: 'gc',
  'V8.GC_SCAVENGER': 'gc',
  ResizeObserverCallback: 'resize-observer',
  IntersectionObserverController: 'intersection',
  HitTest: 'hit-test',
};

/** `count` selections as the bench makes them (`timeStepSelections`): each one's `shown` time, ms. */
async function shownTimes(page: import('@playwright/test').Page): Promise<number[]> {
  return (await page.evaluate(timeStepSelections, count)).map((time) => time.shown);
}

/** Back to the last step (End on the strip), so every round has room to step back. */
async function toLast(page: import('@playwright/test').Page) {
  await page.evaluate(async () => {
    const strip = document.querySelector<HTMLElement>(
      'section[aria-label="Timeline"] [role="listbox"][aria-label="Steps"]',
    )!;
    strip.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'End', bubbles: true, cancelable: true }),
    );
    for (let i = 0; i < 10; i++) await new Promise((r) => requestAnimationFrame(r));
  });
}

async function main() {
  const chromiumPath = findChromium();
  if ('missing' in chromiumPath) throw new Error(chromiumPath.missing);
  const dir = mkdtempSync(path.join(tmpdir(), 'loopscope-sel-profile-'));
  const file = path.join(dir, `t${steps}.json`);
  await writeBenchTrace({ steps, file });
  const port = await freePort();
  const base = await serve(outDir!, port);
  const browser = keepBrowser(await launchChromium(chromiumPath.path));
  try {
    const context = await openBenchContext(browser);
    const page = await context.newPage();
    await page.goto(`${base}/`);
    await page
      .getByRole('button', { name: 'Run', exact: true })
      .and(page.locator(':enabled'))
      .waitFor();
    await page.getByTestId('open-file-input').setInputFiles(file);
    await page
      .getByTestId('open-notice')
      .filter({ hasText: `with ${steps} steps` })
      .waitFor({ timeout: 300_000 });
    await page.getByRole('region', { name: 'Timeline' }).getByRole('listbox').waitFor();
    await page.waitForTimeout(Number(process.env.SELECT_DELAY_MS ?? 0));
    // Settle: a few warm-up selections, not recorded (SELECT_WARMUP=0: none, as the bench).
    const warmup = Number(process.env.SELECT_WARMUP ?? 4);
    if (warmup > 0) await page.evaluate(timeStepSelections, warmup);
    await toLast(page);
    // An experiment: hide what SELECT_HIDE names (a CSS selector) before measuring.
    const css = process.env.SELECT_CSS;
    if (css)
      await page.evaluate((text) => {
        // A constructed sheet: the page's CSP refuses inline style elements.
        const sheet = new CSSStyleSheet();
        sheet.replaceSync(text);
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      }, css);
    const hide = process.env.SELECT_HIDE;
    if (hide)
      await page.evaluate((selector) => {
        for (const element of document.querySelectorAll<HTMLElement>(selector))
          element.style.display = 'none';
      }, hide);
    if (process.env.SELECT_REQUESTS === '1')
      page.on('request', (request) => console.log('request:', request.method(), request.url()));
    if (process.env.SELECT_TIMES_ONLY === '1') {
      for (let round = 0; round < 3; round++) {
        await toLast(page);
        const times = await shownTimes(page);
        console.log(
          `round ${round}: median ${median(times).toFixed(1)} ms; p95 ${p95(times).toFixed(1)} ms`,
        );
      }
      await context.close();
      return;
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'blink.user_timing',
        'v8',
        'disabled-by-default-v8.gc',
        ...(process.env.SELECT_INVALIDATIONS === '1'
          ? ['disabled-by-default-devtools.timeline.invalidationTracking']
          : []),
      ],
    });
    await cdp.send('Profiler.start');
    const times = await shownTimes(page);
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as {
      profile: CpuProfile & {
        endTime: number;
        nodes: {
          id: number;
          children?: number[];
          callFrame: { functionName: string; url: string; lineNumber: number };
        }[];
      };
    };
    const buffer = await browser.stopTracing();
    if (keep) writeFileSync(keep, buffer);
    if (process.env.SELECT_PROFILE_OUT)
      writeFileSync(process.env.SELECT_PROFILE_OUT, JSON.stringify(profile));
    console.log(
      `selections: ${times.length}; median ${median(times).toFixed(1)} ms; p95 ${p95(times).toFixed(1)} ms`,
    );
    console.log('times:', times.map((t) => t.toFixed(1)).join(' '));
    const frames = summariseTrace(JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] });
    summariseProfile(profile, process.env.SELECT_FRAME_ONLY === '1' ? frames : null);
    await context.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The selections' frames: from each selection's start to the end of its frame's Commit (µs). */
type Frames = readonly { readonly start: number; readonly end: number }[];

function summariseTrace(trace: { traceEvents: TraceEvent[] }): Frames {
  const events = trace.traceEvents;
  const mainTid = events.find(
    (e) =>
      e.name === 'thread_name' &&
      e.args?.name === 'CrRendererMain' &&
      events.some((x) => x.pid === e.pid && x.name === 'FireAnimationFrame'),
  );
  if (!mainTid) {
    console.log('no renderer main thread in the trace');
    return [];
  }
  const main = events.filter((e) => e.pid === mainTid.pid && e.tid === mainTid.tid && e.ph === 'X');
  const measures = events
    .filter(
      (e) => e.cat.includes('blink.user_timing') && e.name.startsWith('select-') && e.ph === 'b',
    )
    .map((b) => {
      const end = events.find((e) => e.ph === 'e' && e.name === b.name && e.cat === b.cat);
      return { name: b.name, start: b.ts, end: end?.ts ?? b.ts };
    });
  // CPU (thread) time, not wall time: on a busy machine the wall time is mostly waiting.
  const cpu = (e: TraceEvent) => ((e.tdur ?? e.dur ?? 0) as number) / 1000;
  const totals = new Map<string, number[]>();
  const tasks: number[] = [];
  const frames: { start: number; end: number }[] = [];
  for (const m of measures) {
    const commit = main.find((e) => e.name === 'Commit' && e.ts >= m.start && e.ts < m.end);
    if (commit) frames.push({ start: m.start, end: commit.ts + (commit.dur ?? 0) });
    const task = main
      .filter((e) => e.name === 'RunTask' && e.ts < m.end && e.ts + (e.dur ?? 0) > m.start)
      .reduce((sum, e) => sum + cpu(e), 0);
    tasks.push(task);
    const within = main.filter((e) => e.ts >= m.start - 5_000 && e.ts < m.end && KIND[e.name]);
    const perKind = new Map<string, number>();
    const covered: { start: number; end: number }[] = [];
    for (const e of within.sort((a, b) => a.ts - b.ts)) {
      const kind = KIND[e.name]!;
      const end = e.ts + (e.dur ?? 0);
      if (end < m.start) continue;
      // Only the outermost counted event: what runs inside it is its time.
      if (covered.some((c) => e.ts >= c.start && end <= c.end)) continue;
      covered.push({ start: e.ts, end });
      perKind.set(kind, (perKind.get(kind) ?? 0) + cpu(e));
    }
    for (const [kind, ms] of perKind) totals.set(kind, [...(totals.get(kind) ?? []), ms]);
    const line = [...perKind]
      .sort((a, b) => b[1] - a[1])
      .map(([k, ms]) => `${k} ${ms.toFixed(1)}`)
      .join(', ');
    if (process.env.SELECT_EACH === '1')
      console.log(
        `${m.name}: ${((m.end - m.start) / 1000).toFixed(1)} ms wall, ${task.toFixed(1)} ms CPU — ${line}`,
      );
  }
  const med = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
  const mean = (list: number[]) => list.reduce((a, b) => a + b, 0) / measures.length;
  console.log(
    `main-thread CPU per selection (its tasks): median ${med(tasks).toFixed(2)} ms, mean ${mean(tasks).toFixed(2)} ms`,
  );
  for (const [kind, list] of [...totals].sort((a, b) => mean(b[1]) - mean(a[1])))
    console.log(
      `  ${kind}: median ${med(list).toFixed(2)} ms, mean ${mean(list).toFixed(2)} ms (in ${list.length} of ${measures.length})`,
    );
  return frames;
}

function summariseProfile(
  profile: CpuProfile & {
    nodes: {
      id: number;
      children?: number[];
      callFrame: { functionName: string; url: string; lineNumber: number };
    }[];
  },
  frames: Frames | null,
) {
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const name = (id: number) => {
    const f = byId.get(id)!.callFrame;
    return `${f.functionName || '(anonymous)'} ${f.url.split('/').at(-1) ?? ''}:${f.lineNumber + 1}`;
  };
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let busy = 0;
  // Sample times on the trace's clock (both are the browser's monotonic µs).
  const at: number[] = [];
  let clock = profile.startTime;
  for (const delta of profile.timeDeltas) at.push((clock += delta));
  const wanted = (i: number) =>
    frames === null || frames.some((f) => at[i]! >= f.start && at[i]! <= f.end);
  for (let i = 0; i < profile.samples.length; i++) {
    if (!wanted(i)) continue;
    const delta = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const id = profile.samples[i]!;
    const own = name(id);
    if (own.startsWith('(idle)')) continue;
    busy += delta;
    self.set(own, (self.get(own) ?? 0) + delta);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const n = name(at);
      if (seen.has(n)) continue;
      seen.add(n);
      total.set(n, (total.get(n) ?? 0) + delta);
    }
  }
  console.log(`CPU profile: busy ${busy.toFixed(0)} ms`);
  const top = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `  ${v.toFixed(1)} ms  ${k}`)
      .join('\n');
  console.log('self time:\n' + top(self, 30));
  console.log('total time:\n' + top(total, 70));
  const under = process.env.SELECT_UNDER;
  if (under) {
    // Total time of each function called (at any depth) under a frame named `under`.
    const inside = new Map<string, number>();
    for (let i = 0; i < profile.samples.length; i++) {
      if (!wanted(i)) continue;
      const delta = (profile.timeDeltas[i + 1] ?? 0) / 1000;
      const chain: string[] = [];
      for (let at: number | undefined = profile.samples[i]!; at !== undefined; at = parent.get(at))
        chain.push(name(at));
      const top = chain.findIndex((n) => n.startsWith(under));
      if (top < 0) continue;
      for (const n of new Set(chain.slice(0, top))) inside.set(n, (inside.get(n) ?? 0) + delta);
    }
    console.log(`under ${under}:\n` + top(inside, 40));
  }
  const components = new Map([...total].filter(([k]) => /^[A-Z][A-Za-z]+ /.test(k)));
  console.log('components (total):\n' + top(components, 40));
}

handleExits();
try {
  await main();
} finally {
  await cleanUp();
}
