import Foundation
import Testing

@testable import ContractInterception

/// The body's last piece and the end of the load are decided under one lock (`deliverLast`): it runs the
/// callback only while the load is neither cancelled nor finished, and leaves it finished. (Results are read
/// before `#expect`: the control cannot be copied, and the macro's checks take copies of what they look at.)
@Suite struct LoadingControlTests {
    @Test func deliverLastRunsOnceAndFinishes() {
        let control = LoadingControl()
        var calls = 0
        let delivered = control.deliverLast { calls += 1 }
        #expect(delivered)
        #expect(calls == 1)
        let finished = control.hasFinished
        #expect(finished)
        // Finished: neither another piece nor the end is sent again.
        let deliveredAgain = control.deliverLast { calls += 1 }
        #expect(!deliveredAgain)
        let finishedAgain = control.finish()
        #expect(!finishedAgain)
        #expect(calls == 1)
    }

    @Test func deliverLastSendsNothingAfterCancellation() {
        let control = LoadingControl()
        control.cancel()
        var calls = 0
        let delivered = control.deliverLast { calls += 1 }
        #expect(!delivered)
        #expect(calls == 0)
        let cancelled = control.isCancelled
        #expect(cancelled)
    }
}

/// Every load's mutex is made from one shared set of attributes (`RecursiveMutex`): it must still be
/// recursive, since a client callback made under it may reenter the protocol on the same thread.
@Suite struct RecursiveMutexTests {
    @Test func aThreadTakesTheMutexAgainWhileHoldingIt() {
        let finished = DispatchSemaphore(value: 0)
        let thread = Thread {
            for _ in 0..<2 {
                let mutex = RecursiveMutex(())
                let depth = mutex.withLock { mutex.withLock { mutex.withLock { 3 } } }
                if depth == 3 { finished.signal() }
            }
        }
        thread.start()
        // A mutex that is not recursive deadlocks its thread here, and the wait times out.
        #expect(finished.wait(timeout: .now() + 10) == .success)
        #expect(finished.wait(timeout: .now() + 10) == .success)
    }
}
