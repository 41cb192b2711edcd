// The worker protocol's message types, shared by the page and the worker. Each set is frozen: a message whose
// type is not listed is rejected on arrival.

/** A read-only set of names (a frozen object exposing `has` and the list). */
function frozenSet(names) {
  const list = Object.freeze([...names]);
  return Object.freeze({ has: (name) => typeof name === "string" && list.includes(name), list });
}

/** Page → worker. */
export const REQUEST_TYPES = frozenSet(["check", "random", "apply", "options", "solve", "compare", "cancel"]);

/** Requests run as sessions in time slices, with `progress` messages (npuzzle.api.start). */
export const LONG_OPS = frozenSet(["solve", "compare"]);

/** Worker → page. */
export const REPLY_TYPES = frozenSet(["status", "progress", "result", "error"]);

/** Worker states carried by `status` messages. */
export const STATES = frozenSet(["loading", "ready", "failed"]);
