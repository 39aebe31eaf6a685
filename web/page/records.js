// @ts-check
// Import and export dialogs: GIPF-notation records and boardspace .sgf, by
// file or paste, or a bare move list ("Wd4,a1 Bc3,g1 …", one move per turn)
// on the board and marble set chosen in the dialog. The core parses and
// writes every format; bad text leaves the game unchanged and shows the
// core's message (which names the line or the move).
import { $ } from './dom.js';

export class RecordDialogs {
  constructor(importDialog, exportDialog, model, { onImported, tags, moveList }) {
    this.model = model;
    this.imp = importDialog;
    this.exp = exportDialog;
    const text = $('[data-testid="import-text"]', importDialog);
    const error = $('[data-testid="import-error"]', importDialog);
    $('[data-testid="import-file"]', importDialog).addEventListener('change', async (ev) => {
      const file = ev.target.files[0];
      if (!file) return;
      if (file.size > 4 << 20) { error.textContent = `${file.name}: too large for a game record (${file.size} bytes)`; return; }
      text.value = await file.text();
      error.textContent = '';
    });
    $('form', importDialog).addEventListener('submit', (ev) => {
      ev.preventDefault();
      const res = model.importRecord(text.value, $('[name="allow-damaged"]', importDialog).checked);
      // Not a record: a bare move list, played on the board chosen here.
      const list = res.error ? moveList(text.value, $('[name="list-layout"]', importDialog).value, $('[name="list-marbles"]', importDialog).value) : '';
      // The core's messages name the line, turn or move; they stay under the text.
      text.toggleAttribute('aria-invalid', !!(res.error && list));
      if (res.error && list) { error.textContent = `Import failed: as a record, ${res.error}; as a move list, ${list}`; return; }
      error.textContent = '';
      importDialog.close();
      if (!res.error) onImported(res);
    });
    $('[data-action="cancel"]', importDialog).addEventListener('click', () => importDialog.close());

    this.tags = tags;
    this.format = 'record';
    const out = $('[data-testid="export-text"]', exportDialog);
    for (const b of exportDialog.querySelectorAll('[data-format]'))
      b.addEventListener('click', () => { this.format = b.dataset.format; this.fillExport(); });
    $('[data-action="download"]', exportDialog).addEventListener('click', () => {
      const blob = new Blob([out.value], { type: 'text/plain' });
      const a = document.createElement('a');
      a.href = URL.createObjectURL(blob);
      a.download = this.format === 'sgf' ? 'zertz-game.sgf' : 'zertz-game.txt';
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    });
    $('[data-action="copy"]', exportDialog).addEventListener('click', () => copyText(out.value, out));
    $('[data-action="close"]', exportDialog).addEventListener('click', () => exportDialog.close());
  }

  openImport() {
    if (!this.model.hasRecords) return;
    $('[data-testid="import-error"]', this.imp).textContent = '';
    $('[data-testid="import-text"]', this.imp).removeAttribute('aria-invalid');
    this.imp.showModal();
    $('[data-testid="import-text"]', this.imp).focus();
  }

  openExport() {
    this.fillExport();
    this.exp.showModal();
  }

  fillExport() {
    const tags = this.tags();
    const text = this.format === 'sgf' ? this.model.exportSgf(tags) : this.model.exportRecord(tags);
    $('[data-testid="export-text"]', this.exp).value = text;
    for (const b of this.exp.querySelectorAll('[data-format]'))
      b.setAttribute('aria-pressed', String(b.dataset.format === this.format));
  }
}

// Clipboard with a fallback: select the text so the user can copy it.
export async function copyText(text, field) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (field) { field.focus(); field.select(); }
    return false;
  }
}
