import { useState } from 'preact/hooks';
import { useAction } from '../action';
import { api } from '../api';
import { t } from '../i18n';

/** A confirmation link: confirming takes a click (mail scanners that open links confirm nothing). */
export function ConfirmEmail({ token }: { token: string }) {
  const [state, setState] = useState<'asking' | 'done' | 'invalid'>('asking');
  const [address, setAddress] = useState('');
  const confirm = useAction(async () => {
    try {
      const answer = await api<{ address: string }>('POST', '/api/v1/auth/email/confirm', { token });
      setAddress(answer.address);
      setState('done');
    } catch {
      setState('invalid');
    }
  });
  return (
    <section class="card narrow" aria-labelledby="confirm-title">
      <h1 id="confirm-title">{t('confirmTitle')}</h1>
      {state === 'asking' && (
        <button type="button" class="primary wide" {...confirm.button} onClick={() => void confirm.run()}>
          {t('confirmButton')}
        </button>
      )}
      {state === 'done' && (
        <p class="notice" role="status">
          {t('confirmed', { address })}
        </p>
      )}
      {state === 'invalid' && (
        <p class="error" role="alert">
          {t('linkInvalid')}
        </p>
      )}
      <p>
        <a href="/">{t('toRecipes')}</a>
      </p>
    </section>
  );
}
