"""The hot loop of the pattern-database IDA* for a database with alternative patterns (7/7-7): one iteration,
written out for speed; its set-up is :class:`~npuzzle.pdb.search_run.SearchRun`'s."""

from __future__ import annotations

from collections.abc import Generator, Iterator

from ..progress import Progress, StopReason
from .search_run import Move, SearchRun

_Frame = tuple[int, Iterator[Move], int, int, int, int, int, int, int, int, int, int, int, int, int, int]
"""A stack frame: blank cell, the remaining moves, h, h reflected, and for each lookup the two patterns the move may
have changed, each with its lead/tail number and excess (restored on the way back)."""


def deepen_general(run: SearchRun, bound: int) -> Generator[Progress, None, list[int] | StopReason | None]:
    """:func:`~npuzzle.pdb.loop_disjoint.deepen_disjoint` for a database with alternative patterns (7/7-7): a tile
    may be in two patterns, whose maximum counts. The hot loop, written out for speed."""
    # written out for speed: deepen_disjoint with the alternatives' branches (one loop for both slows disjoint tables)
    checkpoint, tt, tt_cap, tt_slack, order_slack = run.checkpoint, run.tt, run.tt_cap, run.tt_slack, run.order_slack
    E, BASE, OCC, TAIL, MASK, SHIFT = run.E, run.BASE, run.OCC, run.TAIL, run.MASK, run.SHIFT
    X, Y, EX, EY, b, stride = run.X, run.Y, run.EX, run.EY, run.b, run.stride
    expanded, generated = run.expanded + 1, run.generated
    z, h, r, g = run.z0, run.h0, run.r0, 0
    lim = bound - 1
    check_at = checkpoint.next_at
    K, S1, S2, OT, NB, ordered = run.K, run.S1, run.S2, run.OT, run.NB, run.ordered
    RK, RS1, RS2, ROT = run.RK, run.RS1, run.RS2, run.ROT
    nbrs = NB[z * stride + run.prev0]
    generated += len(nbrs)
    it = ordered(nbrs, h, r, lim)
    stack: list[_Frame] = []
    push, pop = stack.append, stack.pop
    while True:
        thr = lim - g
        for p, dm, dw1, dw2, rdw1, rdw2 in it:
            t = b[p]
            k = K[t]
            s = S1[t]
            nx = X[s] + dw1[t]
            lo = nx & MASK
            ne = E[BASE[lo] + TAIL[OCC[lo] + (nx >> SHIFT)]]
            if k == 0:
                nh = h + dm[t] - EX[s] + ne
            elif k == 2:
                # in both alternatives (low, high 4 bits): the second lookup only when the first does not prune
                ne &= 15
                s2 = S2[t]
                a = EX[s]
                o = EX[s2]
                nh = h + dm[t] - (a if a > o else o)
                if nh + ne > thr:
                    continue
                nx2 = X[s2] + dw2[t]
                lo = nx2 & MASK
                ne2 = E[BASE[lo] + TAIL[OCC[lo] + (nx2 >> SHIFT)]] >> 4
                nh += ne if ne > ne2 else ne2
            else:  # in one of two alternatives: 1 the first (low 4 bits), 3 the second (high 4 bits)
                ne = ne & 15 if k == 1 else ne >> 4
                o = EX[OT[t]]
                a = EX[s]
                nh = h + dm[t] - (a if a > o else o) + (ne if ne > o else o)
            if nh > thr:
                continue
            # written out for speed: the reflected lookup, as the board's above (a shared function costs a call each)
            rk = RK[t]
            rs = RS1[t]
            ny = Y[rs] + rdw1[t]
            lo = ny & MASK
            nu = E[BASE[lo] + TAIL[OCC[lo] + (ny >> SHIFT)]]
            if rk == 0:
                nr = r + dm[t] - EY[rs] + nu
            elif rk == 2:
                nu &= 15
                rs2 = RS2[t]
                a = EY[rs]
                o = EY[rs2]
                nr = r + dm[t] - (a if a > o else o)
                if nr + nu > thr:
                    continue
                ny2 = Y[rs2] + rdw2[t]
                lo = ny2 & MASK
                nu2 = E[BASE[lo] + TAIL[OCC[lo] + (ny2 >> SHIFT)]] >> 4
                nr += nu if nu > nu2 else nu2
            else:
                nu = nu & 15 if rk == 1 else nu >> 4
                o = EY[ROT[t]]
                a = EY[rs]
                nr = r + dm[t] - (a if a > o else o) + (nu if nu > o else o)
            if nr > thr:
                continue
            slack = thr - (nh if nh > nr else nr)
            b[z] = t
            b[p] = 0
            if slack >= tt_slack:
                key = bytes(b)
                seen = tt.get(key)
                if seen is not None and seen >= thr:
                    b[p] = t
                    b[z] = 0
                    continue
                tt[key] = thr
            s2 = S2[t]
            rs2 = RS2[t]
            push((z, it, h, r, s, X[s], EX[s], s2, X[s2], EX[s2], rs, Y[rs], EY[rs], rs2, Y[rs2], EY[rs2]))
            X[s] = nx
            EX[s] = ne
            if k == 2:
                X[s2] = nx2
                EX[s2] = ne2
            Y[rs] = ny
            EY[rs] = nu
            if rk == 2:
                Y[rs2] = ny2
                EY[rs2] = nu2
            nbrs = NB[p * stride + z]
            generated += len(nbrs)
            it = ordered(nbrs, nh, nr, thr - 1) if slack >= order_slack else iter(nbrs)
            break
        else:
            if not stack:
                run.count(expanded, generated, g)
                return None
            pz = z
            z, it, h, r, s, ox, oe, s2, ox2, oe2, rs, oy, ou, rs2, oy2, ou2 = pop()
            b[pz] = b[z]
            b[z] = 0
            X[s] = ox
            EX[s] = oe
            X[s2] = ox2
            EX[s2] = oe2
            Y[rs] = oy
            EY[rs] = ou
            Y[rs2] = oy2
            EY[rs2] = ou2
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
            return [frame[0] for frame in stack] + [z]
        if expanded >= check_at:
            if len(tt) > tt_cap:
                tt.clear()
            reason = yield from run.checkpoint_reached(expanded, generated, g)
            if reason is not None:
                return reason
            check_at = checkpoint.next_at
