// @ts-check
// Both sides of the channel: the messages between the page (worker-handle.js) and the Python worker (worker/).
// The worker protocol, typed once: every request the page sends and every message the worker answers with, as
// JSDoc types (checked by `tsc`), and the frozen sets of their types that both sides check on arrival (a message
// whose type is not listed is rejected).

/**
 * A board as the core reads and writes it: `tiles` row by row, 0 the blank.
 * @typedef {{rows: number, cols: number, tiles: number[]}} Board
 */

/**
 * A board sent to the core: its text ("1 2 3\n4 5 6\n7 8 0") or its fields.
 * @typedef {string | Board} BoardInput
 */

/**
 * Page → worker. Each request carries a numeric `id`; `goal` is "default", "blank-first" or a board's text.
 * - check, random, apply, move, options: one-shot, answered by `result` or `error`;
 * - solve, compare, hint: long (sessions run in ~50 ms slices): `progress`* then `result` | `error`; a solve
 *   with `workers` above 1 may split (npuzzle.pdb.split: helper workers, see worker/worker.js), `split_nodes` the
 *   ordinary search's expansions before it does (default npuzzle.pdb.split.SEQUENTIAL_NODES; tests set fewer),
 *   `helpers_idle_ms` (tests; read by the worker, not Python) how long its helpers stay idle before they end
 *    (default HELPERS_IDLE_MS in worker/helpers.js);
 * - watch: long, a window of A*'s or IDA*'s expansions as steps (npuzzle.course.watch; `from` steps replayed silently,
 *   then `count` recorded, at most 2,000; `to_end`: the last `count` steps of the run to the goal);
 * - reconstruction: one-shot, a solve's text read (`text`) or written (`board`, `moves`, `times`, `total_ms`: the
 *   clock's time when it stopped after the last move, as a blindfolded solve's Done, `seed`);
 * - analyse: long, a solve analysed against the optimum (npuzzle.speedsolving.analysis): `moves` in the speedsolvers'
 *   notation ("U2RD3L"; letters the tile's direction, or the blank's with `convention: "blank"`), in `metric`;
 *   progress `{analysed, total, nodes_expanded, elapsed}`, then the distances, mistakes and chart data;
 * - subtree: long, one task of a split search on a helper worker (its primary worker sends it, never the page):
 *   `progress`* with `running`, then `result` with the `answer`;
 * - cancel: stops request `id` (a long one between two slices: its `result` then says stopped: "cancelled");
 * - tables: fetch and load the pattern database, or with `database: "mtm"` the line-move tables (each once; its
 *   progress comes as `tables` messages).
 * A long request with `background: true` is one the page makes on its own (a solved game's shortest solution):
 * between two of its slices the worker runs every other request waiting first (worker/worker.js, Runner).
 * @typedef {{type: "check", id: number, board: BoardInput, goal?: string}} CheckRequest
 * @typedef {{type: "random", id: number, shape: string, goal?: string, seed?: number | string,
 *   solvable?: boolean, moves?: number}} RandomRequest
 * @typedef {{type: "apply", id: number, board: BoardInput, moves: number[] | string}} ApplyRequest
 * @typedef {{type: "move", id: number, board: BoardInput, tiles: number[]}} MoveRequest
 * @typedef {{type: "options", id: number, rows: number, cols: number, goal?: string}} OptionsRequest
 * @typedef {"stm" | "mtm"} Metric single-tile moves, or line moves (a whole row or column slid at once is one)
 * @typedef {{type: "solve", id: number, board: BoardInput, goal?: string, algorithm?: string,
 *   heuristic?: string, metric?: Metric, workers?: number, split_nodes?: number, helpers_idle_ms?: number,
 *   background?: boolean, time_limit?: number, near_optimal_at_limit?: boolean,
 *   optimal_nodes?: number}} SolveRequest
 * @typedef {{type: "compare", id: number, board: BoardInput, goal?: string, on_the_way?: boolean,
 *   code?: string}} CompareRequest a student's heuristic (`code`, its source) runs last, named "yours"
 * @typedef {{type: "hint", id: number, board: BoardInput, goal?: string, metric?: Metric}} HintRequest
 * @typedef {{type: "analyse", id: number, board: BoardInput, goal?: string, moves: string | (number | string)[],
 *   metric?: Metric, convention?: "tile" | "blank", max_nodes?: number, time_limit?: number,
 *   background?: boolean}} AnalyseRequest
 * @typedef {{type: "reconstruction", id: number, text?: string, convention?: "tile" | "blank", board?: BoardInput,
 *   goal?: string, moves?: string | (number | string)[], times?: number[] | null, total_ms?: number | null,
 *   seed?: number | string | null}} ReconstructionRequest
 * @typedef {{type: "watch", id: number, board: BoardInput, goal?: string, algorithm?: "astar" | "idastar",
 *   heuristic?: string, from?: number, count?: number, to_end?: boolean, max_nodes?: number,
 *   time_limit?: number, max_states?: number, code?: string}} WatchRequest a student's heuristic (`code`) is "yours"
 * @typedef {{type: "optimal_moves", id: number, board: BoardInput, goal?: string, metric?: Metric, max_nodes?: number,
 *   follow?: string, moves?: number[], background?: boolean}} OptimalMovesRequest
 * @typedef {{type: "lab_depth", id: number, depths: string | number[], boards?: number, seed?: string, runs?: string,
 *   code?: Record<string, string>}} LabDepthRequest
 * @typedef {{type: "lab_check", id: number, heuristic: string, against?: string,
 *   code?: Record<string, string>, shape?: string}} LabCheckRequest
 * @typedef {{type: "lab_examples", id: number}} LabExamplesRequest
 * @typedef {{type: "cancel", id: number}} CancelRequest
 * @typedef {"pdb" | "mtm"} Database the single-tile pattern database, or the line-move (multi-tile metric) tables
 * @typedef {{type: "tables", id: number, database?: Database}} TablesRequest
 * @typedef {{type: "subtree", id: number, task: SplitTask, search: string}} SubtreeRequest
 * @typedef {CheckRequest | RandomRequest | ApplyRequest | MoveRequest | OptionsRequest | SolveRequest | CompareRequest
 *   | HintRequest | WatchRequest | AnalyseRequest | ReconstructionRequest | TablesRequest | SubtreeRequest
 *   | OptimalMovesRequest | LabDepthRequest | LabCheckRequest | LabExamplesRequest | CancelRequest} Request
 */

/**
 * The split search's messages (npuzzle.pdb.split; carried by the primary worker, made and read by Python): a task
 * is one frontier node's subtree for one IDA* iteration; an answer the blank's cells along a solution (or null)
 * and the nodes it took (while it runs, `running` gives the count so far with `cells` null).
 * @typedef {{bound: number, index: number, tiles: number[], prev: number | null, budget: number}} SplitTask
 * @typedef {{bound: number, index: number, cells: number[] | null, expanded: number,
 *   generated: number}} SplitAnswer
 * @typedef {{ok: true, answer: SplitAnswer | null, stopped?: string}} SubtreeReply
 */

/**
 * The request types and what their `result` carries (the core's reply, npuzzle.api).
 * @typedef {{check: CheckReply, random: RandomReply, apply: CheckReply, move: MoveReply, options: OptionsReply,
 *   solve: SolveReply, compare: CompareReply, hint: HintReply, tables: {ok: true, started: boolean},
 *   watch: WatchReply, analyse: AnalyseReply, reconstruction: ReconstructionReply,
 *   subtree: SubtreeReply, optimal_moves: OptimalMovesReply | BranchReply, lab_depth: LabDepthReply,
 *   lab_check: LabCheckReply, lab_examples: LabExamplesReply}} Replies
 */

/**
 * Why a board is (not) solvable: the verdict in plain words (`plain`; `swap`: two tiles whose swap would make an
 * unsolvable board solvable) and the parity rule's figures (npuzzle.api `explanation`).
 * @typedef {{solvable: boolean, rows: number, cols: number, goal: string, reason: string, rule: string,
 *   plain: string, swap: [number, number] | null,
 *   inversions: number, blank_row_from_bottom: number, blank_row_from_top: number, width_even: boolean,
 *   goal_inversions: number, goal_blank_row_from_bottom: number, goal_blank_row_from_top: number}} Explanation
 * @typedef {{ok: true, board: Board, goal: Board, explanation: Explanation, lesson: Lesson}} CheckReply
 * @typedef {{nodes: number | null, b_star: number | null, finished: number, longer: number}} LabCell
 * @typedef {{depth: number, boards: number, cells: Record<string, LabCell>,
 *   book: Record<string, {nodes: number, b_star: number | null}>}} LabRow
 * @typedef {{ok: true, rows: LabRow[], runs: string[], goal: number[], seed: string,
 *   stopped: string | null}} LabDepthReply the course lab's table by depth (npuzzle.course.depth_table)
 * @typedef {{kind: "goal" | "negative" | "overestimates" | "inconsistent", board: number[], h: number,
 *   distance: number, neighbour: number[] | null, h_neighbour: number | null}} LabBreach
 * @typedef {{name: string, states: number, goal_value: number, counts: Record<string, number>, admissible: boolean,
 *   consistent: boolean, breaches: LabBreach[], exact: number, mean_ratio: number}} LabReport
 * @typedef {{ok: true, heuristics: LabReport[], dominance: {a_at_least_b: number, b_at_least_a: number,
 *   equal: number, mean_ratio_a: number, mean_ratio_b: number} | null, states?: number,
 *   stopped: string | null}} LabCheckReply a heuristic's checks on every board (npuzzle.course.heuristic_check)
 * @typedef {{ok: true, examples: {name: string, title: string, code: string}[]}} LabExamplesReply
 * @typedef {{ok: true, board: Board, goal?: Board, seed: number | string | null,
 *   scramble_version?: number}} RandomReply the seed deals the same board again (npuzzle.speedsolving.scrambles) 
 */

/**
 * The rule at work (npuzzle.course.lesson): its ways of counting for this width, why they agree, and up to 8×8 the
 * tiles in reading order (`strip`) and every inversion as [a, b] (a before b, a > b); `move` says what moves did.
 * @typedef {{name: string, source: string, terms: string, total: number, parity: string, goal_parity: string,
 *   solvable: boolean}} Convention
 * @typedef {{conventions: Convention[], rows: number, agree_note: string, strip?: number[],
 *   pairs?: [number, number][], proof?: Proof}} Lesson
 * @typedef {{snake: number[], order: number[], goal_order: number[],
 *   vertical: {tile: number, from: number, to: number, passes: number[]} | null,
 *   square: {cells: number[], before: number[], after: number[]} | null, cycles: number | null}} Proof why the rule
 *   suffices, on this board (npuzzle.course.proof: the snake order, a vertical move, the blank round a 2×2 square)
 * @typedef {{ok: true, texts: string[], board: Board}} MoveReply
 */

/**
 * The solver choices for a board shape (`options`).
 * `heuristic`: the one an algorithm always uses when it takes no other (the near-optimal solver's).
 * @typedef {{name: string, summary?: string, heuristic?: string}} Choice
 * @typedef {{name: Metric, title: string, optimal: boolean, summary: string}} MetricChoice
 * @typedef {{ok: true, rows: number, cols: number, algorithms: Choice[], heuristics: Choice[],
 *   default_algorithm: string, default_heuristic: string, default_summary?: string,
 *   default_optimal?: boolean, metrics?: MetricChoice[]}} OptionsReply
 */

/**
 * A search's figures, as progress (while it runs) and in its result.
 * @typedef {{type?: "progress", algorithm: string, heuristic: string, nodes_expanded: number, bound?: number,
 *   frontier?: number, max_frontier?: number, elapsed: number, heuristics?: string[], done?: CompareRow[],
 *   row?: number, rows?: number, per_iteration?: [number, number][], split?: {workers: number, idle: boolean},
 *   running?: SplitAnswer, pass?: number, passes?: number, analysed?: number, total?: number, searched?: number,
 *   depth?: number, share?: number}} Progress
 * (`searched` of `total` boards, now at `depth`: the lab's table; `share` of the work done: the lab's checks.)
 * `notation` is the solution as "U2RD3L"; `length`, `lower_bound` and `ratio_bound` count the moves of `metric`
 * (line moves in "mtm"), `tile_moves` and `line_moves` give both counts by name.
 * @typedef {{ok: true, algorithm: string, heuristic: string, moves: number[] | null, letters?: string[],
 *   notation?: string | null, tile_moves?: number | null, line_moves?: number | null, metric?: Metric,
 *   length: number, optimal: boolean, stopped?: string | null, lower_bound?: number, ratio_bound?: number,
 *   message?: string, nodes_expanded: number, max_frontier: number, seconds: number,
 *   iterations?: number,
 *   extra?: {per_iteration?: [number, number][], jobs?: number, budget?: number | null, tables?: string}}} SolveReply
 * @typedef {{heuristic: string, length: number | null, stopped?: string | null, nodes_expanded: number,
 *   max_frontier: number, seconds: number}} CompareRow
 * The board compared (`board`, with its text) and, when it is not the one asked about, that one and how many moves
 * before it the compared board lies on its way to the goal (`from`; the request's `on_the_way`).
 * @typedef {{ok: true, rows: CompareRow[], stopped?: string | null, board: Board & {text: string},
 *   from: {board: Board & {text: string}, moves: number} | null}} CompareReply
 */

/**
 * The next move (npuzzle.speedsolving.hint): `tile` slides `direction` (null when the board is the goal or the search
 * was stopped), the first of a shortest solution of `length` moves when `optimal`; `message` says it in words.
 * In line moves (`metric: "mtm"`) the hint slides `count` tiles at once, `tile` the farthest (the one to touch).
 * @typedef {{ok: true, tile: number | null, letter: string | null, direction: string | null, optimal: boolean,
 *   length: number | null, message: string, algorithm: string, heuristic: string, nodes_expanded: number,
 *   seconds: number, count?: number, notation?: string | null}} HintReply
 */

/**
 * How many shortest solutions a board has and its optimal first moves (npuzzle.api.optimal_moves): `count` of
 * `length` moves in `metric` (null when the work cap or a cancel came first: `stopped` names it, `message` says how
 * far it got), each first move's tiles, letters (several in a line move) and how many shortest solutions start
 * with it. With `follow` (a move's letters) after `moves` (the tiles slid before it): the shortest solution from
 * the board that makes those moves, then that one, as a solve gives it (`moves` null when the cap came first).
 * @typedef {{moves: number[], letters: string, count: number}} FirstMove
 * @typedef {{ok: true, metric: Metric, length: number | null, count: number | null, first_moves: FirstMove[],
 *   nodes_expanded: number, stopped: string | null, message: string, board: Board, goal: Board}} OptimalMovesReply
 * @typedef {{ok: true, metric: Metric, moves: number[] | null, letters: string[] | null, notation: string | null,
 *   tile_moves: number | null, line_moves: number | null, length: number | null, nodes_expanded: number,
 *   stopped: string | null, message: string, board: Board, goal: Board}} BranchReply
 */

/**
 * The watch op's reply (npuzzle.api.watch, fields in docs/watch.md): the steps recorded, `done` once the goal was
 * taken (or the search ended) within them, the counters after the last step run; A* steps draw the heap (its first
 * 31 entries in array order) and the hash table's bins around the node (`hash_bins` bins: packed state mod M);
 * IDA* steps the depth-first tree (`id`, `parent`), the children cut off (f > bound) and the iterations' ends.
 * `words` says each step in one sentence (the live region's announcement).
 * @typedef {{tiles: number[], g: number, h: number, f: number, bin?: number}} WatchNode
 * @typedef {{tiles: number[], tile: number, g: number, h: number, f: number, bin?: number,
 *   outcome: "pushed" | "lowered" | "skipped" | "reopened" | "cut", old_f?: number | null,
 *   found_at?: number | null, path?: number[]}} WatchChild
 * @typedef {{bin: number, size: number, entries: {tiles: number[], heap_index: number | null}[]}} WatchBin
 * @typedef {{n: number, node: WatchNode, goal: boolean, children: WatchChild[], words: string,
 *   heap?: {size: number, top: {f: number, g: number, tiles: number[]}[]}, bins?: WatchBin[],
 *   iteration?: number, bound?: number, id?: number, parent?: number | null, next_bound?: number | null,
 *   iteration_done?: {bound: number, nodes: number, next_bound: number | null} | null,
 *   counters: {expanded: number, generated: number, heap?: number, max_heap?: number, stack?: number,
 *   max_stack?: number, iteration_nodes?: number}}} WatchStep
 * @typedef {{ok: true, algorithm: string, heuristic: string, from: number, count: number, steps: WatchStep[],
 *   done: boolean, counters: WatchStep["counters"], moves: number[] | null, length: number | null,
 *   stopped: string | null, message: string | null, per_iteration?: [number, number][],
 *   hash_bins?: number}} WatchReply
 */

/**
 * A solve analysed (npuzzle.speedsolving.analysis, fields in docs/speedsolving.md): `distances` one per position, the
 * start first (exact when `exact`, else lower bounds and `near_optimal` the near-optimal length from the start); a move
 * that did not lower the distance is a mistake (`steps[i].mistake`, with `best`, an optimal move there,
 * `optimal_moves`, every optimal move there, and the moves `lost`); `chart` is what the page draws (points [move,
 * distance]) and `summary` its text alternative.
 * @typedef {{move: string, before: number, after: number, best: string | null, mistake: boolean,
 *   lost: number | null, optimal_moves: string[] | null}} AnalysisStep
 * @typedef {{points: [number, number][], mistakes: number[], x_max: number, y_max: number, exact: boolean,
 *   unit: string, text: string}} AnalysisChart
 * @typedef {{ok: true, metric: Metric, exact: boolean, source: string, moves: number, distances: number[],
 *   steps: AnalysisStep[], mistakes: number[], lost: number | null, solved: boolean, optimal: number | null,
 *   near_optimal: number | null, stopped: string | null, nodes_expanded: number, seconds: number,
 *   summary: string, chart: AnalysisChart, board: Board, goal: Board}} AnalyseReply
 */

/**
 * A reconstruction (npuzzle.speedsolving.reconstruction): its `text` (which reads back to the same), the scramble and
 * goal, the single-tile `letters` and their `notation`, both counts, each move's time in ms from the first (null: not
 * timed), the clock's whole ms when it stopped after the last move (`total_ms`, a blindfolded solve's Done; null: at
 * the last move), the seed the scramble was dealt from, the time, the moves per second (`tps`) and whether it reaches
 * the goal.
 * @typedef {{ok: true, text: string, board: Board, goal: Board, letters: string, notation: string, moves: number,
 *   line_moves: number, times: number[] | null, total_ms: number | null, seed: string | null,
 *   seconds: number | null, tps: number | null, solved: boolean, summary: string}} ReconstructionReply
 */

/**
 * A failed request: the core's error class (GoalError, ParseError …) or Cancelled, Unavailable,
 * ProtocolError, InternalError, with a one-line message.
 * @typedef {{type: string, message: string}} ErrorInfo
 */

/**
 * A database's download and load (`progress` with id null; `database`: which, the pattern database when absent):
 * "offered" (its size `total`; `cached` when an earlier visit kept it; fetched only when the page asks),
 * "downloading" (received/total bytes, and `seconds_left`, the estimated seconds until the download ends: null
 * until the rate is known), "loading" (Python prepares it in slices between requests, `fraction` done), "ready" or
 * "failed".
 * @typedef {{phase: "offered" | "downloading" | "loading" | "ready" | "failed", text: string, received?: number,
 *   total?: number, seconds_left?: number | null, fraction?: number, cached?: boolean, heuristic?: string,
 *   name?: string, seconds?: number, rows?: number, cols?: number, database?: Database}} Tables
 */

/**
 * The primary worker's helpers (`progress` with id null): how many it started for split solves, how many have
 * Python and the pattern database ready, how many search a task now, and the tasks handed to them in all.
 * @typedef {{started: number, ready: number, busy: number, tasks: number}} Helpers
 */

/**
 * Worker → page.
 * - status: the worker's state; `ready` carries boot `seconds`, stage `timings`, how Python was started (`boot`:
 *   from the memory snapshot an earlier visit kept, or the normal way) and the `interrupt` buffer
 *   (cross-origin isolated pages), `loading` the boot `stage` and its `step` of `steps` (the first one comes as the
 *   worker starts), and, once the worker knows what it loads (a moment later), the boot's downloads: `received`
 *   of `total` bytes as the network sends them (compressed where the host compresses; files kept from an earlier
 *   visit are not counted: 0 of 0 when all were) and `seconds_left`, the estimated seconds until they are all in
 *   (null until the rate is known; 0 once downloaded, while Python starts);
 * - progress `started`: the request leaves the queue and runs now (a cancel sent before may have missed it:
 *   the page then interrupts it, see worker-handle.js);
 * - progress with a request's id: its `progress`; with id null: the pattern database's `tables`, or the
 *   primary worker's `helpers`;
 * - result: the core's `reply`; error: `error`.
 * @typedef {{type: "status", state: "loading" | "ready" | "failed", text: string, stage?: string,
 *   step?: number, steps?: number, received?: number, total?: number, seconds_left?: number | null,
 *   seconds?: number, timings?: Record<string, number>, interrupt?: SharedArrayBuffer | null,
 *   boot?: "snapshot" | "normal"}} StatusMessage
 * @typedef {{type: "progress", id: number, started: true}} StartedMessage
 * @typedef {{type: "progress", id: number, progress: Progress}} ProgressMessage
 * @typedef {{type: "progress", id: null, tables: Tables}} TablesMessage
 * @typedef {{type: "progress", id: null, helpers: Helpers}} HelpersMessage
 * @typedef {{type: "result", id: number, reply: any}} ResultMessage
 * @typedef {{type: "error", id: number | null, error: ErrorInfo}} ErrorMessage
 * @typedef {StatusMessage | StartedMessage | ProgressMessage | TablesMessage | HelpersMessage | ResultMessage
 *   | ErrorMessage} Reply
 */

/**
 * A read-only set of names (a frozen object exposing `has` and the list).
 * @template {string} T
 * @param {readonly T[]} names
 * @returns {Readonly<{has: (name: unknown) => name is T, list: readonly T[]}>}
 */
function frozenSet(names) {
  const list = Object.freeze([...names]);
  return Object.freeze({
    has: /** @returns {name is T} */ (/** @type {unknown} */ name) => typeof name === "string" && list.includes(/** @type {T} */ (name)),
    list,
  });
}

/** The core's ops, and those it runs as sessions in time slices with `progress` messages: both lists are
 * npuzzle.api.OPERATIONS's (tests/test_protocol.py fails on any difference). */
export const API_OPS = frozenSet(/** @type {const} */ (["check", "random", "apply", "move", "options", "solve", "compare", "hint", "watch", "analyse", "reconstruction", "subtree", "optimal_moves", "lab_depth", "lab_check", "lab_examples"]));
export const LONG_OPS = frozenSet(/** @type {const} */ (["solve", "compare", "hint", "watch", "analyse", "subtree", "optimal_moves", "lab_depth", "lab_check"]));

/** Page → worker: the core's ops, and the two the worker answers itself (load the pattern database, cancel). */
export const REQUEST_TYPES = frozenSet(/** @type {const} */ ([...API_OPS.list, "tables", "cancel"]));

/** Worker → page. */
export const REPLY_TYPES = frozenSet(/** @type {const} */ (["status", "progress", "result", "error"]));

/** Worker states carried by `status` messages. */
export const STATES = frozenSet(/** @type {const} */ (["loading", "ready", "failed"]));

/** A failure as the protocol's ErrorInfo: its type (a Python exception's class, else InternalError) and a one-line
 * message, its last non-empty line (a Python traceback ends with the exception's own message).
 * @param {any} exc @returns {ErrorInfo} */
export function errorOf(exc) {
  const text = String((exc && exc.message) || exc);
  const lines = text.trim().split("\n").filter((line) => line.trim() !== "");
  return { type: (exc && exc.type) || "InternalError", message: lines.length ? lines[lines.length - 1] : text };
}

/** The algorithms' titles, as results and progress name them: npuzzle.progress.ALGORITHM_TITLES (tests/test_protocol.py
 * fails on any difference). */
/** @type {Readonly<Record<string, string>>} */
export const ALGORITHM_TITLES = Object.freeze({"astar": "A*", "idastar": "IDA*", "near-optimal": "near-optimal"});
