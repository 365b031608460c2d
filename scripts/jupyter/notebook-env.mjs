// The environment that Jupyter (nbconvert or the notebook server) and its kernels run with: the
// project's kernelspecs first on JUPYTER_PATH, this Node and node_modules/.bin first on PATH, and the
// demo service's address and key file for the notebooks (`SERVICE_API_URL`, `SERVICE_API_KEY_FILE`), and
// the administrator's key file when there is one (`SERVICE_ADMIN_KEY_FILE`: a key that may import).
import { readdirSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';

/**
 * Builds the environment for Jupyter and its kernels.
 * @param {{ root: string, jupyterPath: string, apiUrl?: string, keyFile?: string, adminKeyFile?: string | null, runtimeDir?: string,
 *   base?: NodeJS.ProcessEnv }} options
 * @returns {NodeJS.ProcessEnv}
 */
export function notebookEnv({ root, jupyterPath, apiUrl, keyFile, adminKeyFile, runtimeDir, base = process.env }) {
  const env = { ...base };
  env.JUPYTER_PATH = [jupyterPath, base.JUPYTER_PATH].filter(Boolean).join(delimiter);
  env.PATH = [dirname(process.execPath), join(root, 'node_modules', '.bin'), base.PATH].filter(Boolean).join(delimiter);
  // Debian's debugpy warns about frozen modules on every Python start; the warning is noise here.
  env.PYDEVD_DISABLE_FILE_VALIDATION = '1';
  if (runtimeDir) env.JUPYTER_RUNTIME_DIR = runtimeDir;
  if (apiUrl) env.SERVICE_API_URL = apiUrl;
  if (keyFile) env.SERVICE_API_KEY_FILE = keyFile;
  if (adminKeyFile) env.SERVICE_ADMIN_KEY_FILE = adminKeyFile;
  return env;
}

/**
 * The notebooks to run: `*.ipynb` of a folder in name order (executed copies excluded).
 * @param {string} dir the folder (the project's `notebooks/`)
 * @returns {string[]} absolute paths
 */
export function listNotebooks(dir) {
  return readdirSync(dir)
    // Hidden files are left out: the parameterised copies `npm run report` runs from (.report-*).
    .filter((name) => name.endsWith('.ipynb') && !name.endsWith('.nbconvert.ipynb') && !name.startsWith('.'))
    .sort()
    .map((name) => join(dir, name));
}
