// @ts-check
// The page's one state object: everything the page knows between two events. The controllers (control/) change
// it, the views (view/) draw from it, and hooks.js mirrors what the tests read into <body data-*>.

import { newGame } from "./model/game.js";

/**
 * @typedef {import("./protocol.js").Board} Board
 * @typedef {import("./protocol.js").OptionsReply} OptionsReply
 * @typedef {import("./control/playback.js").Playback} Playback
 * @typedef {import("./model/game.js").Game} Game
 * @typedef {import("./model/watch.js").Lane} Lane
 */

/**
 * The board on screen (its `board` follows the moves made on the page) and whether it can reach `goal`.
 * @typedef {{board: Board, goal: Board, solvable: boolean}} Shown
 */

/**
 * The solve, compare or hint running in the worker (or waiting for the 4×4 tables); `id` is its request id (0 while
 * it waits), `seq` the `latest` it was started at, `cancelAt` when Cancel was pressed (performance.now(), 0 if
 * not), `title`/`detail` its progress line and `fraction` its progress bar (null: none), `failure` why its search
 * failed, when an answer already on screen stays.
 * @typedef {{kind: "solve" | "compare" | "hint", id: number, seq: number, cancelAt: number, title: string,
 *   detail: string, fraction: number | null, failure?: string}} Job
 */

/**
 * A one-shot request (a check, or a shuffle's `random`) slower than the busy delay: the busy line (with Cancel)
 * shows `text` while `shown`.
 * @typedef {{kind: "check" | "random", id: number, timer: number, shown: boolean, text: string}} Busy
 */

/**
 * Keeping the text area and the link in step with the board on screen: `text` and `goal` as they were last
 * written or checked (the text area follows the board on screen while it holds `text`), whether the person has
 * typed another board there since (`edited`: Check or Solve puts it on the board); pending timers and frames (0:
 * none); the link waits `linkTimer` and is then `linkStale`.
 * @typedef {{text: string, goal: string, edited: boolean, frame: number, verdictTimer: number, linkTimer: number,
 *   linkStale: boolean}} Sync
 */

/**
 * A game in progress that a newly loaded board replaced: Undo on the new board, before its first move, brings it
 * back (the board as it was left, its goal, its moves, Undo and Redo, its verdict).
 * @typedef {{shown: Shown, game: Game, verdict: Verdict}} Earlier
 */

/**
 * The form's fields as the page knows them (main.js writes each field's value here as it is typed or chosen, before
 * any listener acts on it; the render writes a value changed here back into its field): the board and goal text
 * areas, the goal's kind (default, blank-first, custom), the shape and seed fields, the solver's algorithm and
 * heuristic ("auto" or a name the core offers), the player's and the watched search's speed sliders (their steps).
 * @typedef {{board: string, goalKind: string, goal: string, shape: string, seed: string, algorithm: string,
 *   heuristic: string, speed: string, watchSpeed: string}} Form
 */

/**
 * The solver choices (the core's `options` reply) per board shape and goal kind, and the ones on screen.
 * @typedef {{cache: Map<string, OptionsReply>, key: string, reply: OptionsReply | null}} Options
 */

/**
 * The pattern database as the page knows it: the worker's last word on it (null: no database in this build), the
 * board shape its tables serve (as the worker says it; null: not said yet), whether the page asked for it, whether
 * it is offered with a button (a phone fetches it only when asked), and the Solves and Hints waiting until it is
 * ready (service/tables.js).
 * @typedef {{last: import("./protocol.js").Tables | null, shape: {rows: number, cols: number} | null, asked: boolean,
 *   offer: boolean, waiting: (() => void)[]}} TablesState
 */

/**
 * The inversions of the board on screen by tile (null: not listed, the board is over 8×8 or not checked yet) and the
 * tile whose inversions are shown (null: none).
 * @typedef {{partners: Map<number, number[]> | null, chosen: number | null}} Learn
 */

/**
 * The search watched step by step (control/watch.js): its board and goal (taken when the panel opened), the
 * heuristics offered (`names`; `yours` the student's whose checks ran in the lab, its source in `code`) and the
 * choice on screen, one lane per heuristic (two in a race), Play's timer (0:
 * paused; its speed is the form's), the requests running in the worker (`asking`: their ids and what the
 * progress line says, shown once `slow`; null: none), `generation` (a newer choice or Reset drops older answers),
 * the words last said, a race's outcome (`result`), and what a plain A* run found about finishing this board
 * (`advice`, with `offers`: the other settings it suggests; `probe`: that run's request id while it runs, else 0).
 * @typedef {{open: boolean, board: Board | null, goal: string, names: string[], code: string,
 *   choice: {algorithm: "astar" | "idastar", heuristic: string, rival: string}, lanes: Lane[], timer: number,
 *   asking: {ids: number[], text: string, detail: string, cancelled: boolean, slow: boolean} | null,
 *   generation: number, said: string, error: string, result: string, advice: string,
 *   offers: ("idastar" | "smaller")[], probe: number}} Watch
 */

/**
 * What tests and scripts read from <body data-*> (hooks.js writes them; null: not set yet).
 * @typedef {object} Report
 * @property {number} answers answers shown so far (verdicts and error messages)
 * @property {string | null} readyMs when Python became ready (ms since the page started)
 * @property {string | null} bootTimings the boot's stage timings (JSON)
 * @property {string | null} boot how Python started: "snapshot" (the build's memory snapshot) or "normal"
 * @property {string | null} tables the pattern database's phase
 * @property {string[]} tablesPhases every phase this visit went through
 * @property {string | null} tablesSeconds its fetch, check and load time
 * @property {string | null} job the running job's kind, "" when none runs any more
 * @property {string | null} solve the last Solve: running, provisional (answered without the 4×4 tables, which are on
 *   their way), solved, stopped, failed, unsolvable
 * @property {string | null} shorter the last Look for a shorter solution: running, then found, none, cancelled or
 *   failed
 * @property {string | null} cancelMs how long the last cancelled solve took to stop
 * @property {string | null} workers the workers the last solve was split over ("1": not split)
 * @property {string | null} helpersStarted the worker's helpers for split solves alive now (they end when idle)
 * @property {string | null} helpersReady the worker's helpers for split solves with Python and the tables ready
 * @property {string | null} helpersBusy those of them searching a task now
 * @property {string | null} helpersTasks the tasks handed to them in all
 * @property {string | null} playback playing, paused or end
 * @property {string | null} compare the last comparison: running, done, stopped, failed
 * @property {string | null} shuffle the last Shuffle or seed dealt: dealt, or failed (not dealt: a message says why, or a newer
 *   request took its place)
 * @property {string | null} hint the last hint: running, shown, none (no move to hint), failed
 * @property {string | null} clock the game's clock: idle, running, stopped
 * @property {string | null} time the clock's milliseconds when it stopped
 * @property {string | null} watch the watched search: idle (shown, nothing asked), asking, playing, done, failed
 * @property {string | null} offline the service worker: ready, update-ready, update (taking over), unsupported, failed
 * @property {string | null} alternatives the shortest moves at the player's position: counting, shown, stopped (the
 *   work cap came first), failed
 * @property {string | null} branch the last branch taken through another shortest move: following, taken, failed
 * @property {string | null} shortest for players: the shortest solution of a solved dealt board: running, optimal,
 *   near-optimal, stopped (a lower bound only), failed
 * @property {string | null} history for players: the last change to the history of solves: recorded, unkept (storage
 *   refused it), deleted
 * @property {string | null} theme for players: the theme chosen: system, light, dark
 * @property {string | null} picture for players: the picture on the tiles: none, shown, failed (a message says why)
 * @property {string | null} analysis for speedsolvers: the last analysis: waiting (for tables), running, done,
 *   stopped (cut short: cancelled or its time limit), failed
 * @property {string | null} lineTables for speedsolvers: the line-move tables' phase
 * @property {string | null} result for speedsolvers: how the last game ended: solved, dnf
 * @property {string | null} replay for speedsolvers: the last reconstruction replayed: loaded, failed
 * @property {string | null} reconstruction for speedsolvers: the last solve written out in the box: written, failed
 *   (the box says why)
 * @property {string | null} labTable for students: the lab's last table by depth: running, done, stopped, failed
 * @property {string | null} labCheck for students: the lab's last check of a heuristic: running, done, stopped, failed
 */

/**
 * One run of the course lab (the table by depth, or a heuristic's checks): its request's id while it runs, when
 * Cancel was pressed (0: not), how far it is (`done` of 1), what it is doing in words (`detail`), its reply or why
 * not (`error`), and the searches' titles by run (the table's columns).
 * @typedef {{id: number, cancelAt: number, done: number, detail: string, reply: any, error: string,
 *   titles: Record<string, string>}} LabRun
 */

/**
 * For students: the course lab's two runs, its settings (the depths as typed, the boards a depth, the searches
 * chosen), the heuristics ready to load (`examples`, from the core), the one chosen, the code in the editor, the
 * code whose checks last ran to their end (`checked`: Compare heuristics and Watch run it too), the boards it is
 * checked on (`checkShape`: "3x3", every 8-puzzle, or "4x4", a sample of 15-puzzles), the parts open, and what the
 * last Copy link did (`copied`: "link", "failed" or "").
 * @typedef {{table: LabRun | null, check: LabRun | null, depths: string, boards: string, runs: string[],
 *   examples: {name: string, title: string, code: string}[], example: string, code: string, checked: string,
 *   checkShape: string,
 *   open: {table: boolean, check: boolean}, copied: string}} Lab
 */

/**
 * For players: the solves of the board's shape (oldest first), the history's delete waiting for its confirmation
 * and the object URL of its CSV download ("": none); the picture puzzle's
 * decoded picture (`source`, null: none), which it is (`choice`: "file" for the player's own, a built-in picture's
 * name, "" for none), the shape it was last cropped for (`croppedFor`) and that crop as a data URL (`picture`, ""
 * when the board on screen shows none), whether the tiles' numbers show on it, and the message of the last picture
 * refused ("": none) and the note under the picture's controls.
 * @typedef {{entries: import("./model/history.js").Entry[], confirming: boolean, csvUrl: string, source: ImageBitmap | HTMLImageElement | null,
 *   choice: string, croppedFor: string, picture: string, numbers: boolean, error: string,
 *   note: string}} Players
 */

/**
 * For speedsolvers: an analysis of a solve against the optimum (control/analysis.js): which solve (`of`: the
 * player's last, or a reconstruction replayed) and the solve itself, in which metric; its request id while it runs
 * (0: waiting for tables, or done), when Cancel was pressed (0: not) and `wake` (ends a wait for the tables), the
 * progress and what it says, the reply (null until it ends) or the error; `withTables`: the tables of its metric
 * were loaded when it began (if not, their arrival analyses the solve again).
 * @typedef {{of: "solve" | "replay", solve: import("./control/analysis.js").Solve, metric: Metric, id: number,
 *   cancelAt: number, wake: () => void, analysed: number, total: number, detail: string, withTables: boolean,
 *   reply: import("./protocol.js").AnalyseReply | null, error: string}} Analysis
 */

/**
 * For speedsolvers (control/speed.js): the move metric chosen (Solve, Hint, the analysis, how close a solve came),
 * the play mode chosen (free, no assists, blindfold: it applies to a game from its first move), the line-move
 * tables (as `tables` is the pattern database), the reconstruction in its box (`text`, the last solve's or what
 * the player pasted; `solve`: the solve it writes, to write it again; `link`: the link that replays it, "" when
 * none; `error`: why a paste was refused), whose direction its letters name (`convention`: the tile's, Slidysim's,
 * or the blank's), the seed field's message, what a Copy button copied last ("text", "link", "board"; with
 * "-failed" when the clipboard refused; "": none), and the analysis on screen.
 * @typedef {{metric: Metric, mode: import("./model/history.js").Mode, lineTables: TablesState, text: string,
 *   solve: import("./control/analysis.js").Solve | null, link: string, error: string,
 *   convention: "tile" | "blank", seedError: string, copied: string, analysis: Analysis | null}} Speed
 */

/** @typedef {import("./protocol.js").Metric} Metric */

/**
 * The verdict on screen: the check reply (null: none), whether it is being worked out again (`checking`), whether
 * it was redrawn after moves (`quiet`: not read out again), and the placeholder's words when there is no verdict.
 * @typedef {{reply: import("./protocol.js").CheckReply | null, checking: boolean, quiet: boolean,
 *   placeholder: string}} Verdict
 */

/**
 * The messages beside the inputs ("": none): the board's, the custom goal's, the shape's.
 * @typedef {{board: string, goal: string, shape: string}} Errors
 */

/**
 * The solution section: a solve's reply (with a `note` after its summary) or, without one, a sentence in its place
 * (`note`, with a `badge`), and for a reconstruction replayed its moves (`replay`: the tiles slid and their
 * letters); null hides the section. `tried`: the work budget of the last search for a shorter solution that found
 * none, and the seconds it took.
 * @typedef {{reply: import("./protocol.js").SolveReply | null, note: string,
 *   badge: {text: string, kind: string} | null, replay?: {tiles: number[], letters: string},
 *   tried?: {budget: number, seconds: number}}} Solution
 */

/**
 * What is known of one position of a solution proven shortest: the core's count of the shortest solutions from
 * there and its optimal moves (`reply`; its `count` null when the work cap stopped it), or why it could not be
 * counted (`error`).
 * @typedef {{reply: import("./protocol.js").OptimalMovesReply | null, error: string}} Known
 */

/**
 * The shortest solutions of the solution loaded (service/alternatives.js): the start, goal and metric they are of
 * (`of`, the start's key and whether the tables of its metric were loaded; "": no solution to browse), what is known per position (by key), the request counting
 * one (`asking`: its id and the position's key; null: none), and the move a branch is being taken through
 * (`following`: its letters, "": none) or why the last could not be (`error`).
 * @typedef {{of: string, known: Map<string, Known>, asking: {id: number, key: string} | null, following: string,
 *   error: string}} Alternatives
 */

/**
 * The heuristics compared: the note, the finished rows, the running one and those waiting (null: hidden).
 * @typedef {{note: string, rows: import("./protocol.js").CompareRow[], running: import("./protocol.js").Progress | null,
 *   waiting: string[]}} Comparison
 */

/**
 * IDA*'s nodes per iteration, finished ([bound, nodes]) and the running one (null: hidden).
 * @typedef {{done: [number, number][], running: [number, number] | null}} Iterations
 */

/**
 * Words the page says: under the board (`status`: solved, hints; `score`: how close a solve came), the last
 * move's effect on the rule (`move`).
 * @typedef {{status: string, score: string, move: string}} Lines
 */

/**
 * A place on the page, by name: an element of ui.js (its key), "tiles" (the board's focus target: the board, or its
 * tile that takes the focus), or the first element inside one that matches one of `find` (tried in order), once drawn.
 * @typedef {keyof import("./ui.js").Ui | "tiles" | {within: keyof import("./ui.js").Ui, find: string[]}} Place
 */

/**
 * What render() does after drawing, once: bring `reveal` into view when it is not (smoothly unless reduced motion
 * is asked for; `top`: with its top at the top, for a panel that grows; `jump`: at once, for a view that follows a
 * button pressed again and again), and put the focus on `focus`.
 * @typedef {{reveal: Place | null, top: boolean, jump?: boolean, focus: Place | null}} After
 */

/**
 * @typedef {object} State
 * @property {boolean} ready Python answers requests
 * @property {import("./protocol.js").StatusMessage | null} boot the worker's last status (null: none yet)
 * @property {number} latest sequence number of the newest request whose answer should be shown
 * @property {Shown | null} shown the board on screen
 * @property {Form} form the form's fields
 * @property {Board | null} preview the link's (or the example's) board drawn before Python is ready
 * @property {Verdict} verdict
 * @property {Errors} errors
 * @property {string | null} link the fragment of the link to the board on screen ("": none; null: the address is
 *   left as the page was opened, until the first check)
 * @property {Solution | null} solution
 * @property {Comparison | null} comparison
 * @property {Iterations | null} iterations
 * @property {Lines} lines
 * @property {string} theme the theme chosen: system, light or dark
 * @property {After} after
 * @property {boolean} editing the board editor is open (on a phone it folds under the board: view/editor.js)
 * @property {Game} game the game on the board on screen: moves, Undo/Redo steps, clock, hints
 * @property {Earlier | null} earlier the game a newly loaded board replaced, for Undo (null: none)
 * @property {import("./model/game.js").Best | null} best the bests on the board's shape (null: none yet)
 * @property {TablesState} tables the pattern database: its phase, whether the page asked for it, who waits for it
 * @property {Learn} learn the inversions of the board on screen and the tile chosen to show its own
 * @property {boolean | null} solved the board on screen is the goal (null before the first board)
 * @property {Job | null} job
 * @property {Playback | null} playback the solution loaded for playback
 * @property {Alternatives} alternatives the shortest solutions of the solution loaded, position by position
 * @property {number} listed the playback position the move list shows as current
 * @property {Busy | null} busy
 * @property {Sync} sync
 * @property {Options} options
 * @property {Watch} watch the search watched step by step
 * @property {Report} report
 * @property {Set<keyof Report>} reported the report's entries set since hooks.js last mirrored them
 * @property {Players} players for players: history, picture
 * @property {Speed} speed for speedsolvers: the metric, the play mode, the reconstruction, the analysis
 * @property {Lab} lab for students: the course lab
 */

/**
 * What the controllers work with: the state, the page's elements, the Python worker, the board view (the
 * controllers animate slides on it; render.js draws the rest) and the render's bookkeeping (`painted`: what each
 * view last drew, `frame`: the render asked for, 0 when none, `tick`: the running clock's next render, 0 when none,
 * `unreveal`: drops the last reveal's check still to come, layout.js).
 * @typedef {{state: State, ui: import("./ui.js").Ui, python: import("./worker-handle.js").PythonWorker,
 *   board: import("./view/board.js").BoardView, reducedMotion: MediaQueryList,
 *   painted: Map<string, unknown>, frame: number, tick: number, unreveal: () => void}} Ctx
 */

/** @returns {State} a fresh state: Python loading, no board. */
export function createState() {
  return {
    ready: false,
    boot: null,
    latest: 0,
    shown: null,
    form: { board: "", goalKind: "default", goal: "", shape: "4×4", seed: "", algorithm: "auto",
      heuristic: "auto", speed: "2", watchSpeed: "2" },
    preview: null,
    verdict: { reply: null, checking: false, quiet: false, placeholder: "The board and its verdict appear here once the solver is ready." },
    errors: { board: "", goal: "", shape: "" },
    link: null,
    solution: null,
    comparison: null,
    iterations: null,
    lines: { status: "", score: "", move: "" },
    theme: "system",
    after: { reveal: null, top: false, focus: null },
    editing: false,
    game: newGame(),
    earlier: null,
    best: null,
    learn: { partners: null, chosen: null },
    tables: { last: null, shape: null, asked: false, offer: false, waiting: [] },
    solved: null,
    job: null,
    playback: null,
    alternatives: { of: "", known: new Map(), asking: null, following: "", error: "" },
    listed: 0,
    busy: null,
    sync: { text: "", goal: "", edited: false, frame: 0, verdictTimer: 0, linkTimer: 0, linkStale: false },
    options: { cache: new Map(), key: "", reply: null },
    watch: { open: false, board: null, goal: "default", names: [], code: "",
      choice: { algorithm: "astar", heuristic: "linear-conflict", rival: "" }, lanes: [], timer: 0,
      asking: null, generation: 0, said: "", error: "", result: "", advice: "", offers: [], probe: 0 },
    report: {
      answers: 0, readyMs: null, bootTimings: null, boot: null, tables: null, tablesPhases: [], tablesSeconds: null,
      job: null, solve: null, shorter: null, cancelMs: null, workers: null, helpersStarted: null, helpersReady: null,
      helpersBusy: null, helpersTasks: null,
      playback: null, compare: null, shuffle: null, hint: null, clock: null, time: null,
      watch: null, offline: null, alternatives: null, branch: null,
      shortest: null, history: null, theme: null, picture: null, // for players
      analysis: null, lineTables: null, result: null, replay: null, reconstruction: null, // for speedsolvers
      labTable: null, labCheck: null, // for students
    },
    reported: new Set(),
    players: { entries: [], confirming: false, csvUrl: "", source: null, choice: "", croppedFor: "", picture: "",
      numbers: true, error: "", note: "" },
    speed: { metric: "stm", mode: "free", lineTables: { last: null, shape: null, asked: false, offer: false, waiting: [] },
      text: "", solve: null, link: "", error: "", convention: "tile", seedError: "", copied: "", analysis: null },
    lab: { table: null, check: null, depths: "2-20:2", boards: "20", runs: ["bfs", "astar:misplaced", "astar:manhattan"],
      examples: [], example: "", code: "", checked: "", checkShape: "3x3", open: { table: false, check: false },
      copied: "" },
  };
}

/**
 * Report `value` for `key` (an event the tests wait for): the next mirror writes it into <body data-*> even if it
 * is the value written before (a test may have removed the attribute meanwhile to wait for the next one).
 * @template {Exclude<keyof Report, "answers">} K
 * @param {State} state
 * @param {K} key
 * @param {Report[K]} value
 */
export function setReport(state, key, value) {
  state.report[key] = value;
  state.reported.add(key);
}
