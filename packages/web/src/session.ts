import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Me, Settings } from './api';

export interface Session {
  me: Me;
  settings: Settings;
  /** Reads the account again (after a profile change). */
  setMe(me: Me): void;
  /** The household settings as the owner just saved them. */
  setSettings(settings: Settings): void;
  signOut(): Promise<void>;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside a signed-in screen');
  return session;
}

export const isAdmin = (me: Me) => me.role === 'superadmin' || me.role === 'admin';
