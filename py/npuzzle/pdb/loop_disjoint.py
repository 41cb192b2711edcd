"""The hot loop of the pattern-database IDA* for a database without alternative patterns (one pattern per
lookup): one iteration, written out for speed; its set-up is :class:`~npuzzle.pdb.search_run.SearchRun`'s."""

from __future__ import annotations

from collections.abc import Generator, Iterator

from ..progress import Progress, StopReason
from .search_run import Move1, SearchRun

_Frame1 = tuple[int, Iterator[Move1], int, int, int, int, int, int, int, int]
"""A stack frame: blank cell, the remaining moves, h, h reflected, and for each lookup the one pattern the move
changed, with its lead/tail number and excess (restored on the way back)."""


def deepen_disjoint(run: SearchRun, bound: int) -> Generator[Progress, None, list[int] | StopReason | None]:
    """One IDA* iteration up to ``bound`` for a database without alternatives (one pattern per lookup): the
    solution's blank cells, the limit that stopped it, or ``None`` when no solution is within the bound.

    The hot loop, written out for speed (locals only; set-up and bookkeeping live in :class:`SearchRun`); it and
    :func:`~npuzzle.pdb.loop_general.deepen_general` differ only in how a move changes the estimate, and this
    one's smaller stack frames and missing branches save time per node.
    """
    checkpoint, tt, tt_cap, tt_slack, order_slack = run.checkpoint, run.tt, run.tt_cap, run.tt_slack, run.order_slack
    E, BASE, OCC, TAIL, MASK, SHIFT = run.E, run.BASE, run.OCC, run.TAIL, run.MASK, run.SHIFT
    X, Y, EX, EY, b, stride = run.X, run.Y, run.EX, run.EY, run.b, run.stride
    expanded, generated = run.expanded + 1, run.generated
    z, h, r, g = run.z0, run.h0, run.r0, 0
    lim = bound - 1
    check_at = checkpoint.next_at
    G, RG, NB1, ordered1 = run.S1, run.RS1, run.NB1, run.ordered1
    nbrs1 = NB1[z * stride + run.prev0]
    generated += len(nbrs1)
    it1 = ordered1(nbrs1, h, r, lim)
    stack1: list[_Frame1] = []
    push1, pop1 = stack1.append, stack1.pop
    while True:
        thr = lim - g
        for p, dm, dw, rdw in it1:
            t = b[p]
            gi = G[t]
            nx = X[gi] + dw[t]
            lo = nx & MASK
            ne = E[BASE[lo] + TAIL[OCC[lo] + (nx >> SHIFT)]]
            nh = h + dm[t] - EX[gi] + ne
            if nh > thr:
                continue
            # written out for speed: the reflected lookup, as the board's above (a shared function costs a call each)
            ri = RG[t]
            ny = Y[ri] + rdw[t]
            lo = ny & MASK
            nu = E[BASE[lo] + TAIL[OCC[lo] + (ny >> SHIFT)]]
            nr = r + dm[t] - EY[ri] + nu
            if nr > thr:
                continue
            # slack: how far the child's f is below the bound (even: f keeps the parity of the bound)
            slack = thr - (nh if nh > nr else nr)
            b[z] = t
            b[p] = 0
            if slack >= tt_slack:
                # prune a state already searched with at least this budget (or on the current path)
                key = bytes(b)
                seen = tt.get(key)
                if seen is not None and seen >= thr:
                    b[p] = t
                    b[z] = 0
                    continue
                tt[key] = thr
            push1((z, it1, h, r, gi, X[gi], EX[gi], ri, Y[ri], EY[ri]))
            X[gi] = nx
            EX[gi] = ne
            Y[ri] = ny
            EY[ri] = nu
            nbrs1 = NB1[p * stride + z]
            generated += len(nbrs1)
            it1 = ordered1(nbrs1, nh, nr, thr - 1) if slack >= order_slack else iter(nbrs1)
            break
        else:
            if not stack1:
                run.count(expanded, generated, g)
                return None
            pz = z
            z, it1, h, r, gi, ox, oe, ri, oy, ou = pop1()
            b[pz] = b[z]
            b[z] = 0
            X[gi] = ox
            EX[gi] = oe
            Y[ri] = oy
            EY[ri] = ou
            g -= 1
            continue
        # stepped down to the child at p
        z = p
        h = nh
        r = nr
        g += 1
        expanded += 1
        if nh == 0:
            run.count(expanded, generated, g)
            return [frame[0] for frame in stack1] + [z]
        if expanded >= check_at:
            if len(tt) > tt_cap:
                tt.clear()
            reason = yield from run.checkpoint_reached(expanded, generated, g)
            if reason is not None:
                return reason
            check_at = checkpoint.next_at
