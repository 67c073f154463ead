import ContractVerify
import Foundation
import Testing

@testable import ContractInterception

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Later steps of a load (a delayed answer, a throttled body) call the client where swift-corelibs-foundation
/// allows it: serialised with every session's work, as an answer given inside `startLoading` is.
@Suite struct SessionWorkQueueTests {
    /// Runs `rounds` rounds, each on a new session from `backend`, of `tasks` tasks that each ask for the
    /// pet `requests` times; the number of answers that were the pet.
    static func petsInRounds(_ backend: ContractBackend, rounds: Int, tasks: Int, requests: Int) async throws -> Int? {
        let request = try Fixture.request()
        return try await withWatchdog(seconds: 120) {
            var pets = 0
            for _ in 0..<rounds {
                let session = URLSession(configuration: backend.makeConfiguration())
                defer { session.finishTasksAndInvalidate() }
                pets += try await withThrowingTaskGroup(of: Int.self) { group in
                    for _ in 0..<tasks {
                        group.addTask {
                            var pets = 0
                            for _ in 0..<requests {
                                let (data, response) = try await session.data(for: request)
                                if Fixture.status(response) == 200, String(decoding: data, as: UTF8.self) == Fixture.pet {
                                    pets += 1
                                }
                            }
                            return pets
                        }
                    }
                    return try await group.reduce(0, +)
                }
            }
            return pets
        }
    }

    /// Many tasks of one session, each answered after a delay, all get their answer. Before the steps went
    /// through `SessionWorkQueue`, the delayed callbacks read the session's task registry while its work
    /// queue changed it, and this crashed the test process on Linux (6 runs of 6). Each round takes a new
    /// session, so its registry grows from empty to 64 tasks while answers arrive (a registry that no
    /// longer grew rarely crashed: 6,400 requests over 4 long-lived sessions passed 6 runs of 6 without
    /// the fix).
    @Test func delayedAnswersReachConcurrentTasksOfOneSession() async throws {
        let backend = try Fixture.backend()
        backend.stub("getPet", Fixture.petResponse.delayed(by: .microseconds(50)))
        let answered = try await Self.petsInRounds(backend, rounds: 40, tasks: 64, requests: 3)
        #expect(answered == 40 * 64 * 3)
        let findings = backend.takeFindings()
        #expect(findings.isEmpty, "\(findings.messages)")
    }

    /// A throttled answer (the head, then the body after its transfer time) reaches concurrent tasks whole
    /// (without `SessionWorkQueue`, 4 runs of 4 crashed).
    @Test func throttledAnswersReachConcurrentTasksOfOneSession() async throws {
        let backend = try Fixture.backend()
        backend.stub("getPet", Fixture.petResponse.throttled(bytesPerSecond: 1_000_000))
        let answered = try await Self.petsInRounds(backend, rounds: 20, tasks: 32, requests: 3)
        #expect(answered == 20 * 32 * 3)
    }

    #if canImport(FoundationNetworking)
        /// A step submitted while a session's work queue is busy (here, a closure answer that holds it in
        /// `startLoading`) waits for that work to end. The closure holds the queue until the step has run or a
        /// second has passed: a step run from a global queue instead would run meanwhile and see it running.
        @Test func stepsWaitForAnySessionsWork() throws {
            let backend = try Fixture.backend()
            let inside = Locked(false)
            let entered = DispatchSemaphore(value: 0)
            let stepRan = DispatchSemaphore(value: 0)
            backend.stub(
                "getPet",
                .respond { _ in
                    inside.withLock { $0 = true }
                    entered.signal()
                    if stepRan.wait(timeout: .now() + 1) == .success { stepRan.signal() }
                    inside.withLock { $0 = false }
                    return HTTPResponse(
                        status: 200, headers: ["Content-Type": "application/json", "ETag": "\"v1\""],
                        body: HTTPBody(text: Fixture.pet))
                })
            let answered = DispatchSemaphore(value: 0)
            backend.session.dataTask(with: try Fixture.request()) { _, _, _ in answered.signal() }.resume()
            #expect(entered.wait(timeout: .now() + 30) == .success)
            let sawClosureRunning = Locked<Bool?>(nil)
            DispatchQueue.global().async {
                SessionWorkQueue.run {
                    sawClosureRunning.withLock { $0 = inside.withLock { $0 } }
                    stepRan.signal()
                }
            }
            #expect(stepRan.wait(timeout: .now() + 30) == .success)
            #expect(sawClosureRunning.withLock { $0 } == false)
            #expect(answered.wait(timeout: .now() + 30) == .success)
        }
    #endif
}
