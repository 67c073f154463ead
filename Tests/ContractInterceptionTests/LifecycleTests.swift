import ContractInterception
import ContractVerify
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Cancellation, delays, throttling, every kind of task, redirects: no exchange may be left hanging.
@Suite struct LifecycleTests {
    /// One of each scenario kind, each delayed, so cancellation has something to cancel.
    static let scenarios: [(String, Scenario)] = [
        ("canned", Fixture.petResponse),
        ("closure", .respond { _ in HTTPResponse(status: 404) }),
        ("failure", .failure(.timedOut)),
        ("sequence", .sequence(.failure(.timedOut), Fixture.petResponse)),
        ("synthesized", .synthesized()),
        ("throttled", Fixture.petResponse.throttled(bytesPerSecond: 400)),
    ]

    @Test(arguments: 0..<scenarios.count)
    func everyScenarioCompletes(index: Int) async throws {
        let backend = try Fixture.backend()
        backend.stub("getPet", Self.scenarios[index].1.delayed(by: .milliseconds(20)))
        let request = try Fixture.request()
        let finished = try await withWatchdog {
            _ = try? await backend.session.data(for: request)
            return true
        }
        #expect(finished == true, "\(Self.scenarios[index].0)")
        #expect(backend.exchanges.count == 1)
    }

    @Test(arguments: 0..<scenarios.count)
    func taskCancellationEndsADelayedExchange(index: Int) async throws {
        let backend = try Fixture.backend()
        // A delay far beyond the watchdog: only cancellation can end the exchange in time.
        backend.stub("getPet", Self.scenarios[index].1.delayed(by: .seconds(600)))
        let request = try Fixture.request()
        let session = backend.session
        let task = Task { try await session.data(for: request) }
        // In a full parallel run this test's own task can wait seconds for a cooperative thread (CPU-bound
        // suites hold them: a 10 ms `Task.sleep` was measured at 16 s), which once made all six cases seem
        // to wait out the delay. So: wait for the request to arrive, then cancel, and let watchdogs (not a
        // stopwatch started before the request) tell a hang from a slow scheduler.
        let arrived = try await withWatchdog(seconds: 120) {
            while backend.exchanges.isEmpty { try await Task.sleep(for: .milliseconds(5)) }
            return true
        }
        #expect(arrived == true)
        task.cancel()
        let result = try await withWatchdog(seconds: 60) { await task.result }
        guard case .failure(let error) = result else {
            Issue.record("expected cancellation, got \(String(describing: result))")
            return
        }
        #expect((error as? URLError)?.code == .cancelled || error is CancellationError)
        // stopLoading marks the exchange once the pending step is dropped.
        let marked = try await withWatchdog(seconds: 60) {
            while backend.exchanges.first?.wasCancelled != true { try await Task.sleep(for: .milliseconds(5)) }
            return true
        }
        #expect(marked == true)
    }

    @Test func throttledBodyTakesItsTime() async throws {
        let backend = try Fixture.backend()
        // 300 bytes at 1000 bytes/s: six 50-byte chunks, one every 50 ms.
        backend.stub("getPet", Fixture.petResponse.throttled(bytesPerSecond: 1000))
        let started = ContinuousClock.now
        let (data, _) = try await backend.session.data(for: Fixture.request())
        #expect(String(decoding: data, as: UTF8.self) == Fixture.pet)
        #expect(ContinuousClock.now - started >= .milliseconds(200))
        #expect(backend.exchanges.first?.scheduledDelay ?? .zero >= .milliseconds(200))
    }

    @Test func dataTaskWithCompletionHandler() async throws {
        let backend = try Fixture.backend()
        backend.stub("getPet", Fixture.petResponse)
        let request = try Fixture.request()
        let status = await withCheckedContinuation { continuation in
            backend.session.dataTask(with: request) { _, response, _ in
                continuation.resume(returning: response.map(Fixture.status) ?? -1)
            }.resume()
        }
        #expect(status == 200)
    }

    /// Apple platforms write the body to a file; swift-corelibs-foundation cannot for a URLProtocol, so on
    /// Linux the task fails (instead of crashing on a nil file URL) and the test is told why.
    @Test func downloadTask() async throws {
        let backend = try Fixture.backend()
        backend.stub("getPet", Fixture.petResponse)
        #if canImport(Darwin)
            let (file, response) = try await backend.session.download(for: Fixture.request())
            #expect(Fixture.status(response) == 200)
            #expect(try String(contentsOf: file, encoding: .utf8) == Fixture.pet)
        #else
            await #expect(throws: URLError.self) { try await backend.session.download(for: Fixture.request()) }
            #expect(backend.exchanges(for: "getPet").count == 1)
            #expect(backend.problems.first?.message.hasPrefix("download tasks cannot be answered") == true)
        #endif
    }

    @Test func redirectIsFollowedBySession() async throws {
        let backend = try Fixture.backend()
        let other = "11111111-2222-4333-8444-555555555555"
        backend.stub(
            "getPet",
            .respond { request in
                if request.path.hasSuffix(Fixture.petId) {
                    return HTTPResponse(status: 301, headers: ["Location": "\(Fixture.base)/pets/\(other)"])
                }
                return HTTPResponse(
                    status: 200, headers: ["Content-Type": "application/json", "ETag": "\"v2\""],
                    body: HTTPBody(text: Fixture.pet))
            })
        let (data, response) = try await backend.session.data(for: Fixture.request())
        #expect(Fixture.status(response) == 200)
        #expect(response.url?.absoluteString == "\(Fixture.base)/pets/\(other)")
        #expect(data.count == Fixture.pet.utf8.count)
        #expect(backend.exchanges.map { $0.request.path } == ["/v1/pets/\(Fixture.petId)", "/v1/pets/\(other)"])
        // getPet documents no 301 (its `default` wants a problem body): the redirect is a stub problem.
        #expect(backend.exchanges.first?.stubViolations.map(\.kind) == [.responseBodyMissing])
        #expect(backend.exchanges.last?.violations.isEmpty == true)
    }
}
