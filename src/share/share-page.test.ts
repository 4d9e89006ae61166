import { describe, expect, it } from 'vitest';
import { readTraceText, runScenario, scenarioConfig, toNativeTraceJson } from '../engine';
import { findBuiltin } from '../scenarios';
import { RUN_ELEMENT_ID, SharePageError, scriptSafeJson, sharePage } from './share-page';
import { sharedRunRecord } from './shared-run';

const TEMPLATE = [
  '<!doctype html><html><head><title>T</title>',
  '<script type="module">const tag = \'<script type="application/json" id="loopscope-run">\';</script>',
  '</head><body><div id="root"></div>',
  `<script type="application/json" id="${RUN_ELEMENT_ID}">null</script>`,
  '<p>after</p></body></html>',
].join('\n');

/** The run element's text in a page, as the browser's parser would end it (at `</script`). */
function runElementText(page: string): string {
  const open = `<script type="application/json" id="${RUN_ELEMENT_ID}">`;
  const start = page.lastIndexOf(open) + open.length;
  return page.slice(start, page.toLowerCase().indexOf('</script', start));
}

async function shopRun() {
  const scenario = findBuiltin('shopops-happy');
  if (!scenario) throw new Error('no shopops-happy');
  const trace = await runScenario(scenario, scenarioConfig(scenario));
  return { scenario, trace };
}

describe('sharePage: a run put into the share page template', () => {
  it('carries the run: the page read back gives the same trace and scenario', async () => {
    const { scenario, trace } = await shopRun();
    const page = sharePage(TEMPLATE, toNativeTraceJson(trace, scenario));
    const read = readTraceText(runElementText(page));
    expect(read.trace).toEqual(trace);
    expect(read.scenario).toEqual(scenario);
    expect(sharedRunRecord(runElementText(page), []).trace).toEqual(trace);
  });

  it('leaves the rest of the template as it was', () => {
    const page = sharePage(TEMPLATE, { a: 1 });
    const [before, after] = TEMPLATE.split('null</script>\n<p>');
    expect(page).toBe(`${before}{"a":1}</script>\n<p>${after}`);
  });

  it('escapes </script> and <!-- in text, so the run cannot end its element or start markup', () => {
    const hostile = {
      text: '</script><script>alert(1)</script> <!-- <script> </SCRIPT > \u2028 \u2029',
    };
    const page = sharePage(TEMPLATE, hostile);
    const text = runElementText(page);
    expect(text).not.toMatch(/</);
    expect(JSON.parse(text)).toEqual(hostile);
    expect(page.match(/<\/script>/g)).toHaveLength(TEMPLATE.match(/<\/script>/g)?.length ?? 0);
  });

  it("reads `$&` and `$'` in text as text, not as replacement patterns", () => {
    const run = { text: "$& $' $` $1 $$" };
    expect(JSON.parse(runElementText(sharePage(TEMPLATE, run)))).toEqual(run);
  });

  it('puts the run into the last run element (a tag in the inlined script is left alone)', () => {
    const page = sharePage(TEMPLATE, { a: 1 });
    expect(page).toContain('const tag = \'<script type="application/json" id="loopscope-run">\';');
  });

  it('refuses a template without a run element', () => {
    expect(() => sharePage('<html></html>', {})).toThrow(SharePageError);
    expect(() => sharePage('<html></html>', {})).toThrow(/npm run build:share/);
  });
});

describe('scriptSafeJson', () => {
  it('is JSON that parses to the same value', () => {
    const value = { a: '<b>&</b>', list: [1, null, '\u2028'] };
    expect(JSON.parse(scriptSafeJson(value))).toEqual(value);
  });
});
