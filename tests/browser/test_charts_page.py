"""The pictures: the heuristics compared and IDA*'s nodes per iteration as SVG charts whose labels carry the
core's figures."""

from __future__ import annotations

import math

from playwright.sync_api import Page, expect

from .conftest import ANSWER_TIMEOUT_MS, DONE_STATES, App, core, solver_option


def figure(n: int) -> str:
    return f"{n:,}"


def compare(app: App, board: str) -> None:
    page = app.page
    assert app.check(board, "default").startswith("Solvable")
    page.evaluate("() => { delete document.body.dataset.compare; }")
    page.click("#compare")
    page.wait_for_function(
        "() => ['done', 'stopped', 'failed'].includes(document.body.dataset.compare)", timeout=ANSWER_TIMEOUT_MS
    )


def chart_label(page: Page, box: str) -> str:
    chart = page.locator(f"{box} svg[role=img]")
    assert chart.count() == 1
    return chart.get_attribute("aria-label") or ""


def test_the_comparison_chart_carries_the_cores_figures(app: App) -> None:
    page = app.page
    board = "8 6 7 / 2 5 4 / 3 0 1"
    compare(app, board)
    rows = core({"op": "compare", "board": board})["rows"]
    rows.sort(key=lambda r: (r["length"] is not None, -r["nodes_expanded"]))  # weakest first, as measured
    said = chart_label(page, "#compare-chart")
    names = page.locator("#compare-table tbody th").all_inner_texts()  # the table's names for the heuristics
    assert len(names) == len(rows)

    def series(field: str) -> str:
        return "; ".join(
            f"{name} {figure(r[field])}" + (" (did not finish)" if r["length"] is None else "")
            for name, r in zip(names, rows)
        )

    visited, heap = series("nodes_expanded"), series("max_frontier")
    figures = [r[f] for r in rows for f in ("nodes_expanded", "max_frontier") if r[f] > 0]
    log = max(figures) >= 100 * min(figures)  # figures orders of magnitude apart: a log scale, said so
    scale = ", on a log scale" if log else ""
    assert said == f"Heuristics compared{scale}. Nodes expanded: {visited}. Largest heap: {heap}."
    bars = page.locator("#compare-chart rect.bar.series-0")
    assert bars.count() == len(rows)
    assert page.locator("#compare-chart rect.bar.series-1").count() == len(rows)
    # each bar's length is its figure's share of the longest (linear: close figures read apart) or of its decades
    # (log: the fewest nodes still a bar, not a sliver)
    widths = [float(bars.nth(k).get_attribute("width") or "0") for k in range(len(rows))]
    longest = max(range(len(rows)), key=lambda k: rows[k]["nodes_expanded"])
    measure = (lambda v: math.log10(max(1, v))) if log else (lambda v: v)
    for k, r in enumerate(rows):
        share = measure(r["nodes_expanded"]) / measure(rows[longest]["nodes_expanded"])
        assert abs(widths[k] / widths[longest] - share) < 0.01 or widths[k] <= 1
    if log:
        assert min(widths) > 0.2 * max(widths)
        expect(page.locator("#compare-chart svg text.legend").last).to_have_text("log scale")
    app.assert_offline()


def test_an_idastar_solve_draws_its_iterations(app: App) -> None:
    page = app.page
    board = "1 4 3 8 / 7 2 6 0 / 5 9 11 12 / 10 14 13 15"  # 28 moves: 8 iterations
    assert app.check(board, "default").startswith("Solvable")
    solver_option(page, "#algorithm", "idastar")
    solver_option(page, "#heuristic", "manhattan")
    page.evaluate("() => { delete document.body.dataset.solve; }")
    page.click("#solve")
    page.wait_for_function(f"() => {DONE_STATES}.includes(document.body.dataset.solve)", timeout=ANSWER_TIMEOUT_MS)
    expected = core({"op": "solve", "board": board, "algorithm": "idastar", "heuristic": "manhattan"})
    per = expected["extra"]["per_iteration"]
    assert sum(n for _, n in per) == expected["nodes_expanded"]
    bars = "; ".join(f"bound {b} {figure(n)}" for b, n in per)
    said = chart_label(page, "#iterations-chart")
    assert said == f"IDA* nodes expanded per iteration (log scale). Nodes expanded: {bars}."
    assert page.locator("#iterations-chart rect.bar").count() == len(per)
    solver_option(page, "#algorithm", "auto")
    solver_option(page, "#heuristic", "auto")
    app.assert_offline()


def test_an_astar_solve_draws_no_iterations(app: App) -> None:
    page = app.page
    assert app.check("1 2 3 / 4 5 6 / 0 7 8", "default").startswith("Solvable")
    solver_option(page, "#algorithm", "astar")
    page.evaluate("() => { delete document.body.dataset.solve; }")
    page.click("#solve")
    page.wait_for_function(f"() => {DONE_STATES}.includes(document.body.dataset.solve)", timeout=ANSWER_TIMEOUT_MS)
    assert page.locator("#iterations").is_hidden()
    solver_option(page, "#algorithm", "auto")
    app.assert_offline()
