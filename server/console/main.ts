/**
 * The console's entry module: registers the pages and starts the shell in `#app`.
 *
 * @module
 */
import './pages';
import { startShell } from './shell';

const root = document.getElementById('app');
if (root) startShell(root);
