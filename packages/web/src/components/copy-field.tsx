import { useRef, useState } from 'preact/hooks';
import { t } from '../i18n';

/** What a press of Copy came to: copied, or selected for the member to copy (no clipboard). */
type Outcome = 'copied' | 'selected' | null;

/**
 * An address to copy: shown in full (selectable), with a button that copies it, and where the
 * device has a share sheet (phones, tablets) and `shareTitle` is given, a button that opens it.
 */
export function CopyField({
  label,
  value,
  shareTitle,
}: {
  label: string;
  value: string;
  shareTitle?: string;
}) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const field = useRef<HTMLInputElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setOutcome('copied');
      setTimeout(() => setOutcome(null), 2000);
    } catch {
      // No clipboard (plain http, or refused): the text is selected, and the member told how to copy it.
      const input = field.current;
      input?.focus();
      input?.select();
      setOutcome('selected');
    }
  };
  const shareable =
    shareTitle !== undefined &&
    typeof navigator.share === 'function' &&
    (navigator.canShare?.({ title: shareTitle, url: value }) ?? true);
  const share = async () => {
    try {
      await navigator.share({ title: shareTitle, url: value });
    } catch {
      // Closed without sharing, or refused: the link is still there to copy.
    }
  };
  const mac = /Mac|iPhone|iPad/.test(navigator.platform);
  return (
    <div class="copy-field">
      <label>
        <span>{label}</span>
        <input
          ref={field}
          type="text"
          readOnly
          value={value}
          onFocus={(e) => (e.currentTarget as HTMLInputElement).select()}
        />
      </label>
      <button type="button" onClick={() => void copy()}>
        {outcome === 'copied' ? t('copied') : t('copy')}
      </button>
      {shareable && (
        <button type="button" onClick={() => void share()}>
          {t('shareVia')}
        </button>
      )}
      {outcome === 'selected' && (
        <p class="muted" role="status">
          {t('copyByHand', { keys: mac ? '⌘C' : 'Ctrl+C' })}
        </p>
      )}
    </div>
  );
}
