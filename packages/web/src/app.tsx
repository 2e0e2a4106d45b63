import type { ComponentChildren } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { ApiError, api, whenSignedOut } from './api';
import type { Me, Settings } from './api';
import { Header } from './components/header';
import { NothingHere } from './components/nothing-here';
import { TimerBar } from './components/timer-bar';
import { setLocale, speakBrowserLanguage, t } from './i18n';
import { lazy } from './lazy';
import { focusScreen, navigate, routeOf, useLocation } from './router';
import type { Route } from './router';
import { SessionContext } from './session';
import type { Session } from './session';
import { Recipes } from './screens/recipes';
import { forgetAllUnsaved, keepUnsavedFor } from './unsaved';
import { SignIn } from './screens/sign-in';

const RecipeScreen = lazy(() => import('./screens/recipe').then((m) => m.RecipeScreen));
const CookMode = lazy(() => import('./screens/cook-mode').then((m) => m.CookMode));
const Editor = lazy(() => import('./screens/editor').then((m) => m.Editor));
const Import = lazy(() => import('./screens/import').then((m) => m.Import));
const Household = lazy(() => import('./screens/household').then((m) => m.Household));
const Profile = lazy(() => import('./screens/profile').then((m) => m.Profile));
const SetupLink = lazy(() => import('./screens/setup-link').then((m) => m.SetupLink));
const ConfirmEmail = lazy(() => import('./screens/confirm-email').then((m) => m.ConfirmEmail));

type State =
  | { kind: 'starting' }
  | { kind: 'signed-out'; notice?: string; leaving?: string }
  | { kind: 'signed-in'; me: Me; settings: Settings };

export function App() {
  const url = useLocation();
  const route = routeOf(url.pathname);
  const [state, setState] = useState<State>({ kind: 'starting' });

  const start = async (notice?: string) => {
    try {
      const me = await api<Me>('GET', '/api/v1/auth/me');
      const settings = await api<Settings>('GET', '/api/v1/settings');
      setLocale(me.locale);
      keepUnsavedFor(me.id);
      setState({ kind: 'signed-in', me, settings });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401)
        setState({ kind: 'signed-out', ...(notice ? { notice } : {}) });
      else setState({ kind: 'signed-out', notice: t('offline') });
    }
  };

  useEffect(() => {
    whenSignedOut(() =>
      setState((s) => (s.kind === 'signed-in' ? { kind: 'signed-out', notice: t('signedOut') } : s)),
    );
    void start();
  }, []);

  useEffect(() => {
    document.title = t('appName');
  }, [route.name]);

  // Signed out here (a shared kitchen tablet): what the member left unsaved goes, so the next member
  // never sees it, and a screen that writes what was pending as it goes writes nothing more for
  // them. A layout effect: it runs in the same task as the render that shows the sign-in form,
  // before anything else can read the storage (an effect ran a frame later).
  useLayoutEffect(() => {
    if (state.kind === 'signed-out' && state.leaving) forgetAllUnsaved(state.leaving);
  }, [state]);

  // Just signed in: the screen that replaced the sign-in form takes the focus (its button is gone).
  const before = useRef(state.kind);
  useEffect(() => {
    if (before.current === 'signed-out' && state.kind === 'signed-in') focusScreen();
    before.current = state.kind;
  }, [state.kind]);

  // Signed in at /sign-in (a bookmark, the back button): the recipes are where to be.
  useEffect(() => {
    if (state.kind === 'signed-in' && route.name === 'sign-in') navigate('/', true);
  }, [state.kind, route.name]);

  if (route.name === 'setup')
    return (
      <Frame>
        <SetupLink
          token={route.token}
          signedIn={state.kind === 'signed-in'}
          fromProvider={url.searchParams.get('from') === 'provider'}
          oidcOutcome={url.searchParams.get('oidc')}
          onSignedIn={() => start()}
        />
      </Frame>
    );
  if (route.name === 'confirm')
    return (
      <Frame>
        <ConfirmEmail token={route.token} />
      </Frame>
    );
  if (state.kind === 'starting')
    return (
      <p class="loading" role="status">
        {t('loading')}
      </p>
    );
  if (state.kind === 'signed-out') {
    return (
      <Frame>
        <SignIn notice={state.notice} oidcOutcome={url.searchParams.get('oidc')} onSignedIn={start} />
      </Frame>
    );
  }

  const session: Session = {
    me: state.me,
    settings: state.settings,
    setMe: (me) => {
      setLocale(me.locale);
      setState({ ...state, me });
    },
    setSettings: (settings) => setState({ ...state, settings }),
    signOut: async () => {
      await api('POST', '/api/v1/auth/logout').catch(() => undefined);
      // The next member at this screen meets the browser's language, not the last member's.
      speakBrowserLanguage();
      setState({ kind: 'signed-out', leaving: state.me.id });
      navigate('/', true);
    },
  };
  return (
    <SessionContext.Provider value={session}>
      {route.name === 'cook' ? (
        // Its own <main> from the start (the code still loading): a move here gives it the focus.
        <main id="main" class="cook" tabIndex={-1}>
          <CookMode slug={route.slug} />
        </main>
      ) : (
        <>
          <Header route={route} />
          <main id="main" tabIndex={-1}>
            <Screen route={route} url={url} />
          </main>
          <footer class="foot">
            <a href="/api/docs" data-native>
              {t('apiReference')}
            </a>
          </footer>
          <TimerBar />
        </>
      )}
    </SessionContext.Provider>
  );
}

function Screen({ route, url }: { route: Route; url: URL }) {
  switch (route.name) {
    case 'recipe':
      return <RecipeScreen slug={route.slug} />;
    case 'edit':
      return <Editor key={route.slug} slug={route.slug} url={url} />;
    case 'new':
      return <Editor key="new" slug={null} url={url} />;
    case 'import':
      return <Import />;
    case 'household':
      return <Household />;
    case 'profile':
      return <Profile oidcOutcome={url.searchParams.get('oidc')} />;
    case 'not-found':
      return <NothingHere text={t('pageNotFound')} />;
    default:
      return <Recipes url={url} />;
  }
}

/** The screens before sign-in: the name of the app and one card. */
function Frame({ children }: { children: ComponentChildren }) {
  return (
    <main id="main" class="frame" tabIndex={-1}>
      <p class="brand brand-large" aria-hidden="true">
        {t('appName')}
      </p>
      {children}
    </main>
  );
}
