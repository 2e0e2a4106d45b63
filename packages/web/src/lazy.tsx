import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { t } from './i18n';

/** A screen whose code is fetched when it is first shown, so the first screen ships less. */
export function lazy<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  return function Lazy(props: P) {
    const [Screen, setScreen] = useState<ComponentType<P> | null>(() => loaded);
    useEffect(() => {
      if (Screen) return;
      loading ??= load();
      let live = true;
      void loading.then((component) => {
        loaded = component;
        if (live) setScreen(() => component);
      });
      return () => {
        live = false;
      };
    }, []);
    return Screen ? (
      <Screen {...props} />
    ) : (
      <p class="loading" role="status">
        {t('loading')}
      </p>
    );
  };
}
