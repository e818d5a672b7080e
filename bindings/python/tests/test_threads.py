"""Concurrent use of one navigator from several threads."""

from __future__ import annotations

import sys
import threading
from typing import Any, Callable, Dict, List, Set

import navcore

THREADS = 8
PUSHES = 200


def close_during(worker: Callable[[], None], count: int, start: threading.Barrier, close: Callable[[], None],
                 ready: Callable[[], bool] = lambda: True) -> None:
    """Runs ``count`` threads of ``worker``, which wait at ``start`` (of ``count`` + 1 parties);
    once they passed it and ``ready()`` holds (or they all ended), calls ``close`` among them,
    then waits for them."""
    threads = [threading.Thread(target=worker) for _ in range(count)]
    for thread in threads:
        thread.start()
    start.wait()
    while not ready() and any(thread.is_alive() for thread in threads):
        pass
    close()
    for thread in threads:
        thread.join()


def test_concurrent_pushes_issue_unique_ids(nav: navcore.Navigator) -> None:
    issued: List[List[int]] = [[] for _ in range(THREADS)]
    seen_by_listener: List[int] = []
    listener_threads: Set[int] = set()
    listener_types: Set[type] = set()

    def listener(transition: navcore.Transition) -> None:
        seen_by_listener.append(transition.seq)
        listener_types.add(type(transition))
        listener_threads.add(threading.get_ident())

    nav.subscribe(listener)
    start = threading.Barrier(THREADS)

    def worker(index: int) -> None:
        start.wait()
        for count in range(PUSHES):
            transition = nav.push("product", id=index * PUSHES + count)
            issued[index].append(transition.stacks["main"].added[0].id)

    threads = [threading.Thread(target=worker, args=(index,)) for index in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    every_id = [entry_id for ids in issued for entry_id in ids]
    assert len(every_id) == THREADS * PUSHES
    assert len(set(every_id)) == len(every_id)
    for ids in issued:
        assert ids == sorted(ids)  # each thread sees its own pushes in increasing id order
    stack = nav.stack
    assert [entry.id for entry in stack] == list(range(1, THREADS * PUSHES + 2))
    assert sorted(entry.params["id"] for entry in stack[1:]) == list(range(THREADS * PUSHES))
    assert nav.state.seq == THREADS * PUSHES
    assert sorted(seen_by_listener) == list(range(1, THREADS * PUSHES + 1))
    assert len(listener_threads) > 1  # delivered on the pushing threads
    assert listener_types == {navcore.Transition}


def test_concurrent_readers_and_writers(table: Dict[str, Any]) -> None:
    with navcore.Navigator(table) as nav:
        failures: List[BaseException] = []

        def writer() -> None:
            for _ in range(300):
                nav.push("checkout")
                nav.pop()

        def reader() -> None:
            try:
                for _ in range(300):
                    entries = nav.stack
                    assert entries[0].id == 1
                    assert len(entries) in (1, 2, 3, 4, 5)
            except BaseException as error:  # collected and asserted below
                failures.append(error)

        threads = [threading.Thread(target=writer) for _ in range(4)] + [threading.Thread(target=reader) for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert failures == []
        assert nav.stack[0].id == 1
        assert nav.state.next_id == 2 + 4 * 300


def test_close_while_other_threads_push_never_frees_under_them(table: Dict[str, Any]) -> None:
    for _ in range(20):
        nav = navcore.Navigator(table)
        outcomes: List[str] = []
        start = threading.Barrier(5)

        def pusher() -> None:
            start.wait()
            for _ in range(100):
                try:
                    nav.push("checkout")
                    outcomes.append("pushed")
                except navcore.NavError as error:  # only "closed" may come; anything else fails below
                    outcomes.append("closed" if error.message == "the navigator is closed" else repr(error))
                    return

        close_during(pusher, 4, start, nav.close)
        assert nav.closed
        assert set(outcomes) <= {"pushed", "closed"}
        assert nav._handle._pointer is None  # freed once the last running push returned


def test_the_handle_never_hands_out_a_freed_pointer_nor_frees_twice(monkeypatch: Any) -> None:
    """The use counting of navcore._handle, which takes no lock on the path of a call, against a
    stand-in for the library that records frees: threads call and close at once, with the
    interpreter switching threads as often as it can, and no call may see its pointer freed
    before it returns, nor any pointer be freed twice, nor a closed handle stay unfreed."""
    from navcore import _handle

    freed: List[int] = []
    seen_freed: List[int] = []

    class Library:
        @staticmethod
        def navcore_navigator_free(pointer: int) -> None:
            freed.append(pointer)

    calls: List[None] = []

    def function(pointer: int) -> int:
        for _ in range(100):  # a call long enough for switches in its middle
            if pointer in freed:
                seen_freed.append(pointer)
        calls.append(None)
        return 0

    monkeypatch.setattr(_handle, "LIB", Library)
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        for pointer in range(1, 41):
            handle = _handle.Handle(pointer)
            start = threading.Barrier(4)

            def caller(handle: _handle.Handle = handle) -> None:
                start.wait()
                for _ in range(50):
                    try:
                        handle.call(function)
                        with handle.use() as used:
                            function(used)
                    except navcore.InvalidArgumentError:
                        return

            calls.clear()
            close_during(caller, 3, start, handle.close, lambda: len(calls) >= 10)  # closes while calls run
            assert handle._pointer is None and freed.count(pointer) == 1, pointer
    finally:
        sys.setswitchinterval(interval)
    assert seen_freed == []
