import { render } from 'preact';
import { App } from './app';
import { keepFocusClearOfBars } from './focus-clear';
import { speakBrowserLanguage } from './i18n';
import { interceptLinks } from './router';
import './styles.css';

speakBrowserLanguage();
const root = document.getElementById('app');
if (root) {
  interceptLinks(root);
  keepFocusClearOfBars(root);
  render(<App />, root);
}
