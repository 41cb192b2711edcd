"""A long op that runs one generator in time slices (``analyse``, ``optimal_moves``, a split search's ``subtree``):
its request read once, then each :meth:`SlicedRun.advance` drives the generator for a slice and replies with its
latest progress or, once it ends, its final reply. (A ``solve``, ``hint``, ``compare`` or ``watch`` runs several
searches one after the other: :class:`npuzzle.api.sessions.Session`.)"""

from __future__ import annotations

import inspect
import json
from collections.abc import Generator
from typing import Generic, TypeVar

from ..progress import Ended, SearchStopped, TimeSlice
from .context import Context
from .requests import Record, Reply, Request, RequestError, failure_reply, progress_reply, request_object

_Y = TypeVar("_Y", bound=Record)
_R = TypeVar("_R")


class SlicedRun(Generic[_Y, _R]):
    """A long op running one generator of progress records ``_Y`` that returns ``_R``. A subclass reads its request
    (:meth:`_read`) and words its final reply (:meth:`_ended`), a cancel's too. Build one with
    :meth:`Engine.start`; every method returns a JSON string and never raises."""

    def __init__(self, request: str | Request, context: Context) -> None:
        self._final: Reply | None = None
        self._running: Generator[_Y, None, _R] | None = None
        try:
            self._running = self._read(request_object(request), context)
        except Exception as exc:  # every failure becomes a reply
            self._final = failure_reply(exc)

    def _read(self, request: Request, context: Context) -> Generator[_Y, None, _R]:
        """The running generator the request asks for (each subclass reads its own op)."""
        raise NotImplementedError

    def _progress(self, record: _Y) -> Reply:
        return progress_reply(record)

    def _ended(self, value: _R) -> Reply:
        """The final reply, once the generator has returned ``value``."""
        raise NotImplementedError

    @property
    def done(self) -> bool:
        """True once a result or an error has been returned (further calls repeat it)."""
        return self._final is not None

    def advance(self, seconds: float) -> str:
        """Run for up to about ``seconds``: the latest progress, or the final reply (again on every later call)."""
        if self._final is not None or self._running is None:
            return json.dumps(self._final)
        try:
            step = TimeSlice(seconds).run(self._running)
            if not isinstance(step, Ended):
                return json.dumps(self._progress(step))
            self._final = self._ended(step.value)
        except Exception as exc:  # every failure becomes a reply: the page must never see a traceback
            self._final = failure_reply(exc)
        self._running = None
        return json.dumps(self._final)

    def cancel(self) -> str:
        """Stop now: :class:`~npuzzle.progress.SearchStopped` thrown into the generator, whose value is worded as
        its final reply (with ``stopped: "cancelled"``; the final reply again if it had ended)."""
        if self._final is not None or self._running is None:
            return json.dumps(self._final)
        try:
            if inspect.getgeneratorstate(self._running) == inspect.GEN_CREATED:
                next(self._running)  # to its first yield, where a stop is caught
            self._running.throw(SearchStopped("cancelled"))
        except StopIteration as end:
            self._final = self._ended(end.value)
        except Exception as exc:  # every failure becomes a reply
            self._final = failure_reply(exc)
        else:  # it yielded again, against the contract
            self._running.close()
            self._final = failure_reply(RequestError("the operation did not stop when asked"))
        self._running = None
        return json.dumps(self._final)
