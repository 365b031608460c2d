/**
 * The console's entry module: registers the pages and starts the shell in `#app`.
 *
 * @module
 */
import axios from 'axios';
import './pages';
import { startShell } from './shell';

// In a browser the client's requests go through `fetch`: it drops the headers a page may not set
// (`User-Agent`, `Accept-Encoding`, `Connection`) silently, where XMLHttpRequest logs an error for each.
axios.defaults.adapter = 'fetch';

const root = document.getElementById('app');
if (root) startShell(root);
