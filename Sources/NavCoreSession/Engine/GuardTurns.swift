#if canImport(Glibc)
import Glibc
#endif
import NavCore

/// The order in which one navigator's guarded batches are judged (and its
/// restores and replays committed): first come, first served, one at a time,
/// so that a guarded batch is not beaten to its commit by every other thread,
/// round after round. A batch waits for its
/// turn at most `patience`: a guard that itself waits for another thread
/// applying to the same navigator cannot deadlock them; the waiter then goes
/// ahead without the turn, and whichever commits second is judged again
/// (docs/conditions.md, "Redirects and guards").
final class GuardTurns: @unchecked Sendable {
    /// How long a batch waits for its turn, in nanoseconds (250 ms).
    static let patience = 250_000_000

    /// Guards the fields below; at an address that never moves.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// Signalled when a turn ends.
    private let turnEnded: UnsafeMutablePointer<pthread_cond_t>
    /// The ticket of the next batch to arrive.
    private var nextTicket = 0
    /// The ticket whose turn it is.
    private var serving = 0
    /// Tickets whose batch stopped waiting; their turn is skipped.
    private var abandoned: Set<Int> = []

    /// Turns of a new navigator.
    init() {
        mutex = UnsafeMutablePointer.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        turnEnded = UnsafeMutablePointer.allocate(capacity: 1)
        turnEnded.initialize(to: pthread_cond_t())
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(turnEnded, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(turnEnded)
        turnEnded.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` in the caller's turn, or without one after `patience`.
    func inTurn<T>(_ body: () throws(NavError) -> T) throws(NavError) -> T {
        let ticket = waitForTurn()
        defer { if let ticket { endTurn(ticket) } }
        return try body()
    }

    /// Takes a ticket and waits for its turn: the ticket, or nil when the
    /// wait ran out of patience (the ticket is then abandoned).
    private func waitForTurn() -> Int? {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        let ticket = nextTicket
        nextTicket &+= 1
        var deadline = timespec()
        clock_gettime(CLOCK_MONOTONIC, &deadline)
        let nanoseconds = Int(deadline.tv_nsec) + GuardTurns.patience
        deadline.tv_sec += nanoseconds / 1_000_000_000
        deadline.tv_nsec = nanoseconds % 1_000_000_000
        while serving != ticket {
            if pthread_cond_timedwait(turnEnded, mutex, &deadline) == ETIMEDOUT, serving != ticket {
                abandoned.insert(ticket)
                return nil
            }
        }
        return ticket
    }

    /// Ends `ticket`'s turn: the next ticket still waiting is served.
    private func endTurn(_ ticket: Int) {
        pthread_mutex_lock(mutex)
        serving = ticket &+ 1
        while abandoned.remove(serving) != nil { serving &+= 1 }
        pthread_cond_broadcast(turnEnded)
        pthread_mutex_unlock(mutex)
    }
}
