import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { nodeHttpDeps } from '../../../mocks/node';
import { createEndpointsStore } from '../../state/endpoints-store';
import { createMemoryStorage } from '../../state/memory-storage';
import { BLANK_ENDPOINT, type EndpointFormValues } from './endpoint-form';
import { EndpointForm } from './EndpointForm';
import { EndpointsStoreProvider } from './endpoints-context';

function render(initial: EndpointFormValues): string {
  const store = createEndpointsStore({
    storage: createMemoryStorage(),
    session: createMemoryStorage(),
    http: nodeHttpDeps,
  });
  return renderToString(
    <EndpointsStoreProvider store={store}>
      <EndpointForm
        initial={initial}
        hasKey={false}
        submitLabel="Add endpoint"
        onSave={() => ({ ok: true, id: 'endpoint-1' })}
        onCancel={() => undefined}
      />
    </EndpointsStoreProvider>,
  );
}

/** The checkbox labelled `label`: its input tag, and the text of the hint it is described by. */
function checkbox(html: string, label: string): { input: string; hint: string } {
  const input = new RegExp(`<input type="checkbox"[^>]*>(?=${label}</label>)`).exec(html)?.[0];
  if (!input) throw new Error(`no checkbox labelled ${label}`);
  const id = /aria-describedby="([^"]+)"/.exec(input)?.[1];
  const hint = id ? new RegExp(`<p id="${id}">([^<]*)</p>`).exec(html)?.[1] : undefined;
  return { input, hint: hint ?? '' };
}

describe('the endpoint form', () => {
  it('streams replies for a new endpoint, with a hint on when to turn it off', () => {
    const { input, hint } = checkbox(render(BLANK_ENDPOINT), 'Stream replies');
    expect(input).toContain('checked=""');
    expect(hint).toMatch(
      /^Stream replies shows a reply as it is written\. Turn it off for a server/,
    );
  });

  it('shows an endpoint saved with streaming off as off', () => {
    const { input } = checkbox(render({ ...BLANK_ENDPOINT, stream: false }), 'Stream replies');
    expect(input).not.toContain('checked');
  });
});
