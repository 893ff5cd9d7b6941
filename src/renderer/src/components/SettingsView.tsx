/** Settings: what gets indexed and how, retrieval knobs, models, theme and where the index lives. */
import { useEffect, useId, useRef, useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { settings, type SettingsViewT, type StatusT } from '../../../shared/contract.js';
import { errorMessage, getApi } from '../bridge/api.js';
import { loadTheme, saveTheme, type Theme } from '../lib/theme.js';
import { useApp } from '../store/appStore.js';
import { IndexControls } from './IndexControls.js';

interface Draft {
  exclude: string;
  chunkSize: string;
  overlap: string;
  k: string;
  threshold: string;
  maxNoteMB: string;
  chatModelPath: string;
  chatEndpoint: string;
  chatModel: string;
  allowRemoteEndpoint: boolean;
  embeddingEndpoint: string;
  /** The endpoint's model name; without an endpoint the saved value (a bundled model id or null) is kept. */
  embeddingModel: string;
}

function toDraft(s: SettingsViewT): Draft {
  return {
    exclude: s.exclude.join('\n'),
    chunkSize: String(s.chunkSize),
    overlap: String(s.overlap),
    k: String(s.k),
    threshold: s.threshold === null ? '' : String(s.threshold), // empty = auto
    maxNoteMB: String(s.maxNoteMB),
    chatModelPath: s.chatModelPath ?? '',
    chatEndpoint: s.chatEndpoint ?? '',
    chatModel: s.chatModel ?? '',
    allowRemoteEndpoint: s.allowRemoteEndpoint,
    embeddingEndpoint: s.embeddingEndpoint ?? '',
    embeddingModel: s.embeddingModel ?? '',
  };
}

/**
 * The settings this form edits. Others (the link policy, the embedder choice) are set elsewhere and are not
 * sent back: validating the form against the whole schema would fail on them and block every save.
 */
const editable = settings.pick({
  exclude: true,
  chunkSize: true,
  overlap: true,
  k: true,
  threshold: true,
  maxNoteMB: true,
  chatModelPath: true,
  chatEndpoint: true,
  chatModel: true,
  allowRemoteEndpoint: true,
  embeddingEndpoint: true,
  embeddingModel: true,
});

function fromDraft(d: Draft, saved: SettingsViewT): unknown {
  const endpoint = d.embeddingEndpoint.trim() || null;
  return {
    exclude: d.exclude
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean),
    chunkSize: Number(d.chunkSize),
    overlap: Number(d.overlap),
    k: Number(d.k),
    threshold: d.threshold.trim() === '' ? null : Number(d.threshold),
    maxNoteMB: Number(d.maxNoteMB),
    chatModelPath: d.chatModelPath.trim() || null,
    chatEndpoint: d.chatEndpoint.trim() || null,
    chatModel: d.chatModel.trim() || null,
    allowRemoteEndpoint: d.allowRemoteEndpoint,
    embeddingEndpoint: endpoint,
    // Clearing the endpoint drops its model name too (it is no bundled model); a bundled choice stays as it was.
    embeddingModel: endpoint ? d.embeddingModel.trim() || null : saved.embeddingEndpoint ? null : saved.embeddingModel,
  };
}

/** What each number accepts, named in its error (a bare "Invalid input" does not say what would do). */
const RANGES: Partial<Record<keyof Draft, string>> = {
  chunkSize: 'a whole number of tokens, 32–2000',
  overlap: 'a whole number of tokens, 0–500',
  k: 'a whole number, 1–50',
  threshold: 'a number from 0 to 1, or empty for auto',
  maxNoteMB: 'a size in MB, 1–200',
};

function Field({
  label,
  help,
  error,
  children,
}: {
  label: string;
  help?: ReactNode;
  error?: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={error ? 'field invalid' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children(id)}
      {help && <p className="help">{help}</p>}
      {error && (
        <p className="error-text small" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

type InputFieldProps = { label: string; help?: ReactNode; error?: string } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id'
>;

/** A labelled one-line input: the Field with an <input> in it, the input's attributes passed through. */
function InputField({ label, help, error, ...input }: InputFieldProps) {
  return (
    <Field label={label} help={help} error={error}>
      {(id) => <input id={id} {...input} />}
    </Field>
  );
}

/** Paths, URLs and model names: monospaced and not spell-checked. */
function CodeField({ type = 'text', ...rest }: InputFieldProps) {
  return <InputField type={type} className="mono" spellCheck={false} {...rest} />;
}

function ReadOnly({ label, value, help }: { label: string; value: string; help?: ReactNode }) {
  return <InputField label={label} help={help} type="text" readOnly value={value} className="mono readonly" />;
}

type DraftErrors = Partial<Record<keyof Draft, string>>;

/** The draft checked as the backend will check it, with one message per field (the first problem found). */
function validateDraft(draft: Draft, saved: SettingsViewT) {
  const parsed = editable.safeParse(fromDraft(draft, saved));
  const errors: DraftErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as keyof Draft | undefined;
      if (key && !errors[key]) errors[key] = RANGES[key] ? `Enter ${RANGES[key]}.` : issue.message;
    }
  }
  if (parsed.success && parsed.data.overlap >= parsed.data.chunkSize)
    errors.overlap = 'Overlap must be smaller than the chunk size.';
  if (draft.chatEndpoint.trim() && !draft.chatModel.trim())
    errors.chatModel = 'Name the model the endpoint should use.';
  if (draft.embeddingEndpoint.trim() && !draft.embeddingModel.trim())
    errors.embeddingModel = 'Name the model the embedding endpoint serves, e.g. nomic-embed-text.';
  return { parsed, errors, valid: parsed.success && Object.keys(errors).length === 0 };
}

interface SectionProps {
  draft: Draft;
  errors: DraftErrors;
  /** An input's change handler for one field. */
  set: (key: keyof Draft) => (e: { target: { value: string } }) => void;
}

function IndexingSection({ draft, errors, set }: SectionProps) {
  return (
    <section className="settings-section" aria-labelledby="s-indexing">
      <h2 id="s-indexing">Indexing</h2>
      <Field
        label="Exclusions"
        help="One gitignore pattern per line, e.g. Templates/ or *.excalidraw.md"
        error={errors.exclude}
      >
        {(id) => (
          <textarea
            id={id}
            rows={5}
            className="mono"
            value={draft.exclude}
            onChange={set('exclude')}
            spellCheck={false}
          />
        )}
      </Field>
      <div className="field-row">
        <InputField
          label="Chunk size (tokens)"
          error={errors.chunkSize}
          type="number"
          min={32}
          max={2000}
          value={draft.chunkSize}
          onChange={set('chunkSize')}
        />
        <InputField
          label="Overlap (tokens)"
          error={errors.overlap}
          type="number"
          min={0}
          max={500}
          value={draft.overlap}
          onChange={set('overlap')}
        />
        <InputField
          label="Max note size (MB)"
          error={errors.maxNoteMB}
          type="number"
          min={1}
          max={200}
          step="any"
          value={draft.maxNoteMB}
          onChange={set('maxNoteMB')}
        />
      </div>
      <p className="reindex-note">Changing these re-indexes your vault.</p>
    </section>
  );
}

function RetrievalSection({
  draft,
  errors,
  set,
  autoThreshold,
  endpointModel,
}: SectionProps & { autoThreshold: number; endpointModel: boolean }) {
  return (
    <section className="settings-section" aria-labelledby="s-retrieval">
      <h2 id="s-retrieval">Retrieval</h2>
      <div className="field-row">
        <InputField
          label="Results per question (k)"
          error={errors.k}
          type="number"
          min={1}
          max={50}
          value={draft.k}
          onChange={set('k')}
        />
        <InputField
          label="Similarity threshold"
          help={
            draft.threshold.trim() === ''
              ? endpointModel
                ? 'auto: an endpoint model has no measured gate, so a search answers when your notes share a word with it. Enter 0–1 for a cosine gate.'
                : `auto (${autoThreshold}): calibrated for this embedding model. Enter 0–1 to override.`
              : `0 keeps everything; higher is stricter. Empty = auto (${autoThreshold}).`
          }
          error={errors.threshold}
          type="number"
          min={0}
          max={1}
          step={0.01}
          placeholder={`auto (${autoThreshold})`}
          value={draft.threshold}
          onChange={set('threshold')}
        />
      </div>
    </section>
  );
}

function ModelsSection({
  draft,
  errors,
  set,
  update,
  status,
}: SectionProps & { update: <K extends keyof Draft>(key: K, value: Draft[K]) => void; status: StatusT | null }) {
  const fileRef = useRef<HTMLInputElement>(null);
  const pathForFile = getApi().pathForFile;
  return (
    <section className="settings-section" aria-labelledby="s-models">
      <h2 id="s-models">Models</h2>
      <ReadOnly
        label="Embedding model"
        value={status?.embeddingModel ?? '—'}
        help={
          status?.embeddingModelReason
            ? `Chosen for this index (${status.embeddingModelSource ?? 'detected'}): ${status.embeddingModelReason}.`
            : undefined
        }
      />
      <ReadOnly label="Chat model in use" value={status?.chatModel ?? '—'} />
      <Field
        label="Chat model path"
        help="A local GGUF file. Leave empty to use the bundled default."
        error={errors.chatModelPath}
      >
        {(id) => (
          <div className="path-row">
            <input
              id={id}
              type="text"
              className="mono"
              placeholder="/path/to/model.gguf"
              value={draft.chatModelPath}
              onChange={set('chatModelPath')}
              spellCheck={false}
            />
            {pathForFile && (
              <>
                <button type="button" onClick={() => fileRef.current?.click()}>
                  Choose a GGUF file…
                </button>
                <input
                  ref={fileRef}
                  type="file"
                  accept=".gguf"
                  hidden
                  tabIndex={-1}
                  aria-hidden="true"
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    const path = file ? pathForFile(file) : '';
                    if (path) set('chatModelPath')({ target: { value: path } });
                    e.target.value = '';
                  }}
                />
              </>
            )}
          </div>
        )}
      </Field>
      <CodeField
        label="Chat endpoint (optional)"
        help="An OpenAI-compatible server such as Ollama (http://127.0.0.1:11434/v1), LM Studio (http://127.0.0.1:1234/v1) or llama.cpp's llama-server (http://127.0.0.1:8080/v1). If it fails, the bundled model answers."
        error={errors.chatEndpoint}
        type="url"
        placeholder="http://127.0.0.1:11434/v1"
        value={draft.chatEndpoint}
        onChange={set('chatEndpoint')}
      />
      <CodeField
        label="Endpoint model name"
        help="As the server lists it, e.g. llama3.1:8b."
        error={errors.chatModel}
        value={draft.chatModel}
        onChange={set('chatModel')}
      />
      <CodeField
        label="Embedding endpoint (optional)"
        help={
          <>
            An OpenAI-compatible <code>/embeddings</code> server, e.g. Ollama (http://127.0.0.1:11434/v1). Used for a
            new index or after <em>Re-index</em>; the current index keeps its model ({status?.embeddingModel ?? '—'})
            until then. If it is down, search shows keyword matches with a notice.
          </>
        }
        error={errors.embeddingEndpoint}
        type="url"
        placeholder="http://127.0.0.1:11434/v1"
        value={draft.embeddingEndpoint}
        onChange={set('embeddingEndpoint')}
      />
      {draft.embeddingEndpoint.trim() && (
        <CodeField
          label="Embedding endpoint model name"
          help="As the server lists it, e.g. nomic-embed-text."
          error={errors.embeddingModel}
          value={draft.embeddingModel}
          onChange={set('embeddingModel')}
        />
      )}
      <Field
        label="Allow an endpoint on another machine"
        help="Your notes are sent to that host (with each question, or each note embedded). Endpoints on this machine need no permission."
      >
        {(id) => (
          <input
            id={id}
            type="checkbox"
            checked={draft.allowRemoteEndpoint}
            onChange={(e) => update('allowRemoteEndpoint', e.target.checked)}
          />
        )}
      </Field>
    </section>
  );
}

function AppearanceSection() {
  const [theme, setTheme] = useState<Theme>(loadTheme);
  return (
    <section className="settings-section" aria-labelledby="s-appearance">
      <h2 id="s-appearance">Appearance</h2>
      <Field label="Theme" help="Stored on this device.">
        {(id) => (
          <select
            id={id}
            value={theme}
            onChange={(e) => {
              const next = e.target.value as Theme;
              setTheme(next);
              saveTheme(next);
            }}
          >
            <option value="system">System</option>
            <option value="light">Light</option>
            <option value="dark">Dark</option>
          </select>
        )}
      </Field>
    </section>
  );
}

function DataSection({ status }: { status: StatusT | null }) {
  return (
    <section className="settings-section" aria-labelledby="s-data">
      <h2 id="s-data">Data</h2>
      <ReadOnly label="Data location" value={status?.dataDir ?? '—'} />
      <IndexControls />
    </section>
  );
}

/** The settings form: a draft of the editable fields, validated as typed, saved in one request. */
function SettingsForm({ initial, status }: { initial: SettingsViewT; status: StatusT | null }) {
  const [saved, setSaved] = useState<SettingsViewT>(initial);
  const [draft, setDraft] = useState<Draft>(() => toDraft(initial));
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);

  const { parsed, errors, valid } = validateDraft(draft, saved);
  const dirty = JSON.stringify(fromDraft(draft, saved)) !== JSON.stringify(fromDraft(toDraft(saved), saved));

  const update = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setMessage(null);
    setDraft((d) => ({ ...d, [key]: value }));
  };
  const set = (key: keyof Draft) => (e: { target: { value: string } }) => update(key, e.target.value);
  async function onSubmit(e: FormEvent): Promise<void> {
    e.preventDefault();
    if (!parsed.success || !valid) return;
    setSaving(true);
    try {
      const next = await getApi().invoke('settings:set', parsed.data);
      const reindex = next.chunkSize !== saved.chunkSize || next.overlap !== saved.overlap;
      setSaved(next);
      setDraft(toDraft(next));
      setMessage({ kind: 'ok', text: reindex ? 'Saved. Your vault is being re-indexed.' : 'Saved.' });
      void useApp.getState().refreshStatus();
    } catch (err) {
      setMessage({ kind: 'error', text: errorMessage(err) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="settings-form" onSubmit={(e) => void onSubmit(e)} noValidate>
      <IndexingSection draft={draft} errors={errors} set={set} />
      <RetrievalSection
        draft={draft}
        errors={errors}
        set={set}
        autoThreshold={saved.autoThreshold}
        endpointModel={status?.embeddingModel.startsWith('endpoint:') ?? false}
      />
      <ModelsSection draft={draft} errors={errors} set={set} update={update} status={status} />
      <AppearanceSection />
      <DataSection status={status} />

      <div className="settings-actions">
        {message && (
          <p
            className={message.kind === 'ok' ? 'ok-text' : 'error-text'}
            role={message.kind === 'ok' ? 'status' : 'alert'}
          >
            {message.text}
          </p>
        )}
        <button type="submit" className="primary" disabled={!valid || !dirty || saving}>
          {saving ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  );
}

export function SettingsView() {
  const status = useApp((s) => s.status);
  const [state, setState] = useState<{ settings: SettingsViewT | null; error: string | null }>({
    settings: null,
    error: null,
  });

  useEffect(() => {
    let live = true;
    getApi()
      .invoke('settings:get', {})
      .then((settings) => live && setState({ settings, error: null }))
      .catch((err: unknown) => live && setState({ settings: null, error: errorMessage(err) }));
    return () => {
      live = false;
    };
  }, []);

  return (
    <section className="page settings-page" aria-labelledby="settings-title">
      <header className="page-head">
        <h1 id="settings-title">Settings</h1>
      </header>
      {state.error && (
        <p className="error-text" role="alert">
          Could not load settings: {state.error}
        </p>
      )}
      {!state.settings && !state.error && <p className="muted">Loading…</p>}
      {state.settings && <SettingsForm initial={state.settings} status={status} />}
    </section>
  );
}
