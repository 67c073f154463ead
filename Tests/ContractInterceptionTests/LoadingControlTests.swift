import Testing

@testable import ContractInterception

/// The body's last piece and the end of the load are decided under one lock (`deliverLast`): it runs the
/// callback only while the load is neither cancelled nor finished, and leaves it finished.
@Suite struct LoadingControlTests {
    @Test func deliverLastRunsOnceAndFinishes() {
        let control = LoadingControl()
        var calls = 0
        #expect(control.deliverLast { calls += 1 })
        #expect(calls == 1)
        #expect(control.hasFinished)
        // Finished: neither another piece nor the end is sent again.
        #expect(!control.deliverLast { calls += 1 })
        #expect(!control.finish())
        #expect(calls == 1)
    }

    @Test func deliverLastSendsNothingAfterCancellation() {
        let control = LoadingControl()
        control.cancel()
        var calls = 0
        #expect(!control.deliverLast { calls += 1 })
        #expect(calls == 0)
        #expect(control.isCancelled)
    }
}
