import { useState } from 'preact/hooks';
import { t } from '../i18n';

/** An address to copy: shown in full (selectable), with a button that copies it. */
export function CopyField({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      // No clipboard (plain http): the field is selectable.
    }
  };
  return (
    <div class="copy-field">
      <label>
        <span>{label}</span>
        <input
          type="text"
          readOnly
          value={value}
          onFocus={(e) => (e.currentTarget as HTMLInputElement).select()}
        />
      </label>
      <button type="button" onClick={() => void copy()}>
        {copied ? t('copied') : t('copy')}
      </button>
    </div>
  );
}
