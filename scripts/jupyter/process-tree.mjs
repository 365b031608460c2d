// Stops a process together with its descendants. Needed for nbconvert: Jupyter starts each kernel
// in a session of its own and tslab, unlike Python kernels, does not watch JPY_PARENT_PID, so a
// kernel outlives an nbconvert that is killed. Descendants come from /proc (Linux); elsewhere only
// the process itself is signalled.
import { readdirSync, readFileSync } from 'node:fs';

/** Parent pid of every process, read from /proc/<pid>/stat (empty where /proc is missing). */
function parentsByPid() {
  const parents = new Map();
  let entries = [];
  try {
    entries = readdirSync('/proc');
  } catch {
    return parents;
  }
  for (const name of entries) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // Fields after the command (which is in parentheses and may hold spaces): state, ppid, ...
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(name), ppid);
    } catch {
      // the process ended while being read
    }
  }
  return parents;
}

/**
 * The pids of all descendants of `pid` (children first).
 * @param {number} pid
 * @returns {number[]}
 */
export function descendantsOf(pid) {
  const parents = parentsByPid();
  const out = [];
  const queue = [pid];
  while (queue.length) {
    const p = queue.shift();
    for (const [child, parent] of parents) {
      if (parent === p && !out.includes(child)) {
        out.push(child);
        queue.push(child);
      }
    }
  }
  return out;
}

/**
 * Sends `signal` to a process and every descendant it has at this moment.
 * @param {number} pid
 * @param {NodeJS.Signals} [signal]
 */
export function killTree(pid, signal = 'SIGTERM') {
  for (const p of [pid, ...descendantsOf(pid)]) {
    try {
      process.kill(p, signal);
    } catch {
      // already gone
    }
  }
}
