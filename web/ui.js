// @ts-check
// The page's elements (index.html), found once and typed: the views write into them, main.js listens to them.

import { byId } from "./dom.js";

const div = HTMLDivElement;
const span = HTMLSpanElement;
const p = HTMLParagraphElement;
const button = HTMLButtonElement;
const progress = HTMLProgressElement;
const output = HTMLOutputElement;

/**
 * Fill each job line of the page (`div.job-line[data-title]`) from its one template (`#job-line`): a spinner, the
 * title (`ID-title`, starting as `data-title`, a live region where `data-role` says `status`), the detail
 * (`ID-detail`), the progress bar (`ID-progress`, left out where `data-progress` says `none`) and Cancel (`ID-cancel`).
 */
function fillJobLines() {
  const template = byId("job-line", HTMLTemplateElement);
  for (const line of document.querySelectorAll("div.job-line[data-title]")) {
    line.replaceChildren(template.content.cloneNode(true));
    for (const part of ["title", "detail", "progress", "cancel"]) {
      const node = line.querySelector(`.job-${part}`);
      if (node) node.id = `${line.id}-${part}`;
    }
    const title = byId(`${line.id}-title`, span);
    title.textContent = line.getAttribute("data-title");
    if (line.getAttribute("data-role")) title.setAttribute("role", String(line.getAttribute("data-role")));
    if (line.getAttribute("data-progress") === "none") byId(`${line.id}-progress`, progress).remove();
  }
}

/** Find every element the page uses (throws when index.html lacks one). */
export function findUi() {
  fillJobLines();
  return {
    status: byId("python-status", div),
    progress: byId("boot-progress", progress),
    statusText: byId("boot-text", span),
    tables: byId("pdb-status", div),
    tablesProgress: byId("pdb-progress", progress),
    tablesText: byId("pdb-text", span),
    tablesOffer: byId("pdb-offer", button),
    form: byId("check-form", HTMLFormElement),
    board: byId("board", HTMLTextAreaElement),
    boardError: byId("board-error", p),
    boardDraft: byId("board-draft", p),
    goalKind: byId("goal-kind", HTMLSelectElement),
    goalField: byId("custom-goal-field", div),
    goal: byId("goal", HTMLTextAreaElement),
    goalError: byId("goal-error", p),
    check: byId("check", button),
    busy: byId("busy", p),
    busyText: byId("busy-text", span),
    cancel: byId("cancel", button),
    shape: byId("shape", HTMLInputElement),
    shapeError: byId("shape-error", p),
    shuffle: byId("shuffle", button),
    view: byId("board-view", div),
    placeholder: byId("placeholder", p),
    verdict: byId("verdict", div),
    lesson: byId("lesson", HTMLElement),
    lessonBody: byId("lesson-body", div),
    layout: byId("layout", HTMLElement),
    stage: byId("stage", HTMLElement),
    boardTools: byId("board-tools", div),
    gameActions: byId("game-actions", div),
    inputPanel: byId("input-panel", HTMLElement),
    resultPanel: byId("result-panel", HTMLElement),
    actions: byId("actions", div),
    solver: byId("solver", HTMLDetailsElement),
    solverChoice: byId("solver-choice", span),
    editBoard: byId("edit-board", button),
    barSolve: byId("bar-solve", button),
    moveSaid: byId("move-said", p),
    share: byId("share", p),
    shareLink: byId("share-link", HTMLAnchorElement),
    copyLink: byId("copy-link", button),
    algorithm: byId("algorithm", HTMLSelectElement),
    heuristic: byId("heuristic", HTMLSelectElement),
    solverHint: byId("solver-hint", p),
    solverNote: byId("solver-note", p),
    solve: byId("solve", button),
    compare: byId("compare", button),
    job: byId("job", div),
    jobTitle: byId("job-title", span),
    jobDetail: byId("job-detail", span),
    jobCancel: byId("job-cancel", button),
    jobProgress: byId("job-progress", progress),
    boardBar: byId("board-bar", div),
    moveCount: byId("move-count", output),
    boardStatus: byId("board-status", p),
    timer: byId("timer", span),
    best: byId("best", span),
    undo: byId("undo", button),
    redo: byId("redo", button),
    hint: byId("hint", button),
    // for players: both move counts, how close a solve came, the history of solves
    lineCount: byId("line-count", output),
    boardScore: byId("board-score", p),
    scoreDetails: byId("score-details", button),
    history: byId("history", HTMLElement),
    historyHeading: byId("history-heading", HTMLHeadingElement),
    historyNote: byId("history-note", span),
    historyAverages: /** @type {HTMLTableSectionElement} */ (byId("history-averages", HTMLTableElement).tBodies[0]),
    historyChart: byId("history-chart", div),
    historyList: /** @type {HTMLTableSectionElement} */ (byId("history-list", HTMLTableElement).tBodies[0]),
    historyCsv: byId("history-csv", HTMLAnchorElement),
    historyDelete: byId("history-delete", button),
    historyConfirm: byId("history-confirm", div),
    historyConfirmText: byId("history-confirm-text", p),
    historyConfirmYes: byId("history-confirm-yes", button),
    historyConfirmNo: byId("history-confirm-no", button),
    theme: byId("theme", HTMLSelectElement),
    looks: byId("looks", HTMLElement),
    pictureFile: byId("picture-file", HTMLInputElement),
    pictureChoice: byId("picture-choice", HTMLSelectElement),
    pictureOwn: byId("picture-own", HTMLOptionElement),
    pictureNumbers: byId("picture-numbers", HTMLInputElement),
    pictureRemove: byId("picture-remove", button),
    pictureNote: byId("picture-note", p),
    pictureError: byId("picture-error", p),
    update: byId("update", p),
    updateNow: byId("update-now", button),
    solution: byId("solution", HTMLElement),
    solutionBadge: byId("solution-badge", span),
    solutionSummary: byId("solution-summary", p),
    solutionCount: byId("solution-count", p),
    solutionFacts: byId("solution-facts", HTMLDListElement),
    solutionMore: byId("solution-more", HTMLDetailsElement),
    shorter: byId("shorter", p),
    shorterButton: byId("shorter-button", button),
    shorterNote: byId("shorter-note", span),
    player: byId("player", div),
    playReset: byId("play-reset", button),
    playBack: byId("play-back", button),
    play: byId("play", button),
    playForward: byId("play-forward", button),
    playEnd: byId("play-end", button),
    playPosition: byId("play-position", output),
    playTotal: byId("play-total", span),
    playBadge: byId("play-badge", span),
    playDetails: byId("play-details", button),
    speed: byId("speed", HTMLInputElement),
    speedText: byId("speed-text", output),
    alternatives: byId("alternatives", div),
    moveList: byId("move-list", HTMLOListElement),
    comparison: byId("comparison", HTMLElement),
    comparisonNote: byId("comparison-note", span),
    comparisonHeading: byId("comparison-heading", HTMLHeadingElement),
    compareChart: byId("compare-chart", div),
    iterations: byId("iterations", HTMLElement),
    iterationsChart: byId("iterations-chart", div),
    watchOpen: byId("watch-open", button),
    moreNote: byId("more-note", p),
    watch: byId("watch", HTMLElement),
    watchHeading: byId("watch-heading", HTMLHeadingElement),
    watchBoard: byId("watch-board", span),
    watchClose: byId("watch-close", button),
    watchAlgorithm: byId("watch-algorithm", HTMLSelectElement),
    watchHeuristic: byId("watch-heuristic", HTMLSelectElement),
    watchRival: byId("watch-rival", HTMLSelectElement),
    watchReset: byId("watch-reset", button),
    watchBack: byId("watch-back", button),
    watchStep: byId("watch-step", button),
    watchPlay: byId("watch-play", button),
    watchEnd: byId("watch-end", button),
    watchSpeed: byId("watch-speed", HTMLInputElement),
    watchSpeedText: byId("watch-speed-text", output),
    watchJob: byId("watch-job", div),
    watchJobTitle: byId("watch-job-title", span),
    watchJobDetail: byId("watch-job-detail", span),
    watchCancel: byId("watch-job-cancel", button),
    watchError: byId("watch-error", p),
    watchAdviceBox: byId("watch-advice-box", div),
    watchAdvice: byId("watch-advice", p),
    watchUseIdastar: byId("watch-use-idastar", button),
    watchSmaller: byId("watch-smaller", button),
    watchResult: byId("watch-result", p),
    watchSaid: byId("watch-said", p),
    watchLanes: byId("watch-lanes", div),
    compareBody: /** @type {HTMLTableSectionElement} */ (byId("compare-table", HTMLTableElement).tBodies[0]),
    solutionHeading: byId("solution-heading", HTMLHeadingElement),
    // for speedsolvers: the choices, the seed, the reconstruction, Done, the analysis
    seedShown: byId("seed-shown", span),
    done: byId("done", button),
    metric: byId("metric", HTMLSelectElement),
    metricHint: byId("metric-hint", p),
    mode: byId("mode", HTMLSelectElement),
    modeHint: byId("mode-hint", p),
    lineTables: byId("line-tables", p),
    lineTablesText: byId("line-tables-text", span),
    lineTablesOffer: byId("line-tables-offer", button),
    seed: byId("seed", HTMLInputElement),
    deal: byId("deal", button),
    seedError: byId("seed-error", p),
    reconstruction: byId("reconstruction", HTMLTextAreaElement),
    convention: byId("convention", HTMLSelectElement),
    reconstructionError: byId("reconstruction-error", p),
    replay: byId("replay", button),
    copyReconstruction: byId("copy-reconstruction", button),
    copyReplayLink: byId("copy-replay-link", button),
    speedsolving: byId("speedsolving", HTMLElement),
    analysis: byId("analysis", HTMLElement),
    analysisHeading: byId("analysis-heading", HTMLHeadingElement),
    analysisBadge: byId("analysis-badge", span),
    analysisJob: byId("analysis-job", div),
    analysisJobTitle: byId("analysis-job-title", span),
    analysisJobDetail: byId("analysis-job-detail", span),
    analysisProgress: byId("analysis-job-progress", progress),
    analysisCancel: byId("analysis-job-cancel", button),
    analysisSummary: byId("analysis-summary", p),
    analysisFacts: byId("analysis-facts", HTMLDListElement),
    analysisChart: byId("analysis-chart", div),
    analysisMistakesWrap: byId("analysis-mistakes-wrap", div),
    analysisMistakes: /** @type {HTMLTableSectionElement} */ (byId("analysis-mistakes", HTMLTableElement).tBodies[0]),
    analysisMetric: byId("analysis-metric", button),
    analysisSource: byId("analysis-source", p),
    lab: byId("lab", HTMLElement),
    labCopy: byId("lab-copy", button),
    labCopied: byId("lab-copied", span),
    labTablePart: byId("lab-table-part", HTMLDetailsElement),
    labCheckPart: byId("lab-check-part", HTMLDetailsElement),
    labDepths: byId("lab-depths", HTMLInputElement),
    labBoards: byId("lab-boards", HTMLInputElement),
    labRuns: byId("lab-runs", HTMLFieldSetElement),
    labRun: byId("lab-run", button),
    labTableJob: byId("lab-table-job", div),
    labTableTitle: byId("lab-table-job-title", span),
    labTableDetail: byId("lab-table-job-detail", span),
    labTableProgress: byId("lab-table-job-progress", progress),
    labTableCancel: byId("lab-table-job-cancel", button),
    labTableError: byId("lab-table-error", p),
    labTable: byId("lab-table", div),
    labExample: byId("lab-example", HTMLSelectElement),
    labCode: byId("lab-code", HTMLTextAreaElement),
    labCheck: byId("lab-check", button),
    labCheckShape: byId("lab-check-shape", HTMLSelectElement),
    labCheckJob: byId("lab-check-job", div),
    labCheckTitle: byId("lab-check-job-title", span),
    labCheckDetail: byId("lab-check-job-detail", span),
    labCheckProgress: byId("lab-check-job-progress", progress),
    labCheckCancel: byId("lab-check-job-cancel", button),
    labCheckError: byId("lab-check-error", p),
    labReport: byId("lab-report", div),
  };
}


/** @typedef {ReturnType<typeof findUi>} Ui */

/**
 * The form's fields by their names in the state (state.js Form): main.js reads them into it, the render writes them.
 * @param {Ui} ui
 * @returns {{[K in keyof import("./state.js").Form]: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement}}
 */
export function formFields(ui) {
  return { board: ui.board, goalKind: ui.goalKind, goal: ui.goal, shape: ui.shape, seed: ui.seed,
    algorithm: ui.algorithm, heuristic: ui.heuristic, speed: ui.speed, watchSpeed: ui.watchSpeed };
}
