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
    /// Many tasks of the same sessions, each answered after a delay, all get their answer. Before the steps
    /// went through `SessionWorkQueue`, this crashed the test process on Linux within its first rounds: the
    /// delayed callbacks read a session's task registry while its work queue changed it.
    @Test func delayedAnswersReachConcurrentTasksOfOneSession() async throws {
        let backend = try Fixture.backend()
        backend.stub("getPet", Fixture.petResponse.delayed(by: .microseconds(50)))
        let request = try Fixture.request()
        let sessions = (0..<4).map { _ in URLSession(configuration: backend.makeConfiguration()) }
        defer { for session in sessions { session.invalidateAndCancel() } }
        let answered = try await withWatchdog(seconds: 120) {
            try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<64 {
                    let session = sessions[index % sessions.count]
                    group.addTask {
                        var pets = 0
                        for _ in 0..<12 {
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
        #expect(answered == 64 * 12)
        let findings = backend.takeFindings()
        #expect(findings.isEmpty, "\(findings.messages)")
    }

    /// A throttled answer (head, then the body after its transfer time) reaches concurrent tasks whole.
    @Test func throttledAnswersReachConcurrentTasksOfOneSession() async throws {
        let backend = try Fixture.backend()
        backend.stub("getPet", Fixture.petResponse.throttled(bytesPerSecond: 1_000_000))
        let request = try Fixture.request()
        let session = URLSession(configuration: backend.makeConfiguration())
        defer { session.invalidateAndCancel() }
        let answered = try await withWatchdog(seconds: 120) {
            try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<32 {
                    group.addTask {
                        var pets = 0
                        for _ in 0..<8 {
                            let (data, _) = try await session.data(for: request)
                            if String(decoding: data, as: UTF8.self) == Fixture.pet { pets += 1 }
                        }
                        return pets
                    }
                }
                return try await group.reduce(0, +)
            }
        }
        #expect(answered == 32 * 8)
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
