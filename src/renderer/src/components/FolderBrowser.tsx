/**
 * Web mode's folder picker: a browser cannot give the server a folder's path, so the server lists the folders
 * under the user's home (vault:browse) with how many notes each holds, and the user walks down to the vault.
 */
import { useState } from 'react';
import type { Res } from '../../../shared/contract.js';
import { errorMessage, getApi } from '../bridge/api.js';
import { plural } from '../lib/format.js';
import { FolderIcon } from './Icons.js';

type Listing = Res<'vault:browse'>;

export function FolderBrowser({ disabled, onChoose }: { disabled: boolean; onChoose: (path: string) => void }) {
  const [open, setOpen] = useState(false);
  const [listing, setListing] = useState<Listing | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function load(path?: string): Promise<void> {
    setLoading(true);
    setError(null);
    try {
      setListing(await getApi().invoke('vault:browse', path ? { path } : {}));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setLoading(false);
    }
  }

  if (!open) {
    return (
      <div className="drop-zone browse-zone">
        <FolderIcon size={28} />
        <p className="drop-title">Pick your vault folder</p>
        <button
          type="button"
          className="primary"
          disabled={disabled}
          onClick={() => {
            setOpen(true);
            void load();
          }}
        >
          Browse folders…
        </button>
      </div>
    );
  }

  const here = listing?.path ?? '';
  const rel = listing && here !== listing.home ? `~${here.slice(listing.home.length)}` : '~';
  return (
    <div className="folder-browser" role="dialog" aria-label="Choose your vault folder" aria-busy={loading}>
      <div className="folder-browser-head">
        <button
          type="button"
          className="ghost small"
          disabled={!listing?.parent || loading}
          onClick={() => listing?.parent && void load(listing.parent)}
          aria-label="Up one folder"
        >
          ↑ Up
        </button>
        <span className="mono folder-browser-path" title={here}>
          {rel}
        </span>
        <button type="button" className="ghost small" onClick={() => setOpen(false)}>
          Close
        </button>
      </div>
      {error && (
        <p className="error-text small" role="alert">
          {error}
        </p>
      )}
      {listing && listing.folders.length === 0 && !loading && <p className="muted small">No folders here.</p>}
      {listing && listing.folders.length > 0 && (
        <ul className="folder-list" aria-label="Folders">
          {listing.folders.map((f) => (
            <li key={f.path}>
              <button type="button" className="folder-entry" disabled={loading} onClick={() => void load(f.path)}>
                <FolderIcon size={15} />
                <span className="folder-name">{f.name}</span>
                <span className="muted small">
                  {f.capped ? `${f.markdownCount}+ notes` : plural(f.markdownCount, 'note', 'notes')}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="folder-browser-actions">
        <button
          type="button"
          className="primary"
          disabled={disabled || loading || !listing}
          onClick={() => listing && onChoose(listing.path)}
        >
          Use {rel}
        </button>
      </div>
    </div>
  );
}
