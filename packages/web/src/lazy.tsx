import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { t } from './i18n';

/**
 * A screen whose code is fetched when it is first shown, so the first screen ships less. A fetch
 * that failed (a moment offline) is forgotten: the screen says so with a button to try again, and
 * the next visit tries again too.
 */
export function lazy<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  return function Lazy(props: P) {
    const [Screen, setScreen] = useState<ComponentType<P> | null>(() => loaded);
    const [failed, setFailed] = useState(false);
    const [attempt, setAttempt] = useState(0);
    useEffect(() => {
      if (Screen) return;
      const current = (loading ??= load());
      let live = true;
      current.then(
        (component) => {
          loaded = component;
          if (live) setScreen(() => component);
        },
        () => {
          if (loading === current) loading = null;
          if (live) setFailed(true);
        },
      );
      return () => {
        live = false;
      };
    }, [attempt]);
    if (Screen) return <Screen {...props} />;
    if (failed)
      return (
        <div class="error" role="alert">
          <p>{t('screenUnreachable')}</p>
          <button
            type="button"
            onClick={() => {
              setFailed(false);
              setAttempt((n) => n + 1);
            }}
          >
            {t('tryAgain')}
          </button>
        </div>
      );
    return (
      <p class="loading" role="status">
        {t('loading')}
      </p>
    );
  };
}
