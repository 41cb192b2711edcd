// @ts-check
// The page's knowledge of the 4×4 tables as data: which record a database is, and what a job waiting for them says
// (their download, then their preparation). Fetching them is service/tables.js's.

import { downloadWords, megabytes } from "../words.js";

/** @typedef {import("../protocol.js").Tables} Tables */
/** @typedef {import("../protocol.js").Database} Database */
/** @typedef {import("../state.js").TablesState} TablesState */

/** The page's knowledge of `database`. @param {import("../state.js").State} state @param {Database} database
 * @returns {TablesState} */
export function tablesState(state, database) {
  return database === "mtm" ? state.speed.lineTables : state.tables;
}

/** The database whose tables make a 4×4's answers in `metric` exact: the line-move tables, or the pattern database.
 * @param {import("../protocol.js").Metric} metric @returns {Database} */
export function databaseOf(metric) {
  return metric === "mtm" ? "mtm" : "pdb";
}

/** How the page names a database's tables to people. @param {Database} database */
export function tablesName(database) {
  return database === "mtm" ? "line-move tables" : "tables";
}

/** Whether the tables `known` serve a board of `rows` × `cols` (the 4×4 until the worker says their shape).
 * @param {TablesState} known @param {number} rows @param {number} cols */
export function tablesServe(known, rows, cols) {
  return known.shape ? known.shape.rows === rows && known.shape.cols === cols : rows === 4 && cols === 4;
}

/** Where the page offers a database's download, in words. @param {Database} database */
export function downloadPlace(database) {
  return database === "mtm" ? "in “For speedsolvers”" : "at the top of the page";
}

/**
 * What a job waiting for the tables says of them.
 * @param {Tables | null} tables
 */
export function waitingWords(tables) {
  if (!tables) return "";
  const size = `${megabytes(tables.total || 0)} MB`;
  if (tables.phase === "downloading") {
    return `downloaded ${downloadWords(tables.received || 0, tables.total || 0, tables.seconds_left)}`;
  }
  if (tables.phase === "loading") return `preparing them (${Math.round((tables.fraction || 0) * 100)}%)`;
  return `${size} to download, once`;
}

/**
 * How far the tables a job waits for are (their download, then their preparation), null when not under way.
 * @param {Tables | null} tables
 */
export function waitingFraction(tables) {
  if (!tables) return null;
  if (tables.phase === "downloading" && tables.total) return (tables.received || 0) / tables.total;
  return tables.phase === "loading" ? tables.fraction ?? null : null;
}
