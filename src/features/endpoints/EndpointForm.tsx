import { useId, useRef, useState, type FormEvent } from 'react';
import { Button, SelectField } from '../../components';
import {
  LIMIT_FIELDS,
  originNeedingReload,
  type EndpointResult,
} from '../../state/endpoints-store';
import type { EndpointFormValues, FieldProblem } from './endpoint-form';
import { useEndpoints } from './endpoints-context';
import { Checkbox, TextInput } from './FormControls';
import { FormReloadNote } from './ReloadNotice';
import { selectConnectOrigins } from './selectors';

const PROTOCOL_OPTIONS = [
  { value: 'text', label: 'Text (the loop parses the reply)' },
  { value: 'tools', label: 'Tools (native function calling)' },
] as const;

export interface EndpointFormProps {
  readonly initial: EndpointFormValues;
  /** Editing an endpoint that already has a key: an empty key field keeps it. */
  readonly hasKey: boolean;
  readonly submitLabel: string;
  /** Saves the endpoint and its key; returns the store's verdict. */
  readonly onSave: (values: EndpointFormValues) => EndpointResult;
  readonly onForgetKey?: (() => void) | undefined;
  readonly onCancel: () => void;
}

/** Add or edit an endpoint: validation messages appear under the field they name. */
export function EndpointForm({
  initial,
  hasKey,
  submitLabel,
  onSave,
  onForgetKey,
  onCancel,
}: EndpointFormProps) {
  const [values, setValues] = useState(initial);
  const [problem, setProblem] = useState<FieldProblem | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const usageHint = useId();
  const streamHint = useId();
  const newOrigin = originNeedingReload(values.baseUrl, useEndpoints(selectConnectOrigins));
  const set =
    <K extends keyof EndpointFormValues>(key: K) =>
    (value: EndpointFormValues[K]) =>
      setValues((current) => ({ ...current, [key]: value }));
  const errorFor = (field: FieldProblem['field']) =>
    problem?.field === field ? problem.message : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = onSave(values);
    if (result.ok) return;
    setProblem({ field: result.field, message: result.message });
    formRef.current?.querySelector<HTMLInputElement>(`[name="${result.field}"]`)?.focus();
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-3">
      <div className="grid grid-cols-2 gap-3">
        <TextInput
          label="Name"
          name="name"
          value={values.name}
          onValue={set('name')}
          error={errorFor('name')}
          placeholder="e.g. Local llama.cpp"
          autoComplete="off"
        />
        <TextInput
          label="Model"
          name="model"
          value={values.model}
          onValue={set('model')}
          error={errorFor('model')}
          placeholder="e.g. qwen2.5:7b"
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      <TextInput
        label="Base URL"
        name="baseUrl"
        type="url"
        value={values.baseUrl}
        onValue={set('baseUrl')}
        error={errorFor('baseUrl')}
        placeholder="e.g. http://127.0.0.1:8080/v1"
        hint={`Requests go to {base URL}/chat/completions.`}
        autoComplete="off"
        spellCheck={false}
      />
      {newOrigin && <FormReloadNote origin={newOrigin} remember={values.rememberKey} />}
      <div className="flex flex-col gap-1.5">
        <TextInput
          label="API key"
          name="apiKey"
          type="password"
          value={values.apiKey}
          onValue={set('apiKey')}
          placeholder={
            hasKey ? 'A key is set: leave empty to keep it' : 'Optional for local servers'
          }
          autoComplete="off"
        />
        <div className="flex items-center justify-between gap-3">
          <Checkbox
            label="Remember for this tab"
            checked={values.rememberKey}
            onChecked={set('rememberKey')}
          />
          {hasKey && onForgetKey && (
            <Button size="sm" tone="ghost" onClick={onForgetKey}>
              Forget key
            </Button>
          )}
        </div>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          The key stays in this tab&apos;s memory and is gone when you reload, unless you tick
          &ldquo;Remember for this tab&rdquo; (sessionStorage, cleared when the tab closes). It goes
          only into the request&apos;s Authorization header: never into traces, exports, logs or
          URLs.
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-x-4 gap-y-2">
        <SelectField
          label="Protocol"
          value={values.protocol}
          options={PROTOCOL_OPTIONS}
          onChange={set('protocol')}
          className="min-w-60 flex-1"
        />
        <div className="flex gap-4 pb-2">
          <Checkbox
            label="Include usage"
            checked={values.includeUsage}
            onChecked={set('includeUsage')}
            describedBy={usageHint}
          />
          <Checkbox
            label="Stream replies"
            checked={values.stream}
            onChecked={set('stream')}
            describedBy={streamHint}
          />
        </div>
      </div>
      <div className="-mt-1.5 flex flex-col gap-1 text-xs text-slate-600 dark:text-slate-400">
        <p id={usageHint}>
          Include usage asks the server for token counts (stream_options.include_usage); turn it off
          if the server rejects it with a 400.
        </p>
        <p id={streamHint}>
          Stream replies shows a reply as it is written. Turn it off for a server that does not
          stream tool calls, or streams them badly: each reply then arrives whole, within the
          first-byte limit.
        </p>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <TextInput
          label={LIMIT_FIELDS.firstByteTimeoutMs.label}
          name="firstByteTimeoutMs"
          inputMode="decimal"
          value={values.firstByteTimeoutS}
          onValue={set('firstByteTimeoutS')}
          error={errorFor('firstByteTimeoutMs')}
          placeholder={`${LIMIT_FIELDS.firstByteTimeoutMs.defaultS} (default)`}
          hint="How long to wait for the reply to start: raise it for a server that loads the model or reads a long prompt first."
          autoComplete="off"
        />
        <TextInput
          label={LIMIT_FIELDS.idleTimeoutMs.label}
          name="idleTimeoutMs"
          inputMode="decimal"
          value={values.idleTimeoutS}
          onValue={set('idleTimeoutS')}
          error={errorFor('idleTimeoutMs')}
          placeholder={`${LIMIT_FIELDS.idleTimeoutMs.defaultS} (default)`}
          hint="How long a reply may pause once it started."
          autoComplete="off"
        />
      </div>
      <div className="flex justify-end gap-2 border-t border-slate-200 pt-3 dark:border-slate-800">
        <Button onClick={onCancel}>Cancel</Button>
        <Button tone="primary" type="submit">
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
