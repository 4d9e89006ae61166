import { describe, expect, it } from 'vitest';
import type { Trace } from '../../engine';
import { runNotice } from './run-notice';

const trace = (patch: Partial<Trace>) =>
  ({
    stopReason: 'answer',
    escalation: null,
    error: null,
    steps: [],
    config: { stallExit: 3, maxSteps: 10, reflection: { gating: 'off' } },
    ...patch,
  }) as unknown as Trace;

describe('the run banner', () => {
  it('stays away when the run answered or has not run', () => {
    expect(runNotice(null, null)).toBeNull();
    expect(runNotice(trace({}), null)).toBeNull();
  });

  it('names an escalation and its guard', () => {
    const notice = runNotice(
      trace({
        stopReason: 'escalate',
        escalation: { reason: 'duplicate_tool_call', detail: 'get_order ran twice' },
      }),
      null,
    );
    expect(notice).toMatchObject({
      tone: 'danger',
      title: 'Escalated to a person by the duplicate guard',
      detail: 'get_order ran twice',
    });
  });

  it('offers the CORS help when a model call got no response', () => {
    const notice = runNotice(
      trace({
        stopReason: 'error',
        error: { code: 'network', message: 'Got no response at all.' },
      }),
      null,
    );
    expect(notice).toMatchObject({ title: 'The model call failed (network)', corsHelp: true });
    expect(notice?.detail).toBe('Got no response at all.');
  });

  it('says the recorded steps stay when a call fails mid-run', () => {
    const notice = runNotice(
      trace({
        stopReason: 'error',
        error: { code: 'http_401', message: 'The server said 401.' },
        steps: [{} as Trace['steps'][number]],
      }),
      null,
    );
    expect(notice?.corsHelp).toBe(false);
    expect(notice?.detail).toContain('The steps recorded before it stay below.');
  });

  it('reports a failure the run could not record, with its code', () => {
    expect(runNotice(null, { code: 'network', message: 'Nothing answered.' })).toMatchObject({
      title: 'The run could not run (network)',
      corsHelp: true,
    });
  });

  it('suggests adaptive reflection when a run without it stalls', () => {
    expect(runNotice(trace({ stopReason: 'stalled' }), null)?.detail).toContain(
      'set Reflection gating to Adaptive',
    );
    const adaptive = trace({
      stopReason: 'stalled',
      config: {
        stallExit: 3,
        maxSteps: 10,
        reflection: { gating: 'adaptive', stallThreshold: 1 },
      } as Trace['config'],
    });
    expect(runNotice(adaptive, null)?.detail).not.toContain('Adaptive');
  });

  it('says when the stall threshold sat above the stall exit, so adaptive reflection never fired', () => {
    const trapped = trace({
      stopReason: 'stalled',
      config: {
        stallExit: 3,
        maxSteps: 10,
        reflection: { gating: 'adaptive', stallThreshold: 4 },
      } as Trace['config'],
    });
    expect(runNotice(trapped, null)?.detail).toContain(
      'Adaptive reflection can never fire: the stall threshold (4) is above the stall exit (3)',
    );
  });
});
