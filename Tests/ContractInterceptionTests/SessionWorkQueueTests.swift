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
    /// Many tasks of one session, each answered after a delay, all get their answer. Before the steps went
    /// through `SessionWorkQueue`, the delayed callbacks read the session's task registry while its work
    /// queue changed it, and this crashed the test process on Linux. Each round takes a new session, so its
    /// registry grows from empty to 64 tasks while answers arrive (a registry that no longer grew rarely
    /// crashed: 6,400 requests over 4 long-lived sessions passed 6 runs of 6 without the fix).
    @Test func delayedAnswersReachConcurrentTasksOfOneSession() async throws {
        let backend = try Fixture.backend()
        backend.stub("getPet", Fixture.petResponse.delayed(by: .microseconds(50)))
        let request = try Fixture.request()
        let rounds = 40
        let answered = try await withWatchdog(seconds: 120) {
            var pets = 0
            for _ in 0..<rounds {
                let session = URLSession(configuration: backend.makeConfiguration())
                defer { session.finishTasksAndInvalidate() }
                pets += try await withThrowingTaskGroup(of: Int.self) { group in
                    for _ in 0..<64 {
                        group.addTask {
                            var pets = 0
                            for _ in 0..<3 {
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
        #expect(answered == rounds * 64 * 3)
        let findings = backend.takeFindings()
        #expect(findings.isEmpty, "\(findings.messages)")
    }

    /// A throttled answer (the head, then the body after its transfer time) reaches concurrent tasks whole,
    /// each round on a new session as above.
    @Test func throttledAnswersReachConcurrentTasksOfOneSession() async throws {
        let backend = try Fixture.backend()
        backend.stub("getPet", Fixture.petResponse.throttled(bytesPerSecond: 1_000_000))
        let request = try Fixture.request()
        let rounds = 20
        let answered = try await withWatchdog(seconds: 120) {
            var pets = 0
            for _ in 0..<rounds {
                let session = URLSession(configuration: backend.makeConfiguration())
                defer { session.finishTasksAndInvalidate() }
                pets += try await withThrowingTaskGroup(of: Int.self) { group in
                    for _ in 0..<32 {
                        group.addTask {
                            var pets = 0
                            for _ in 0..<3 {
                                let (data, _) = try await session.data(for: request)
                                if String(decoding: data, as: UTF8.self) == Fixture.pet { pets += 1 }
                            }
                            return pets
                        }
                    }
                    return try await group.reduce(0, +)
                }
            }
            return pets
        }
        #expect(answered == rounds * 32 * 3)
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
