import ContractInterception
import ContractMockClient
import ContractReport
import ContractTestSupport
import ContractVerify
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Every exchange is recorded as the fake backend records it; edited contracts are reloaded on the same
/// port; several contracts share one port under their base paths.
@Suite("contract-check mock recordings, reloads and several contracts")
struct RecordingAndReloadTests {
    @Test("each exchange is one line of the recording, violations included, as it is answered")
    func records() async throws {
        let folder = try Scratch.folder("mock-recordings")
        try await RunningMock.with(recording: .directory(folder)) { mock in
            _ = try await mock.send("/v1/pets/\(ClinicSamples.petId)")
            _ = try await mock.send("/v1/pets/\(ClinicSamples.petId)", authorized: false)
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".jsonl") }
            #expect(files.count == 1)
            LiveRecordingWriters.flushAll()
            let text = try String(contentsOf: folder.appendingPathComponent(try #require(files.first)), encoding: .utf8)
            let lines = text.split(separator: "\n")
            #expect(lines.count == 2)
            #expect(lines[0].contains(#""GET""#))
            #expect(lines[1].contains("security"))
        }
    }

    /// A contract at `file` whose operation `operationId` at `path` answers 200 or 503, followed by
    /// `morePaths` (YAML at the level of the paths).
    static func writeContract(
        _ path: String, to file: URL, title: String = "t", operationId: String = "op", morePaths: String = ""
    ) throws {
        let text = """
            openapi: 3.1.0
            info: {title: \(title), version: '1'}
            servers: [{url: 'https://example.com/\(title)'}]
            paths:
              \(path):
                get:
                  operationId: \(operationId)
                  responses:
                    '200':
                      description: ok
                      content:
                        application/json:
                          schema: {type: object, required: [ok], properties: {ok: {type: boolean}}}
                    '503': {description: down}

            """
        try Data((text + morePaths).utf8).write(to: file)
    }

    @Test("an edit is served after reloading, a broken edit keeps the last good contract and says why")
    func reloads() async throws {
        let folder = try Scratch.folder("mock-reload")
        let file = folder.appendingPathComponent("api.yaml")
        try Self.writeContract("/first", to: file)
        let log = LogLines()
        try await Self.withReloadingMock(serving: file, log: log) { mock in
            #expect(try await mock.send("/t/first").status == 200)
            // Modification times may have a one-second resolution.
            try await Task.sleep(for: .milliseconds(1100))
            try Self.writeContract("/second", to: file)
            try await waitUntil { try await mock.send("/t/second").status == 200 }
            #expect(try await mock.send("/t/first").status == 404)
            try await Task.sleep(for: .milliseconds(1100))
            try Data("openapi: 3.1.0\ninfo: [".utf8).write(to: file)
            try await waitUntil { log.lines.contains { $0.contains("still serving the last good version") } }
            #expect(try await mock.send("/t/second").status == 200)
        }
    }

    /// A contract with `getThing` (200 or 503) and, when `withGone`, a second operation `getGone`.
    static func writeStubbedContract(to file: URL, withGone: Bool) throws {
        let gone = """
              /gone:
                get:
                  operationId: getGone
                  responses: {'200': {description: ok}}

            """
        try writeContract("/thing", to: file, operationId: "getThing", morePaths: withGone ? gone : "")
    }

    @Test("stubs and exchanges carry over a reload; a stub whose operation is gone is dropped and logged")
    func stubsSurviveReload() async throws {
        let folder = try Scratch.folder("mock-reload-stubs")
        let file = folder.appendingPathComponent("api.yaml")
        try Self.writeStubbedContract(to: file, withGone: true)
        let log = LogLines()
        try await Self.withReloadingMock(serving: file, log: log) { mock in
            let control = MockServerControl(baseURL: mock.baseURL, session: mock.session)
            try await control.stub("getThing", .status(503))
            try await control.stub("getGone", .status(200))
            #expect(try await mock.send("/t/thing").status == 503)
            // Modification times may have a one-second resolution.
            try await Task.sleep(for: .milliseconds(1100))
            try Self.writeStubbedContract(to: file, withGone: false)
            try await waitUntil { log.lines.contains { $0.contains("reloaded") } }
            #expect(try await mock.send("/t/gone").status == 404)
            #expect(try await mock.send("/t/thing").status == 503)
            #expect(log.lines.contains { $0.contains(#"dropped the stub for "getGone""#) })
            #expect(!log.lines.contains { $0.contains(#"dropped the stub for "getThing""#) })
            let exchanges = try await control.exchanges()
            #expect(exchanges.map(\.status) == [503, 404, 503])
            try await control.reset()
            #expect(try await mock.send("/t/thing").status == 200)
            #expect(try await control.exchanges().map(\.status) == [200])
        }
    }

    @Test("two contracts on one port, each under its servers' base path")
    func twoContracts() async throws {
        let folder = try Scratch.folder("mock-two")
        let first = folder.appendingPathComponent("a.yaml")
        let second = folder.appendingPathComponent("b.yaml")
        try Self.writeContract("/things", to: first, title: "a")
        try Self.writeContract("/things", to: second, title: "b")
        try await RunningMock.with(contracts: [first, second, RunningMock.clinic]) { mock throws in
            #expect(try await mock.send("/a/things").status == 200)
            #expect(try await mock.send("/b/things").status == 200)
            #expect(try await mock.send("/v1/pets/\(ClinicSamples.petId)").status == 200)
            #expect(try await mock.send("/c/things").status == 404)
        }
    }

    /// A mock server for `file` that checks it for edits every 100 ms and logs to `log`.
    static func withReloadingMock(
        serving file: URL, log: LogLines, _ body: (RunningMock) async throws -> Void
    ) async throws {
        try await RunningMock.with(
            contracts: [file],
            configured: {
                $0.reloadInterval = .milliseconds(100)
                $0.log = log.append
            }, body)
    }

    private func waitUntil(_ condition: () async throws -> Bool) async throws {
        for _ in 0..<100 {
            if try await condition() { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("the condition did not become true within 10 seconds")
    }
}

/// Log lines collected from the server.
final class LogLines: Sendable {
    private let store = Locked<[String]>([])
    var lines: [String] { store.withLock { $0 } }
    @Sendable func append(_ line: String) { store.withLock { $0.append(line) } }
}
