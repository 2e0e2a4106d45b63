import { render } from 'preact';
import { App } from './app';
import { browserLocale, setLocale } from './i18n';
import { interceptLinks } from './router';
import './styles.css';

setLocale(browserLocale(navigator.languages ?? [navigator.language]));
const root = document.getElementById('app');
if (root) {
  interceptLinks(root);
  render(<App />, root);
}
