// What a test file left open, as the loopback runner's worker judges it (scripts/unit-worker.mjs):
// the resources (Node's process.getActiveResourcesInfo) beyond those open before the file ran.
// A server, socket or timer must close within the grace given; an in-flight request (an fs call,
// a DNS lookup, a write) ends by itself, and on a busy machine one of the moment can outlast a
// short grace, so while nothing but requests is left the worker waits for them longer.

/** Kinds that are requests in flight, not handles: FSReqCallback, GetAddrInfoReqWrap, WriteWrap, ... */
const REQUEST = /Req(?:Callback|Promise|Wrap)?$|^(?:Write|Shutdown|Connect)Wrap$/;

/**
 * The resources open now beyond those open before, as `N Kind` texts.
 * @param {string[]} before the kinds open before the file ran (one entry per resource)
 * @param {string[]} now the kinds open now
 * @returns {string[]}
 */
export function openBeyond(before, now) {
  const count = (kinds) => {
    const counts = new Map();
    for (const kind of kinds) counts.set(kind, (counts.get(kind) ?? 0) + 1);
    return counts;
  };
  const was = count(before);
  return [...count(now)].filter(([kind, n]) => n > (was.get(kind) ?? 0)).map(([kind, n]) => `${n - (was.get(kind) ?? 0)} ${kind}`);
}

/**
 * Whether to wait longer for what is left open, or report it.
 * @param {string[]} left what {@link openBeyond} gave
 * @param {number} waitedMs how long the worker has waited since the file's last test
 * @param {{ graceMs: number, requestGraceMs: number }} limits the grace for everything, and the
 *   longer one for requests in flight when nothing else is left
 * @returns {boolean} true to wait and look again; false when `left` is the verdict (empty: all closed)
 */
export function waitLonger(left, waitedMs, { graceMs, requestGraceMs }) {
  if (left.length === 0) return false;
  const onlyRequests = left.every((entry) => REQUEST.test(entry.slice(entry.indexOf(' ') + 1)));
  return waitedMs <= (onlyRequests ? Math.max(graceMs, requestGraceMs) : graceMs);
}
