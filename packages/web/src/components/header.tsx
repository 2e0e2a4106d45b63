import { t } from '../i18n';
import type { Route } from '../router';
import { useSession } from '../session';
import { PersonBadge } from './person-badge';

export function Header({ route }: { route: Route }) {
  const { me } = useSession();
  const current = (name: Route['name']) => (route.name === name ? { 'aria-current': 'page' as const } : {});
  return (
    <header class="top">
      <a class="skip" href="#main" data-native>
        {t('skipToContent')}
      </a>
      <a class="brand" href="/">
        {t('appName')}
      </a>
      <nav aria-label={t('mainNav')}>
        <a href="/" {...current('recipes')}>
          {t('navRecipes')}
        </a>
        <a href="/new" {...current('new')}>
          {t('navNew')}
        </a>
        <a href="/import" {...current('import')}>
          {t('navImport')}
        </a>
        <a href="/household" {...current('household')}>
          {t('navHousehold')}
        </a>
        <a href="/profile" {...current('profile')} class="profile-link">
          <PersonBadge person={me} size={28} decorative />
          <span class="label">{t('navProfile')}</span>
        </a>
      </nav>
    </header>
  );
}
