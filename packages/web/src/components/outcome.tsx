/** What came of a form's last submit: a notice when it went through, an error when it did not. */
export interface Outcome {
  ok: boolean;
  text: string;
}

export function OutcomeLine({ outcome }: { outcome: Outcome | null }) {
  if (!outcome) return null;
  return (
    <p class={outcome.ok ? 'notice' : 'error'} role="status">
      {outcome.text}
    </p>
  );
}
