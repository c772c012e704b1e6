import { render } from 'preact';
import { App } from './app';
import { OperatorPage } from './operator/operator-page';
import './styles.css';

/** The operator's page lives at `/#/admin`; everything else is the person's page. */
const ADMIN_HASH = '#/admin';
const startedAdmin = window.location.hash === ADMIN_HASH;

// One bundle for both: the operator's page adds about 1.1 KB gzipped to it, less than a chunk of
// its own costs (Vite's preload helper, and the exports a split keeps in the main chunk).
render(startedAdmin ? <OperatorPage /> : <App />, document.getElementById('app')!);
// Going between the two in one tab starts the other page afresh (no state, no token carried).
window.addEventListener('hashchange', () => {
  if ((window.location.hash === ADMIN_HASH) !== startedAdmin) {
    window.location.reload();
  }
});
